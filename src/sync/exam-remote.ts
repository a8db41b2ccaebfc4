/**
 * The ExamRemote port: the cloud calls of exam result documents and supervised sittings
 * (domain/exam-proof.ts). The Firestore Lite adapter (firestore-exams.ts) implements it; the
 * rules decide who may make each call and check every number.
 */
import type { ExamResultDoc, Sitting } from '@/domain/exam-proof';

/** A result document as read, with the server's time of its creation (epoch ms). */
export type StoredExamResult = ExamResultDoc & { syncedAt: number };

export interface SittingRequest {
  uid: string;
  vessel: string;
  role: string;
  byName: string;
}

export interface ExamRemote {
  /**
   * Creates `users/{uid}/exams/{examId}` (`syncedAt` the server time) and, when the result names
   * a sitting code, marks that sitting used by this exam in the same commit.
   */
  pushExamResult(uid: string, examId: string, doc: ExamResultDoc): Promise<void>;
  /** The result document, or null when there is none. */
  readExamResult(uid: string, examId: string): Promise<StoredExamResult | null>;
  /** A sitting by its code, or null when there is none (or the caller may not read it). */
  readSitting(code: string): Promise<Sitting | null>;
  /** An officer (or admin) issues a new sitting code for a learner's post. */
  issueSitting(request: SittingRequest, by: string): Promise<Sitting>;
}

/**
 * Whether a failed call was the cloud's refusal, not a network failure or a timeout: the rules
 * said no, or a sitting code named no sitting (its use is an update of a missing document).
 */
export const isRefusal = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ['permission-denied', 'not-found'].includes(String((error as { code?: unknown }).code));
