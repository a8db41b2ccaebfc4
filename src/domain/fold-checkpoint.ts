/**
 * The progress figures (answers per day, learned words over time, the memory model's calibration)
 * from a learner's history, and a checkpoint to go on from: each word's state over its entries
 * before a cut, an effective time no later than the start of every window the figures look at.
 * The figures of a later day then need only the entries at or after the cut (a month of a year's
 * history) and the checkpoint's states, and they are the same as from the whole history
 * (`unit/domain/fold-checkpoint.property.test.ts`) while nothing before the cut changed and every
 * entry after it sorts after its word's state (`goesOn`). Pure.
 */
import { type Calibration, learnerCalibration } from './exam';
import { compareEntries, effectiveTime, type HistoryEntry } from './history';
import type { FoldRules, MemoryModel } from './memory';
import {
  type AnswerDay,
  answersPerDay,
  type LearnedDay,
  learnedSeries,
  type WordAtCut,
} from './progress-charts';

export type { WordAtCut };

export interface FoldCheckpoint {
  /** Effective time: the states are of the entries before it. */
  cut: number;
  /** How many entries came before the cut. */
  entries: number;
  /** The states of the words with entries before the cut. */
  words: ReadonlyMap<string, WordAtCut>;
}

export interface FiguresFold {
  /** How many entries the history holds. */
  entries: number;
  answers: AnswerDay[];
  learned: LearnedDay[];
  calibration: Calibration;
  /** The states at `cut`, or null when no state there stands for the history before it. */
  checkpoint: FoldCheckpoint | null;
}

export interface FiguresWindow {
  /** The chart's days, today last. */
  days: number;
  /** The first instant whose answers calibrate the model. */
  since: number;
  /** Where to mark the next checkpoint: at most `since`, and before the chart's first day ends. */
  cut: number;
  /** The checkpoint the entries go on from (`goesOn`); its cut at most `cut`. */
  from?: FoldCheckpoint;
}

/**
 * Whether `entries` (those at or after the checkpoint's cut) go on from it: no baseline (a fold
 * starts from one, history-fold `foldWord`), and every entry after its word's state in history
 * order. Else the figures are worked out from the whole history.
 */
export function goesOn(from: FoldCheckpoint, entries: readonly HistoryEntry[]): boolean {
  for (const entry of entries) {
    if (entry.kind === 'baseline' || effectiveTime(entry) < from.cut) return false;
    const word = from.words.get(entry.vocabId);
    if (word && compareEntries(entry, word.last) <= 0) return false;
  }
  return true;
}

/**
 * The figures of `entries` (the whole history, or with `from` those at or after its cut) on the
 * study day of `now`, and the checkpoint at `window.cut`.
 */
export function foldFigures(
  userId: string,
  entries: readonly HistoryEntry[],
  now: number,
  rules: FoldRules,
  model: MemoryModel,
  window: FiguresWindow,
): FiguresFold {
  const { days, since, cut, from } = window;
  const { learned, atCut } = learnedSeries(userId, entries, now, days, rules, {
    from: from?.words,
    cut,
  });
  let before = from?.entries ?? 0;
  for (const entry of entries) if (effectiveTime(entry) < cut) before++;
  return {
    entries: (from?.entries ?? 0) + entries.length,
    answers: answersPerDay(entries, now, days, rules),
    learned,
    calibration: learnerCalibration(entries, rules, model, since, from?.words),
    checkpoint: atCut ? { cut, entries: before, words: atCut } : null,
  };
}
