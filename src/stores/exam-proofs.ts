/**
 * How each of the learner's exam results was obtained, as this device can say it, for the
 * certificate and the progress list (db/exam-proof-repo.ts), checked against the exam of its post;
 * and an officer's issue of a one-time sitting code for a crew member.
 */
import { type LocalProof, readLocalProofs as readProofs } from '@/db/exam-proof-repo';
import { openDB } from '@/db/instance';
import { REMOTE_CALL_TIMEOUT_MS } from '@/domain/constants';
import type { Sitting } from '@/domain/exam-proof';
import type { ExamRecord } from '@/domain/exam-result';
import { firebaseSettings } from '@/firebase/config';
import { withTimeout } from '@/sync/timeout';
import { useAuthStore } from './auth-store';
import { readExamConfig } from './exam-store';
import { syncErrorKind } from './sync-store';

export type { LocalProof };

/** How each of `records` (the user's results) was obtained, by exam id. */
export async function readLocalProofs(
  userId: string,
  records: readonly ExamRecord[],
): Promise<Map<string, LocalProof>> {
  return readProofs(await openDB(), userId, records, readExamConfig);
}

export type IssueResult =
  | { ok: true; sitting: Sitting }
  | { ok: false; problem: 'offline' | 'no-post' | 'failed' };

/**
 * An officer (or admin) issues a one-time sitting code for a crew member's post: online only,
 * with the time limit; the rules decide whether this officer may.
 */
export async function issueSittingCode(crew: {
  uid: string;
  vessel: string;
  role?: string;
}): Promise<IssueResult> {
  const user = useAuthStore.getState().user;
  if (!crew.role) return { ok: false, problem: 'no-post' };
  if (!user || !firebaseSettings()) return { ok: false, problem: 'failed' };
  if (typeof navigator !== 'undefined' && !navigator.onLine)
    return { ok: false, problem: 'offline' };
  try {
    const { loadCloudPart } = await import('@/sync/cloud-remote');
    const exams = await withTimeout(loadCloudPart('exams'), REMOTE_CALL_TIMEOUT_MS, 'Loading');
    const byName = (user.fullName.trim() || user.email).slice(0, 200);
    const sitting = await withTimeout(
      exams.issueSitting({ uid: crew.uid, vessel: crew.vessel, role: crew.role, byName }, user.id),
      REMOTE_CALL_TIMEOUT_MS,
      'Issuing an exam code',
    );
    return { ok: true, sitting };
  } catch (error) {
    console.warn('Issuing an exam code failed', error);
    return { ok: false, problem: syncErrorKind(error) === 'offline' ? 'offline' : 'failed' };
  }
}
