/**
 * The progress figures (answers per day, learned words over time, the memory model's calibration)
 * from a learner's history, and a checkpoint to go on from at the start of the study day: each
 * word's state over its entries before it, and what the days before it gave each figure (their
 * answers, their learned words, their calibration sums). The figures of a later moment then need
 * only the entries at or after the cut (today's, on the same study day) and the checkpoint, and
 * they are the same as from the whole history (`unit/domain/fold-checkpoint.property.test.ts`)
 * while nothing before the cut changed and every entry after it sorts after its word's state
 * (`goesOn`). Pure.
 */
import { type Calibration, type CalibrationDay, calibrationDays, calibrationOf } from './exam';
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

/** What a chart's day gave, kept for the days before a checkpoint's cut. */
export interface KeptDay {
  right: number;
  wrong: number;
  /** Words learned at the day's end. */
  learned: number;
}

export interface FoldCheckpoint {
  /** The start of a study day (effective time): the states are of the entries before it. */
  cut: number;
  /** The calibration window's start when it was made: it serves windows starting there or later. */
  since: number;
  /** How many entries came before the cut. */
  entries: number;
  /** The states of the words with entries before the cut. */
  words: ReadonlyMap<string, WordAtCut>;
  /** The chart's days before the cut, by their start. */
  days: ReadonlyMap<number, KeptDay>;
  /** The calibration's sums of the study days before the cut and from `since`, by `dayOf`. */
  calibration: ReadonlyMap<number, CalibrationDay>;
}

export interface FiguresFold {
  /** How many entries the history holds. */
  entries: number;
  answers: AnswerDay[];
  learned: LearnedDay[];
  calibration: Calibration;
  /** The checkpoint at `cut`, or null when no state there stands for the history before it. */
  checkpoint: FoldCheckpoint | null;
}

export interface FiguresWindow {
  /** The chart's days, today last. */
  days: number;
  /** The first instant whose answers calibrate the model: a study day's start. */
  since: number;
  /** Where to mark the next checkpoint: the start of today's study day. */
  cut: number;
  /** The checkpoint the entries go on from (`fits`, `goesOn`). */
  from?: FoldCheckpoint;
}

/**
 * Whether the figures of this window may go on from the checkpoint: it was made on this study
 * day or before, for a window starting no later, and holds every chart day before its cut.
 */
export function fits(from: FoldCheckpoint, window: FiguresWindow, dayStarts: number[]): boolean {
  if (from.cut > window.cut || from.since > window.since) return false;
  return dayStarts.every((day) => day >= from.cut || from.days.has(day));
}

/**
 * Whether `entries` (those at or after the checkpoint's cut) go on from it: no baseline (a fold
 * starts from one, history-fold `foldWord`), and every entry after its word's state in history
 * order, a word with a baseline's dated in that order. Else the figures are worked out from the
 * whole history.
 */
export function goesOn(from: FoldCheckpoint, entries: readonly HistoryEntry[]): boolean {
  const based = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    if (entry.kind === 'baseline' || effectiveTime(entry) < from.cut) return false;
    const word = from.words.get(entry.vocabId);
    if (word && compareEntries(entry, word.last) <= 0) return false;
    if (word?.calState) {
      const list = based.get(entry.vocabId);
      if (list) list.push(entry);
      else based.set(entry.vocabId, [entry]);
    }
  }
  // A word with a baseline is replayed in turn: its entries after the cut dated in their order.
  for (const list of based.values()) {
    const times = list.sort(compareEntries).map(effectiveTime);
    if (times.some((time, i) => i > 0 && time < (times[i - 1] as number))) return false;
  }
  return true;
}

/**
 * The figures of `entries` (the whole history, or with `from` those at or after its cut) on the
 * study day of `now`, and the checkpoint at `window.cut`. `rules` give the study days.
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
  const dayOf = rules.dayOf ?? (() => 0);
  const kept = (day: number) => from?.days.get(day);
  const { learned, atCut } = learnedSeries(userId, entries, now, days, rules, {
    from: from && {
      cut: from.cut,
      words: from.words,
      learned: new Map([...from.days].map(([day, { learned }]) => [day, learned])),
    },
    cut,
  });
  const answers = answersPerDay(entries, now, days, rules).map(({ day, right, wrong }) => ({
    day,
    right: right + (kept(day)?.right ?? 0),
    wrong: wrong + (kept(day)?.wrong ?? 0),
  }));
  const sums = calibrationDays(entries, rules, model, since, from?.words);
  if (from) {
    const [first, last] = [dayOf(since), dayOf(from.cut)];
    for (const [day, daySums] of from.calibration) {
      if (day >= first && day < last) sums.set(day, daySums);
    }
  }
  let before = from?.entries ?? 0;
  for (const entry of entries) if (effectiveTime(entry) < cut) before++;
  const cutDay = dayOf(cut);
  return {
    entries: (from?.entries ?? 0) + entries.length,
    answers,
    learned,
    calibration: calibrationOf(sums),
    checkpoint:
      !atCut || !rules.dayOf
        ? null
        : {
            cut,
            since,
            entries: before,
            words: atCut,
            days: new Map(
              answers
                .map((day, index) => [day, learned[index]?.learned ?? 0] as const)
                .filter(([{ day }]) => day < cut)
                .map(([{ day, right, wrong }, count]) => [day, { right, wrong, learned: count }]),
            ),
            calibration: new Map([...sums].filter(([day]) => day < cutDay)),
          },
  };
}
