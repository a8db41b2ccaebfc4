/**
 * History segments: the learner's history again, in a few large documents, so a new device
 * restores a year in a few dozen reads instead of one read per batch a sync ever pushed.
 *
 * `users/{uid}/historySegments/{segmentId}` holds `{ from, to, count, e, syncedAt }`
 * (SEGMENT_DOCUMENT_FIELDS): every entry of every history batch the cloud received from `from`
 * (inclusive) to `to` (exclusive), epoch ms of the batches' `syncedAt`, as one string `e` (the
 * JSON text of the entries' wire form, as a batch's `e`), each entry with the receipt facts its
 * batch gave it: `r` its receipt time (the batch's `syncedAt`, ms) and `t` the batch's `now` when
 * that clock dated it. Segments are numbered `s0`, `s1`, ... in the order of their ranges,
 * each range starting where the one before ended; the last one is open and is rewritten as the
 * history grows, until it is full (SEGMENT_MAX_BYTES) and the next one starts.
 *
 * A device writes them from its own store (history-compact step): the entries whose receipt time
 * lies in the range, which it holds because its pull cursor passed the range's end. Nothing is
 * read from the cloud to write one, and nothing in `history/` is changed or deleted: the batches
 * stay the truth, which every version pulls as before; a segment is a copy a new device may start
 * from. A restore reads the segments in order while each starts where the coverage so far ends
 * (a gap, which two devices writing at once can leave, ends it), then pulls the batches from the
 * end of that coverage: an entry both in a segment and in a batch is merged once (by its id).
 */
import type { HistoryEntry } from '@/domain/history';
import type { WireField } from '@/domain/synced-records';
import { charCount, fromEntryWire, toEntryWire, utf8Length } from './history-wire';

export const SEGMENTS_COLLECTION = 'historySegments';

/**
 * The segments' counter, `users/{uid}/meta/segments` (in the history counter's collection):
 * `{ n, c, last }`, the segment writes of the account, the growth of their `e` (each write adds
 * at least its segment's growth, so the segments stored never pass `c`), and the segment written
 * with it. firestore.rules take a segment only in a commit that steps it, within the bounds.
 */
export const SEGMENT_COUNTER_ID = 'segments';
export const SEGMENT_ACCOUNT_MAX_WRITES = 100_000;
/**
 * The most characters of segment growth an account writes (`c`). A heavy year of study (70,000
 * answers) keeps ≈ 13-14 million characters in its segments (docs/benchmarks.md «A year of
 * study»), so 50 million is three to four such years (400 million, the batches' bound, was
 * thirty), and an abusive account stores at most 50 million characters of them. Past it the segment writes are refused and logged: the batches stay the
 * history, a new device pulls them as before, and the operator raises the bound.
 */
export const SEGMENT_ACCOUNT_MAX_BYTES = 50_000_000;

/**
 * The largest `e` a client writes, in UTF-8 bytes (so the document stays far below Firestore's
 * 1 MiB whatever the text); the rules bound it in characters, never more than its bytes.
 */
export const SEGMENT_MAX_BYTES = 400_000;
/** The most entries of one segment the rules take (an entry is at least ~60 characters). */
export const SEGMENT_MAX_ENTRIES = 20_000;
/** The most segments of an account: ids `s0` to `s9999` (the index, as the rules write it). */
export const SEGMENT_ID_PATTERN = '^s(0|[1-9][0-9]{0,3})$';
/**
 * A device rewrites the open segment once it has pulled this many batches past its end: a new
 * device then reads at most this many batches besides the segments (and the batches of the last
 * minutes before the restore).
 */
export const SEGMENT_TAIL_BATCHES = 40;

export const SEGMENT_DOCUMENT_FIELDS = {
  from: { wire: 'from', type: 'int', required: true },
  to: { wire: 'to', type: 'int', required: true },
  count: { wire: 'count', type: 'int', required: true },
  entries: { wire: 'e', type: 'string', required: true, max: SEGMENT_MAX_BYTES },
  syncedAt: { wire: 'syncedAt', type: 'timestamp', required: true },
} as const satisfies Record<string, WireField>;

/** The id of segment `index` (from 0). */
export function segmentId(index: number): string {
  return `s${index}`;
}

