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
import type { SegmentRead } from '@/sync/history-segments';
import { isPermissionDenied, type SyncCursor } from '@/sync/remote-store';
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
  if (user && user.segmentTail === undefined) {
    // Not yet (or not wholly) caught up from the segments: they first, then the batches after.
    const caught = await restoreSegments(ctx, cursor, changes, report);
    if (caught > cursor) {
      cursor = caught;
      afterId = undefined;
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

/** Segments per read (each at most SEGMENT_MAX_BYTES: a page stays within a call's time limit). */
export const SEGMENT_PAGE = 3;
/** Entries merged per transaction when restoring from the segments. */
const SEGMENT_MERGE_ENTRIES = 7_000;

/**
 * Catching up from the account's segments (sync/history-segments.ts), for a device that has not
 * yet: a new one (from the beginning), one cut short (from its cursor), one updated from a version
 * without them (from its cursor: the segment it is in, then the batches after it). The segments
 * that reach past the cursor are read a page at a time, in order, while each starts within the
 * coverage so far; their entries are merged, a transaction a page (SEGMENT_MERGE_ENTRIES), and
 * the cursor stored after each merge at the end of what they cover. Once there is nothing more,
 * the device is marked caught up (`segmentTail`), and pulls batches only from then on; a cloud
 * that refuses segments marks it too, and one that has none after the cursor leaves it for the
 * segments step of the same sync. Returns the cursor now.
 */
async function restoreSegments(
  ctx: SyncContext,
  from: SyncCursor,
  changes: SyncChange[],
  report: { pulled: number; refolded: number; rejected: number },
): Promise<SyncCursor> {
  const { db, userId, now, clock } = ctx;
  const { store } = ctx.cloud;
  // The cursor moves past a commit's time whole: no batch id is kept.
  const storeCursor = (at: SyncCursor) =>
    updateUser(db, userId, ({ syncCursorId: _id, ...record }) => ({ ...record, syncCursor: at }));
  if (!store.readSegments) return from;
  // Every batch received before this time (ms) is here already.
  let coverage = Math.floor((from + 1) / 1000);
  let cursor = from;
  let group: unknown[] = [];
  let latest = 0;
  const merge = async () => {
    if (group.length > 0) {
      const merged = await mergeEntries(db, userId, group, { sent: true, source: 'pull', now });
      report.pulled += merged.added;
      report.refolded += merged.refolded.length;
      report.rejected += merged.rejected;
      changes.push(...wordsChanges(userId, merged.words));
      group = [];
      // No batch of them can have reached the cloud after this device's corrected now.
      await learnClockOffset(db, [{ id: '', receivedAt: latest }], clock());
    }
    const reached = coverage * 1000 - 1;
    if (reached > cursor) {
      cursor = reached;
      await storeCursor(cursor);
    }
  };
  // Whether the device is caught up: segments were found (and read as far as they go), or the
  // cloud refuses them. Finding none leaves it not caught up, so its sync writes them at once
  // (history-compact) when it holds a history the cloud has none of.
  let caughtUp = false;
  for (;;) {
    let page: SegmentRead[];
    try {
      page = await store.readSegments(userId, coverage, SEGMENT_PAGE);
    } catch (failure) {
      // A cloud that keeps no segments (or refuses them) costs the batches only; another failure
      // is the pull's.
      if (!isPermissionDenied(failure)) throw failure;
      console.warn('The cloud refuses the history segments; the history is pulled batch by batch');
      caughtUp = true;
      break;
    }
    if (page.length > 0) caughtUp = true;
    let gap = false;
    for (const segment of [...page].sort((a, b) => a.to - b.to)) {
      if (segment.from > coverage) {
        gap = true;
        break;
      }
      if (segment.to <= coverage) continue;
      group.push(...segment.entries);
      for (const entry of segment.entries) {
        const at = (entry as { receivedAt?: unknown } | null)?.receivedAt;
        if (typeof at === 'number' && at > latest) latest = at;
      }
      coverage = segment.to;
    }
    const last = gap || page.length < SEGMENT_PAGE;
    if (last || group.length >= SEGMENT_MERGE_ENTRIES) await merge();
    if (last) break;
  }
  await merge();
  if (caughtUp) await updateUser(db, userId, (record) => ({ ...record, segmentTail: 0 }));
  return cursor;
}
