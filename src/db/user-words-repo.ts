/** The userWords table: per-user learning state, its queries, and atomic writes with their sync-queue entries. */
import { newId } from '@/domain/ids';
import type { SyncQueueEntry, UserWord, WordStatus } from '@/domain/types';
import { fromStoredUserWord, toStoredUserWord } from './records';
import type { MarineDB, StoredUserWord } from './schema';

export interface SaveUserWordOptions {
  /** Also write a sync-queue entry, in the same transaction. */
  enqueue: boolean;
  /** The queue entry's createdAt (epoch ms); required when enqueue is true. */
  now?: number;
  /** The queue entry's id; generated with `newId()` when omitted. */
  id?: string;
}

export interface SaveUserWordsOptions {
  enqueue: boolean;
  now?: number;
  /** One queue-entry id per word, in order; generated when omitted. */
  ids?: readonly string[];
}

export async function getUserWord(
  db: MarineDB,
  userId: string,
  vocabId: string,
): Promise<UserWord | undefined> {
  const stored = await db.get('userWords', [userId, vocabId]);
  return stored && fromStoredUserWord(stored);
}

/** The user's words; soft-deleted ones only when `includeDeleted`. */
export async function listUserWords(
  db: MarineDB,
  userId: string,
  options: { includeDeleted?: boolean } = {},
): Promise<UserWord[]> {
  const stored = await db.getAllFromIndex('userWords', 'userId', userId);
  return stored
    .filter((record) => options.includeDeleted || record.deleted !== 1)
    .map(fromStoredUserWord);
}

/**
 * Words due at `now`: nextReviewAt <= now (from the 'nextReviewAt' index) or no nextReviewAt at
 * all (records the index does not hold, found through the 'userId' index). Hidden and
 * soft-deleted words are excluded. Ordered by nextReviewAt, unscheduled words last.
 */
export async function listDueUserWords(
  db: MarineDB,
  userId: string,
  now: number,
): Promise<UserWord[]> {
  const tx = db.transaction('userWords');
  const byNextReview = tx.store.index('nextReviewAt');
  const [scheduledDue, userKeys, scheduledKeys] = await Promise.all([
    byNextReview.getAll(IDBKeyRange.upperBound(now)),
    tx.store.index('userId').getAllKeys(userId),
    byNextReview.getAllKeys(),
  ]);
  const scheduledVocabIds = new Set(
    scheduledKeys.filter(([uid]) => uid === userId).map(([, vocabId]) => vocabId),
  );
  const unscheduled = await Promise.all(
    userKeys
      .filter(([, vocabId]) => !scheduledVocabIds.has(vocabId))
      .map((key) => tx.store.get(key)),
  );
  await tx.done;
  return [...scheduledDue.filter((record) => record.userId === userId), ...unscheduled]
    .filter((record): record is StoredUserWord => record !== undefined)
    .filter((record) => record.deleted !== 1 && record.hidden !== 1)
    .map(fromStoredUserWord);
}

/**
 * The user's words with updatedAt strictly after `since`, soft-deleted ones included (for sync),
 * in updatedAt order.
 */
export async function listUserWordsUpdatedSince(
  db: MarineDB,
  userId: string,
  since: number,
): Promise<UserWord[]> {
  const stored = await db.getAllFromIndex(
    'userWords',
    'updatedAt',
    IDBKeyRange.lowerBound(since, true),
  );
  return stored.filter((record) => record.userId === userId).map(fromStoredUserWord);
}

/** How many of the user's (not soft-deleted) words are in each status. */
export async function countByStatus(
  db: MarineDB,
  userId: string,
): Promise<Record<WordStatus, number>> {
  const counts: Record<WordStatus, number> = { new: 0, learning: 0, learned: 0 };
  for (const record of await db.getAllFromIndex('userWords', 'userId', userId)) {
    if (record.deleted !== 1 && record.status in counts) counts[record.status]++;
  }
  return counts;
}