/** The index of a segment id, or undefined when it is not one. */
export function segmentIndex(id: string): number | undefined {
  return new RegExp(SEGMENT_ID_PATTERN).test(id) ? Number(id.slice(1)) : undefined;
}

/** The fields of a segment document, without `syncedAt` (set by the server). */
export interface SegmentWire {
  from: number;
  to: number;
  count: number;
  e: string;
}

/** One entry's text in a segment: its batch wire form and its receipt facts. */
export function segmentEntryText(entry: HistoryEntry): string {
  const wire: Record<string, unknown> = toEntryWire(entry);
  if (entry.receivedAt !== undefined) wire.r = entry.receivedAt;
  if (entry.sentAt !== undefined) wire.t = entry.sentAt;
  return JSON.stringify(wire);
}

/**
 * The fields of a segment of the given entry texts (segmentEntryText). Throws a RangeError for
 * what the rules would refuse: no entries, too many, a text past SEGMENT_MAX_BYTES, or a range
 * that is not one.
 */
export function toSegmentWire(from: number, to: number, texts: readonly string[]): SegmentWire {
  const e = `[${texts.join(',')}]`;
  if (texts.length === 0 || texts.length > SEGMENT_MAX_ENTRIES) {
    throw new RangeError(`A history segment holds 1-${SEGMENT_MAX_ENTRIES} entries`);
  }
  if (utf8Length(e) > SEGMENT_MAX_BYTES) {
    throw new RangeError(`A history segment is at most ${SEGMENT_MAX_BYTES} bytes`);
  }
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to <= from) {
    throw new RangeError(`A history segment covers a range of times, not ${from}..${to}`);
  }
  return { from, to, count: texts.length, e };
}

/**
 * What the segments' counter steps its `c` by for a segment of text `e` that replaces one whose
 * `e` had `replaced` characters (0: a new segment, or one whose size is not known here): at least
 * the growth however the rules' `size()` counts (bytes at most for the new text, characters at
 * least for the old), never below 0.
 */
export function segmentStep(e: string, replaced: number): number {
  return Math.max(0, utf8Length(e) - replaced);
}

/** The characters of a segment's `e` as the rules count them (what a later rewrite replaces). */
export function segmentChars(e: string): number {
  return charCount(e);
}

/** A segment as read back: its range and its entries, unchecked (the merge checks each). */
export interface SegmentRead {
  id: string;
  from: number;
  to: number;
  entries: unknown[];
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * A segment document back, or undefined when it is not one (a bad id, range or text): a restore
 * takes it as a gap and pulls the batches from there. The entries come with their user and
 * receipt facts filled in, UNCHECKED.
 */
export function segmentOf(userId: string, id: string, data: unknown): SegmentRead | undefined {
  if (segmentIndex(id) === undefined || typeof data !== 'object' || data === null) return;
  const { from, to, e } = data as { from?: unknown; to?: unknown; e?: unknown };
  if (!isTime(from) || !isTime(to) || to <= from || typeof e !== 'string') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(e);
  } catch {
    return;
  }
  if (!Array.isArray(parsed)) return;
  const entries = parsed.map((raw: unknown) => {
    const wire = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const receivedAt = isTime(wire.r) ? wire.r : undefined;
    const entry = fromEntryWire(userId, receivedAt ?? 0, raw);
    if (typeof entry !== 'object' || entry === null) return entry;
    const record = entry as Record<string, unknown>;
    if (receivedAt === undefined) delete record.receivedAt;
    if (isTime(wire.t)) record.sentAt = wire.t;
    return record;
  });
  return { id, from, to, entries };
}

/**
 * The segments that restore a history, in order: from the first (which must start at 0), each
 * one that starts within the coverage so far and reaches past it; the first gap ends them.
 * `to` is where the coverage ends (0: none), epoch ms: every batch received before it is in them.
 */
export function contiguousSegments(segments: readonly SegmentRead[]): {
  segments: SegmentRead[];
  to: number;
} {
  const sorted = [...segments].sort((a, b) => a.from - b.from || b.to - a.to);
  const used: SegmentRead[] = [];
  let to = 0;
  for (const segment of sorted) {
    if (segment.from > to) break;
    if (segment.to <= to) continue;
    used.push(segment);
    to = segment.to;
  }
  return { segments: used, to };
}
