/**
 * A finished exam as a history entry: its fields, and reading them back. Kept apart from the
 * exam's drawing and scoring (exam.ts) so the history's write side loads only this.
 */
import {
  EXAM_SECTIONS,
  type ExamConfig,
  type ExamQuestion,
  type ExamScore,
  type ExamSection,
  type Prediction,
  type Tally,
} from './exam';
import { SITTING_CODE_PATTERN } from './exam-proof';
import type { DivisionId } from './types';

/**
 * A finished exam is one history entry of kind `exam` (EXAM_KIND): `vocabId` is `exam:<exam id>`
 * (EXAM_VOCAB_PREFIX), `correct` says whether it passed, and `x` holds the result
 * (`ExamResultFields`). Like a drill reply it is not a word's kind: the fold, the wire contract
 * and the previous app version keep, sync and export it unchanged and change no word for it.
 * An exam never changes the spaced-repetition schedule: it measures, it does not train.
 */
export const EXAM_KIND = 'exam';
export const EXAM_VOCAB_PREFIX = 'exam:';
/** At most this many missed words travel with a result (the entry's `x` is bounded). */
export const EXAM_MISSED_MAX = 60;
/** At most this many topics (the weakest first) travel with a result. */
export const EXAM_TOPICS_MAX = 12;

/** A topic's row of a result: [name, right, questions]. */
export type ExamTopicRow = [string, number, number];

/** The result as the entry's `x` carries it (short keys: the map is bounded to 2,000 characters). */
export interface ExamResultFields {
  /** The division and role the exam was drawn for. */
  dv: string;
  role: string;
  /** Right answers and questions. */
  c: number;
  n: number;
  /** The pass mark in percent, the time limit and the time taken in seconds. */
  pm: number;
  lim: number;
  sec: number;
  /** The prediction shown before the exam: percent, low, high. */
  pr: [number, number, number] | null;
  /** Per section: [right, questions]. */
  s: Partial<Record<ExamSection, [number, number]>>;
  /**
   * The weakest topics, weakest first: [name, right, questions], only topics with a mistake (older
   * results also hold topics answered without one: `weakestTopicRows`). The name is the topic's
   * as the vocabulary holds it (a built-in topic's English name), shown in the learner's language.
   */
  t: ExamTopicRow[];
  /** The vocabulary ids answered wrong or not at all. */
  miss: string[];
  /**
   * The supervised sitting's code the learner entered (SITTING_CODE_PATTERN), checked only when
   * the result reaches the cloud. Absent for an unsupervised sitting and in older results.
   */
  sc?: string;
  /**
   * EXAM_RESULT_VERSION: the result of a sitting graded without the answer key on the device.
   * Absent in older versions' results, which are never sent as result documents (their running
   * exam kept the key readable, so they stay "only in the answer history").
   */
  v?: number;
}

/** The `v` of a result this version records (see ExamResultFields.v). */
export const EXAM_RESULT_VERSION = 2;

/** A result as the screens read it back from its entry. */
export interface ExamRecord {
  examId: string;
  at: number;
  passed: boolean;
  percent: number;
  fields: ExamResultFields;
}

export interface ExamSitting {
  division: DivisionId;
  role: string;
  config: ExamConfig;
  questions: readonly ExamQuestion[];
  answers: readonly (string | null)[];
  prediction: Prediction | null;
  seconds: number;
  /** The supervised sitting's code, if one was entered. */
  code?: string;
}

/**
 * The rows of `rows` worth listing as weak: a topic answered without a mistake is not weak, however
 * few its questions. Kept in their order.
 */
export function weakestTopicRows(rows: readonly ExamTopicRow[]): ExamTopicRow[] {
  return rows.filter(([, right, total]) => right < total);
}

