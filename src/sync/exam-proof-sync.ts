/**
 * The sync's exam step: each exam result made on this device gets one result document in the
 * cloud (domain/exam-proof.ts), created once; the rules check its numbers against the exam set
 * for its post and, when the learner entered a sitting code, consume that code in the same commit.
 * A result received from another device is that device's to send; one from an import is never
 * sent (an import is not the learner's sitting). A refused code is dropped and the result sent
 * self-reported; a result the rules refuse altogether is set aside, never retried. An older
 * version's result (no EXAM_RESULT_VERSION) is never sent: it stays "only in the answer history".
 */

import { deviceId } from '@/db/device-clock';
import { getExamProofs, noteExamProof } from '@/db/exam-proof-repo';
import { isImportedEntry } from '@/db/history-import';
import { listHistoryOfPrefix } from '@/db/history-queries';
import type { ExamProofSent, MarineDB } from '@/db/schema';
import { curriculumDocId } from '@/domain/curriculum';
import { checkExamResult, type ExamResultDoc, normalizeSittingCode } from '@/domain/exam-proof';
import { EXAM_RESULT_VERSION, EXAM_VOCAB_PREFIX, readExamEntry } from '@/domain/exam-result';
import { effectiveTime, type HistoryEntry } from '@/domain/history';
import { type ExamRemote, isRefusal } from './exam-remote';
import { withTimeout } from './timeout';

export interface ExamProofReport {
  /** Result documents created: supervised, and self-reported. */
  supervised: number;
  self: number;
  /** Results whose sitting code the rules refused (sent without it). */
  codeRefused: number;
  /** Results set aside: their numbers do not hold, or the rules refused them. */
  refused: number;
}

/** Whether this device made the entry (not a pull from another device, not an import). */
async function madeHere(db: MarineDB, entry: HistoryEntry, device: string): Promise<boolean> {
  return entry.device === device && !(await isImportedEntry(db, entry.id));
}

/** The result document of an exam entry, or null when the entry is not a readable result. */
export function examResultDocOf(entry: HistoryEntry): ExamResultDoc | null {
  const record = readExamEntry({ ...entry, time: effectiveTime(entry) });
  if (!record) return null;
  const { dv, role, c, n, pm, lim, sec, s } = record.fields;
  const code = typeof entry.x?.sc === 'string' ? normalizeSittingCode(entry.x.sc) : null;
  return {
    dv,
    role,
    c,
    n,
    pm,
    lim,
    sec,
    s,
    p: record.passed,
    at: record.at,
    cur: curriculumDocId('exam', role),
    ...(code ? { sc: code } : {}),
  };
}

export async function syncExamProofs(
  db: MarineDB,
  remote: ExamRemote,
  userId: string,
  now: number,
  ms: number,
): Promise<ExamProofReport> {
  const report: ExamProofReport = { supervised: 0, self: 0, codeRefused: 0, refused: 0 };
  const device = await deviceId(db);
  const done = await getExamProofs(db, userId);
  const entries = await listHistoryOfPrefix(db, userId, EXAM_VOCAB_PREFIX);
  for (const entry of entries) {
    const examId = entry.vocabId.slice(EXAM_VOCAB_PREFIX.length);
    if (done[examId] || !(await madeHere(db, entry, device))) continue;
    // An older version's result (its running exam kept the key readable) stays history-only.
    if (entry.x?.v !== EXAM_RESULT_VERSION) continue;
    const doc = examResultDocOf(entry);
    if (!doc) continue;
    // Numbers that do not hold are never sent: the rules would refuse them every time.
    if (checkExamResult(doc, doc.p, null) !== null) {
      await noteExamProof(db, userId, examId, { level: 'refused', at: now });
      report.refused++;
      continue;
    }
    const sent = await sendResult(remote, userId, examId, doc, now, ms);
    await noteExamProof(db, userId, examId, sent);
    if (sent.level === 'supervised') report.supervised++;
    else if (sent.level === 'self') report.self++;
    else report.refused++;
    if (sent.codeRefused) report.codeRefused++;
  }
  return report;
}

/**
 * One result document: with its sitting code, then (the rules refusing it) without; a document
 * that exists already (a commit whose answer was lost) is taken as sent. A network failure or a
 * timeout rejects, and the next sync tries again.
 */
async function sendResult(
  remote: ExamRemote,
  userId: string,
  examId: string,
  doc: ExamResultDoc,
  now: number,
  ms: number,
): Promise<ExamProofSent> {
  const attempts: ExamResultDoc[] = [doc];
  if (doc.sc) {
    const { sc: _code, ...bare } = doc;
    attempts.push(bare);
  }
  for (const attempt of attempts) {
    try {
      await withTimeout(remote.pushExamResult(userId, examId, attempt), ms, 'Sending the exam');
      return await outcome(remote, attempt, doc, now, ms);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      const stored = await withTimeout(
        remote.readExamResult(userId, examId),
        ms,
        'Reading the exam',
      );
      if (stored) return await outcome(remote, stored, doc, now, ms);
    }
  }
  return { level: 'refused', ...(doc.sc ? { codeRefused: true } : {}), at: now };
}

/** How a result document that is in the cloud was obtained. */
async function outcome(
  remote: ExamRemote,
  stored: Pick<ExamResultDoc, 'sc'>,
  asked: ExamResultDoc,
  now: number,
  ms: number,
): Promise<ExamProofSent> {
  if (!stored.sc) {
    return { level: 'self', ...(asked.sc ? { codeRefused: true } : {}), at: now };
  }
  const sitting = await withTimeout(remote.readSitting(stored.sc), ms, 'Reading the sitting').catch(
    () => null,
  );
  return {
    level: 'supervised',
    ...(sitting ? { byName: sitting.byName, issuedAt: sitting.issuedAt } : {}),
    at: now,
  };
}
