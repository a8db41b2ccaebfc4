/**
 * Step 6: the fleet (fleet-sync.ts): the member's summary, a leave made offline, the membership
 * and officer rights. Its failure (a refused summary, a slow link) is logged by the pipeline and
 * retried with the next sync; it never holds back the learner's own progress.
 */
import type { SyncChange } from '@/sync/changes';
import { syncFleet } from '@/sync/fleet-sync';
import type { StepResult, SyncContext } from './context';

export async function syncFleetStep(ctx: SyncContext): Promise<StepResult> {
  const { fleet } = ctx.cloud;
  if (!fleet) return { changes: [], report: {} };
  const report = await syncFleet(
    ctx.db,
    fleet,
    ctx.userId,
    ctx.now,
    ctx.timeoutMs,
    ctx.fleetRecheck,
  );
  const changes: SyncChange[] = report.changed ? [{ kind: 'fleet', userId: ctx.userId }] : [];
  return { changes, report: { fleet: report } };
}
