/**
 * A crew member's summary for the officers of their vessel (fleet.ts SUMMARY_FIELDS): what it
 * holds, when the device rewrites it, and how a reader checks one. Pure: everything takes `now`.
 * It never carries individual answers: counts by topic and division, the latest exam results,
 * and the learned count at the end of each of the last weeks.
 */
import { isPractice } from './daily';
import type { ExamRecord } from './exam-result';
import { SUMMARY_COUNT_MAX, SUMMARY_DETAIL_MAX, SUMMARY_FIELDS } from './fleet';
import { effectiveTime, type HistoryEntry } from './history';
import type { FoldRules } from './memory';
import { learnedOverTime } from './progress-charts';
import { rankFor } from './ranks';
import { isDue } from './srs';
import type { DivisionId, UserWord, VocabItem } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The window of the accuracy figures. */
export const SUMMARY_WINDOW_DAYS = 30;
/** A word due for longer than this is overdue. */
export const OVERDUE_DAYS = 7;
/** Weeks of the learned-words series (oldest first, this week last). */
export const SUMMARY_WEEKS = 8;
/** Topics with their accuracy, the most answered first. */
export const SUMMARY_TOPICS_MAX = 12;
/** Weakest topics named (at least WEAK_MIN_ANSWERS answers each). */
export const SUMMARY_WEAK_MAX = 5;
export const WEAK_MIN_ANSWERS = 5;
/** Latest exam results carried. */
export const SUMMARY_EXAMS_MAX = 3;
/**
 * The device rewrites an unchanged-in-kind summary at most once in this time (a join, a leave
 * or a new exam result go at once), and a summary at all at least this often while it syncs, so
 * "last sync" is never older than a day for a device that reaches the cloud.
 */
export const SUMMARY_REWRITE_MS = 20 * 60 * 60 * 1000;

/** [name, right, answers] */
export type Tally = [string, number, number];
/** [exam id, when (epoch ms), percent, passed 1/0, role] */
export type SummaryExam = [string, number, number, 0 | 1, string];

/**
 * How an exam of the summary was obtained, as the learner's device knows it (domain/exam-proof.ts):
 * a supervised sitting, self-reported, not confirmed (not sent yet, imported, refused), or
 * numbers that do not agree with the exam (then never "passed").
 */
export const SUMMARY_PROOFS = ['supervised', 'self', 'unconfirmed', 'mismatch'] as const;
export type SummaryProof = (typeof SUMMARY_PROOFS)[number];

export interface SummaryDetail {
  /** Words being learned (studied, not yet learned). */
  learning: number;
  /** Answers of the last 30 days: right, all. */
  a30: [number, number];
  /** By topic over the last 30 days. */
  t: Tally[];
  /** By division over the last 30 days. */
  d: Tally[];
  /** The weakest topics of the last 30 days, weakest first. */
  weak: string[];
  /** The latest exam results, newest first. */
  ex: SummaryExam[];
  /**
   * How each exam of `ex` was obtained, in its order. Came after `ex`: the previous version
   * neither writes nor reads it (its dashboard shows the results without a proof mark).
   */
  exp?: SummaryProof[];
  /** Learned words at the end of each of the last SUMMARY_WEEKS weeks, oldest first. */
  wk: number[];
}

/** The summary as written, `syncedAt` excluded (the server sets it). */
export interface CrewSummary {
  name: string;
  division?: string;
  role?: string;
  rank: string;
  mast: number;
  due: number;
  overdue: number;
  lastActive: number;
  version: string;
  detail: SummaryDetail;
}

export interface SummaryInput {
  userId: string;
  name: string;
  division?: DivisionId | null;
  role?: string | null;
  words: readonly UserWord[];
  /** The learner's history (at least the last SUMMARY_WEEKS weeks). */
  entries: readonly HistoryEntry[];
  vocabById: ReadonlyMap<string, Pick<VocabItem, 'topic' | 'division'>>;
  /** The learner's exam results, newest first. */
  exams: readonly ExamRecord[];
  /** How each exam was obtained, by exam id (none known: no proof marks). */
  examProofs?: ReadonlyMap<string, SummaryProof>;
  version: string;
  now: number;
  /**
   * The learner's own fold rules (schedule, retention, home zone: history-refold `rulesOf`), so the
   * officer's learned-per-week figures are the learner's own chart's.
   */
  rules?: FoldRules;
}

const clampCount = (value: number) => Math.max(0, Math.min(SUMMARY_COUNT_MAX, Math.round(value)));

