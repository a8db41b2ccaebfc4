/**
 * The exam by role: drawn at random from the role's curriculum with a fixed composition per
 * section, answered without feedback, scored overall, per section and per topic against a pass
 * mark; and the score predicted beforehand from the learner's memory of the exam's pool.
 * Pure: the screens, the store and the history entry that keeps a result build on it.
 */
import { CHOICE_OPTION_COUNT } from './constants';
import { compareEntries, effectiveTime, type HistoryEntry, isKnownKind } from './history';
import { applyEntry } from './history-fold';
import type { FoldRules, MemoryModel } from './memory';
import { buildChoices, kindOf } from './quiz';
import { sample, shuffle } from './random';
import { matchesRole } from './roles';
import { newUserWord } from './srs';
import { inDivision } from './topics';
import type { Direction, DivisionId, Random, UserWord, VocabItem } from './types';

/**
 * The parts of an exam. Terms, orders and phrases are read (Russian to English and back);
 * listening plays the English and asks for the Russian, only where the device has an English voice.
 */
export type ExamSection = 'terms' | 'orders' | 'phrases' | 'listening';
export const EXAM_SECTIONS: readonly ExamSection[] = ['terms', 'orders', 'phrases', 'listening'];

/** What an admin sets per role; `EXAM_DEFAULTS` where nothing is set. */
export interface ExamConfig {
  questions: number;
  minutes: number;
  /** The share of questions to answer right to pass, 0..1. */
  passMark: number;
  /** The sections that count, in this order. */
  sections: ExamSection[];
}

/** An admin's composition for one post, keyed by the role's id, as stored and shared. */
export interface ExamSetting extends ExamConfig {
  id: string;
  division: DivisionId;
  role: string;
}

export const EXAM_DEFAULTS: ExamConfig = {
  questions: 40,
  minutes: 30,
  passMark: 0.7,
  sections: [...EXAM_SECTIONS],
};

export const EXAM_LIMITS = {
  questions: { min: 10, max: 100 },
  minutes: { min: 5, max: 120 },
  passMark: { min: 0.3, max: 1 },
} as const;

const clampInt = (value: unknown, { min, max }: { min: number; max: number }, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value)
    ? Math.min(max, Math.max(min, Math.round(value)))
    : fallback;

/** A stored or entered configuration made valid: unknown sections dropped, numbers in range. */
export function normalizeExamConfig(
  raw: Partial<Record<keyof ExamConfig, unknown>> = {},
): ExamConfig {
  const sections = Array.isArray(raw.sections)
    ? EXAM_SECTIONS.filter((section) => (raw.sections as unknown[]).includes(section))
    : EXAM_DEFAULTS.sections;
  const passMark =
    typeof raw.passMark === 'number' && Number.isFinite(raw.passMark)
      ? Math.min(EXAM_LIMITS.passMark.max, Math.max(EXAM_LIMITS.passMark.min, raw.passMark))
      : EXAM_DEFAULTS.passMark;
  return {
    questions: clampInt(raw.questions, EXAM_LIMITS.questions, EXAM_DEFAULTS.questions),
    minutes: clampInt(raw.minutes, EXAM_LIMITS.minutes, EXAM_DEFAULTS.minutes),
    passMark: Math.round(passMark * 100) / 100,
    sections: sections.length ? sections : [...EXAM_DEFAULTS.sections],
  };
}

/**
 * The role's curriculum, which an exam draws from: the words of its division (with the common
 * core every division studies) meant for the role, retired words left out. Words the learner hid
 * still count: an exam measures the curriculum, not the learner's choice.
 */
export function examPool(
  vocab: readonly VocabItem[],
  division: DivisionId,
  role: string,
): VocabItem[] {
  return vocab.filter(
    (item) => !item.retired && inDivision(item.division, division) && matchesRole(item, role),
  );
}

/** The section a word is asked in when it is read. */
export function readingSection(item: Pick<VocabItem, 'kind' | 'langA' | 'langB'>): ExamSection {
  const kind = kindOf(item);
  return kind === 'term' ? 'terms' : kind === 'order' ? 'orders' : 'phrases';
}

