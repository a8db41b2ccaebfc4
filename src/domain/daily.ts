/** Daily figures for the home dashboard: what was studied today and what is due. */
import { isDue } from './srs';
import type { UserWord } from './types';

/** Local midnight of the day containing `now` (the device's time zone). */
export function startOfDay(now: number): number {
  const date = new Date(now);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/** Words answered or skipped since local midnight: the progress counted against the daily goal. */
export function studiedToday(words: Iterable<UserWord>, now: number): number {
  const since = startOfDay(now);
  let count = 0;
  for (const word of words) if (!word.deleted && (word.lastSeenAt ?? 0) >= since) count += 1;
  return count;
}

/** Words due for review now (not hidden or deleted, and at least once answered). */
export function dueCount(words: Iterable<UserWord>, now: number): number {
  let count = 0;
  for (const word of words) if (word.attempts > 0 && isDue(word, now)) count += 1;
  return count;
}

/** Words whose status is learned (soft-deleted ones excluded): the MAST count of the rank. */
export function learnedCount(words: Iterable<UserWord>): number {
  let count = 0;
  for (const word of words) if (!word.deleted && word.status === 'learned') count += 1;
  return count;
}

/**
 * Words of the whole vocabulary not yet learned: what a learner can still learn for the rank.
 * Every division counts (a learner may study outside their own division and role).
 */
export function learnableCount(
  vocab: Iterable<{ id: string; retired?: boolean }>,
  words: ReadonlyMap<string, UserWord>,
): number {
  let count = 0;
  for (const item of vocab) {
    if (item.retired) continue;
    const word = words.get(item.id);
    if (!word || word.deleted || word.status !== 'learned') count += 1;
  }
  return count;
}