function tally(map: Map<string, [number, number]>, key: string, right: boolean) {
  const sum = map.get(key) ?? [0, 0];
  sum[1] += 1;
  if (right) sum[0] += 1;
  map.set(key, sum);
}

const tallies = (map: Map<string, [number, number]>): Tally[] =>
  [...map.entries()]
    .map(([name, [right, all]]): Tally => [name, right, all])
    .sort((a, b) => b[2] - a[2] || a[0].localeCompare(b[0]));

/** The weakest topics: the lowest share right among those with enough answers. */
export function weakestTopics(topics: readonly Tally[], limit = SUMMARY_WEAK_MAX): string[] {
  return topics
    .filter(([, , all]) => all >= WEAK_MIN_ANSWERS)
    .sort((a, b) => a[1] / a[2] - b[1] / b[2] || b[2] - a[2] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name]) => name);
}

export function buildSummary(input: SummaryInput): CrewSummary {
  const { words, entries, vocabById, now } = input;
  let mast = 0;
  let learning = 0;
  let due = 0;
  let overdue = 0;
  for (const word of words) {
    if (word.deleted) continue;
    if (word.status === 'learned') mast += 1;
    else if (word.attempts > 0) learning += 1;
    if (word.attempts > 0 && isDue(word, now)) {
      due += 1;
      if ((word.nextReviewAt ?? 0) < now - OVERDUE_DAYS * DAY_MS) overdue += 1;
    }
  }
  const since = now - SUMMARY_WINDOW_DAYS * DAY_MS;
  const byTopic = new Map<string, [number, number]>();
  const byDivision = new Map<string, [number, number]>();
  let right = 0;
  let all = 0;
  let lastActive = 0;
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.kind === 'baseline' || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const time = effectiveTime(entry);
    // Any step of the learner's own counts as activity (an answer, a tick, a drill, an exam).
    if (time > lastActive && time <= now) lastActive = time;
    if (!isPractice(entry) || time < since || time > now) continue;
    const correct = entry.correct === true;
    all += 1;
    if (correct) right += 1;
    const item = vocabById.get(entry.vocabId);
    if (!item) continue;
    tally(byTopic, item.topic, correct);
    tally(byDivision, item.division, correct);
  }
  const topics = tallies(byTopic);
  const days = SUMMARY_WEEKS * 7;
  const learned = learnedOverTime(input.userId, entries, now, days, input.rules);
  const wk = Array.from({ length: SUMMARY_WEEKS }, (_, week) =>
    clampCount(learned[(week + 1) * 7 - 1]?.learned ?? 0),
  );
  // The last point is today's count: the rank's own figure.
  if (wk.length > 0) wk[wk.length - 1] = clampCount(mast);
  const division = input.division ?? undefined;
  const detail: SummaryDetail = {
    learning: clampCount(learning),
    a30: [clampCount(right), clampCount(all)],
    t: topics.slice(0, SUMMARY_TOPICS_MAX),
    d: tallies(byDivision),
    weak: weakestTopics(topics),
    ex: input.exams
      .slice(0, SUMMARY_EXAMS_MAX)
      .map(
        (exam): SummaryExam => [
          exam.examId,
          exam.at,
          exam.percent,
          exam.passed && input.examProofs?.get(exam.examId) !== 'mismatch' ? 1 : 0,
          exam.fields.role,
        ],
      ),
    wk,
  };
  if (input.examProofs) {
    const proofs = input.examProofs;
    detail.exp = detail.ex.map(([examId]) => proofs.get(examId) ?? 'unconfirmed');
  }
  return {
    name: input.name.slice(0, SUMMARY_FIELDS.name.max) || '—',
    ...(division ? { division } : {}),
    ...(input.role ? { role: input.role.slice(0, SUMMARY_FIELDS.role.max) } : {}),
    rank: rankFor(mast, input.division ?? null).rank.id,
    mast: clampCount(mast),
    due: clampCount(due),
    overdue: clampCount(overdue),
    lastActive,
    version: input.version.slice(0, SUMMARY_FIELDS.version.max),
    detail: fitDetail(detail),
  };
}

/** The detail within SUMMARY_DETAIL_MAX characters: long topic lists are cut, never the rest. */
function fitDetail(detail: SummaryDetail): SummaryDetail {
  let fitted = detail;
  while (JSON.stringify(fitted).length > SUMMARY_DETAIL_MAX && fitted.t.length > 0) {
    fitted = { ...fitted, t: fitted.t.slice(0, -1) };
  }
  while (JSON.stringify(fitted).length > SUMMARY_DETAIL_MAX && fitted.d.length > 0) {
    fitted = { ...fitted, d: fitted.d.slice(0, -1) };
  }
  return fitted;
}