export interface ExamQuestion {
  section: ExamSection;
  vocabId: string;
  topic: string;
  direction: Direction;
  prompt: string;
  options: string[];
  answer: string;
}

/**
 * How many questions each counted section gets: an equal share, a section with too few words
 * giving what it cannot use to the others (filled from the smallest section up).
 */
export function sectionQuota(
  total: number,
  available: ReadonlyMap<ExamSection, number>,
): Map<ExamSection, number> {
  const open = [...available].filter(([, count]) => count > 0);
  let left = Math.min(
    total,
    open.reduce((sum, [, count]) => sum + count, 0),
  );
  const quota = new Map<ExamSection, number>();
  const smallestFirst = [...open].sort((a, b) => a[1] - b[1]);
  smallestFirst.forEach(([section, count], index) => {
    const give = Math.min(count, Math.floor(left / (smallestFirst.length - index)));
    left -= give;
    quota.set(section, give);
  });
  // In the sections' own order, as the map lists them.
  return new Map(open.map(([section]) => [section, quota.get(section) ?? 0]));
}

/**
 * Draws an exam from `pool` (the role's curriculum): the sections of `config` that have words (and,
 * for listening, a voice), each with its quota of distinct words; within the reading sections the
 * direction alternates at random; the questions are shuffled. Every question has
 * `CHOICE_OPTION_COUNT` options built as the quizzes build them (`buildChoices`), from the whole
 * vocabulary `vocab`. A word is asked at most once.
 */
export function composeExam(
  pool: readonly VocabItem[],
  vocab: readonly VocabItem[],
  config: ExamConfig,
  random: Random,
  options: { canListen: boolean },
): ExamQuestion[] {
  const usable = pool.filter((item) => !item.retired);
  const bySection = new Map<ExamSection, VocabItem[]>();
  for (const section of config.sections) {
    if (section === 'listening' && !options.canListen) continue;
    bySection.set(
      section,
      section === 'listening' ? usable : usable.filter((item) => readingSection(item) === section),
    );
  }
  const quota = sectionQuota(
    config.questions,
    new Map([...bySection].map(([section, items]) => [section, items.length])),
  );
  const used = new Set<string>();
  const questions: ExamQuestion[] = [];
  // Listening draws last, from the words the reading sections left.
  const order = [...quota.keys()].sort((a, b) =>
    a === 'listening' ? 1 : b === 'listening' ? -1 : 0,
  );
  for (const section of order) {
    const free = (bySection.get(section) ?? []).filter((item) => !used.has(item.id));
    for (const item of sample(free, quota.get(section) ?? 0, random)) {
      used.add(item.id);
      const direction: Direction =
        section === 'listening' ? 'en-ru' : random() < 0.5 ? 'ru-en' : 'en-ru';
      const choices = buildChoices(item, vocab, direction, random);
      questions.push({
        section,
        vocabId: item.id,
        topic: item.topic,
        direction,
        prompt: choices.prompt,
        options: choices.options,
        answer: choices.answer,
      });
    }
  }
  return shuffle(questions, random);
}

export interface Tally {
  correct: number;
  total: number;
}

export interface ExamScore {
  correct: number;
  total: number;
  /** 0..100, whole. */
  percent: number;
  passed: boolean;
  bySection: Partial<Record<ExamSection, Tally>>;
  byTopic: Record<string, Tally>;
  /** Indexes of the questions answered wrong or not at all. */
  missed: number[];
}

