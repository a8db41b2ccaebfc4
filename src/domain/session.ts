/**
 * Session preparation (SPEC §4): which words a quiz session asks.
 *
 * Topics, when given, choose the pool; otherwise division (with the common core every division
 * studies) and role filter it. Hidden and
 * deleted words are skipped. The mode then splits the pool into review and new words
 * (a deliberate deviation: the specification applies the mode only without topics). Review means
 * due by the end of the learner's study day (another deviation: SPEC §4 also counts a weak word
 * not yet due, which then took a step a day early); a studied word not yet due rests and is
 * offered as neither.
 */
import { MIXED_REVIEW_SHARE } from './constants';
import { sample, shuffle } from './random';
import { matchesRole } from './roles';
import { isDue } from './srs';
import { inDivision } from './topics';
import type { DivisionId, Random, SessionMode, UserWord, VocabItem } from './types';

export interface PrepareSessionInput {
  vocab: readonly VocabItem[];
  /** The user's records; a guest passes none. */
  userWords: readonly UserWord[] | ReadonlyMap<string, UserWord>;
  size: number;
  mode: SessionMode;
  /** Topic names, or topic ids of the form `division::name`. */
  topics?: readonly string[];
  division?: DivisionId;
  role?: string;
  now: number;
  /**
   * The last instant of the learner's study day (memory.ts `studyDayEnd`): a word due by then is
   * review. Missing: `now`.
   */
  dueBy?: number;
  random: Random;
}

/** A word is review when it has a record that is due by `dueBy` (the end of the study day). */
export function isReviewWord(word: UserWord | undefined, dueBy: number): boolean {
  if (!word) return false;
  return isDue(word, dueBy);
}

/** A word is new when it has no record: never answered, skipped or ticked. */
export function isNewWord(word: UserWord | undefined): boolean {
  return word === undefined;
}

function toMap(words: PrepareSessionInput['userWords']): ReadonlyMap<string, UserWord> {
  if (!Array.isArray(words)) return words as ReadonlyMap<string, UserWord>;
  const map = new Map<string, UserWord>();
  for (const w of words as readonly UserWord[]) map.set(w.vocabId, w);
  return map;
}

function topicMatcher(topics: readonly string[]): (item: VocabItem) => boolean {
  const wanted = new Set(topics);
  return (item) => wanted.has(item.topic) || wanted.has(`${item.division}::${item.topic}`);
}

/** The candidate words of a session before the mode splits them. */
export function sessionPool(
  input: Pick<PrepareSessionInput, 'vocab' | 'userWords' | 'topics' | 'division' | 'role'>,
): VocabItem[] {
  const records = toMap(input.userWords);
  const inScope =
    input.topics && input.topics.length > 0
      ? topicMatcher(input.topics)
      : (item: VocabItem) =>
          inDivision(item.division, input.division) && matchesRole(item, input.role);
  return input.vocab.filter((item) => {
    const record = records.get(item.id);
    return !record?.hidden && !record?.deleted && inScope(item);
  });
}

/** A pool as the modes see it: review words (due), new words, and words resting until due. */
export interface SplitPool {
  review: VocabItem[];
  fresh: VocabItem[];
  /** Studied words not yet due: no session offers them. */
  resting: VocabItem[];
}

/** Splits a pool the way `prepareSession` does: due by `dueBy` (the study day's end), new, resting. */
export function splitPool(
  pool: readonly VocabItem[],
  userWords: PrepareSessionInput['userWords'],
  dueBy: number,
): SplitPool {
  const records = toMap(userWords);
  const split: SplitPool = { review: [], fresh: [], resting: [] };
  for (const item of pool) {
    const record = records.get(item.id);
    if (isNewWord(record)) split.fresh.push(item);
    else if (isReviewWord(record, dueBy)) split.review.push(item);
    else split.resting.push(item);
  }
  return split;
}

/**
 * How many words a session of `mode` can draw from the split pool, whatever its size: what
 * `prepareSession` would give is never more, and nothing exactly when this is 0 (so the setup
 * screen can refuse to start an empty session and say why).
 */
export function wordsForMode(split: Readonly<SplitPool>, mode: SessionMode): number {
  if (mode === 'review') return split.review.length;
  if (mode === 'new') return split.fresh.length;
  return split.review.length + split.fresh.length;
}

export function prepareSession(input: PrepareSessionInput): VocabItem[] {
  const { size, mode, now, random } = input;
  if (size <= 0) return [];
  const records = toMap(input.userWords);
  const dueBy = Math.max(now, input.dueBy ?? now);
  const { review, fresh } = splitPool(
    sessionPool({ ...input, userWords: records }),
    records,
    dueBy,
  );

  if (mode === 'review') return shuffle(sample(review, size, random), random);
  if (mode === 'new') return shuffle(sample(fresh, size, random), random);

  const reviewWanted = Math.round(size * MIXED_REVIEW_SHARE);
  const reviewTaken = Math.min(reviewWanted, review.length);
  const freshTaken = Math.min(size - reviewTaken, fresh.length);
  // A shortfall of one kind is filled from the other.
  const reviewFinal = Math.min(review.length, size - freshTaken);
  return shuffle(
    [...sample(review, reviewFinal, random), ...sample(fresh, freshTaken, random)],
    random,
  );
}