/**
 * Writes user words and, when `enqueue`, one upsert queue entry per word, all in ONE transaction
 * over userWords + syncQueue. A word given without remoteId keeps the stored remoteId (so a
 * stale in-memory copy cannot erase it); the queue payload is the word as stored. Returns the
 * stored words.
 */
export async function saveUserWords(
  db: MarineDB,
  words: readonly UserWord[],
  options: SaveUserWordsOptions,
): Promise<UserWord[]> {
  const { enqueue, now, ids } = options;
  if (enqueue && now === undefined) throw new Error('saveUserWords: `now` is required to enqueue');
  if (ids && ids.length !== words.length) throw new Error('saveUserWords: one id per word');
  const tx = db.transaction(['userWords', 'syncQueue'], 'readwrite');
  const userWords = tx.objectStore('userWords');
  const queue = tx.objectStore('syncQueue');
  const existing = await Promise.all(
    words.map((word) =>
      word.remoteId === undefined ? userWords.get([word.userId, word.vocabId]) : undefined,
    ),
  );
  const saved: UserWord[] = [];
  const writes: Promise<unknown>[] = [];
  for (const [index, word] of words.entries()) {
    const keptRemoteId = existing[index]?.remoteId;
    const stored = toStoredUserWord(
      keptRemoteId === undefined ? word : { ...word, remoteId: keptRemoteId },
    );
    const domain = fromStoredUserWord(stored);
    writes.push(userWords.put(stored));
    if (enqueue) {
      const entry: SyncQueueEntry = {
        id: ids?.[index] ?? newId(),
        entity: 'userWords',
        op: 'upsert',
        payload: domain,
        createdAt: now as number,
      };
      if (domain.remoteId !== undefined) entry.remoteId = domain.remoteId;
      writes.push(queue.add(entry));
    }
    saved.push(domain);
  }
  await Promise.all([...writes, tx.done]);
  return saved;
}

/** One word; see `saveUserWords`. With `enqueue` the word and its queue entry are written atomically. */
export async function saveUserWord(
  db: MarineDB,
  word: UserWord,
  options: SaveUserWordOptions,
): Promise<UserWord> {
  const { id, ...rest } = options;
  const [saved] = await saveUserWords(db, [word], id === undefined ? rest : { ...rest, ids: [id] });
  return saved as UserWord;
}

/** Writes a word received from the cloud, as is, without a queue entry. */
export async function putRemoteUserWord(db: MarineDB, word: UserWord): Promise<void> {
  await db.put('userWords', toStoredUserWord(word));
}

/**
 * Applies words received from the cloud in one transaction, each only if the local copy is
 * missing or older by updatedAt (SPEC §7). No queue entries. Returns the words applied.
 */
export async function mergeRemoteUserWords(
  db: MarineDB,
  words: readonly UserWord[],
): Promise<UserWord[]> {
  const tx = db.transaction('userWords', 'readwrite');
  const locals = await Promise.all(words.map((word) => tx.store.get([word.userId, word.vocabId])));
  const applied: UserWord[] = [];
  const writes: Promise<unknown>[] = [];
  for (const [index, word] of words.entries()) {
    const local = locals[index];
    if (local && local.updatedAt >= word.updatedAt) continue;
    const stored = toStoredUserWord(word);
    writes.push(tx.store.put(stored));
    applied.push(fromStoredUserWord(stored));
  }
  await Promise.all([...writes, tx.done]);
  return applied;
}

/** Records the cloud document id of a word without touching anything else (no queue entry). */
export async function setUserWordRemoteId(
  db: MarineDB,
  userId: string,
  vocabId: string,
  remoteId: string,
): Promise<boolean> {
  const tx = db.transaction('userWords', 'readwrite');
  const stored = await tx.store.get([userId, vocabId]);
  if (stored) await tx.store.put({ ...stored, remoteId });
  await tx.done;
  return stored !== undefined;
}