/** Scores `answers` (an option per question, null for none: time ran out) against `passMark`. */
export function scoreExam(
  questions: readonly ExamQuestion[],
  answers: readonly (string | null)[],
  passMark: number,
): ExamScore {
  const bySection: Partial<Record<ExamSection, Tally>> = {};
  const byTopic: Record<string, Tally> = {};
  const missed: number[] = [];
  let correct = 0;
  questions.forEach((question, index) => {
    const right = answers[index] === question.answer;
    if (right) correct++;
    else missed.push(index);
    const section = bySection[question.section] ?? { correct: 0, total: 0 };
    const topic = byTopic[question.topic] ?? { correct: 0, total: 0 };
    bySection[question.section] = section;
    byTopic[question.topic] = topic;
    section.total++;
    topic.total++;
    if (right) {
      section.correct++;
      topic.correct++;
    }
  });
  const total = questions.length;
  const percent = total ? Math.round((correct / total) * 100) : 0;
  return {
    correct,
    total,
    percent,
    passed: total > 0 && correct / total >= passMark - 1e-9,
    bySection,
    byTopic,
    missed,
  };
}

export interface Prediction {
  /** The expected score, 0..100, and a 90 % range for one sitting. */
  percent: number;
  low: number;
  high: number;
}

/** The chance of picking the right one of the options without knowing it. */
export const GUESS = 1 / CHOICE_OPTION_COUNT;

/**
 * The chance the learner answers a word right now: recall from the memory model (FSRS's
 * retrievability of the word's memory state; no state, never studied: 0), plus a lucky guess
 * among the options when the word is not recalled.
 */
export function answerChance(word: UserWord | undefined, now: number, model: MemoryModel): number {
  const recall = word?.memory ? model.recall(word.memory, now) : 0;
  return recall + (1 - recall) * GUESS;
}

/** Below this many reviews the calibration says nothing (1). */
export const CALIBRATION_MIN_REVIEWS = 30;

/** What the learner's own answers say of the memory model: its scale, and how many answers say it. */
export interface Calibration {
  /** The factor the model's recall is scaled by (1: the model as it is). */
  factor: number;
  /** The reviews it rests on. */
  reviews: number;
}

/**
 * How the learner's own answers compare with the memory model: over their first multiple-choice
 * answer of a day to words already studied (since `since`), the factor `k` for which the model's
 * recall, scaled by `k`, gives as many right answers as they gave (lucky guesses counted as in
 * `answerChance`). FSRS with its default parameters reads high for a learner who mostly answers
 * multiple choice; this brings the prediction to what the learner shows. A factor of 1 with too
 * few reviews; kept within 0.3..1.5.
 */
export function learnerCalibration(
  entries: readonly HistoryEntry[],
  rules: FoldRules,
  model: MemoryModel,
  since: number,
  from?: ReadonlyMap<string, { state: UserWord; calState?: UserWord }>,
): Calibration {
  return calibrationOf(calibrationDays(entries, rules, model, since, from));
}

/** What a study day's answers say of the memory model (`learnerCalibration`). */
export interface CalibrationDay {
  right: number;
  /** The model's recall chances, summed. */
  recalled: number;
  reviews: number;
}

/**
 * `learnerCalibration`'s sums by study day (keyed by `rules.dayOf`; one key, 0, without it), each
 * day's in history order. Going on from `from` (the words' states before a cut,
 * fold-checkpoint.ts): every entry given comes after its word's state in history order.
 */
export function calibrationDays(
  entries: readonly HistoryEntry[],
  rules: FoldRules,
  model: MemoryModel,
  since: number,
  from?: ReadonlyMap<string, { state: UserWord; calState?: UserWord }>,
): Map<number, CalibrationDay> {
  const words = new Map<string, UserWord>();
  for (const [vocabId, { state, calState }] of from ?? []) words.set(vocabId, calState ?? state);
  const days = new Map<number, CalibrationDay>();
  for (const entry of [...entries].sort(compareEntries)) {
    const word = words.get(entry.vocabId) ?? {
      ...newUserWord(entry.userId, entry.vocabId, entry.wall),
      deleted: false,
    };
    const time = effectiveTime(entry);
    const day = rules.dayOf?.(time);
    if (
      entry.kind === 'answer' &&
      (entry.mode === undefined || entry.mode === 'choice') &&
      word.memory &&
      (day === undefined || word.stepDay !== day) &&
      time >= since
    ) {
      const key = day ?? 0;
      const sums = days.get(key) ?? { right: 0, recalled: 0, reviews: 0 };
      sums.reviews++;
      sums.recalled += model.recall(word.memory, time);
      if (entry.correct) sums.right++;
      days.set(key, sums);
    }
    if (isKnownKind(entry.kind)) words.set(entry.vocabId, applyEntry(word, entry, rules));
  }
  return days;
}

