/** The schema migrations of MarineDB, one step per version 1..8, run inside the versionchange transaction. */
import type { IDBPDatabase, IDBPObjectStore, IDBPTransaction } from 'idb';
import { DB_VERSION } from '@/domain/constants';
import { effectiveTime, type HistoryEntry } from '@/domain/history';
import { checkEntry, entryIdOf } from '@/domain/history-contract';
import { foldWord } from '@/domain/history-fold';
import { baselineEntry } from '@/domain/history-snapshot';
import { newId } from '@/domain/ids';
import type { UserWord } from '@/domain/types';
import { abortQuietly } from './abort';
import { type SetAsideItem, setAside } from './dead-letters';
import {
  convertQueueEntryV4,
  convertUserWordFlagsV5,
  convertUserWordTimestampsV4,
  convertVocabV2,
  type LegacyRecord,
} from './legacy-convert';
import { toStoredUserWord } from './records';
import { PREVIOUS_VERSION_SESSION_MARK } from './users-repo';

/*
 * What each version held (keyPath / indexes / record shape):
 *
 * v1  users      keyPath 'id'; index 'email' (unique). Value: User (+ local-auth fields).
 *     vocab      keyPath 'id'; index 'topic'. Items may lack `division` and `topic`; `roles`
 *                may be un-normalised (upper case, padded, 'all', duplicates).
 *     userWords  keyPath ['userId','vocabId']; indexes 'userId', 'vocabId', 'status'.
 *                lastSeenAt, nextReviewAt, updatedAt are ISO-8601 strings; `deleted` and
 *                `hidden` are booleans (or missing).
 *     syncQueue  keyPath 'id'; no index. createdAt is an ISO-8601 string; payload is a user
 *                word in the v1 shape.
 * v2  vocab gets indexes 'division' and 'roles' (multiEntry); every item gets a division
 *     (missing -> 'deck') and a topic (missing -> 'General'); roles normalised.
 *     New store topics (keyPath 'id').
 * v3  New stores roles and divisions (keyPath 'id').
 * v4  userWords timestamps become epoch ms numbers (invalid or missing -> field removed, but
 *     updatedAt -> 0); new indexes 'nextReviewAt' and 'updatedAt'. syncQueue gets index
 *     'createdAt'; its createdAt (invalid -> 0) and its payloads' timestamps become epoch ms.
 * v5  userWords `deleted` boolean -> 0/1 (missing -> 0), `hidden` boolean -> 0/1 when present;
 *     new indexes 'deleted' and 'remoteId'. Queue payloads keep the domain booleans.
 * v6  New store meta (keyPath 'key'): record 'vocabulary' says which built-in vocabulary is
 *     installed. A database that existed before holds the first vocabulary (version 1) and gets
 *     { version: 1, legacy: true }; a new database gets no record until the vocabulary install.
 * v7  New store history (keyPath 'id'; indexes 'word' [userId, vocabId], 'userTime' [userId, t],
 *     'unsent' [userId, sent]): the answer history. Every userWords record becomes a baseline
 *     entry (id 'local-<digest>', unsent), and so does every sync-queue payload (the same state
 *     gives the same id); a record or payload that fails the wire contract goes to the new store
 *     deadLetters (keyPath 'id'; index 'userId') instead, and its userWords record is removed.
 *     The syncQueue store is deleted. New store device (keyPath 'key'): this device's id and
 *     clock, set past every baseline. Users lose their pull cursor (it named the old per-word
 *     documents; the history is pulled from the start).
 * v8  New store curriculumOutbox (keyPath 'docId'). A database that existed before gets the
 *     device record 'previousVersionSession' (no other field): the local sign-in may keep the
 *     id-only session of the version before once, at its first start, and then removes it.
 *
 * Every step only creates what is missing, so a database whose structure is ahead of its
 * recorded version still upgrades. Steps await nothing but the upgrade transaction's requests.
 */

/** The database as seen by a migration: untyped, since each step meets an older shape. */
export type UpgradeDB = IDBPDatabase<unknown>;
export type UpgradeTransaction = IDBPTransaction<unknown, string[], 'versionchange'>;
type UpgradeStore = IDBPObjectStore<unknown, string[], string, 'versionchange'>;
/** One step; `oldVersion` is the version the whole upgrade started from (0: a new database). */
type MigrationStep = (db: UpgradeDB, tx: UpgradeTransaction, oldVersion: number) => Promise<void>;

/** The built-in vocabulary version every database before version 6 was seeded with. */
const FIRST_VOCABULARY_VERSION = 1;

function ensureStore(
  db: UpgradeDB,
  tx: UpgradeTransaction,
  name: string,
  options: IDBObjectStoreParameters,
): UpgradeStore {
  if (db.objectStoreNames.contains(name)) return tx.objectStore(name);
  return db.createObjectStore(name, options) as unknown as UpgradeStore;
}

