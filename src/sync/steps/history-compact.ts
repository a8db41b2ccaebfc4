/**
 * Step 4, the history segments (sync/history-segments.ts): once this device has pulled
 * SEGMENT_TAIL_BATCHES batches since it last did (or never did), it writes the history the cloud
 * received up to its pull cursor into the account's segments, from its own store: the open
 * segment again with what came since, and, when that is full, the next ones. The segments'
 * counter says where the open one starts (one read); rules refuse a segment that does not go on
 * from it, so two devices never leave a gap. A failure is logged and tried again after as many
 * batches more; the batches themselves are never touched, so nothing here can lose an answer.
 */
import { entriesReceivedIn } from '@/db/history-segments';
import { getUser, updateUser } from '@/db/users-repo';
import type { HistoryEntry } from '@/domain/history';
import {
  SEGMENT_MAX_BYTES,
  SEGMENT_MAX_ENTRIES,
  SEGMENT_TAIL_BATCHES,
  type SegmentWire,
  segmentChars,
  segmentEntryText,
  toSegmentWire,
} from '@/sync/history-segments';
import { utf8Length } from '@/sync/history-wire';
import type { SegmentState } from '@/sync/remote-store';
import type { StepResult, SyncContext } from './context';

/**
 * How large a segment this device fills (SEGMENT_MAX_BYTES; tests set it smaller to cut many
 * segments out of a short history).
 */
export const segmentLimits = { bytes: SEGMENT_MAX_BYTES };

/** A segment to write: its index and fields. */
export interface PlannedSegment {
  index: number;
  segment: SegmentWire;
}

/**
 * The segments of `entries` (in receipt order, every entry received from `from` up to `to`),
 * the first numbered `index`: each filled up to SEGMENT_MAX_BYTES and cut only between two
 * receipt times (the entries of one batch, or of one server time, stay in one segment), the last
 * one ending at `to`. Entries of one receipt time too many for a segment end the plan there.
 */
export function planSegments(
  entries: readonly HistoryEntry[],
  index: number,
  from: number,
  to: number,
): PlannedSegment[] {
  const planned: PlannedSegment[] = [];
  let start = from;
  let texts: string[] = [];
  let bytes = 2;
  const close = (end: number) => {
    if (texts.length > 0 && end > start) {
      planned.push({ index: index + planned.length, segment: toSegmentWire(start, end, texts) });
    }
    texts = [];
    bytes = 2;
    start = end;
  };
  let i = 0;
  while (i < entries.length) {
    const at = entries[i]?.receivedAt as number;
    const run: string[] = [];
    let runBytes = 0;
    for (; i < entries.length && entries[i]?.receivedAt === at; i++) {
      const text = segmentEntryText(entries[i] as HistoryEntry);
      run.push(text);
      runBytes += utf8Length(text) + 1;
    }
    const fits = (n: number, b: number) =>
      n <= SEGMENT_MAX_ENTRIES && b <= Math.min(segmentLimits.bytes, SEGMENT_MAX_BYTES);
    if (texts.length > 0 && !fits(texts.length + run.length, bytes + runBytes)) close(at);
    if (!fits(run.length, 2 + runBytes)) {
      // One server time holding more than a segment: the segments stop before it.
      close(at);
      return planned;
    }
    texts.push(...run);
    bytes += runBytes;
  }
  close(to);
  return planned;
}

/**
 * What to write on top of the cloud's segments (`state`, the open one) for the entries received
 * up to `limit`: the open segment again with what came since (and the next ones when it fills
 * up). A rewrite of the open segment that would end before it does now (this device cut it
 * elsewhere), or that would hold less of its range than it does (this device's store lacks some
 * of its entries: a new device trusts the segment's end and pulls only the batches after it, so
 * they would be lost there), is left out, and the segments go on from its end.
 */
export async function segmentsToWrite(
  load: (from: number, to: number) => Promise<HistoryEntry[]>,
  state: SegmentState | null,
  limit: number,
): Promise<PlannedSegment[]> {
  if (state && limit <= state.to) return [];
  const from = state?.from ?? 0;
  const entries = await load(from, limit);
  const plan = planSegments(entries, state?.index ?? 0, from, limit);
  if (!state) return plan;
  const [first] = plan;
  if (heldChars(entries, state.to) < state.chars) {
    console.warn(
      'This device holds less of the open history segment than the cloud; it leaves it as it is',
    );
  } else if (!first || first.segment.to > state.to) {
    return plan;
  }
  // The open segment as written covers as much as this device would put in it (or more): the
  // next ones start where it ends.
  return planSegments(await load(state.to, limit), state.index + 1, state.to, limit);
}

/**
 * The characters (as the rules count them) of a segment of the `entries` received before `to`:
 * what this device would put in the open segment's range.
 */
function heldChars(entries: readonly HistoryEntry[], to: number): number {
  const texts = entries
    .filter((entry) => (entry.receivedAt as number) < to)
    .map((entry) => segmentEntryText(entry));
  return segmentChars(`[${texts.join(',')}]`);
}

export async function compactHistory(ctx: SyncContext): Promise<StepResult> {
  const { db, userId } = ctx;
  const { store } = ctx.cloud;
  const done: StepResult = { changes: [], report: {} };
  if (!store.readSegmentState || !store.writeSegment) return done;
  const user = await getUser(db, userId);
  // A device still re-reading the history (historyLayout2) does not hold it all yet.
  if (user?.historyLayout2 !== true) return done;
  if (user.segmentTail !== undefined && user.segmentTail < SEGMENT_TAIL_BATCHES) return done;
  // Every batch the cloud received before this time (ms) was pulled here.
  const limit = Math.floor((user.syncCursor ?? 0) / 1000);
  let behind = false;
  try {
    let state = await store.readSegmentState(userId);
    // The cloud's segments reach past this device's cursor: a device not yet caught up from them
    // (a restore cut short) leaves them for its next pull, which reads them.
    behind = state !== null && limit <= state.to && user.segmentTail === undefined;
    const plan = await segmentsToWrite(
      (from, to) => entriesReceivedIn(db, userId, from, to),
      state,
      limit,
    );
    for (const { index, segment } of plan) {
      await store.writeSegment(userId, index, segment, state);
      state = { index, from: segment.from, to: segment.to, chars: segmentChars(segment.e) };
    }
  } finally {
    // Tried again after as many batches more, whatever came of it (a cloud that refuses
    // segments must not cost every sync a read of the whole history).
    if (!behind) await updateUser(db, userId, (record) => ({ ...record, segmentTail: 0 }));
  }
  return done;
}
