/**
 * Verifying an exam result in the cloud edition. The verification code on a certificate is
 * `<uid>.<exam id>`; an admin reads the result document `users/{uid}/exams/{examId}`, which only
 * the learner's device that sat the exam creates, once, with numbers the rules checked against the
 * exam set for the post, and, for a supervised sitting, the sitting code an officer issued, consumed
 * in the same commit (domain/exam-proof.ts). Without a result document the answer history is read:
 * such a result (an import, a hand-written batch, an older version's) is shown as not confirmed,
 * and one whose numbers do not agree is never shown as passed.
 */
import { REMOTE_CALL_TIMEOUT_MS } from '@/domain/constants';
import { curriculumDocId } from '@/domain/curriculum';
import type { ExamConfig } from '@/domain/exam';
import {
  checkExamResult,
  type ExamProblem,
  type ExamProofLevel,
  type ExamResultDoc,
  type ExamSupervision,
} from '@/domain/exam-proof';
import { EXAM_VOCAB_PREFIX, type ExamRecord, readExamEntry } from '@/domain/exam-result';
import { checkEntry } from '@/domain/history-contract';
import type { ExamRemote } from './exam-remote';
import type { RemoteProfile, RemoteStore } from './remote-store';
import { withTimeout } from './timeout';

const CODE = /^([A-Za-z0-9_-]{1,128})\.([A-Za-z0-9_-]{1,64})$/;
const PAGE = 200;

/** The code a certificate prints for a result of `uid`. */
export const verificationCode = (uid: string, examId: string) => `${uid}.${examId}`;

export type Verification =
  | {
      found: true;
      record: ExamRecord;
      /** When the cloud received the result (server time, epoch ms). */
      receivedAt: number;
      profile: RemoteProfile | null;
      /** How the result was obtained (`mismatch`: its numbers do not agree; never "passed"). */
      proof: ExamProofLevel;
      /** Why the numbers do not agree, or null. */
      problem: ExamProblem | null;
      /** Who supervised the sitting and when the code was issued (`supervised` only). */
      supervision?: ExamSupervision;
    }
  | { found: false; reason: 'malformed' | 'not-found' };

/** What verification needs besides the history: the result documents, the exam of a post. */
export interface VerifyOptions {
  exams?: ExamRemote;
  /** The exam set for a post (an admin's, or the defaults) as this device knows it. */
  configOf?: (role: string) => Promise<ExamConfig>;
}

const readProfile = (remote: RemoteStore, uid: string) =>
  withTimeout(remote.readProfile(uid), REMOTE_CALL_TIMEOUT_MS, 'Reading the profile').catch(
    () => null,
  );

/** A result document as the screens show a result. */
function recordOfDoc(examId: string, doc: ExamResultDoc): ExamRecord {
  const { dv, role, c, n, pm, lim, sec, s } = doc;
  return {
    examId,
    at: doc.at,
    passed: doc.p,
    percent: Math.round((c / n) * 100),
    fields: { dv, role, c, n, pm, lim, sec, pr: null, s, t: [], miss: [] },
  };
}

export async function verifyExamResult(
  remote: RemoteStore,
  code: string,
  options: VerifyOptions = {},
): Promise<Verification> {
  const match = CODE.exec(code.trim());
  if (!match) return { found: false, reason: 'malformed' };
  const [, uid, examId] = match as unknown as [string, string, string];
  if (options.exams) {
    const found = await verifyResultDoc(remote, options.exams, uid, examId);
    if (found) return found;
  }
  const wanted = `${EXAM_VOCAB_PREFIX}${examId}`;
  let cursor = 0;
  let afterId: string | undefined;
  for (;;) {
    const result = await withTimeout(
      remote.pullHistory(uid, cursor, { limit: PAGE, ...(afterId ? { afterId } : {}) }),
      REMOTE_CALL_TIMEOUT_MS,
      'Reading the history',
    );
    for (const batch of result.batches) {
      for (const raw of batch.entries) {
        const checked = checkEntry(raw);
        if (!checked.ok || checked.entry.vocabId !== wanted) continue;
        const record = readExamEntry({ ...checked.entry, time: batch.receivedAt });
        if (!record) continue;
        const profile = await readProfile(remote, uid);
        // Only in the history: checked against the exam of its post as this device knows it.
        const config = options.configOf ? await options.configOf(record.fields.role) : null;
        const problem = checkExamResult(record.fields, record.passed, config);
        return {
          found: true,
          record,
          receivedAt: batch.receivedAt,
          profile,
          proof: problem ? 'mismatch' : 'history',
          problem,
        };
      }
    }
    const moved = result.cursorId !== undefined && result.cursorId !== afterId;
    if (!moved) break;
    cursor = result.cursor;
    afterId = result.cursorId;
    if (result.batches.length < PAGE) break;
  }
  return { found: false, reason: 'not-found' };
}

/**
 * The result document of `examId`, or null when there is none. The rules checked its numbers
 * against the post's exam when it was written (the curriculum document it names); here they are
 * checked again, with that the document named is the post's own.
 */
async function verifyResultDoc(
  remote: RemoteStore,
  exams: ExamRemote,
  uid: string,
  examId: string,
): Promise<Verification | null> {
  const doc = await withTimeout(
    exams.readExamResult(uid, examId),
    REMOTE_CALL_TIMEOUT_MS,
    'Reading the exam',
  );
  if (!doc) return null;
  const record = recordOfDoc(examId, doc);
  const profile = await readProfile(remote, uid);
  const problem =
    checkExamResult(doc, doc.p, null) ??
    (doc.cur === curriculumDocId('exam', doc.role) ? null : 'questions');
  const base = { found: true as const, record, receivedAt: doc.syncedAt, profile, problem };
  if (problem) return { ...base, proof: 'mismatch' };
  if (!doc.sc) return { ...base, proof: 'self' };
  const sitting = await withTimeout(
    exams.readSitting(doc.sc),
    REMOTE_CALL_TIMEOUT_MS,
    'Reading the sitting',
  );
  // The rules consumed the code with this result; a sitting that says otherwise proves nothing.
  if (!sitting || sitting.uid !== uid || sitting.exam !== examId || sitting.role !== doc.role) {
    return { ...base, proof: 'self' };
  }
  return {
    ...base,
    proof: 'supervised',
    supervision: { byName: sitting.byName, issuedAt: sitting.issuedAt },
  };
}
