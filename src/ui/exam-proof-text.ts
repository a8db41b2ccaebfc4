/**
 * How a result was obtained, in the learner's language: one sentence for the certificate, the
 * progress list and the verification page (domain/exam-proof.ts names the levels).
 */
import type { ExamProofLevel, ExamSupervision, LocalProofLevel } from '@/domain/exam-proof';
import type { MessageKey, Params } from '@/i18n';

const KEYS: Record<ExamProofLevel | LocalProofLevel, MessageKey> = {
  supervised: 'exam.proof.supervised',
  self: 'exam.proof.self',
  history: 'exam.proof.history',
  imported: 'exam.proof.imported',
  mismatch: 'exam.proof.mismatch',
  refused: 'exam.proof.refused',
  pending: 'exam.proof.pending',
  elsewhere: 'exam.proof.elsewhere',
};

/** The sentence of a level; a supervised one names the officer and when the code was issued. */
export function proofText(
  t: (key: MessageKey, params?: Params) => string,
  level: ExamProofLevel | LocalProofLevel,
  supervision: ExamSupervision | undefined,
  date: (ms: number) => string,
): string {
  if (level !== 'supervised') return t(KEYS[level]);
  return t('exam.proof.supervised', {
    name: supervision?.byName ?? '—',
    date: supervision ? date(supervision.issuedAt) : '—',
  });
}
