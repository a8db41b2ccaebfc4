/**
 * Verifying an exam result in the cloud edition. A result is one history entry of kind `exam`,
 * sent in one of the learner's history batches: documents the rules let only the learner's own
 * account create, never change nor delete, stamped with the server's time (`syncedAt`). The
 * verification code on a certificate is `<uid>.<exam id>`; an admin (who may read every learner's
 * history) looks the entry up. It proves the result was recorded by that account and reached the
 * cloud at that time; it cannot prove the account's device told the truth (a hand-made batch is
 * possible for someone who writes to the API directly).
 */
import { REMOTE_CALL_TIMEOUT_MS } from '@/domain/constants';
import { EXAM_VOCAB_PREFIX, type ExamRecord, readExamEntry } from '@/domain/exam-result';
import { checkEntry } from '@/domain/history-contract';
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
    }
  | { found: false; reason: 'malformed' | 'not-found' };

export async function verifyExamResult(remote: RemoteStore, code: string): Promise<Verification> {
  const match = CODE.exec(code.trim());
  if (!match) return { found: false, reason: 'malformed' };
  const [, uid, examId] = match as unknown as [string, string, string];
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
        const profile = await withTimeout(
          remote.readProfile(uid),
          REMOTE_CALL_TIMEOUT_MS,
          'Reading the profile',
        ).catch(() => null);
        return { found: true, record, receivedAt: batch.receivedAt, profile };
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
