/**
 * What an exam result proves: whether its numbers agree with themselves and with the exam set
 * for its post, how it was obtained (a supervised sitting, self-reported, only in the answer
 * history, imported), and the cloud documents that carry that proof (a result document per exam,
 * a one-time sitting code an officer issues). `firestore.rules` checks the same numbers.
 */

import { EXAM_DEFAULTS, EXAM_SECTIONS, type ExamConfig, type ExamSection } from './exam';
import type { ExamResultFields } from './exam-result';
import { JOIN_CODE_ALPHABET } from './fleet';

/** `users/{uid}/exams/{examId}`: one result document per exam, created once, never changed. */
export const EXAM_RESULTS_COLLECTION = 'exams';
/** `sittings/{code}`: a supervised sitting's one-time code. */
export const SITTINGS_COLLECTION = 'sittings';

/** Seconds a result may run over its limit (the clock's rounding; the exam ends itself at zero). */
export const EXAM_TIME_GRACE_S = 5;

/** A sitting code: 8 characters of the join codes' alphabet (no 0/O, 1/I/L). */
export const SITTING_CODE_LENGTH = 8;
export const SITTING_CODE_PATTERN = `^[${JOIN_CODE_ALPHABET}]{${SITTING_CODE_LENGTH}}$`;

/**
 * A new sitting code from the platform's CSPRNG, every character equally likely (bytes past the
 * largest multiple of the alphabet are drawn again): about 40 bits, read by id, never listed.
 */
export function newSittingCode(
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  const size = JOIN_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < SITTING_CODE_LENGTH) {
    for (const byte of random(new Uint8Array(SITTING_CODE_LENGTH * 2))) {
      if (byte >= limit || code.length >= SITTING_CODE_LENGTH) continue;
      code += JOIN_CODE_ALPHABET[byte % size];
    }
  }
  return code;
}

/** A sitting code as typed: upper case, spaces and dashes dropped; null when it cannot be one. */
export function normalizeSittingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  return new RegExp(SITTING_CODE_PATTERN).test(code) ? code : null;
}

/** Why a result's numbers do not hold, or null when they do. */
export type ExamProblem =
  | 'count'
  | 'sections'
  | 'passed'
  | 'time'
  | 'questions'
  | 'pass-mark'
  | 'time-limit';

type Numbers = Pick<ExamResultFields, 'c' | 'n' | 'pm' | 'lim' | 'sec' | 's'>;

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * Whether a result agrees with itself (right answers at most the questions, the sections adding
 * up to both, "passed" exactly when c / n reaches the pass mark, the time within the limit) and,
 * given `config` (the exam set for its post: an admin's, or EXAM_DEFAULTS), with that exam (its
 * questions, pass mark and time limit). Without `config`, only the first part is checked.
 */
export function checkExamResult(
  fields: Numbers,
  passed: boolean,
  config: ExamConfig | null,
): ExamProblem | null {
  const { c, n, pm, lim, sec, s } = fields;
  if (![c, n, pm, lim, sec].every(isCount) || n === 0 || c > n) return 'count';
  let right = 0;
  let asked = 0;
  for (const [section, tally] of Object.entries(s ?? {})) {
    if (!EXAM_SECTIONS.includes(section as ExamSection)) return 'sections';
    if (!Array.isArray(tally) || !isCount(tally[0]) || !isCount(tally[1]) || tally[0] > tally[1]) {
      return 'sections';
    }
    right += tally[0];
    asked += tally[1];
  }
  if (right !== c || asked !== n) return 'sections';
  if (passed !== c * 100 >= pm * n) return 'passed';
  if (sec > lim + EXAM_TIME_GRACE_S) return 'time';
  if (!config) return null;
  if (n !== config.questions) return 'questions';
  if (pm !== Math.round(config.passMark * 100)) return 'pass-mark';
  if (lim !== config.minutes * 60) return 'time-limit';
  return null;
}

/** The exam of a post as checked: an admin's composition, or the defaults when none was set. */
export const examConfigOrDefaults = (config: ExamConfig | null | undefined): ExamConfig =>
  config ?? EXAM_DEFAULTS;

