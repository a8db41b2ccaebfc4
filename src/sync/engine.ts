/**
 * The sync engine (ARCHITECTURE.md decision 4): one `syncOnce` pulls the cloud's changes since the
 * user's cursor, then pushes the coalesced sync queue in batches.
 *
 * Version order (the conflict rule). Two versions of one word are ordered by `updatedAt`; when
 * those are equal (two devices answering in the same millisecond, or two changes in one
 * millisecond on one device) by attempts, then correct, then streak, then strength, then
 * lastSeenAt, then nextReviewAt (missing first), then status, hidden and deleted. This is a total
 * order on a word's learning state (remoteId and userId do not count), so every device and the
 * cloud settle on the same greatest version whatever order the syncs ran in. A local version
 * replaces nothing unless it is greater, and the cloud is repaired when it holds a smaller one.
 *
 * Guarantees: a queue entry is deleted only after a commit that carried its word (or a newer
 * version of it) succeeded, or after a pull showed that the cloud already holds a version at least
 * as new; a failed or interrupted sync therefore never loses a change, and retrying is harmless
 * because each word is one document keyed by its vocabId.
 */
import { fromStoredUserWord, toStoredUserWord } from '@/db/records';
import type { MarineDB } from '@/db/schema';
import { listQueue } from '@/db/sync-queue-repo';
import { getSyncCursor, getUser, setSyncCursor } from '@/db/users-repo';
import { SYNC_BATCH_MAX_WRITES } from '@/domain/constants';
import { newId } from '@/domain/ids';
import type { SyncQueueEntry, UserWord, WordStatus } from '@/domain/types';
import type { RemoteStore, SyncCursor } from './remote-store';

export const NOT_SIGNED_IN_MESSAGE = 'Not signed in to Firebase';

export interface SyncOnceInput {
  db: MarineDB;
  remote: RemoteStore;
  /** The signed-in cloud user; missing means nobody is signed in (an error). */
  userId: string | null | undefined;
  /** Epoch ms: the createdAt of queue entries the sync itself adds (cloud repairs). */
  now: number;
  /** Writes per commit; defaults to (and is capped at) SYNC_BATCH_MAX_WRITES. */
  batchSize?: number;
}

export interface SyncReport {
  /** Words written to the cloud (after coalescing). */
  pushed: number;
  /** Remote versions applied locally (the local copy was missing or older). */
  pulled: number;
  /** Successful commits. */
  commits: number;
}

const STATUS_RANK: Record<WordStatus, number> = { new: 0, learning: 1, learned: 2 };

