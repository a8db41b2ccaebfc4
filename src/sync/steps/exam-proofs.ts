/**
 * Step 5b: this device's exam results as result documents (exam-proof-sync.ts). Its failure (a
 * slow link) is logged by the pipeline and retried with the next sync; it holds back nothing.
 */
import type { SyncChange } from '@/sync/changes';
import { syncExamProofs } from '@/sync/exam-proof-sync';
import type { StepResult, SyncContext } from './context';

export async function sendExamProofs(ctx: SyncContext): Promise<StepResult> {
  const { exams } = ctx.cloud;
  if (!exams) return { changes: [], report: {} };
  const report = await syncExamProofs(ctx.db, exams, ctx.userId, ctx.now, ctx.timeoutMs);
  const sent = report.supervised + report.self;
  const changes: SyncChange[] = sent > 0 ? [{ kind: 'exams', userId: ctx.userId, sent }] : [];
  return { changes, report: { exams: report } };
}