function ensureIndex(
  store: UpgradeStore,
  name: string,
  keyPath: string | string[],
  options?: IDBIndexParameters,
): void {
  if (!store.indexNames.contains(name)) store.createIndex(name, keyPath, options);
}

/** Walks a store with a cursor and writes back every record `convert` changes. */
async function rewriteAll(
  store: UpgradeStore,
  convert: (record: LegacyRecord) => LegacyRecord,
): Promise<void> {
  let cursor = await store.openCursor();
  while (cursor) {
    const value: unknown = cursor.value;
    if (value !== null && typeof value === 'object') {
      await cursor.update(convert(value as LegacyRecord));
    }
    cursor = await cursor.continue();
  }
}

const toV1: MigrationStep = async (db, tx) => {
  const users = ensureStore(db, tx, 'users', { keyPath: 'id' });
  ensureIndex(users, 'email', 'email', { unique: true });
  const vocab = ensureStore(db, tx, 'vocab', { keyPath: 'id' });
  ensureIndex(vocab, 'topic', 'topic');
  const userWords = ensureStore(db, tx, 'userWords', { keyPath: ['userId', 'vocabId'] });
  ensureIndex(userWords, 'userId', 'userId');
  ensureIndex(userWords, 'vocabId', 'vocabId');
  ensureIndex(userWords, 'status', 'status');
  ensureStore(db, tx, 'syncQueue', { keyPath: 'id' });
};

const toV2: MigrationStep = async (db, tx) => {
  const vocab = ensureStore(db, tx, 'vocab', { keyPath: 'id' });
  await rewriteAll(vocab, convertVocabV2);
  ensureIndex(vocab, 'division', 'division');
  ensureIndex(vocab, 'roles', 'roles', { multiEntry: true });
  ensureStore(db, tx, 'topics', { keyPath: 'id' });
};

const toV3: MigrationStep = async (db, tx) => {
  ensureStore(db, tx, 'roles', { keyPath: 'id' });
  ensureStore(db, tx, 'divisions', { keyPath: 'id' });
};

const toV4: MigrationStep = async (db, tx) => {
  const userWords = ensureStore(db, tx, 'userWords', { keyPath: ['userId', 'vocabId'] });
  await rewriteAll(userWords, convertUserWordTimestampsV4);
  ensureIndex(userWords, 'nextReviewAt', 'nextReviewAt');
  ensureIndex(userWords, 'updatedAt', 'updatedAt');
  const queue = ensureStore(db, tx, 'syncQueue', { keyPath: 'id' });
  await rewriteAll(queue, convertQueueEntryV4);
  ensureIndex(queue, 'createdAt', 'createdAt');
};

const toV5: MigrationStep = async (db, tx) => {
  const userWords = ensureStore(db, tx, 'userWords', { keyPath: ['userId', 'vocabId'] });
  await rewriteAll(userWords, convertUserWordFlagsV5);
  ensureIndex(userWords, 'deleted', 'deleted');
  ensureIndex(userWords, 'remoteId', 'remoteId');
};

const toV6: MigrationStep = async (db, tx, oldVersion) => {
  const meta = ensureStore(db, tx, 'meta', { keyPath: 'key' });
  if (oldVersion > 0 && (await meta.get('vocabulary')) === undefined) {
    await meta.put({ key: 'vocabulary', version: FIRST_VOCABULARY_VERSION, legacy: true });
  }
};

/** A stored user word (0/1 flags) or queue payload (booleans) as a domain word, unchecked. */
function legacyWord(record: LegacyRecord): UserWord {
  const word = { ...record } as unknown as UserWord;
  word.deleted = Boolean(record.deleted);
  if (record.hidden === undefined) delete word.hidden;
  else word.hidden = Boolean(record.hidden);
  return word;
}

