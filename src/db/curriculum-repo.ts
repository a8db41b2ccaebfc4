/**
 * The shared curriculum on this device: the outbox of an admin's changes not yet in the cloud
 * (written by the catalogue repositories in the same transaction as the change itself, when the
 * change is shared), and the pulled changes of other admins applied to the catalogue tables.
 */
import type { CatalogChanges, CatalogKind } from '@/domain/catalog-edits';
import { type CurriculumChange, curriculumDocId, toCurriculumDoc } from '@/domain/curriculum';
import type { ExamSetting } from '@/domain/exam';
import type { Division, Role, Topic, VocabItem } from '@/domain/types';
import { type SetAsideItem, setAside } from './dead-letters';
import { toStoredTopic, toStoredVocab } from './records';
import { type CurriculumMeta, examSettingKey, type MarineDB, type OutboxRecord } from './schema';

export const CURRICULUM_META_KEY = 'curriculum';
export const OUTBOX = 'curriculumOutbox';

/** Who shares a catalogue change with every device (an admin of the cloud edition), and when. */
export interface Share {
  by: string;
  now: number;
}

/** The stores a catalogue write needs, plus the outbox when the write is shared. */
export function withOutbox<S extends string>(stores: readonly S[], share: Share | undefined) {
  return (share ? [...stores, OUTBOX] : [...stores]) as (S | typeof OUTBOX)[];
}

let sequence = 0;

/** A transaction that holds the outbox store (typed loosely: callers open it over several stores). */
interface OutboxTransaction {
  objectStore(name: typeof OUTBOX): { put(value: OutboxRecord): Promise<unknown> };
}

/**
 * Queues the changes in the outbox inside the caller's transaction `tx` (which must include the
 * outbox store); a later change of the same record replaces an unsent earlier one.
 */
export function queueChanges(
  tx: unknown,
  share: Share | undefined,
  changes: readonly CurriculumChange[],
): Promise<unknown>[] {
  if (!share) return [];
  const store = (tx as OutboxTransaction).objectStore(OUTBOX);
  return changes.map((change) => {
    const doc = toCurriculumDoc(change, share.by);
    sequence = Math.max(sequence + 1, share.now * 1000);
    return store.put({
      docId: curriculumDocId(doc.kind, doc.id),
      seq: sequence,
      doc,
      queuedAt: share.now,
    });
  });
}

/** Changes for records written or deleted, in the catalogue's own terms. */
export const changes = {
  division: (value: Division): CurriculumChange => ({ kind: 'division', value, deleted: false }),
  role: (value: Role): CurriculumChange => ({ kind: 'role', value, deleted: false }),
  topic: (value: Topic): CurriculumChange => ({ kind: 'topic', value, deleted: false }),
  word: (value: VocabItem): CurriculumChange => ({ kind: 'word', value, deleted: false }),
  exam: (value: ExamSetting): CurriculumChange => ({ kind: 'exam', value, deleted: false }),
  deleted: (kind: CurriculumChange['kind'], id: string): CurriculumChange => ({
    kind,
    id,
    deleted: true,
  }),
};

/**
 * The oldest `limit` unsent changes of the admin `by`. A device may be shared: another account's
 * changes wait for that account (the cloud takes a change only from its own author), and never
 * hold back this one's sync.
 */
export async function takeOutbox(db: MarineDB, limit: number, by: string): Promise<OutboxRecord[]> {
  const all = await db.getAll(OUTBOX);
  return all
    .filter((record) => record.doc.by === by && record.heldAt === undefined)
    .sort((a, b) => a.seq - b.seq)
    .slice(0, limit);
}

/** How many changes of the admin `by` are not yet in the cloud (those set aside left out). */
export async function countOutbox(db: MarineDB, by: string): Promise<number> {
  return (await db.getAll(OUTBOX)).filter(
    (record) => record.doc.by === by && record.heldAt === undefined,
  ).length;
}

/** How many changes of `by` are set aside because the cloud refused their author's rights. */
export async function countHeldOutbox(db: MarineDB, by: string): Promise<number> {
  return (await db.getAll(OUTBOX)).filter(
    (record) => record.doc.by === by && record.heldAt !== undefined,
  ).length;
}

/**
 * Sets aside every queued change of `by` (the cloud refused its author's rights: an admin whose
 * claim was revoked), in one transaction; returns how many were set aside. They stay on the device,
 * out of the push, so the rest of the sync goes on; `releaseHeldOutbox` queues them again.
 */