/** The calibration of study days' sums, added day by day in their order. */
export function calibrationOf(days: Iterable<[number, CalibrationDay]>): Calibration {
  let right = 0;
  let recalled = 0;
  let reviews = 0;
  for (const [, day] of [...days].sort(([a], [b]) => a - b)) {
    right += day.right;
    recalled += day.recalled;
    reviews += day.reviews;
  }
  if (reviews < CALIBRATION_MIN_REVIEWS || recalled <= 0) return { factor: 1, reviews };
  const k = (right - reviews * GUESS) / ((1 - GUESS) * recalled);
  return { factor: Math.min(1.5, Math.max(0.3, k)), reviews };
}

/** The factor of `learnerCalibration` alone (1 with too few reviews). */
export function recallCalibration(
  entries: readonly HistoryEntry[],
  rules: FoldRules,
  model: MemoryModel,
  since: number,
): number {
  return learnerCalibration(entries, rules, model, since).factor;
}

/**
 * The learner's predicted score on an exam of `questions` drawn from `pool`: the mean answer
 * chance over the pool (each word's recall scaled by the learner's `calibration`), with a 90 %
 * range from the spread of one sitting (a sample of the pool, each question right or wrong by its
 * chance).
 */
export function predictScore(
  pool: readonly VocabItem[],
  words: ReadonlyMap<string, UserWord>,
  questions: number,
  now: number,
  model: MemoryModel,
  calibration = 1,
): Prediction {
  const scaled: MemoryModel = {
    review: model.review,
    recall: (state, at) => Math.min(1, model.recall(state, at) * calibration),
  };
  const chances = pool
    .filter((item) => !item.retired)
    .map((item) => answerChance(words.get(item.id), now, scaled));
  if (!chances.length || questions <= 0) return { percent: 0, low: 0, high: 0 };
  const mean = chances.reduce((sum, p) => sum + p, 0) / chances.length;
  // One sitting's spread: each question's own coin (p(1-p)) plus which words were drawn (the
  // spread of p, less as the exam covers more of the pool).
  const coin = chances.reduce((sum, p) => sum + p * (1 - p), 0) / chances.length;
  const spread = chances.reduce((sum, p) => sum + (p - mean) ** 2, 0) / chances.length;
  const n = Math.min(questions, chances.length);
  const coverage = chances.length > 1 ? (chances.length - n) / (chances.length - 1) : 0;
  const sd = Math.sqrt((coin + spread * coverage) / n);
  const clamp = (value: number) => Math.min(100, Math.max(0, Math.round(value * 100)));
  return { percent: clamp(mean), low: clamp(mean - 1.645 * sd), high: clamp(mean + 1.645 * sd) };
}

/**
 * The prediction the exam shows before it starts, or null while nothing supports one: no word of
 * the pool studied yet, or fewer than CALIBRATION_MIN_REVIEWS of the learner's own reviews to
 * calibrate the memory model with (uncalibrated, FSRS's defaults read high for a learner who
 * answers multiple choice). Before the first answer a prediction would only say what guessing
 * gives.
 */
export function examPrediction(
  pool: readonly VocabItem[],
  words: ReadonlyMap<string, UserWord>,
  questions: number,
  now: number,
  model: MemoryModel,
  calibration: Calibration,
): Prediction | null {
  if (calibration.reviews < CALIBRATION_MIN_REVIEWS) return null;
  if (!pool.some((item) => !item.retired && words.get(item.id)?.memory)) return null;
  return predictScore(pool, words, questions, now, model, calibration.factor);
}

/** The seconds left of a sitting started at `startedAt` (ms) with `minutes`, at `now`. */
export function secondsLeft(startedAt: number, minutes: number, now: number): number {
  return Math.max(0, Math.ceil((startedAt + minutes * 60_000 - now) / 1000));
}
