/**
 * Step 2, the pull: the batches the cloud received since the user's cursor, in pages, each
 * stored with its cursor (a long history on a slow link arrives page by page across syncs instead
 * of timing out whole). Their entries are merged (an entry already here only learns its receipt
 * time), the touched words refolded, the clock advanced past every stamp seen, and only then the
 * cursor moved.
 *
 * A pulled batch this device pushed (the last commit's first) tells, by the cloud's time on it,
 * how far this device's clock is off; new entries are dated by the corrected clock. Every entry
 * learns, with its receipt time, the batch's `now` (the sender's clock at the commit), which
 * corrects its time when that clock was off (domain/history `effectiveTime`).
 *
 * A device that has pulled nothing yet starts from the account's history segments
 * (sync/history-segments.ts): a few large documents instead of every batch ever pushed, then the
 * batches received after them.
 *
 * A failed pull does not hold back the push: it is returned as the step's failure, with the
 * changes of the pages stored before it.
 */
import { learnClockOffset } from '@/db/device-clock';
import { mergeEntries } from '@/db/history-merge';
import type { LocalUserRecord } from '@/db/schema';
import { getUser, updateUser } from '@/db/users-repo';
import type { SyncChange } from '@/sync/changes';
import { contiguousSegments, type SegmentRead } from '@/sync/history-segments';
import type { SyncCursor } from '@/sync/remote-store';
import { type StepResult, type SyncContext, wordsChanges } from './context';

/** History batches per pull request (a batch holds at most HISTORY_BATCH_MAX_ENTRIES entries). */
export const HISTORY_PAGE = 300;

export async function pullHistory(ctx: SyncContext): Promise<StepResult> {
  const { db, userId } = ctx;
  const user = await getUser(db, userId);
  const changes: SyncChange[] = [];
  const report = { pulled: 0, refolded: 0, rejected: 0 };
  try {
    await pullPages(ctx, user, changes, report);
  } catch (failure) {
    return { changes, report, failure };
  }
  return { changes, report };
}

async function pullPages(
  ctx: SyncContext,
  user: LocalUserRecord | undefined,
  changes: SyncChange[],
  report: { pulled: number; refolded: number; rejected: number },
): Promise<void> {
  const { db, userId, now, clock } = ctx;
  // Once per user on this device: an older version read the batches of the current layout (the
  // entries in one string `e`) as empty and moved its cursor past them, so the pull starts over
  // from the beginning (entries already here are merged as no-ops: it costs reads only). The
  // reset is stored first, so a re-read cut short goes on from its last page.
  const reread = user !== undefined && user.historyLayout2 !== true;
  if (reread) {
    await updateUser(db, userId, ({ syncCursor: _at, syncCursorId: _id, ...record }) => ({
      ...record,
      historyLayout2: true,
    }));
  }
  let cursor: SyncCursor = reread ? 0 : (user?.syncCursor ?? 0);
  let afterId = reread ? undefined : user?.syncCursorId;
  if (cursor === 0 && afterId === undefined && user?.segmentTail === undefined) {
    // Nothing pulled yet: the segments first (once), then the batches received after them.
    const to = await restoreSegments(ctx, changes, report);
    if (to > 0) cursor = to * 1000 - 1;
    if (user) {
      await updateUser(db, userId, ({ syncCursorId: _id, ...record }) => ({
        ...record,
        ...(to > 0 ? { syncCursor: cursor } : {}),
        segmentTail: 0,
      }));
    }
  }
  for (;;) {
    const page = { limit: HISTORY_PAGE, ...(afterId ? { afterId } : {}) };
    const result = await ctx.cloud.store.pullHistory(userId, cursor, page);
    const records = result.batches.flatMap((batch) => batch.entries);
    // This device's own batch back with the cloud's time: how far its clock is off; and no
    // batch can have reached the cloud after this device's corrected now.
    if (result.batches.length > 0) await learnClockOffset(db, result.batches, clock());
    if (records.length > 0) {
      const merged = await mergeEntries(db, userId, records, { sent: true, source: 'pull', now });
      report.pulled += merged.added;
      report.refolded += merged.refolded.length;
      report.rejected += merged.rejected;
      changes.push(...wordsChanges(userId, merged.words));
    }
    // Only once the merge is stored; a user without a local record simply pulls from 0 each time.
    const moved = result.cursorId !== undefined && result.cursorId !== afterId;
    if (!moved) break;
    cursor = result.cursor;
    afterId = result.cursorId;
    if (user) {
      await updateUser(db, userId, (record) => ({
        ...record,
        syncCursor: result.cursor,
        syncCursorId: result.cursorId,
        ...(record.segmentTail === undefined
          ? {}
          : { segmentTail: record.segmentTail + result.batches.length }),
      }));
    }
    if (result.batches.length < HISTORY_PAGE) break;
  }
}

/** Entries merged per transaction when restoring from the segments. */
const SEGMENT_MERGE_ENTRIES = 20_000;

/**
 * A new device's start (sync/history-segments.ts): the account's segments read in one query and
 * merged, a transaction per few of them, in order while each goes on from the coverage so far.
 * Returns where that coverage ends (epoch ms; 0: no segments, or a cloud without them, and the
 * batches are pulled from the beginning). The caller moves the cursor there only after every
 * merge: a restore cut short reads the segments again (their entries merged once, by id).
 */
async function restoreSegments(
  ctx: SyncContext,
  changes: SyncChange[],
  report: { pulled: number; refolded: number; rejected: number },
): Promise<number> {
  const { db, userId, now, clock } = ctx;
  const { store } = ctx.cloud;
  if (!store.readSegments) return 0;
  let read: SegmentRead[];
  try {
    read = await store.readSegments(userId);
  } catch (error) {
    // A cloud that keeps no segments (or refuses them) costs the batches only.
    console.warn(
      'Reading the history segments failed; the history is pulled batch by batch',
      error,
    );
    return 0;
  }
  const { segments, to } = contiguousSegments(read);
  let group: unknown[] = [];
  let latest = 0;
  const merge = async () => {
    if (group.length === 0) return;
    const merged = await mergeEntries(db, userId, group, { sent: true, source: 'pull', now });
    report.pulled += merged.added;
    report.refolded += merged.refolded.length;
    report.rejected += merged.rejected;
    changes.push(...wordsChanges(userId, merged.words));
    group = [];
  };
  for (const segment of segments) {
    group.push(...segment.entries);
    for (const entry of segment.entries) {
      const at = (entry as { receivedAt?: unknown } | null)?.receivedAt;
      if (typeof at === 'number' && at > latest) latest = at;
    }
    if (group.length >= SEGMENT_MERGE_ENTRIES) await merge();
  }
  await merge();
  // No batch of them can have reached the cloud after this device's corrected now.
  if (latest > 0) await learnClockOffset(db, [{ id: '', receivedAt: latest }], clock());
  return to;
}
