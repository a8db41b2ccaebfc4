/**
 * firestore.rules' history segments for the Firestore REST test server (`validSegment`,
 * `countedSegment` and `validSegmentCounter`), from the same table and bounds the clients write
 * by (src/sync/history-segments.ts). `lookup` reads a document as it stands before the commit,
 * `lookupAfter` as it stands after the whole commit.
 */
import {
  SEGMENT_ACCOUNT_MAX_BYTES,
  SEGMENT_ACCOUNT_MAX_WRITES,
  SEGMENT_COUNTER_ID,
  SEGMENT_DOCUMENT_FIELDS,
  SEGMENT_ID_PATTERN,
  SEGMENT_MAX_ENTRIES,
  SEGMENTS_COLLECTION,
} from '../../src/sync/history-segments';
import { HISTORY_COUNTER_COLLECTION } from '../../src/sync/history-wire';
import type { FsValue } from './firestore-rest-server';
import type { Lookup } from './fleet-rules';

type Fields = Record<string, FsValue>;

const SEGMENT_ID = new RegExp(SEGMENT_ID_PATTERN);
const COUNTER_FIELDS = ['n', 'c', 'last', 'from', 'to', 'size'];

/** `users/{uid}/historySegments/{segId}`. */
export function isHistorySegment(path: string): boolean {
  const [users, , collection, id, ...rest] = path.split('/');
  return (
    users === 'users' && collection === SEGMENTS_COLLECTION && id !== undefined && rest.length === 0
  );
}

/** `users/{uid}/meta/segments`: the segments' counter. */
export function isSegmentCounter(path: string): boolean {
  const [users, , collection, id, ...rest] = path.split('/');
  return (
    users === 'users' &&
    collection === HISTORY_COUNTER_COLLECTION &&
    id === SEGMENT_COUNTER_ID &&
    rest.length === 0
  );
}

const counterPath = (uid: string) =>
  `users/${uid}/${HISTORY_COUNTER_COLLECTION}/${SEGMENT_COUNTER_ID}`;

/** An integer field (`is int`), or undefined. */
function intOf(fields: Fields | undefined, name: string): number | undefined {
  const value = fields?.[name]?.integerValue;
  return value === undefined ? undefined : Number(value);
}

/** A string's characters as the rules' `size()` counts them (code points). */
const sizeOf = (text: string) => [...text].length;

/**
 * `validSegment(segId, data)`: an id `s0`..`s9999`; the fields from, to, count, e, syncedAt
 * only; a range of whole milliseconds from 0, ending no later than the request; 1-20,000 entries
 * in an `e` of 2-400,000 characters; the request's time.
 */
export function segmentValid(
  path: string,
  fields: Fields,
  requestTime: number,
  parseTimestamp: (value: unknown) => number,
): boolean {
  const id = path.split('/')[3] ?? '';
  if (!SEGMENT_ID.test(id)) return false;
  const names = Object.keys(fields);
  const wanted: string[] = Object.values(SEGMENT_DOCUMENT_FIELDS).map((field) => field.wire);
  if (names.length !== wanted.length || !names.every((name) => wanted.includes(name))) {
    return false;
  }
  const { from, to, count, entries, syncedAt } = SEGMENT_DOCUMENT_FIELDS;
  const start = intOf(fields, from.wire);
  const end = intOf(fields, to.wire);
  const n = intOf(fields, count.wire);
  const text = fields[entries.wire]?.stringValue;
  if (start === undefined || end === undefined || n === undefined || text === undefined) {
    return false;
  }
  if (!(start >= 0 && start < end && end <= Math.floor(requestTime / 1000))) return false;
  if (!(n >= 1 && n <= SEGMENT_MAX_ENTRIES)) return false;
  if (text.length < 2 || sizeOf(text) > entries.max) return false;
  const stamp = fields[syncedAt.wire]?.timestampValue;
  return stamp !== undefined && parseTimestamp(stamp) === requestTime;
}

/**
 * `countedSegment(uid, segId, data, replaced)`: the counter after the commit names this segment
 * (`last`) and its range; the segment is the open one again (the same start, an end no earlier)
 * or the next (starting where the open one ended); the counter grew by one write and at least the
 * segment's growth over the one it replaces, within the account's bounds.
 */
