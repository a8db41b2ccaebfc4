/**
 * Writing the dead letters (records that failed the wire contract), always inside the caller's own
 * transaction: at most DEAD_LETTERS_KEPT letters per user and source, the newest, each holding a
 * bounded copy of its record; the letters that make room, or never get one, are only counted, in
 * one summary record per user and source. Nothing here throws on a strange record: a record too
 * large, too deep or cyclic is kept as a cut JSON text.
 */
import { newId } from '@/domain/ids';
import type { DeadLetter } from './schema';

/** At most this many letters are kept per user and source (the newest); the rest are counted. */
export const DEAD_LETTERS_KEPT = 50;
/** A letter keeps at most this many characters of its record's JSON text. */
export const DEAD_LETTER_RECORD_MAX = 2_048;
/** A kept copy nests at most this deep: a deeper record is kept as its cut text. */
const DEPTH_MAX = 32;
/** A reason may quote the bad value: it is cut to this many characters. */
const REASON_MAX = 300;
/** Summary ids hold ':', which random ids (nanoid's alphabet) never do. */
const SUMMARY_PREFIX = 'not-kept:';

/** One record to set aside, and why; `id` for a letter a repeat of the same failure replaces. */
export interface SetAsideItem {
  reason: string;
  record: unknown;
  id?: string;
}

/**
 * The deadLetters store of the caller's readwrite (or versionchange) transaction: all this module
 * needs of it, so the letters are written in that transaction and never in one of their own.
 */
export interface DeadLetterStore {
  getAll(): Promise<DeadLetter[]>;
  put(letter: DeadLetter): Promise<unknown>;
  delete(id: string): Promise<unknown>;
  index(name: 'userId'): { getAll(userId: string): Promise<DeadLetter[]> };
}

/** The summary record of a user and source: how many of its letters were set aside but not kept. */
export function isNotKeptSummary(letter: DeadLetter): boolean {
  return letter.dropped !== undefined;
}

function summaryId(userId: string | undefined, source: DeadLetter['source']): string {
  return `${SUMMARY_PREFIX}${source}:${userId ?? ''}`;
}

/**
 * Sets `items` aside for `userId` (undefined: letters of nobody in particular, shown to everyone)
 * within the caller's transaction, through its `store`. Call it once per transaction and source
 * with all the failures collected: the cap is applied to the batch before anything is written, so
 * 10,000 failures write at most DEAD_LETTERS_KEPT letters and one summary. When the batch alone
 * exceeds the cap, its first items are kept (the order of the file or delivery).
 */
