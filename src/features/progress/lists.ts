/**
 * The lists of /progress: learned, learning and due (answered at least once and due now), the
 * leeches, and what the learner probably recalls today.
 */
import { LEECH_LAPSES, type MemoryState } from '@/domain/memory';
import { isDue } from '@/domain/srs';
import type { UserWord } from '@/domain/types';

export interface ProgressLists {
  learned: UserWord[];
  learning: UserWord[];
  due: UserWord[];
  /** Distinct words across the three lists (a due word may also be learning or learned). */
  total: number;
}

const newestFirst = (a: UserWord, b: UserWord) => b.updatedAt - a.updatedAt;
const soonestFirst = (a: UserWord, b: UserWord) =>
  (a.nextReviewAt ?? 0) - (b.nextReviewAt ?? 0) || a.vocabId.localeCompare(b.vocabId);

export function progressLists(words: Iterable<UserWord>, now: number): ProgressLists {
  const learned: UserWord[] = [];
  const learning: UserWord[] = [];
  const due: UserWord[] = [];
  const counted = new Set<string>();
  for (const word of words) {
    if (word.deleted) continue;
    if (word.status === 'learned') learned.push(word);
    if (word.status === 'learning') learning.push(word);
    if (word.attempts > 0 && isDue(word, now)) due.push(word);
    if (word.status !== 'new' || (word.attempts > 0 && isDue(word, now))) counted.add(word.vocabId);
  }
  return {
    learned: learned.sort(newestFirst),
    learning: learning.sort(newestFirst),
    due: due.sort(soonestFirst),
    total: counted.size,
  };
}

/** Words failed on LEECH_LAPSES days or more ("leeches"), most lapses first, not deleted. */
export function leechesOf(words: Iterable<UserWord>): UserWord[] {
  const found: UserWord[] = [];
  for (const word of words) {
    if (!word.deleted && (word.lapses ?? 0) >= LEECH_LAPSES) found.push(word);
  }
  return found.sort(
    (a, b) => (b.lapses ?? 0) - (a.lapses ?? 0) || a.vocabId.localeCompare(b.vocabId),
  );
}

export interface RecallFigure {
  /** Learned words (the MAST). */
  learned: number;
  /** Of them, those answered at least once (with a memory state to predict from). */
  withMemory: number;
  /** The expected number of those the learner recalls now: the sum of their recall chances. */
  expected: number;
}

/** The learned words' chances of recall now, before any calibration: worked out once a screen. */
export interface RecallChances {
  /** Learned words (the MAST). */
  learned: number;
  /** A chance for each learned word answered at least once (with a memory state to predict from). */
  chances: number[];
}

/**
 * Each learned word's probability of recall now, by the FSRS memory model (both schedules keep its
 * state). Words ticked learned without an answer have no memory state and are counted apart.
 */
export function recallChances(
  words: Iterable<UserWord>,
  now: number,
  recall: (memory: MemoryState, now: number) => number,
): RecallChances {
  let learned = 0;
  const chances: number[] = [];
  for (const word of words) {
    if (word.deleted || word.status !== 'learned') continue;
    learned++;
    if (!word.memory || word.memory.reps === 0) continue;
    chances.push(recall(word.memory, now));
  }
  return { learned, chances };
}

/**
 * How many learned words the learner probably recalls: the sum of their chances, each scaled by
 * the learner's own calibration (`factor`, domain/exam.ts `learnerCalibration`, as the exam's
 * prediction is; at most 1 a word).
 */
export function expectedRecall({ learned, chances }: RecallChances, factor = 1): RecallFigure {
  let expected = 0;
  for (const chance of chances) expected += Math.min(1, chance * factor);
  return { learned, withMemory: chances.length, expected };
}

/** How many learned words the learner probably recalls now: `recallChances`, then their sum. */
export function recallNow(
  words: Iterable<UserWord>,
  now: number,
  recall: (memory: MemoryState, now: number) => number,
  factor = 1,
): RecallFigure {
  return expectedRecall(recallChances(words, now, recall), factor);
}
