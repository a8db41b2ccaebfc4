/**
 * What this device sent of its own exam results as result documents (meta `exam-proofs:<uid>`),
 * written by the sync's exam step, and what the device can say from it of how each result was
 * obtained (the certificate, the progress list and the crew summary read it).
 */
import type { ExamConfig } from '@/domain/exam';
import {
  checkExamResult,
  type ExamProblem,
  type ExamSupervision,
  type LocalProofLevel,
} from '@/domain/exam-proof';
import { EXAM_RESULT_VERSION, EXAM_VOCAB_PREFIX, type ExamRecord } from '@/domain/exam-result';
import { type ExamProofMeta, type ExamProofSent, examProofKey, type MarineDB } from './schema';

/** Per exam id, how its result document went (empty when none was sent). */
export async function getExamProofs(
  db: MarineDB,
  userId: string,
): Promise<Record<string, ExamProofSent>> {
  const record = (await db.get('meta', examProofKey(userId))) as ExamProofMeta | undefined;
  return record?.results ?? {};
}

/** Records how one result document went, in one transaction with what is already recorded. */
export async function noteExamProof(
  db: MarineDB,
  userId: string,
  examId: string,
  sent: ExamProofSent,
): Promise<void> {
  const tx = db.transaction('meta', 'readwrite');
  const key = examProofKey(userId);
  const record = (await tx.store.get(key)) as ExamProofMeta | undefined;
  await Promise.all([
    tx.store.put({ key, results: { ...(record?.results ?? {}), [examId]: sent } }),
    tx.done,
  ]);
}

export interface LocalProof {
  level: LocalProofLevel;
  /** Why the numbers do not agree with the exam of the post (never shown as passed), or null. */
  problem: ExamProblem | null;
  supervision?: ExamSupervision;
  /** The sitting code entered was refused; the result went self-reported. */
  codeRefused?: boolean;
}

/** The level of one result from what the sync recorded and where its entry came from. */
function levelOf(
  sent: ExamProofSent | undefined,
  imported: boolean,
  madeHere: boolean,
  current: boolean,
): Pick<LocalProof, 'level' | 'supervision' | 'codeRefused'> {
  if (imported) return { level: 'imported' };
  // An older version's result is never sent as a result document (exam-proof-sync.ts).
  if (!current) return { level: 'history' };
  if (!sent) return { level: madeHere ? 'pending' : 'elsewhere' };
  if (sent.level === 'supervised') {
    return {
      level: 'supervised',
      ...(sent.byName !== undefined && sent.issuedAt !== undefined
        ? { supervision: { byName: sent.byName, issuedAt: sent.issuedAt } }
        : {}),
    };
  }
  return { level: sent.level, ...(sent.codeRefused ? { codeRefused: true } : {}) };
}

/**
 * How each of `records` (the user's results) was obtained, by exam id, its numbers checked
 * against the exam of its post (`configOf`: an admin's, or the defaults).
 */
export async function readLocalProofs(
  db: MarineDB,
  userId: string,
  records: readonly ExamRecord[],
  configOf: (role: string) => Promise<ExamConfig>,
): Promise<Map<string, LocalProof>> {
  const [sent, device, stored] = await Promise.all([
    getExamProofs(db, userId),
    db.get('device', 'device'),
    db.getAllFromIndex(
      'history',
      'word',
      IDBKeyRange.bound([userId, EXAM_VOCAB_PREFIX], [userId, `${EXAM_VOCAB_PREFIX}\uffff`]),
    ),
  ]);
  const entries = new Map(stored.map((entry) => [entry.vocabId, entry]));
  const configs = new Map<string, ExamConfig>();
  const proofs = new Map<string, LocalProof>();
  for (const record of records) {
    const role = record.fields.role;
    let config = configs.get(role);
    if (!config) {
      config = await configOf(role);
      configs.set(role, config);
    }
    const problem = checkExamResult(record.fields, record.passed, config);
    const entry = entries.get(`${EXAM_VOCAB_PREFIX}${record.examId}`);
    const imported = entry?.origin === 'import';
    const madeHere = entry !== undefined && entry.device === device?.id;
    const current = record.fields.v === EXAM_RESULT_VERSION;
    proofs.set(record.examId, {
      problem,
      ...levelOf(sent[record.examId], imported, madeHere, current),
    });
  }
  return proofs;
}