/**
 * How a result was obtained, as the certificate, the verification page and the dashboard say it:
 * - `supervised`: a result document consumed a sitting code an officer issued (who, when);
 * - `self`: a result document without a sitting (the learner's device reported it);
 * - `history`: only an entry of the answer history (not sent yet, an older version's result,
 *   a hand-written batch), not confirmed;
 * - `imported`: an entry that came from an import file, never confirmed;
 * - `mismatch`: the numbers do not agree with themselves or with the exam: never "passed".
 */
export type ExamProofLevel = 'supervised' | 'self' | 'history' | 'imported' | 'mismatch';

/**
 * What the learner's own device says of a result: `imported`, `history` (an older version's
 * result, never sent as a result document), or what its sync did — sent
 * `supervised` or `self`, `refused` by the rules, `pending` (not sent yet), or made `elsewhere`
 * (another device of the account sends its document).
 */
export type LocalProofLevel =
  | 'history'
  | 'imported'
  | 'supervised'
  | 'self'
  | 'refused'
  | 'pending'
  | 'elsewhere';

/** The supervisor of a supervised result: the issuer's name and when the code was issued. */
export interface ExamSupervision {
  byName: string;
  issuedAt: number;
}

/** Whether a result may be shown as passed: only when it says so and its numbers agree. */
export const shownAsPassed = (passed: boolean, problem: ExamProblem | null) =>
  passed && problem === null;

/** The result document's fields (`users/{uid}/exams/{examId}`), as written and as the rules name them. */
export const EXAM_RESULT_FIELDS = [
  'dv',
  'role',
  'c',
  'n',
  'pm',
  'lim',
  'sec',
  's',
  'p',
  'at',
  'cur',
  'sc',
  'syncedAt',
] as const;

/** A result document as written (the server adds `syncedAt`). */
export interface ExamResultDoc {
  dv: string;
  role: string;
  c: number;
  n: number;
  pm: number;
  lim: number;
  sec: number;
  /** Per section: [right, questions]; the sections not asked are absent. */
  s: Partial<Record<ExamSection, [number, number]>>;
  /** Passed, as the result says. */
  p: boolean;
  /** When the exam was sat (the entry's time on the device), epoch ms. */
  at: number;
  /** The curriculum document id of the post's exam (`curriculumDocId('exam', role)`). */
  cur: string;
  /** The sitting code entered before the exam, when it was supervised. */
  sc?: string;
}

/** The sitting document's fields (`sittings/{code}`). */
export const SITTING_FIELDS = [
  'uid',
  'vessel',
  'role',
  'by',
  'byName',
  'issuedAt',
  'usedAt',
  'exam',
] as const;

/** A sitting as read back. */
export interface Sitting {
  code: string;
  uid: string;
  vessel: string;
  role: string;
  by: string;
  byName: string;
  /** Epoch ms (server time). */
  issuedAt: number;
  usedAt?: number;
  exam?: string;
}

/** A result document read back from the cloud, unchecked fields made safe, or null. */
export function readExamResultDoc(data: Record<string, unknown>): ExamResultDoc | null {
  const { dv, role, c, n, pm, lim, sec, s, p, at, cur, sc } = data;
  if (typeof dv !== 'string' || typeof role !== 'string' || typeof cur !== 'string') return null;
  if (![c, n, pm, lim, sec].every(isCount) || typeof p !== 'boolean') return null;
  if (typeof at !== 'number' || !Number.isFinite(at)) return null;
  const sections: Partial<Record<ExamSection, [number, number]>> = {};
  if (s && typeof s === 'object') {
    for (const [section, tally] of Object.entries(s as Record<string, unknown>)) {
      if (Array.isArray(tally) && tally.length === 2 && tally.every(isCount)) {
        sections[section as ExamSection] = tally as [number, number];
      } else {
        return null;
      }
    }
  }
  return {
    dv,
    role,
    c: c as number,
    n: n as number,
    pm: pm as number,
    lim: lim as number,
    sec: sec as number,
    s: sections,
    p,
    at,
    cur,
    ...(typeof sc === 'string' ? { sc } : {}),
  };
}