export async function holdOutbox(db: MarineDB, by: string, now: number): Promise<number> {
  const tx = db.transaction(OUTBOX, 'readwrite');
  const held = (await tx.store.getAll()).filter(
    (record) => record.doc.by === by && record.heldAt === undefined,
  );
  await Promise.all([...held.map((record) => tx.store.put({ ...record, heldAt: now })), tx.done]);
  return held.length;
}

/** Queues the set-aside changes of `by` again (rights restored), in one transaction. */
export async function releaseHeldOutbox(db: MarineDB, by: string): Promise<number> {
  const tx = db.transaction(OUTBOX, 'readwrite');
  const held = (await tx.store.getAll()).filter(
    (record) => record.doc.by === by && record.heldAt !== undefined,
  );
  await Promise.all([
    ...held.map(({ heldAt: _released, ...record }) => tx.store.put(record)),
    tx.done,
  ]);
  return held.length;
}

/**
 * Moves queued changes the cloud would refuse (they break the record tables the rules enforce)
 * to the dead letters, in one transaction, unless one changed again meanwhile: one bad record
 * must not hold back every other change in its commit.
 */
export async function setAsideOutbox(
  db: MarineDB,
  refused: readonly { record: OutboxRecord; reason: string }[],
  now: number,
): Promise<void> {
  if (refused.length === 0) return;
  const tx = db.transaction([OUTBOX, 'deadLetters'], 'readwrite');
  const outbox = tx.objectStore(OUTBOX);
  const current = await Promise.all(refused.map(({ record }) => outbox.get(record.docId)));
  // Each author's letters in one batch (db/dead-letters.ts caps them per user and source).
  const byAuthor = new Map<string, SetAsideItem[]>();
  const writes: Promise<unknown>[] = [];
  refused.forEach(({ record, reason }, index) => {
    if (current[index]?.seq !== record.seq) return;
    const items = byAuthor.get(record.doc.by) ?? [];
    items.push({ id: `curriculum-push-${record.docId}-${record.seq}`, reason, record: record.doc });
    byAuthor.set(record.doc.by, items);
    writes.push(outbox.delete(record.docId));
  });
  for (const [by, items] of byAuthor) {
    writes.push(setAside(tx.objectStore('deadLetters'), by, 'push', items, now));
  }
  await Promise.all([...writes, tx.done]);
}

/** Removes the pushed records, in one transaction, unless one changed again meanwhile. */
export async function clearSent(db: MarineDB, sent: readonly OutboxRecord[]): Promise<void> {
  const tx = db.transaction(OUTBOX, 'readwrite');
  await Promise.all([
    ...sent.map(async (record) => {
      const current = await tx.store.get(record.docId);
      if (current?.seq === record.seq) await tx.store.delete(record.docId);
    }),
    tx.done,
  ]);
}

export async function curriculumMeta(db: MarineDB): Promise<CurriculumMeta> {
  const stored = (await db.get('meta', CURRICULUM_META_KEY)) as CurriculumMeta | undefined;
  return stored ?? { key: 'curriculum', cursor: 0 };
}

/** A place in the cloud's (updatedAt, document id) order. */
export interface PullPosition {
  at: number;
  id: string;
}

/**
 * Where the next pull starts. A record of the version before holds a time alone, and pulls that
 * stopped inside a commit could have skipped some of its documents: such a device reads the
 * curriculum again from the beginning, once (applying a document twice changes nothing).
 */
export function pullPosition(meta: CurriculumMeta): PullPosition {
  return meta.cursorId === undefined ? { at: 0, id: '' } : { at: meta.cursor, id: meta.cursorId };
}

export function comparePositions(a: PullPosition, b: PullPosition): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A pulled document: its change (checked), and the cloud's time of the write. */
export interface PulledChange {
  docId: string;
  change: CurriculumChange;
  /** The document's `updatedAt`, epoch microseconds. */
  updatedAt: number;
}

export interface AppliedCurriculum {
  applied: number;
  addedWords: number;
  /** The catalogue records written and deleted, as stored (a screen patches its lists with them). */
  changes: CatalogChanges;
}

/**
 * Applies pulled changes and the new cursor in ONE transaction. The newer server write of a
 * document wins; a record with an unsent local change keeps it (the push that follows is newer).
 * A deleted word leaves the catalogue but its learners' progress stays (and counts again if the
 * word comes back). A record this device already has keeps its own source (a built-in word
 * edited by an admin stays built-in).
 */
