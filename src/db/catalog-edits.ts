/**
 * Catalogue edits, each in ONE readwrite transaction: `editCatalog` reads inside the transaction,
 * lets a pure rule of `domain/catalog-edits.ts` decide, and writes the changes it returns (queued for
 * the cloud when shared) in that same transaction; then the rename cascades built on it, a role
 * across the topics and words that name it, a topic across its words. A failure (storage full, a
 * closed database) leaves everything as it was, never half done.
 */
import type { IDBPTransaction } from 'idb';
import {
  CATALOG_KINDS,
  type CatalogChanges,
  type CatalogEdit,
  type CatalogKind,
  roleRenamed,
  topicRenamed,
} from '@/domain/catalog-edits';
import type { CurriculumChange } from '@/domain/curriculum';
import type { Role, Topic } from '@/domain/types';
import { abortQuietly } from './abort';
import { changes, type OUTBOX, queueChanges, type Share, withOutbox } from './curriculum-repo';
import { toStoredTopic, toStoredVocab } from './records';
import type { MarineDB, MarineDBSchema } from './schema';

/** A readwrite transaction over catalogue tables `S` (and the outbox when the edit is shared). */
export type CatalogTransaction<S extends CatalogKind> = IDBPTransaction<
  MarineDBSchema,
  (S | typeof OUTBOX)[],
  'readwrite'
>;

/**
 * Runs one catalogue action in one readwrite transaction over `tables`: `decide` reads through
 * the transaction (awaiting nothing but its requests, or the transaction commits early) and
 * returns the rule's edit; its changes are written, and queued for the cloud when `share` is
 * given. Returns the edit with the records as stored. The changes must stay within `tables`.
 */
export async function editCatalog<S extends CatalogKind, T>(
  db: MarineDB,
  tables: readonly S[],
  share: Share | undefined,
  decide: (tx: CatalogTransaction<S>) => Promise<CatalogEdit<T>>,
): Promise<CatalogEdit<T>> {
  const tx = db.transaction(withOutbox(tables, share), 'readwrite');
  const requests: Promise<unknown>[] = [];
  try {
    const edit = await decide(tx);
    const stored = storedChanges(edit.changes);
    writeChanges(tx, stored, requests);
    requests.push(...queueChanges(tx, share, curriculumChanges(stored)));
    await Promise.all([...requests, tx.done]);
    return { result: edit.result, changes: stored };
  } catch (error) {
    // A request that could not even be made (or one that failed) undoes the ones before it.
    for (const request of requests) request.catch(() => undefined);
    abortQuietly(tx);
    throw error;
  }
}

/** The changes with each record in its stored form (roles normalised, empty fields dropped). */
function storedChanges(given: CatalogChanges): CatalogChanges {
  return {
    ...given,
    topics: { ...given.topics, put: given.topics.put.map(toStoredTopic) },
    vocab: { ...given.vocab, put: given.vocab.put.map(toStoredVocab) },
  };
}

/** Makes the requests that write the changes, parents first, adding each to `requests`. */
function writeChanges(tx: unknown, given: CatalogChanges, requests: Promise<unknown>[]): void {
  for (const kind of CATALOG_KINDS) {
    const { put, deleted } = given[kind];
    if (put.length + deleted.length === 0) continue;
    // Typed loosely: each kind's records go to the table of the same name.
    const store = (tx as CatalogTransaction<CatalogKind>).objectStore(kind) as unknown as {
      put(value: unknown): Promise<unknown>;
      delete(key: string): Promise<unknown>;
    };
    for (const id of deleted) requests.push(store.delete(id));
    for (const record of put) requests.push(store.put(record));
  }
}

/** The changes as the cloud's curriculum changes, in the order they are written. */
function curriculumChanges(given: CatalogChanges): CurriculumChange[] {
  return [
    ...given.divisions.deleted.map((id) => changes.deleted('division', id)),
    ...given.divisions.put.map(changes.division),
    ...given.roles.deleted.map((id) => changes.deleted('role', id)),
    ...given.roles.put.map(changes.role),
    ...given.topics.deleted.map((id) => changes.deleted('topic', id)),
    ...given.topics.put.map(changes.topic),
    ...given.vocab.deleted.map((id) => changes.deleted('word', id)),
    ...given.vocab.put.map(changes.word),
  ];
}

/** Renames role `id` to the role code `code` (already normalised), with its topics and words. */
export function renameRoleEverywhere(
  db: MarineDB,
  id: string,
  code: string,
  share?: Share,
): Promise<CatalogEdit<Role>> {
  return editCatalog(db, ['roles', 'topics', 'vocab'], share, async (tx) => {
    const role = await tx.objectStore('roles').get(id);
    const [roles, topics, words] = role
      ? await Promise.all([
          tx.objectStore('roles').getAll(),
          tx.objectStore('topics').getAll(),
          tx.objectStore('vocab').index('division').getAll(role.division),
        ])
      : [[], [], []];
    return roleRenamed(role, { roles, topics, words }, code);
  });
}

/** Renames topic `id` to `name` (trimmed; empty changes nothing) with every word of it. */
export function renameTopicEverywhere(
  db: MarineDB,
  id: string,
  name: string,
  share?: Share,
): Promise<CatalogEdit<Topic>> {
  return editCatalog(db, ['topics', 'vocab'], share, async (tx) => {
    const topic = await tx.objectStore('topics').get(id);
    const [topics, words] = topic
      ? await Promise.all([
          tx.objectStore('topics').getAll(),
          tx.objectStore('vocab').index('topic').getAll(topic.name),
        ])
      : [[], []];
    return topicRenamed(topic, { topics, words }, name);
  });
}
