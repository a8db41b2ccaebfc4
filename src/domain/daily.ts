/** Daily figures for the home dashboard: what was practised today and what is due. */
import { effectiveTime, type HistoryEntry } from './history';
import type { FoldRules } from './memory';
import { isDue } from './srs';
import type { UserWord } from './types';

/** Local midnight of the day containing `now` (the device's time zone). */
export function startOfDay(now: number): number {
  const date = new Date(now);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

/**
 * The production questions (letters, word order, and a phrase said aloud or recorded): their Skip
 * is recorded as a wrong answer.
 */
const PRODUCTION_MODES: readonly string[] = ['spelling', 'word-order', 'spoken', 'self'];

/**
 * Whether a history entry is practice toward the daily goal: an answer, right or wrong. A skip is
 * not (it only marks the word seen, so the word's `lastSeenAt` cannot tell practice from skips).
 * A failed spelling or word order does not count on its own either: SPEC §4 records the spelling's
 * Skip as a wrong answer, the same entry as three mistakes, so counting it would let a session
 * skipped from start to end meet the goal. Every session word has a question first, and a word
 * whose question was answered, or whose spelling or word order came out right, counts.
 */
export function isPractice(entry: Pick<HistoryEntry, 'kind' | 'mode' | 'correct'>): boolean {
  if (entry.kind !== 'answer') return false;
  return !PRODUCTION_MODES.includes(entry.mode ?? '') || entry.correct === true;
}

/**
 * Words practised since the study day began (each word once, by the entry's effective time): the
 * progress counted against the daily goal. The day is the fold's (`rules.dayStart`: the home
 * zone's, from the hour it begins), else the device's calendar day. A word whose record is
 * deleted now does not count.
 */
export function practisedToday(
  entries: Iterable<HistoryEntry>,
  now: number,
  words?: ReadonlyMap<string, UserWord>,
  rules: Pick<FoldRules, 'dayStart'> = {},
): number {
  const since = (rules.dayStart ?? startOfDay)(now);
  const practised = new Set<string>();
  for (const entry of entries) {
    if (practised.has(entry.vocabId) || !isPractice(entry)) continue;
    if (effectiveTime(entry) < since || words?.get(entry.vocabId)?.deleted) continue;
    practised.add(entry.vocabId);
  }
  return practised.size;
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
