/**
 * firestore.rules' exam-result and sitting matches for the Firestore REST test server, from the
 * same domain check (src/domain/exam-proof.ts) the clients show results by: who reads and writes
 * `users/{uid}/exams/{examId}` and `sittings/{code}`. `lookup` is the store before the commit (the
 * rules' get and exists), `lookupAfter` the store after the whole commit (getAfter, existsAfter).
 */
import { EXAM_DEFAULTS, EXAM_SECTIONS } from '../../src/domain/exam';
import {
  checkExamResult,
  EXAM_RESULT_FIELDS,
  EXAM_TIME_GRACE_S,
  SITTING_CODE_PATTERN,
} from '../../src/domain/exam-proof';
import { DOCUMENT_ID_PATTERN } from '../../src/domain/synced-records';
import type { FsValue } from './firestore-rest-server';
import { FleetDenied, isOfficerOf, type Lookup } from './fleet-rules';

type Fields = Record<string, FsValue>;

export interface ExamCaller {
  uid?: string;
  admin: boolean;
  email?: string;
  emailVerified?: boolean;
}

const deny = (why: string): never => {
  throw new FleetDenied(why);
};

const DOCUMENT_ID = new RegExp(DOCUMENT_ID_PATTERN);
const SITTING_CODE = new RegExp(SITTING_CODE_PATTERN);
const EXAM_DOC_ID = /^e-[0-9a-z]{1,40}$/;
/** 2020-01-01, the earliest client time the rules take. */
const EARLIEST_TIME = 1_577_836_800_000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const SITTING_KEYS = ['uid', 'vessel', 'role', 'by', 'byName', 'issuedAt'];

/** Whether these rules govern a path (a document or a collection). */
export function isExamPath(path: string): boolean {
  const [first, , third] = path.split('/');
  return first === 'sittings' || (first === 'users' && third === 'exams');
}

const stringOf = (value: FsValue | undefined) => value?.stringValue;
const intOf = (value: FsValue | undefined): number | undefined =>
  value?.integerValue === undefined ? undefined : Number(value.integerValue);
const numberOf = (value: FsValue | undefined): number | undefined =>
  value?.integerValue !== undefined
    ? Number(value.integerValue)
    : value?.doubleValue !== undefined
      ? Number(value.doubleValue)
      : undefined;
const sizeOf = (text: string) => [...text].length;

/** Reads: a result by its learner and admins; a sitting got by its learner, its issuer, admins. */
export function checkExamRead(caller: ExamCaller, path: string, lookup: Lookup): void {
  if (caller.admin) return;
  const [collection, id] = path.split('/');
  if (collection === 'users') {
    if (id !== caller.uid) deny('a result is read by its learner');
    return;
  }
  if (id === undefined) deny('sittings are never listed');
  const stored = lookup(path);
  if (!stored) deny('no such sitting');
  const fields = stored as Fields;
  if (stringOf(fields.uid) !== caller.uid && stringOf(fields.by) !== caller.uid) {
    deny('a sitting is read by its learner and its issuer');
  }
}

export interface ExamWrite {
  after?: Fields;
  before?: Fields;
}

/**
 * Writes (the caller signed in), judged after the whole commit is staged: validExamResult with
 * validSupervision, validSitting with who may issue it, validSittingUse.
 */
export function checkExamWrite(
  caller: ExamCaller,
  path: string,
  write: ExamWrite,
  requestTime: number,
  lookup: Lookup,
  lookupAfter: Lookup,
  parseTimestamp: (value: unknown) => number,
): void {
  const [collection, id = '', , examId = ''] = path.split('/');
  const { after, before } = write;

  if (collection === 'users') {
    if (id !== caller.uid) deny('a result is written by its learner');
    if (!after || before) deny('a result is created once, never changed nor deleted');
    if (!DOCUMENT_ID.test(examId)) deny('exam id');
    checkResult(after as Fields, requestTime, lookup, parseTimestamp);
    const code = stringOf((after as Fields).sc);
    if (code === undefined) return;
    const sitting = lookup(`sittings/${code}`);
    if (!sitting) deny('no such sitting');
    const s = sitting as Fields;
    if (stringOf(s.uid) !== caller.uid) deny('the sitting names another learner');
    if (stringOf(s.role) !== stringOf((after as Fields).role)) deny('the sitting is another post');
    if ('usedAt' in s) deny('the sitting was used');
    if (stringOf(lookupAfter(`sittings/${code}`)?.exam) !== examId) {
      deny('the sitting does not name this exam after the commit');
    }
    return;
  }

  if (!SITTING_CODE.test(id)) deny('sitting code');
  if (!after) deny('a sitting is never deleted');
  const fields = after as Fields;
  if (!before) {
    // validSitting, and an admin or an officer of the vessel for a current member.
    const keys = Object.keys(fields);
    if (keys.length !== SITTING_KEYS.length || !SITTING_KEYS.every((key) => key in fields)) {
      deny('sitting fields');
    }
    const uid = stringOf(fields.uid) ?? '';
    const vessel = stringOf(fields.vessel) ?? '';
    const role = stringOf(fields.role) ?? '';
    const byName = stringOf(fields.byName) ?? '';
    if (!DOCUMENT_ID.test(uid) || !DOCUMENT_ID.test(vessel)) deny('uid or vessel');
    if (sizeOf(role) < 1 || sizeOf(role) > 64) deny('role');
    if (sizeOf(byName) < 1 || sizeOf(byName) > 200) deny('byName');
    if (stringOf(fields.by) !== caller.uid) deny('by is not the caller');
    if (parseTimestamp(fields.issuedAt?.timestampValue) !== requestTime) deny('issuedAt');
    if (caller.admin) return;
    // The rules' isOfficerOf: a grant that holds for this token (grantHolds).
    if (!isOfficerOf(caller, vessel, lookup)) deny('not an officer of this vessel');
    const membership = lookup(`users/${uid}/memberships/${vessel}`);
    if (!membership || 'leftAt' in membership) deny('not a current member of this vessel');
    return;
  }
  // validSittingUse: the learner it names, once, with the result that names this code.
  if (stringOf(before.uid) !== caller.uid) deny('a sitting is used by its learner');
  if ('usedAt' in before) deny('the sitting was used');
  for (const name of new Set([...Object.keys(fields), ...Object.keys(before)])) {
    if (name === 'usedAt' || name === 'exam') continue;
    if (JSON.stringify(fields[name]) !== JSON.stringify(before[name])) deny(`changes ${name}`);
  }
  if (parseTimestamp(fields.usedAt?.timestampValue) !== requestTime) deny('usedAt');
  const exam = stringOf(fields.exam) ?? '';
  if (!DOCUMENT_ID.test(exam)) deny('exam');
  const result = lookupAfter(`users/${caller.uid}/exams/${exam}`);
  if (!result || stringOf(result.sc) !== id) deny('no result names this code');
}