/** The entry fields of a finished sitting. */
export function examResultFields(sitting: ExamSitting, score: ExamScore): ExamResultFields {
  const sections: Partial<Record<ExamSection, [number, number]>> = {};
  for (const [section, tally] of Object.entries(score.bySection) as [ExamSection, Tally][]) {
    sections[section] = [tally.correct, tally.total];
  }
  const topics = weakestTopicRows(
    Object.entries(score.byTopic).map(
      ([name, tally]): ExamTopicRow => [name, tally.correct, tally.total],
    ),
  )
    .sort((a, b) => a[1] / a[2] - b[1] / b[2] || b[2] - a[2] || a[0].localeCompare(b[0]))
    .slice(0, EXAM_TOPICS_MAX);
  const p = sitting.prediction;
  const fields: ExamResultFields = {
    dv: sitting.division,
    role: sitting.role,
    c: score.correct,
    n: score.total,
    pm: Math.round(sitting.config.passMark * 100),
    lim: sitting.config.minutes * 60,
    sec: Math.max(0, Math.round(sitting.seconds)),
    pr: p ? [p.percent, p.low, p.high] : null,
    s: sections,
    t: topics,
    miss: score.missed
      .map((index) => sitting.questions[index]?.vocabId)
      .filter((id): id is string => typeof id === 'string')
      .slice(0, EXAM_MISSED_MAX),
  };
  if (sitting.code) fields.sc = sitting.code;
  fields.v = EXAM_RESULT_VERSION;
  return fields;
}

/**
 * Whether a sitting ended because its time ran out: the whole limit taken (the time recorded is
 * never more than the limit) with questions still unanswered. A learner who answered the last
 * question in the last second finished; one who left early did not run out of time.
 */
export function ranOutOfTime(fields: Pick<ExamResultFields, 'sec' | 'lim'>, unanswered: number) {
  return unanswered > 0 && fields.sec >= fields.lim;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isPair = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length === 2 && value.every(isCount);

/**
 * The result an entry holds, or null when it is not an exam result this version can read (a
 * later version's shape is kept and synced all the same; it is just not listed).
 */
export function readExamEntry(entry: {
  kind: string;
  vocabId: string;
  correct?: boolean;
  time: number;
  x?: Record<string, unknown>;
}): ExamRecord | null {
  if (entry.kind !== EXAM_KIND || !entry.vocabId.startsWith(EXAM_VOCAB_PREFIX)) return null;
  const x = entry.x;
  if (!x) return null;
  const { dv, role, c, n, pm, lim, sec, pr, s, t, miss, sc, v } = x;
  if (typeof dv !== 'string' || typeof role !== 'string') return null;
  if (!isCount(c) || !isCount(n) || c > n || n === 0 || !isCount(pm) || !isCount(lim)) return null;
  if (!isCount(sec)) return null;
  const prediction =
    Array.isArray(pr) && pr.length === 3 && pr.every(isCount)
      ? (pr as [number, number, number])
      : null;
  const sections: Partial<Record<ExamSection, [number, number]>> = {};
  if (s && typeof s === 'object') {
    for (const section of EXAM_SECTIONS) {
      const tally = (s as Record<string, unknown>)[section];
      if (isPair(tally)) sections[section] = tally;
    }
  }
  const topics = Array.isArray(t)
    ? t.filter(
        (row): row is ExamTopicRow =>
          Array.isArray(row) &&
          row.length === 3 &&
          typeof row[0] === 'string' &&
          isCount(row[1]) &&
          isCount(row[2]),
      )
    : [];
  const missed = Array.isArray(miss)
    ? miss.filter((id): id is string => typeof id === 'string')
    : [];
  const percent = Math.round((c / n) * 100);
  const fields: ExamResultFields = {
    dv,
    role,
    c,
    n,
    pm,
    lim,
    sec,
    pr: prediction,
    s: sections,
    t: topics,
    miss: missed,
  };
  if (typeof sc === 'string' && new RegExp(SITTING_CODE_PATTERN).test(sc)) fields.sc = sc;
  if (isCount(v)) fields.v = v;
  return {
    examId: entry.vocabId.slice(EXAM_VOCAB_PREFIX.length),
    at: entry.time,
    passed: entry.correct === true,
    percent,
    fields,
  };
}

/** The results of `entries`, newest first, each exam once. */
export function examRecords(entries: readonly Parameters<typeof readExamEntry>[0][]): ExamRecord[] {
  const seen = new Set<string>();
  const records: ExamRecord[] = [];
  for (const entry of entries) {
    const record = readExamEntry(entry);
    if (!record || seen.has(record.examId)) continue;
    seen.add(record.examId);
    records.push(record);
  }
  return records.sort((a, b) => b.at - a.at || a.examId.localeCompare(b.examId));
}
