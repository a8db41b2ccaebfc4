/**
 * The userWords table: per-user learning state, read-only here. Each record is the cached fold
 * of the word's answer history, written only by the history's write side (history-append,
 * history-merge, history-refold) in the transaction that changed the history.
 */
import type { UserWord, WordStatus } from '@/domain/types';
import { fromStoredUserWord } from './records';
import type { MarineDB, StoredUserWord } from './schema';

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