const toV7: MigrationStep = async (db, tx) => {
  const history = ensureStore(db, tx, 'history', { keyPath: 'id' });
  ensureIndex(history, 'word', ['userId', 'vocabId']);
  ensureIndex(history, 'userTime', ['userId', 't']);
  ensureIndex(history, 'unsent', ['userId', 'sent']);
  const deadLetters = ensureStore(db, tx, 'deadLetters', { keyPath: 'id' });
  ensureIndex(deadLetters, 'userId', 'userId');
  const deviceStore = ensureStore(db, tx, 'device', { keyPath: 'key' });
  const device = ((await deviceStore.get('device')) as { id: string; hlc: number } | undefined) ?? {
    id: newId(),
    hlc: 0,
  };
  let clock = device.hlc;
  const now = Date.now();
  /** Words whose queued payloads added baselines: their cached state is refolded. */
  const queued = new Map<string, { userId: string; vocabId: string }>();
  /** The records that failed, per user: set aside in one batch each at the end (capped). */
  const failed = new Map<string | undefined, SetAsideItem[]>();

  /** Stores the record's baseline, or notes it for the dead letters; true when it was valid. */
  const keep = async (record: LegacyRecord, source: 'userWords' | 'syncQueue') => {
    const word = legacyWord(
      source === 'syncQueue' ? ((record.payload ?? {}) as LegacyRecord) : record,
    );
    const entry =
      typeof word.vocabId === 'string' && typeof word.userId === 'string'
        ? baselineEntry(word, { prefix: 'local', device: device.id })
        : null;
    // The record as it was is checked, not the copy baselineEntry made of it.
    const checked = entry ? checkEntry({ ...entry, snapshot: { ...word } }) : null;
    if (checked?.ok) {
      let valid = checked.entry;
      // Two accounts with the same record of a word make the same baseline id: the second one
      // gets an id of its own rather than replacing the first one's baseline.
      const held = (await history.get(valid.id)) as HistoryEntry | undefined;
      if (held && held.userId !== valid.userId) {
        valid = { ...valid, id: entryIdOf(valid.userId, valid.id) };
      }
      await history.put({ ...valid, sent: 0, t: effectiveTime(valid) });
      clock = Math.max(clock, valid.hlc);
      if (source === 'syncQueue') {
        queued.set(`${valid.userId}\u0000${valid.vocabId}`, valid);
      }
      return true;
    }
    const owner = typeof word.userId === 'string' ? word.userId : undefined;
    const items = failed.get(owner) ?? [];
    items.push({
      reason: checked && !checked.ok ? checked.reason : `a ${source} record without a word`,
      record,
    });
    failed.set(owner, items);
    return false;
  };

  const userWords = ensureStore(db, tx, 'userWords', { keyPath: ['userId', 'vocabId'] });
  let cursor = await userWords.openCursor();
  while (cursor) {
    const value: unknown = cursor.value;
    if (value !== null && typeof value === 'object') {
      if (!(await keep(value as LegacyRecord, 'userWords'))) await cursor.delete();
    }
    cursor = await cursor.continue();
  }
  if (db.objectStoreNames.contains('syncQueue')) {
    const queue = tx.objectStore('syncQueue');
    let entry = await queue.openCursor();
    while (entry) {
      const value: unknown = entry.value;
      if (value !== null && typeof value === 'object') {
        await keep(value as LegacyRecord, 'syncQueue');
      }
      entry = await entry.continue();
    }
    db.deleteObjectStore('syncQueue');
  }
  for (const [owner, items] of failed) {
    await setAside(deadLetters, owner, 'upgrade', items, now);
  }
  // A queued payload is normally the record's own state; should it be newer, the fold says so.
  const byWord = history.index('word');
  for (const { userId, vocabId } of queued.values()) {
    const entries = (await byWord.getAll([userId, vocabId])) as HistoryEntry[];
    const stored = (await userWords.get([userId, vocabId])) as LegacyRecord | undefined;
    const folded = foldWord(userId, vocabId, entries);
    const remoteId = stored?.remoteId;
    await userWords.put(
      toStoredUserWord(typeof remoteId === 'string' ? { ...folded, remoteId } : folded),
    );
  }
  await rewriteAll(ensureStore(db, tx, 'users', { keyPath: 'id' }), (user) => {
    const { syncCursor: _oldCursor, ...rest } = user;
    return rest;
  });
  await deviceStore.put({ key: 'device', id: device.id, hlc: clock });
};

/**
 * Version 8: the outbox of an admin's curriculum changes not yet in the cloud. The local edition's
 * session secrets came with the builds of version 8, so a database older than that may hold a
 * session that is a user id alone: it gets the mark that lets the first start keep that session
 * once. A new database, and every database already at version 8 (which never runs this step
 * again), has no mark: an id without its secret signs nobody in there.
 */
const toV8: MigrationStep = async (db, tx, oldVersion) => {
  ensureStore(db, tx, 'curriculumOutbox', { keyPath: 'docId' });
  if (oldVersion > 0) {
    await ensureStore(db, tx, 'device', { keyPath: 'key' }).put({
      key: PREVIOUS_VERSION_SESSION_MARK,
    });
  }
};

/** MIGRATIONS[v] upgrades a database at version v-1 to version v. */
export const MIGRATIONS: Readonly<Record<number, MigrationStep>> = {
  1: toV1,
  2: toV2,
  3: toV3,
  4: toV4,
  5: toV5,
  6: toV6,
  7: toV7,
  8: toV8,
};

/**
 * Runs the steps oldVersion+1..newVersion in order inside the versionchange transaction `tx`
 * (call it from openDB's `upgrade`). On any failure the transaction is aborted, so the database
 * stays at its old version with its old data, and the returned promise rejects.
 */
export async function upgradeMarineDB(
  db: UpgradeDB,
  oldVersion: number,
  newVersion: number | null,
  tx: UpgradeTransaction,
): Promise<void> {
  const target = newVersion ?? DB_VERSION;
  try {
    for (let version = oldVersion + 1; version <= target; version++) {
      const step = MIGRATIONS[version];
      if (!step) throw new Error(`MarineDB: no migration to version ${version}`);
      await step(db, tx, oldVersion);
    }
  } catch (error) {
    abortQuietly(tx);
    throw error;
  }
}