/** validExamResult and agreesWithExam. */
function checkResult(
  fields: Fields,
  requestTime: number,
  lookup: Lookup,
  parseTimestamp: (value: unknown) => number,
): void {
  const allowed: readonly string[] = EXAM_RESULT_FIELDS;
  for (const name of Object.keys(fields)) if (!allowed.includes(name)) deny(`unknown ${name}`);
  for (const name of allowed) {
    if (name !== 'sc' && !(name in fields)) deny(`${name} is missing`);
  }
  const dv = stringOf(fields.dv) ?? '';
  const role = stringOf(fields.role) ?? '';
  if (sizeOf(dv) < 1 || sizeOf(dv) > 128 || sizeOf(role) < 1 || sizeOf(role) > 64) deny('post');
  const [c, n, pm, lim, sec] = ['c', 'n', 'pm', 'lim', 'sec'].map((name) => intOf(fields[name]));
  if ([c, n, pm, lim, sec].some((value) => value === undefined)) deny('numbers are ints');
  const numbers = { c, n, pm, lim, sec } as Record<'c' | 'n' | 'pm' | 'lim' | 'sec', number>;
  if (numbers.n < 1 || numbers.n > 100 || numbers.pm > 100 || numbers.lim > 7200) deny('bounds');
  const sections = fields.s?.mapValue?.fields;
  if (!sections) deny('s is a map');
  const s: Record<string, [number, number]> = {};
  for (const [name, value] of Object.entries(sections as Fields)) {
    if (!(EXAM_SECTIONS as readonly string[]).includes(name)) deny(`section ${name}`);
    const pair = (value.arrayValue?.values ?? []).map(intOf);
    if (pair.length !== 2 || pair.some((v) => v === undefined)) deny(`section ${name} tally`);
    s[name] = pair as [number, number];
  }
  const passed = fields.p?.booleanValue;
  if (typeof passed !== 'boolean') deny('p is a bool');
  const at = numberOf(fields.at);
  const nowMs = Math.floor(requestTime / 1000);
  if (at === undefined || at < EARLIEST_TIME || at > nowMs + CLOCK_SKEW_MS) deny('at');
  const cur = stringOf(fields.cur) ?? '';
  if (!EXAM_DOC_ID.test(cur)) deny('cur');
  const sc = fields.sc;
  if (sc !== undefined && !SITTING_CODE.test(stringOf(sc) ?? '')) deny('sc');
  if (parseTimestamp(fields.syncedAt?.timestampValue) !== requestTime) deny('syncedAt');
  // The rules' own sums, then the exam set for the post (the curriculum document it names).
  if (checkExamResult({ ...numbers, s }, passed as boolean, null) !== null) deny('numbers');
  if (numbers.sec > numbers.lim + EXAM_TIME_GRACE_S) deny('time');
  const stored = lookup(`curriculum/${cur}`);
  const record = stored?.record?.mapValue?.fields;
  const admin =
    stored !== undefined &&
    stringOf(stored.kind) === 'exam' &&
    stored.deleted?.booleanValue === false &&
    stringOf(stored.id) === role &&
    record !== undefined;
  const questions = admin ? intOf(record?.questions) : EXAM_DEFAULTS.questions;
  const passMark = admin ? numberOf(record?.passMark) : EXAM_DEFAULTS.passMark;
  const minutes = admin ? intOf(record?.minutes) : EXAM_DEFAULTS.minutes;
  if (numbers.n !== questions) deny('not the exam’s questions');
  if (numbers.pm !== Math.round((passMark ?? 0) * 100)) deny('not the exam’s pass mark');
  if (numbers.lim !== (minutes ?? 0) * 60) deny('not the exam’s time');
}
