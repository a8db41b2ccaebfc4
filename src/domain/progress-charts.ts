/**
 * The figures of the progress charts, drawn from the answer history and the word states. Pure:
 * everything takes `now`. Days are the learner's study days when the fold rules give them
 * (`dayStart`: home zone, from the hour the day begins, the days of the one-step rule and of the
 * daily goal), else the device's calendar days; an entry counts on the day of its effective time
 * (see history.ts).
 */
import { DAY_MS } from './constants';
import { DRILL_KIND } from './drills';
import {
  compareEntries,
  type EntryKey,
  effectiveTime,
  type HistoryEntry,
  isKnownKind,
} from './history';
import { applyEntry, foldStart, foldWord } from './history-fold';
import type { FoldRules } from './memory';
import { newUserWord } from './srs';
import type { UserWord, VocabItem } from './types';

export interface AnswerDay {
  /** The day's start, epoch ms. */
  day: number;
  right: number;
  wrong: number;
}

export interface LearnedDay {
  day: number;
  /** Words learned at the end of the day. */
  learned: number;
}

export interface ForecastDay {
  day: number;
  /** Words that fall due that day (today: also every overdue word). */
  due: number;
}

export interface TopicAccuracy {
  topic: string;
  attempts: number;
  correct: number;
  /** 0..1 */
  accuracy: number;
}