export function segmentCounted(
  path: string,
  fields: Fields,
  replaced: Fields | undefined,
  lookup: Lookup,
  lookupAfter: Lookup,
): boolean {
  const [, uid = '', , id = ''] = path.split('/');
  const after = lookupAfter(counterPath(uid));
  if (!after) return false;
  const stored = lookup(counterPath(uid));
  const before = (name: string) => (stored ? intOf(stored, name) : name === 'last' ? -1 : 0);
  const [n, c, last, from, to] = ['n', 'c', 'last', 'from', 'to'].map((name) => intOf(after, name));
  const [nBefore, cBefore, lastBefore, fromBefore, toBefore] = ['n', 'c', 'last', 'from', 'to'].map(
    before,
  );
  const start = intOf(fields, SEGMENT_DOCUMENT_FIELDS.from.wire);
  const end = intOf(fields, SEGMENT_DOCUMENT_FIELDS.to.wire);
  const text = fields[SEGMENT_DOCUMENT_FIELDS.entries.wire]?.stringValue ?? '';
  const replacedText = replaced?.[SEGMENT_DOCUMENT_FIELDS.entries.wire]?.stringValue ?? '';
  if (
    [n, c, last, from, to, nBefore, cBefore, lastBefore, fromBefore, toBefore].includes(undefined)
  ) {
    return false;
  }
  if (start === undefined || end === undefined) return false;
  const again = last === lastBefore && start === fromBefore && end >= (toBefore as number);
  const next = last === (lastBefore as number) + 1 && start === toBefore;
  return (
    id === `s${last}` &&
    (again || next) &&
    from === start &&
    to === end &&
    n === (nBefore as number) + 1 &&
    (c as number) >= (cBefore as number) + sizeOf(text) - sizeOf(replacedText) &&
    (n as number) <= SEGMENT_ACCOUNT_MAX_WRITES &&
    (c as number) <= SEGMENT_ACCOUNT_MAX_BYTES
  );
}

/**
 * `keepsSegment(data, stored)`: a rewrite of a segment holds no fewer entries (`count`) and no
 * fewer characters (`e`) than the one it replaces (a new device trusts the open segment's `to`).
 */
export function segmentKept(fields: Fields, replaced: Fields): boolean {
  const { count, entries } = SEGMENT_DOCUMENT_FIELDS;
  const n = intOf(fields, count.wire);
  const stored = intOf(replaced, count.wire);
  const text = fields[entries.wire]?.stringValue;
  const storedText = replaced[entries.wire]?.stringValue;
  return (
    n !== undefined &&
    stored !== undefined &&
    text !== undefined &&
    storedText !== undefined &&
    n >= stored &&
    sizeOf(text) >= sizeOf(storedText)
  );
}

/**
 * `validSegmentCounter(uid, data)`: its fields only, integers, and the segment it names written
 * in this very commit (whose own rule checks the step), no shorter than `size` says.
 */
export function segmentCounterValid(
  path: string,
  fields: Fields,
  lookupAfter: Lookup,
  requestTime: number,
  parseTimestamp: (value: unknown) => number,
): boolean {
  const uid = path.split('/')[1] ?? '';
  const names = Object.keys(fields);
  if (
    names.length !== COUNTER_FIELDS.length ||
    !names.every((name) => COUNTER_FIELDS.includes(name))
  ) {
    return false;
  }
  if (COUNTER_FIELDS.some((name) => intOf(fields, name) === undefined)) return false;
  const segment = lookupAfter(`users/${uid}/${SEGMENTS_COLLECTION}/s${intOf(fields, 'last')}`);
  const stamp = segment?.[SEGMENT_DOCUMENT_FIELDS.syncedAt.wire]?.timestampValue;
  const text = segment?.[SEGMENT_DOCUMENT_FIELDS.entries.wire]?.stringValue;
  return (
    stamp !== undefined &&
    parseTimestamp(stamp) === requestTime &&
    text !== undefined &&
    (intOf(fields, 'size') as number) <= sizeOf(text)
  );
}