export async function applyPulled(
  db: MarineDB,
  pulled: readonly PulledChange[],
  cursor: PullPosition,
  rejected: readonly { docId: string; data: unknown; reason: string }[] = [],
  now = Date.now(),
  /** Whose unsent changes are kept over a pull: the signed-in user's (their push follows). */
  userId?: string,
): Promise<AppliedCurriculum> {
  const tx = db.transaction(
    ['divisions', 'roles', 'topics', 'vocab', 'meta', 'deadLetters', OUTBOX],
    'readwrite',
  );
  // Documents that break the record tables are set aside (shown to every account in settings);
  // the rest applies.
  await setAside(
    tx.objectStore('deadLetters'),
    undefined,
    'pull',
    rejected.map(({ docId, data, reason }) => ({
      id: `curriculum-${docId}-${now}`,
      reason,
      record: data,
    })),
    now,
  );
  // Another account's unsent change gives way: its push waits for that account, and until then
  // this device shows what the cloud holds; so does a change set aside for want of rights.
  const pending = new Set(
    (await tx.objectStore(OUTBOX).getAll())
      .filter(
        (record) =>
          (userId === undefined || record.doc.by === userId) && record.heldAt === undefined,
      )
      .map((record) => record.docId),
  );
  let applied = 0;
  let addedWords = 0;
  let newest = 0;
  // Per table, each record's last state in this pull: what was written, or null when deleted.
  const written: { [K in CatalogKind]: Map<string, CatalogChanges[K]['put'][number] | null> } = {
    divisions: new Map(),
    roles: new Map(),
    topics: new Map(),
    vocab: new Map(),
  };
  for (const { docId, change, updatedAt } of pulled) {
    if (pending.has(docId)) continue;
    applied++;
    newest = Math.max(newest, updatedAt);
    if (change.deleted && change.kind === 'exam') {
      await tx.objectStore('meta').delete(examSettingKey(change.id));
      continue;
    }
    if (change.deleted) {
      const store =
        change.kind === 'division'
          ? 'divisions'
          : change.kind === 'role'
            ? 'roles'
            : change.kind === 'topic'
              ? 'topics'
              : 'vocab';
      await tx.objectStore(store).delete(change.id);
      written[store].set(change.id, null);
      continue;
    }
    switch (change.kind) {
      case 'division':
        await tx.objectStore('divisions').put(change.value);
        written.divisions.set(change.value.id, change.value);
        break;
      case 'role': {
        const local = await tx.objectStore('roles').get(change.value.id);
        const role = { ...local, ...change.value };
        await tx.objectStore('roles').put(role);
        written.roles.set(role.id, role);
        break;
      }
      case 'topic': {
        const local = await tx.objectStore('topics').get(change.value.id);
        const source = local ? { source: local.source, createdBy: local.createdBy } : {};
        const topic = toStoredTopic({ ...change.value, ...source });
        await tx.objectStore('topics').put(topic);
        written.topics.set(topic.id, topic);
        break;
      }
      case 'exam':
        await tx.objectStore('meta').put({ ...change.value, key: examSettingKey(change.value.id) });
        break;
      case 'word': {
        const local = await tx.objectStore('vocab').get(change.value.id);
        if (!local) addedWords++;
        const own = local
          ? { source: local.source, createdBy: local.createdBy, tags: local.tags }
          : {};
        const item = toStoredVocab({ ...change.value, ...own });
        await tx.objectStore('vocab').put(item);
        written.vocab.set(item.id, item);
        break;
      }
    }
  }
  const meta = ((await tx.objectStore('meta').get(CURRICULUM_META_KEY)) as
    | CurriculumMeta
    | undefined) ?? { key: 'curriculum', cursor: 0 };
  // The cursor only moves forward (a pull that raced another tab's cannot take it back).
  const here = pullPosition(meta);
  const moved = comparePositions(cursor, here) > 0;
  const next: CurriculumMeta = moved ? { ...meta, cursor: cursor.at, cursorId: cursor.id } : meta;
  if (applied > 0) {
    next.updatedAt = Math.floor(newest / 1000);
    next.addedWords = addedWords;
  }
  // An idle pull changes nothing here.
  if (applied > 0 || moved || !('cursor' in meta)) {
    await tx.objectStore('meta').put({ ...next });
  }
  await tx.done;
  const kind = <T>(records: Map<string, T | null>) => ({
    put: [...records.values()].filter((record): record is T => record !== null),
    deleted: [...records].filter(([, record]) => record === null).map(([id]) => id),
  });
  const changes: CatalogChanges = {
    divisions: kind(written.divisions),
    roles: kind(written.roles),
    topics: kind(written.topics),
    vocab: kind(written.vocab),
  };
  return { applied, addedWords, changes };
}