/** Local midnight of the day holding `time`. */
export function startOfDay(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

const HOUR_MS = 3_600_000;

type DayStart = (time: number) => number;

/**
 * The start of the day `offset` days after the one of `time` (clock changes included: days are
 * 23 to 25 hours, so two hours into the day `offset` whole days on is always inside it).
 */
export function dayAfter(time: number, offset: number, startOf: DayStart = startOfDay): number {
  if (startOf === startOfDay) {
    const date = new Date(startOfDay(time));
    date.setDate(date.getDate() + offset);
    return date.getTime();
  }
  return startOf(startOf(time) + offset * DAY_MS + 2 * HOUR_MS);
}

/** `count` consecutive day starts; with `past`, the last is today, else the first is. */
function daysAround(now: number, count: number, past: boolean, startOf?: DayStart): number[] {
  return Array.from({ length: count }, (_, i) => dayAfter(now, past ? i - count + 1 : i, startOf));
}

/** The starts of the chart's last `days` days under the rules' study days, today last. */
export function chartDays(
  now: number,
  days: number,
  rules: Pick<FoldRules, 'dayStart'> = {},
): number[] {
  return daysAround(now, days, true, rules.dayStart);
}

/** Index of the day holding `time` among consecutive day starts, or -1 outside them. */
function dayIndex(days: readonly number[], end: number, time: number): number {
  if (days.length === 0 || time < (days[0] as number) || time >= end) return -1;
  let index = 0;
  while (index + 1 < days.length && time >= (days[index + 1] as number)) index++;
  return index;
}

/**
 * Right and wrong answers per day of the last `days` days (oldest first, today last): the words'
 * answers and the replies picked in radio drills (drills.ts).
 */
export function answersPerDay(
  entries: readonly HistoryEntry[],
  now: number,
  days = 30,
  rules: Pick<FoldRules, 'dayStart'> = {},
): AnswerDay[] {
  const starts = daysAround(now, days, true, rules.dayStart);
  const result = starts.map((day) => ({ day, right: 0, wrong: 0 }));
  const end = dayAfter(now, 1, rules.dayStart);
  const seen = new Set<string>();
  for (const entry of entries) {
    if ((entry.kind !== 'answer' && entry.kind !== DRILL_KIND) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const slot = result[dayIndex(starts, end, effectiveTime(entry))];
    if (!slot) continue;
    if (entry.correct) slot.right++;
    else slot.wrong++;
  }
  return result;
}

/**
 * Words learned at the end of each of the last `days` days: for each day, the fold of every
 * word's entries that had happened by then (baselines from their own time). A word whose
 * entries happened in history order (the usual case) is replayed once, day by day; one whose
 * clocks disagreed is folded afresh for each day. `rules`: the learner's (one step a day, their
 * schedule), so the last day matches the rank.
 */
export function learnedOverTime(
  userId: string,
  entries: readonly HistoryEntry[],
  now: number,
  days = 30,
  rules: FoldRules = {},
): LearnedDay[] {
  return learnedSeries(userId, entries, now, days, rules).learned;
}

/** A word's state folded over its entries before a cut, and the last of them in history order. */
export interface WordAtCut {
  state: UserWord;
  last: EntryKey;
  /**
   * A word with a baseline: the calibration's state (exam.ts `calibrationDays` folds the word
   * without its baselines, the chart from them). Its entries after the cut must be in order.
   */
  calState?: UserWord;
}

/** Where the learned series goes on from (`from`) and where it marks the words' states (`cut`). */
export interface SeriesCut {
  /**
   * Where the series goes on from (fold-checkpoint.ts): the words' states over their entries
   * before an earlier cut, a day's start, every entry given coming after its word's `last` in
   * history order (none a baseline, none before the cut), and the counts of the days that ended
   * by then, by their start: each day's count is then the same as from the whole history.
   */
  from?: {
    cut: number;
    words: ReadonlyMap<string, WordAtCut>;
    learned: ReadonlyMap<number, number>;
  };
  /** An effective time: the words' states over their entries before it are returned. */
  cut?: number;
}

/**
 * `learnedOverTime`, going on from `from`, with each word's state over its entries before `cut`
 * (`atCut`; null when a word's entries before and after the cut interleave in history order, or a
 * baseline is among them: no state there stands for the history before it).
 */
export function learnedSeries(
  userId: string,
  entries: readonly HistoryEntry[],
  now: number,
  days: number,
  rules: FoldRules,
  { from, cut }: SeriesCut = {},
): { learned: LearnedDay[]; atCut: Map<string, WordAtCut> | null } {
  const starts = daysAround(now, days, true, rules.dayStart);
  const ends = starts.map((day) => dayAfter(day, 1, rules.dayStart));
  const counts = starts.map(() => 0);
  const byWord = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    const list = byWord.get(entry.vocabId);
    if (list) list.push(entry);
    else byWord.set(entry.vocabId, [entry]);
  }
  for (const vocabId of from?.words.keys() ?? []) {
    if (!byWord.has(vocabId)) byWord.set(vocabId, []);
  }
  // The days that ended by the cut gone on from are counted there.
  const live = ends.map((end) => from === undefined || end > from.cut);
  let atCut: Map<string, WordAtCut> | null = cut === undefined ? null : new Map();
  const isLearned = (word: UserWord) => word.status === 'learned' && !word.deleted;
  const firstEnd = ends[0] as number;
  for (const [vocabId, list] of byWord) {
    const baselines = list.filter((entry) => entry.kind === 'baseline');
    const steps = list.filter((entry) => entry.kind !== 'baseline').sort(compareEntries);
    const times = steps.map(effectiveTime);
    const inOrder = times.every((time, i) => i === 0 || time >= (times[i - 1] as number));
    const before = from?.words.get(vocabId);
    const inTurn = inOrder && baselines.every((entry) => effectiveTime(entry) < firstEnd);
    // A word with a baseline is marked only replayed in turn, every baseline before the cut and
    // before its steps after it in the history order.
    if (baselines.length > 0 && (!inTurn || !baselinesBefore(baselines, steps, cut))) atCut = null;
    if (atCut && cut !== undefined && !inTurn) {
      const marked = wordAtCut(userId, vocabId, steps, cut, rules, before);
      if (marked === null) atCut = null;
      else if (marked) atCut.set(vocabId, marked);
    }
    if (inTurn) {
      // Replayed once, day by day; from `before` when given (every entry here comes after its
      // state: the caller's promise), marked at the cut on the way.
      // From the baseline the word's fold starts from: one its own steps reproduce is skipped
      // (history-fold `coveredByHistory`), so the last day counts as the rank does.
      let word = before ? before.state : inTurnStart(userId, vocabId, baselines, steps, rules);
      let next = 0;
      let marking = atCut !== null && cut !== undefined;
      const mark = () => {
        while (next < steps.length && (times[next] as number) < (cut as number)) {
          word = applyEntry(word, steps[next] as HistoryEntry, rules);
          next++;
        }
        const below = [...baselines, ...steps.slice(0, next)].sort(compareEntries);
        const last = below[below.length - 1];
        if (last) {
          const calState =
            baselines.length > 0
              ? calibrationState(below, rules)
              : before?.calState &&
                steps
                  .slice(0, next)
                  .reduce((state, step) => applyEntry(state, step, rules), before.calState);
          atCut?.set(vocabId, {
            state: word,
            last: keyOf(last),
            ...(calState ? { calState } : {}),
          });
        } else if (before) atCut?.set(vocabId, before);
        marking = false;
      };
      for (const [index, end] of ends.entries()) {
        if (marking && end > (cut as number)) mark();
        while (next < steps.length && (times[next] as number) < end) {
          word = applyEntry(word, steps[next] as HistoryEntry, rules);
          next++;
        }
        if (live[index] && (before || baselines.length > 0 || next > 0) && isLearned(word)) {
          counts[index] = (counts[index] ?? 0) + 1;
        }
      }
      if (marking) mark();
      continue;
    }
    if (before) {
      for (const [index, end] of ends.entries()) {
        if (!live[index]) continue;
        let word = before.state;
        for (const [at, step] of steps.entries()) {
          if ((times[at] as number) < end) word = applyEntry(word, step, rules);
        }
        if (isLearned(word)) counts[index] = (counts[index] ?? 0) + 1;
      }
      continue;
    }
    for (const [index, end] of ends.entries()) {
      const happened = list.filter((entry) => effectiveTime(entry) < end);
      if (happened.length > 0 && isLearned(foldWord(userId, vocabId, happened, rules))) {
        counts[index] = (counts[index] ?? 0) + 1;
      }
    }
  }
  const learned = starts.map((day, index) => ({
    day,
    learned: live[index] ? (counts[index] ?? 0) : (from?.learned.get(day) ?? 0),
  }));
  return { learned, atCut };
}

const keyOf = ({ hlc, device, id }: EntryKey): EntryKey => ({ hlc, device, id });

/** Where a word replayed in turn starts: history-fold `foldStart` over its baselines and steps. */
function inTurnStart(
  userId: string,
  vocabId: string,
  baselines: readonly HistoryEntry[],
  steps: readonly HistoryEntry[],
  rules: FoldRules,
): UserWord {
  const snapshots = baselines.flatMap((entry) =>
    entry.snapshot ? [{ id: entry.id, snapshot: entry.snapshot }] : [],
  );
  // No baseline: a new word (its date is its first step's once that is replayed).
  if (snapshots.length === 0) return foldWord(userId, vocabId, [], rules);
  const known = steps.filter((step) => isKnownKind(step.kind));
  return foldStart(userId, vocabId, snapshots, known, rules);
}

/** Whether every baseline is dated before `cut` and sorts before each step dated at or after it. */
function baselinesBefore(
  baselines: readonly HistoryEntry[],
  steps: readonly HistoryEntry[],
  cut: number | undefined,
): boolean {
  if (cut === undefined) return true;
  const after = steps.filter((step) => effectiveTime(step) >= cut);
  return baselines.every(
    (baseline) =>
      effectiveTime(baseline) < cut && after.every((step) => compareEntries(baseline, step) < 0),
  );
}

/**
 * A word's state as the calibration folds it (exam.ts `calibrationDays`): from a new word dated
 * by its first entry, every entry of a kind this version knows applied in history order (a
 * baseline changes nothing there). `entries`: sorted.
 */
function calibrationState(
  entries: readonly HistoryEntry[],
  rules: FoldRules,
): UserWord | undefined {
  const first = entries[0];
  if (!first) return undefined;
  let word: UserWord = { ...newUserWord(first.userId, first.vocabId, first.wall), deleted: false };
  for (const entry of entries) if (isKnownKind(entry.kind)) word = applyEntry(word, entry, rules);
  return word;
}

/**
 * A word's state over its `steps` (sorted, no baseline) before `cut`, gone on from `before`:
 * undefined when nothing of it comes before the cut, null when a step before it sorts after one
 * at or past it (the state would not stand for a first part of the word's history).
 */
function wordAtCut(
  userId: string,
  vocabId: string,
  steps: readonly HistoryEntry[],
  cut: number,
  rules: FoldRules,
  before: WordAtCut | undefined,
): WordAtCut | null | undefined {
  // A word with a baseline goes on only replayed in turn (`learnedSeries`).
  if (before?.calState) return null;
  let past = false;
  const below: HistoryEntry[] = [];
  for (const step of steps) {
    if (effectiveTime(step) >= cut) past = true;
    else if (past) return null;
    else below.push(step);
  }
  const last = below[below.length - 1];
  if (!last) return before;
  const state = before
    ? below.reduce((word, step) => applyEntry(word, step, rules), before.state)
    : foldWord(userId, vocabId, below, rules);
  return { state, last: keyOf(last) };
}

/** How many studied words fall due on each of the next `days` days (today first). */
export function reviewForecast(
  words: Iterable<UserWord>,
  now: number,
  days = 14,
  rules: Pick<FoldRules, 'dayStart'> = {},
): ForecastDay[] {
  const starts = daysAround(now, days, false, rules.dayStart);
  const result = starts.map((day) => ({ day, due: 0 }));
  const end = dayAfter(now, days, rules.dayStart);
  for (const word of words) {
    if (word.status === 'new' || word.hidden || word.deleted) continue;
    if (word.nextReviewAt === undefined) continue;
    const slot =
      word.nextReviewAt < (starts[0] as number)
        ? result[0]
        : result[dayIndex(starts, end, word.nextReviewAt)];
    if (slot) slot.due++;
  }
  return result;
}

/** Accuracy per topic over the studied words, the most answered topics first (at most `limit`). */
export function accuracyByTopic(
  words: Iterable<UserWord>,
  vocabById: ReadonlyMap<string, VocabItem>,
  limit = 8,
): TopicAccuracy[] {
  const byTopic = new Map<string, { attempts: number; correct: number }>();
  for (const word of words) {
    if (word.deleted || word.attempts <= 0) continue;
    const topic = vocabById.get(word.vocabId)?.topic;
    if (!topic) continue;
    const sum = byTopic.get(topic) ?? { attempts: 0, correct: 0 };
    sum.attempts += word.attempts;
    sum.correct += Math.min(word.correct, word.attempts);
    byTopic.set(topic, sum);
  }
  return [...byTopic.entries()]
    .map(([topic, sum]) => ({ topic, ...sum, accuracy: sum.correct / sum.attempts }))
    .sort((a, b) => b.attempts - a.attempts || a.topic.localeCompare(b.topic))
    .slice(0, limit);
}