function sign(value: number): number {
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

function compareOptional(a: number | undefined, b: number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return sign(a - b);
}

/**
 * The version order of two states of ONE word (see the file comment): negative when `a` is older,
 * positive when newer, 0 when they hold the same learning state.
 */
export function compareWordVersions(a: UserWord, b: UserWord): number {
  return (
    sign(a.updatedAt - b.updatedAt) ||
    sign(a.attempts - b.attempts) ||
    sign(a.correct - b.correct) ||
    sign(a.streak - b.streak) ||
    sign(a.strength - b.strength) ||
    compareOptional(a.lastSeenAt, b.lastSeenAt) ||
    compareOptional(a.nextReviewAt, b.nextReviewAt) ||
    sign((STATUS_RANK[a.status] ?? -1) - (STATUS_RANK[b.status] ?? -1)) ||
    sign(Number(Boolean(a.hidden)) - Number(Boolean(b.hidden))) ||
    sign(Number(Boolean(a.deleted)) - Number(Boolean(b.deleted)))
  );
}

/** A word as received from the cloud, made local: owned by `userId`, remoteId = its vocabId. */
function fromRemote(userId: string, word: UserWord): UserWord {
  return { ...word, userId, remoteId: word.vocabId, deleted: Boolean(word.deleted) };
}

/** The greatest version per vocabId (a pull normally holds each document once). */
function newestPerWord(words: readonly UserWord[]): UserWord[] {
  const newest = new Map<string, UserWord>();
  for (const word of words) {
    const seen = newest.get(word.vocabId);
    if (!seen || compareWordVersions(word, seen) > 0) newest.set(word.vocabId, word);
  }
  return [...newest.values()];
}

function queueEntryFor(word: UserWord, now: number): SyncQueueEntry {
  const entry: SyncQueueEntry = {
    id: newId(),
    entity: 'userWords',
    op: 'upsert',
    payload: word,
    createdAt: now,
  };
  if (word.remoteId !== undefined) entry.remoteId = word.remoteId;
  return entry;
}

function entriesByWord(entries: readonly SyncQueueEntry[], userId: string) {
  const byWord = new Map<string, SyncQueueEntry[]>();
  for (const entry of entries) {
    if (entry.entity !== 'userWords' || entry.payload.userId !== userId) continue;
    const list = byWord.get(entry.payload.vocabId);
    if (list) list.push(entry);
    else byWord.set(entry.payload.vocabId, [entry]);
  }
  return byWord;
}

/**
 * Applies pulled versions in ONE transaction over userWords + syncQueue (so a local change made
 * meanwhile cannot be overwritten by an older remote one). For each remote version R:
 * - queue entries of the word whose payload is not newer than R are dropped (the cloud already
 *   holds R, so pushing them could only overwrite it with an older state);
 * - R replaces the local copy when that is missing or older (`mergeRemoteUserWords` semantics,
 *   with the tie rule above); no queue entry is written for it;
 * - when the local copy is newer and no entry is queued for it any more, the local state is
 *   queued, so the next push repairs the stale cloud copy;
 * - a local copy that stays gets remoteId = vocabId (the document exists).
 * Returns how many remote versions were applied.
 */
async function mergePulled(
  db: MarineDB,
  userId: string,
  remoteWords: readonly UserWord[],
  now: number,
): Promise<number> {
  const tx = db.transaction(['userWords', 'syncQueue'], 'readwrite');
  const words = tx.objectStore('userWords');
  const queue = tx.objectStore('syncQueue');
  const [locals, entries] = await Promise.all([
    Promise.all(remoteWords.map((word) => words.get([userId, word.vocabId]))),
    queue.getAll(),
  ]);
  const queued = entriesByWord(entries, userId);
  const writes: Promise<unknown>[] = [];
  let applied = 0;
  for (const [index, remoteWord] of remoteWords.entries()) {
    const stored = locals[index];
    const local = stored && fromStoredUserWord(stored);
    let pending = 0;
    for (const entry of queued.get(remoteWord.vocabId) ?? []) {
      if (compareWordVersions(entry.payload, remoteWord) <= 0) writes.push(queue.delete(entry.id));
      else pending++;
    }
    if (!local || compareWordVersions(remoteWord, local) > 0) {
      writes.push(words.put(toStoredUserWord(remoteWord)));
      applied++;
    } else {
      // The cloud has this word's document: the local copy is named after it.
      if (stored.remoteId !== remoteWord.vocabId) {
        writes.push(words.put({ ...stored, remoteId: remoteWord.vocabId }));
      }
      if (compareWordVersions(local, remoteWord) > 0 && pending === 0) {
        writes.push(queue.add(queueEntryFor({ ...local, remoteId: remoteWord.vocabId }, now)));
      }
    }
  }
  await Promise.all([...writes, tx.done]);
  return applied;
}

interface PlannedWrite {
  word: UserWord;
  /** Every queue entry this write covers. */
  entryIds: string[];
  /** The local record's remoteId before the push. */
  localRemoteId: string | undefined;
}

/**
 * One write per word of this user: the newest queued payload (ties: the latest createdAt), or
 * the current local record when it is at least as new (it normally is: each saved change writes
 * the record and its entry together). In queue order (the oldest entry first).
 */
async function planPush(db: MarineDB, userId: string): Promise<PlannedWrite[]> {
  const queued = entriesByWord(await listQueue(db), userId);
  const vocabIds = [...queued.keys()];
  const tx = db.transaction('userWords');
  const locals = await Promise.all(vocabIds.map((vocabId) => tx.store.get([userId, vocabId])));
  await tx.done;
  return vocabIds.map((vocabId, index) => {
    const entries = queued.get(vocabId) ?? [];
    let newest = entries[0] as SyncQueueEntry;
    for (const entry of entries) {
      const order = compareWordVersions(entry.payload, newest.payload);
      if (order > 0 || (order === 0 && entry.createdAt >= newest.createdAt)) newest = entry;
    }
    const stored = locals[index];
    const local = stored && fromStoredUserWord(stored);
    const base = local && compareWordVersions(local, newest.payload) >= 0 ? local : newest.payload;
    return {
      word: { ...base, userId, vocabId, remoteId: vocabId },
      entryIds: entries.map((entry) => entry.id),
      localRemoteId: local?.remoteId,
    };
  });
}

/**
 * After a successful commit, in ONE transaction: deletes exactly the queue entries the batch
 * covered (as `deleteQueueEntries`) and records remoteId = vocabId on the local records that lack
 * it (as `setUserWordRemoteId`, touching nothing else).
 */
async function settleBatch(db: MarineDB, userId: string, batch: readonly PlannedWrite[]) {
  const tx = db.transaction(['userWords', 'syncQueue'], 'readwrite');
  const words = tx.objectStore('userWords');
  const queue = tx.objectStore('syncQueue');
  const writes: Promise<unknown>[] = [];
  for (const planned of batch) {
    for (const id of planned.entryIds) writes.push(queue.delete(id));
  }
  const unnamed = batch.filter((planned) => planned.localRemoteId !== planned.word.vocabId);
  const stored = await Promise.all(unnamed.map((p) => words.get([userId, p.word.vocabId])));
  for (const [index, planned] of unnamed.entries()) {
    const record = stored[index];
    if (record) writes.push(words.put({ ...record, remoteId: planned.word.vocabId }));
  }
  await Promise.all([...writes, tx.done]);
}

/** Pull, then push (see the file comment). Rejects when a request fails; nothing is lost then. */
export async function syncOnce(input: SyncOnceInput): Promise<SyncReport> {
  const { db, remote, userId, now } = input;
  if (!userId) throw new Error(NOT_SIGNED_IN_MESSAGE);
  const batchSize = Math.max(1, Math.min(input.batchSize ?? Infinity, SYNC_BATCH_MAX_WRITES));

  // Pull: everything the cloud received since the cursor.
  const cursor: SyncCursor = (await getSyncCursor(db, userId)) ?? 0;
  const result = await remote.pullWords(userId, cursor);
  const remoteWords = newestPerWord(result.words.map((word) => fromRemote(userId, word)));
  const pulled = remoteWords.length > 0 ? await mergePulled(db, userId, remoteWords, now) : 0;
  // Only once the merge is stored; a user without a local record simply pulls from 0 each time.
  if (result.cursor > cursor && (await getUser(db, userId))) {
    await setSyncCursor(db, userId, result.cursor);
  }

  // Push: the coalesced queue, in batches; each batch's entries go only after its commit.
  const plan = await planPush(db, userId);
  let pushed = 0;
  let commits = 0;
  for (let start = 0; start < plan.length; start += batchSize) {
    const batch = plan.slice(start, start + batchSize);
    await remote.commitWords(
      userId,
      batch.map((planned) => planned.word),
    );
    commits++;
    pushed += batch.length;
    await settleBatch(db, userId, batch);
  }
  return { pushed, pulled, commits };
}
