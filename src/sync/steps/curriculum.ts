/**
 * Step 5, the shared curriculum (an admin's changes reach every device): the outbox of this
 * device's admin changes is pushed (commits of at most `batchSize` documents; a record changed
 * again meanwhile stays queued), then the curriculum documents newer than this device's cursor
 * are pulled, page by page, checked against the record tables and applied with the cursor in one
 * transaction. An unchanged curriculum costs one read. What a pull applied comes back as
 * catalogue changes, the records as stored.
 */
import {
  applyPulled,
  clearSent,
  comparePositions,
  curriculumMeta,
  holdOutbox,
  type PulledChange,
  pullPosition,
  setAsideOutbox,
  takeOutbox,
} from '@/db/curriculum-repo';
import type { OutboxRecord } from '@/db/schema';
import { hasChanges } from '@/domain/catalog-edits';
import { COMMIT_MAX_BYTES } from '@/domain/constants';
import { type CheckedCurriculumDoc, checkCurriculumDoc } from '@/domain/curriculum';
import type { SyncChange } from '@/sync/changes';
import { isPermissionDenied } from '@/sync/remote-store';
import type { StepResult, SyncContext } from './context';

/** Curriculum documents per pull request. */
export const CURRICULUM_PAGE = 500;

/** Why a curriculum document breaks the record tables, as the dead letters say it. */
function problemText(checked: Extract<CheckedCurriculumDoc, { ok: false }>): string {
  return checked.field ? `${checked.problem}: ${checked.field}` : checked.problem;
}

/**
 * A generous estimate of a curriculum document's bytes on the wire: its JSON in UTF-8, doubled
 * for the REST encoding's wrapping of every value (`{"stringValue": …}`), plus the path.
 */
function wireBytes(record: OutboxRecord): number {
  return 2 * new TextEncoder().encode(JSON.stringify(record.doc)).length + 512;
}

/**
 * Consecutive runs of `records` whose estimated wire size stays under `maxBytes` (one record
 * alone always makes a run): commits that stay under Firestore's request limit.
 */
export function cutByWireSize(
  records: readonly OutboxRecord[],
  maxBytes: number,
): OutboxRecord[][] {
  const runs: OutboxRecord[][] = [];
  let run: OutboxRecord[] = [];
  let bytes = 0;
  for (const record of records) {
    const size = wireBytes(record);
    if (run.length > 0 && bytes + size > maxBytes) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(record);
    bytes += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

export async function syncCurriculum(ctx: SyncContext): Promise<StepResult> {
  const { db, userId, now, batchSize } = ctx;
  const { store } = ctx.cloud;
  const report = {
    rejected: 0,
    curriculumPushed: 0,
    curriculumApplied: 0,
    curriculumAdded: 0,
  } as StepResult['report'] & { rejected: number; curriculumPushed: number };
  // A refused push (rights revoked, a rule broken) keeps its changes queued and is reported after
  // the pull, which it must not hold back: the other admins' changes still arrive.
  let pushFailure: unknown = null;
  try {
    for (;;) {
      const taken = await takeOutbox(db, batchSize, userId);
      if (taken.length === 0) break;
      // What the rules would refuse is set aside first: a commit is all or nothing.
      const outbox: typeof taken = [];
      const refused: { record: (typeof taken)[number]; reason: string }[] = [];
      for (const record of taken) {
        const checked = checkCurriculumDoc(record.doc as unknown as Record<string, unknown>);
        if (checked.ok) outbox.push(record);
        else refused.push({ record, reason: problemText(checked) });
      }
      await setAsideOutbox(db, refused, now);
      report.rejected += refused.length;
      if (outbox.length === 0) continue;
      for (const commit of cutByWireSize(outbox, COMMIT_MAX_BYTES)) {
        await store.pushCurriculum(commit.map(({ docId, doc }) => ({ docId, doc })));
        await clearSent(db, commit);
        report.curriculumPushed += commit.length;
      }
      if (taken.length < batchSize) break;
    }
  } catch (error) {
    // Refused for want of rights (an admin whose claim was revoked): every later push would be
    // refused alike, so the queued changes are set aside on the device, with a message, and the
    // rest of the sync (the pull, the exam and fleet steps) goes on as for any learner.
    if (isPermissionDenied(error)) {
      report.curriculumHeld = await holdOutbox(db, userId, now);
    } else {
      pushFailure = error;
    }
  }
  const changes: SyncChange[] = [];
  let cursor = pullPosition(await curriculumMeta(db));
  for (;;) {
    const result = await store.pullCurriculum(cursor, CURRICULUM_PAGE);
    const pulled: PulledChange[] = [];
    const rejected: { docId: string; data: unknown; reason: string }[] = [];
    for (const { docId, data, updatedAt } of result.docs) {
      const checked = checkCurriculumDoc(data);
      if (checked.ok) pulled.push({ docId, change: checked.change, updatedAt });
      else rejected.push({ docId, data, reason: problemText(checked) });
    }
    const applied = await applyPulled(db, pulled, result.cursor, rejected, now, userId);
    report.curriculumApplied = (report.curriculumApplied ?? 0) + applied.applied;
    report.curriculumAdded = (report.curriculumAdded ?? 0) + applied.addedWords;
    report.rejected += rejected.length;
    if (hasChanges(applied.changes)) changes.push({ kind: 'catalogue', changes: applied.changes });
    if (result.docs.length < CURRICULUM_PAGE || comparePositions(result.cursor, cursor) <= 0) break;
    cursor = result.cursor;
  }
  return pushFailure ? { changes, report, failure: pushFailure } : { changes, report };
}