export async function setAside(
  store: DeadLetterStore,
  userId: string | undefined,
  source: DeadLetter['source'],
  items: readonly SetAsideItem[],
  now: number,
): Promise<void> {
  if (items.length === 0) return;
  const batch = new Map<string, SetAsideItem>();
  const droppedIds = new Set<string>();
  let dropped = 0;
  for (const item of items) {
    // A later item of an id already in the batch replaces it, as a second put would.
    if (item.id !== undefined && batch.has(item.id)) batch.set(item.id, item);
    else if (batch.size < DEAD_LETTERS_KEPT) batch.set(item.id ?? newId(), item);
    else if (item.id === undefined || !droppedIds.has(item.id)) {
      if (item.id !== undefined) droppedIds.add(item.id);
      dropped++;
    }
  }
  const sameUser =
    userId === undefined
      ? (await store.getAll()).filter((letter) => letter.userId === undefined)
      : await store.index('userId').getAll(userId);
  const id = summaryId(userId, source);
  let summary: DeadLetter | undefined;
  const older: DeadLetter[] = [];
  for (const letter of sameUser) {
    if (letter.id === id) summary = letter;
    else if (letter.source === source && !isNotKeptSummary(letter) && !batch.has(letter.id)) {
      older.push(letter);
    }
  }
  // The newest first; among letters of one moment, an order that does not change.
  older.sort((a, b) => b.at - a.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const evicted = older.slice(Math.max(0, DEAD_LETTERS_KEPT - batch.size));
  dropped += evicted.length;
  const writes: Promise<unknown>[] = [];
  for (const [letterId, item] of batch) {
    writes.push(store.put(letterOf(letterId, userId, source, item, now)));
  }
  for (const letter of evicted) writes.push(store.delete(letter.id));
  if (dropped > 0) {
    const total = (summary?.dropped ?? 0) + dropped;
    writes.push(
      store.put({
        id,
        ...(userId === undefined ? {} : { userId }),
        source,
        // What an older version of the app, which lists this record as a letter, shows.
        reason: `${total} more record(s) set aside but not kept: only the newest ${DEAD_LETTERS_KEPT} are`,
        record: null,
        dropped: total,
        at: now,
      }),
    );
  }
  await Promise.all(writes);
}

function letterOf(
  id: string,
  userId: string | undefined,
  source: DeadLetter['source'],
  item: SetAsideItem,
  now: number,
): DeadLetter {
  const reason = String(item.reason);
  return {
    id,
    ...(userId === undefined ? {} : { userId }),
    source,
    reason: reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX)}…` : reason,
    ...keptCopyOf(item.record),
    at: now,
  };
}

/**
 * What a letter keeps of its record: a plain copy (through its JSON) when the JSON fits in
 * DEAD_LETTER_RECORD_MAX characters and nests at most DEPTH_MAX deep, otherwise the cut JSON
 * text, marked `truncated`. Either can be stored (structured clone) and displayed safely.
 */
export function keptCopyOf(record: unknown): Pick<DeadLetter, 'record' | 'truncated'> {
  const { text, complete } = boundedJson(record, DEAD_LETTER_RECORD_MAX, DEPTH_MAX);
  if (complete) {
    try {
      return { record: JSON.parse(text) };
    } catch {
      // Not expected (the text is JSON): the text itself is kept.
    }
  }
  return { record: `${text}…`, truncated: true };
}

/**
 * A bounded JSON preview of any value, at most `max` characters plus '…' when cut. Never throws
 * and never recurses: a value nested 100,000 deep, a cycle, a huge array or string, a throwing
 * getter all give a preview of what could be read.
 */
export function previewOf(record: unknown, max = DEAD_LETTER_RECORD_MAX): string {
  const { text, complete } = boundedJson(record, max, DEPTH_MAX);
  return complete ? text : `${text}…`;
}

/** The text a letter shows: its kept text as it is, or a preview of its record (old letters too). */
export function letterPreview(letter: DeadLetter, max: number): string {
  if (letter.truncated && typeof letter.record === 'string') {
    const text = letter.record;
    return text.length > max ? `${text.slice(0, max)}…` : text;
  }
  return previewOf(letter.record, max);
}

/** An object or array being written: its keys (null for an array-like) and the next position. */
interface Frame {
  value: object;
  keys: readonly string[] | null;
  length: number;
  next: number;
  written: boolean;
}

/** A value as JSON.stringify sees it: `toJSON` applied (a Date's ISO text, say). */
function jsonValue(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return toJSON.call(value, key);
  }
  return value;
}

/** Values JSON leaves out of an object (and writes as null in an array). */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/**
 * The JSON text of `root` as JSON.stringify writes it, built with an explicit stack and stopped
 * after `max` characters or below `depthMax` levels; `complete` when nothing was cut or left out
 * (a cycle, a bigint, a getter that threw).
 */
function boundedJson(
  root: unknown,
  max: number,
  depthMax: number,
): { text: string; complete: boolean } {
  const parts: string[] = [];
  let length = 0;
  let complete = true;
  const frames: Frame[] = [];
  const emit = (part: string) => {
    parts.push(part);
    length += part.length;
  };
  const quoted = (text: string) =>
    JSON.stringify(text.length > max ? text.slice(0, max + 1) : text);
  /** Writes a scalar, or opens an object or array (its members follow from the loop). */
  const begin = (value: unknown) => {
    switch (typeof value) {
      case 'string':
        emit(quoted(value));
        return;
      case 'number':
        emit(Number.isFinite(value) ? String(value) : 'null');
        return;
      case 'boolean':
        emit(String(value));
        return;
      case 'bigint':
        emit(quoted(`${value}n`));
        complete = false;
        return;
      case 'object': {
        if (value === null) {
          emit('null');
          return;
        }
        const arrayLike = Array.isArray(value) || ArrayBuffer.isView(value);
        if (frames.length >= depthMax || frames.some((frame) => frame.value === value)) {
          emit(arrayLike ? '[…]' : '{…}');
          complete = false;
          return;
        }
        emit(arrayLike ? '[' : '{');
        frames.push({
          value,
          keys: arrayLike ? null : Object.keys(value),
          length: arrayLike ? Number((value as ArrayLike<unknown>).length) || 0 : 0,
          next: 0,
          written: false,
        });
        return;
      }
      default:
        emit('null');
    }
  };
  try {
    begin(jsonValue(root, ''));
    while (frames.length > 0 && length <= max) {
      const frame = frames[frames.length - 1] as Frame;
      if (frame.keys === null) {
        if (frame.next >= frame.length) {
          emit(']');
          frames.pop();
          continue;
        }
        const index = frame.next++;
        if (index > 0) emit(',');
        const item = jsonValue((frame.value as ArrayLike<unknown>)[index], String(index));
        begin(isOmitted(item) ? null : item);
        continue;
      }
      let key: string | undefined;
      let item: unknown;
      while (key === undefined && frame.next < frame.keys.length) {
        const candidate = frame.keys[frame.next++] as string;
        const value = jsonValue((frame.value as Record<string, unknown>)[candidate], candidate);
        if (!isOmitted(value)) {
          key = candidate;
          item = value;
        }
      }
      if (key === undefined) {
        emit('}');
        frames.pop();
        continue;
      }
      if (frame.written) emit(',');
      frame.written = true;
      emit(`${quoted(key)}:`);
      begin(item);
    }
  } catch {
    // A getter or toJSON that threw (or overflowed the stack itself): what was read so far stands.
    complete = false;
  }
  if (frames.length > 0) complete = false;
  let text = parts.join('');
  if (text.length > max) {
    text = text.slice(0, max);
    complete = false;
  }
  return { text, complete };
}