/** The document fields (without `syncedAt`). */
export function summaryWire(summary: CrewSummary): Record<string, unknown> {
  const { detail, ...rest } = summary;
  return { ...rest, s: JSON.stringify(detail) };
}

/** What identifies a summary's content: equal keys mean nothing an officer sees changed. */
export const summaryKey = (summary: CrewSummary): string => JSON.stringify(summaryWire(summary));

/** What the device remembers of its last summary write. */
export interface SummaryWritten {
  vessel: string;
  key: string;
  /** Epoch ms (device clock) of the write. */
  at: number;
  /** The newest exam id it carried. */
  exam?: string;
}

/**
 * Whether to write `summary` now: at once for a new vessel or a new exam result; otherwise when
 * it changed and the last write is SUMMARY_REWRITE_MS old, or as a daily sign of life.
 */
export function shouldWriteSummary(
  summary: CrewSummary,
  vessel: string,
  last: SummaryWritten | undefined,
  now: number,
): boolean {
  if (!last || last.vessel !== vessel) return true;
  if ((summary.detail.ex[0]?.[0] ?? undefined) !== last.exam) return true;
  const age = now - last.at;
  if (age < 0) return true;
  if (age >= 24 * 60 * 60 * 1000) return true;
  return age >= SUMMARY_REWRITE_MS && summaryKey(summary) !== last.key;
}

// ---- reading a summary (an officer's device) ---------------------------------------------------

/** A crew summary as an officer's device reads it. */
export interface CrewRow extends CrewSummary {
  uid: string;
  vessel: string;
  /** The server time of its write, epoch ms: the member's last sync. */
  syncedAt: number;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;
const isTally = (value: unknown): value is Tally =>
  Array.isArray(value) &&
  value.length === 3 &&
  isString(value[0], 200) &&
  isCount(value[1]) &&
  isCount(value[2]) &&
  value[1] <= value[2];
const isExam = (value: unknown): value is SummaryExam =>
  Array.isArray(value) &&
  value.length === 5 &&
  isString(value[0], 64) &&
  isCount(value[1]) &&
  isCount(value[2]) &&
  (value[3] === 0 || value[3] === 1) &&
  isString(value[4], 100);

/** The detail text read back; a part that does not parse is left empty, never the whole row. */
export function parseDetail(text: unknown): SummaryDetail {
  let raw: Record<string, unknown> = {};
  try {
    const parsed = typeof text === 'string' ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed;
  } catch {
    // An unreadable detail: the top-level figures still show.
  }
  const list = <T>(value: unknown, check: (item: unknown) => item is T): T[] =>
    Array.isArray(value) ? value.filter(check) : [];
  const a30 = Array.isArray(raw.a30) && raw.a30.length === 2 ? raw.a30 : [0, 0];
  const [right, all] = a30.map((n) => (isCount(n) ? n : 0)) as [number, number];
  return {
    learning: isCount(raw.learning) ? raw.learning : 0,
    a30: [Math.min(right, all), all],
    t: list(raw.t, isTally),
    d: list(raw.d, isTally),
    weak: list(raw.weak, (item): item is string => isString(item, 200)),
    ex: list(raw.ex, isExam),
    wk: list(raw.wk, isCount),
    ...(Array.isArray(raw.exp)
      ? {
          exp: raw.exp.map(
            (proof): SummaryProof =>
              (SUMMARY_PROOFS as readonly unknown[]).includes(proof)
                ? (proof as SummaryProof)
                : 'unconfirmed',
          ),
        }
      : {}),
  };
}

/**
 * A crew document as read (`syncedAt` already epoch ms), or null when it is not a summary this
 * version can show (a later version's extra fields are ignored).
 */
export function readCrewRow(
  uid: string,
  vessel: string,
  data: Record<string, unknown>,
  syncedAt: number,
): CrewRow | null {
  const { name, division, role, rank, mast, due, overdue, lastActive, version, s } = data;
  if (!isString(name, SUMMARY_FIELDS.name.max) || !isString(rank, SUMMARY_FIELDS.rank.max)) {
    return null;
  }
  if (!isCount(mast) || !isCount(due) || !isCount(overdue) || !isCount(lastActive)) return null;
  return {
    uid,
    vessel,
    name,
    ...(isString(division, 128) ? { division } : {}),
    ...(isString(role, 64) ? { role } : {}),
    rank,
    mast,
    due,
    overdue,
    lastActive,
    version: isString(version, 32) ? version : '',
    detail: parseDetail(s),
    syncedAt,
  };
}
