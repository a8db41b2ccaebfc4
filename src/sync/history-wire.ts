/**
 * The cloud form of a history batch: `users/{uid}/history/{batchId}` holds
 * `{ device, count, e, syncedAt, now? }` (BATCH_DOCUMENT_FIELDS), where `e` is the JSON text of the
 * batch's entries. Entries use the one-letter names of ENTRY_FIELDS; the user is the path's, and
 * the receipt time is the batch's `syncedAt`. `now`, when present, is what the clock that dated
 * the batch's entries of `device` read at the commit: `syncedAt - now` is how far it was off.
 *
 * Why one string: firestore.rules cannot loop over a list, so a list of entries could only be
 * bounded in number, not in size, and any signed-up account could write documents of 1 MiB. A
 * string's length the rules can bound (HISTORY_BATCH_MAX_CHARS). The entries inside stay plain
 * JSON of their wire form, so fields this version does not know pass through unchanged.
 *
 * Documents written before this layout (and by older versions still at sea) hold the entries as
 * a list, `entries: EntryWire[]`; they are still read.
 */
import { HISTORY_BATCH_MAX_ENTRIES } from '@/domain/constants';
import { type HistoryEntry, TIME_MAX_MS } from '@/domain/history';
import { ENTRY_FIELDS, type EntryField, type WireField } from '@/domain/synced-records';

export const HISTORY_COLLECTION = 'history';

/**
 * The longest `e` the rules take, in characters. The largest legitimate batch, 500 entries with
 * every field at its longest (64-character ids and device, 128-character word ids, 32-character
 * kind and mode names, a full snapshot, the greatest stamps and counters), is 316,001 characters;
 * 380,001 if every word id were made of characters JSON escapes; 500 baselines of this version's
 * kinds are 279,501, and 500 ordinary answers about 72,000 (unit/sync/history-wire.test.ts
 * measures them). A batch longer than this, which only entries carrying a later version's fields
 * can make, goes in parts (toBatchDocuments).
 */
export const HISTORY_BATCH_MAX_CHARS = 400_000;

/**
 * The account's history counter, `users/{uid}/meta/history`: `{ n, c, last }`, the batch
 * documents this version has written for the account, the size of their `e` in UTF-8 bytes
 * (utf8Length: never fewer than the characters the rules' `size()` counts, whether it counts code
 * points, UTF-16 units or bytes), and the id of the batch written with it. firestore.rules take a
 * batch only in a commit that steps the counter by exactly that batch (one batch a commit: `last`
 * names it) and by at least its size, and only within the account's bounds, so no account can
 * write without limit. (Counting bytes costs a text of Cyrillic two to three times its characters
 * of the bound: far below it still.)
 */
export const HISTORY_COUNTER_COLLECTION = 'meta';
export const HISTORY_COUNTER_ID = 'history';
export const HISTORY_COUNTER_FIELDS = {
  batches: { wire: 'n', type: 'int', required: true },
  bytes: { wire: 'c', type: 'int', required: true },
  last: { wire: 'last', type: 'string', required: true, max: 64 },
} as const satisfies Record<string, WireField>;

/**
 * The account's bounds, sized from real use: a learner who syncs every minute pushes about ten
 * answers a batch and a year of daily study is about 70,000 answers (≈ 10 million bytes, at
 * ≈ 145 an answer, ASCII but for a later version's fields), 7,000 batches a year, or 70,000 if
 * every answer went alone (the sync runs 1.5 s after a change). A million batches is fourteen
 * such years even at one answer a batch; 400 million bytes is forty years of daily study. What
 * they bound is an abusive account: at most 400 million bytes of batches stored (≈ 0.4-0.8 GB
 * with Firestore's overhead) and two million writes, where nothing bounded it before.
 */
export const HISTORY_ACCOUNT_MAX_BATCHES = 1_000_000;
export const HISTORY_ACCOUNT_MAX_BYTES = 400_000_000;

/** A text's length in UTF-8 bytes: what the push adds to the account's counter. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      // A surrogate pair is one character of four bytes; a lone surrogate is sent as U+FFFD.
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** The characters of a text as the rules' `size()` counts them: code points, not UTF-16 units. */
export function charCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

/** The characters an entry adds to a batch's `e` (its JSON, and the comma before it). */
export function entryWireChars(entry: HistoryEntry): number {
  return JSON.stringify(toEntryWire(entry)).length + 1;
}

/**
 * The fields of a batch document, as firestore.rules' `validBatch` checks them (a unit test
 * compares the two). `count` is 1..HISTORY_BATCH_MAX_ENTRIES.
 */
export const BATCH_DOCUMENT_FIELDS = {
  device: { wire: 'device', type: 'string', required: true, max: 64 },
  count: { wire: 'count', type: 'int', required: true },
  entries: { wire: 'e', type: 'string', required: true, max: HISTORY_BATCH_MAX_CHARS },
  syncedAt: { wire: 'syncedAt', type: 'timestamp', required: true },
  /**
   * The sending device's clock reading at the commit (epoch ms, BATCH_NOW_MAX at most), for the
   * entries that clock dated; optional, as older versions and batches of others' entries (an
   * import) send none. Not bound to the server's time: a clock a year ahead must still push.
   */
  now: { wire: 'now', type: 'number', required: false },
} as const satisfies Record<string, WireField>;

/** The greatest `now` the rules take: the year 2200, the ceiling of every time of the history. */
export const BATCH_NOW_MAX = TIME_MAX_MS;

/**
 * A batch's `now` as a time of the history, or undefined: a number from 0 to just below
 * BATCH_NOW_MAX (a reading the rules take but no entry's time may hold is passed over).
 */
export function batchNowOf(value: unknown): number | undefined {
  return typeof value === 'number' && value >= 0 && value < BATCH_NOW_MAX
    ? Math.floor(value)
    : undefined;
}

/** One entry in a batch document: the one-letter names of ENTRY_FIELDS. */
export type EntryWire = Record<string, unknown>;

/** The fields of a batch document, without `syncedAt` (set by the server). */
export interface BatchWire {
  device: string;
  count: number;
  /** The JSON text of the entries' wire forms (EntryWire[]). */
  e: string;
  /** The sender's clock reading at the commit (see BATCH_DOCUMENT_FIELDS), when it dated them. */
  now?: number;
}

/** A clock reading as a batch's `now`: whole ms within what the rules take. */
export function batchNowAt(readingMs: number): number {
  return Math.min(Math.max(0, Math.floor(readingMs)), BATCH_NOW_MAX - 1);
}

const ENTRY_WIRE = Object.entries(ENTRY_FIELDS) as [EntryField, { wire: string }][];

/** An entry's wire form, field by field from ENTRY_FIELDS; missing optional fields are left out. */
export function toEntryWire(entry: HistoryEntry): EntryWire {
  const wire: EntryWire = {};
  for (const [field, { wire: name }] of ENTRY_WIRE) {
    const value = entry[field];
    if (value === undefined) continue;
    // A snapshot's own missing fields are left out too (Firestore refuses undefined).
    wire[name] =
      field === 'snapshot'
        ? Object.fromEntries(Object.entries(value as object).filter(([, v]) => v !== undefined))
        : value;
  }
  return wire;
}

/** A batch document to create: its id and its fields. */
export interface BatchDocument {
  id: string;
  data: BatchWire;
}

/** The id of part `part` (from 1) of batch `id`: the batch's own id, then `<id>-2`, `<id>-3`... */
function partId(id: string, part: number): string {
  if (part === 1) return id;
  const suffix = `-${part}`;
  return `${id.slice(0, 64 - suffix.length)}${suffix}`;
}

/**
 * The documents of one batch: one, unless its JSON would pass HISTORY_BATCH_MAX_CHARS (500
 * entries that carry a later version's fields `x`, say, which may each hold 2,000 characters)
 * or it has more than HISTORY_BATCH_MAX_ENTRIES entries. Then it is cut into consecutive parts,
 * the first named as the batch and the others `<id>-2`, `<id>-3`, ...: the caller writes all of
 * them in ONE commit, so the first one existing tells that the whole batch is in the cloud (the
 * engine's check after a lost answer). Throws a RangeError (before anything is sent) for no
 * entries, or for an entry that alone passes the limit (the contract makes that impossible).
 */
export function toBatchDocuments(id: string, entries: readonly HistoryEntry[]): BatchDocument[] {
  if (entries.length === 0) throw new RangeError('A history batch holds at least one entry');
  const documents: BatchDocument[] = [];
  let texts: string[] = [];
  let chars = 2; // the brackets
  let device = '';
  const close = () => {
    const e = `[${texts.join(',')}]`;
    documents.push({
      id: partId(id, documents.length + 1),
      data: { device, count: texts.length, e },
    });
    texts = [];
    chars = 2;
  };
  for (const entry of entries) {
    const text = JSON.stringify(toEntryWire(entry));
    // String length counts UTF-16 units, never fewer than the characters the rules count.
    if (text.length + 2 > HISTORY_BATCH_MAX_CHARS) {
      throw new RangeError(
        `History entry ${entry.id} is ${text.length} characters, over the ${HISTORY_BATCH_MAX_CHARS} of a batch`,
      );
    }
    const full = texts.length === HISTORY_BATCH_MAX_ENTRIES;
    if (full || (texts.length > 0 && chars + 1 + text.length > HISTORY_BATCH_MAX_CHARS)) close();
    if (texts.length === 0) device = entry.device;
    chars += (texts.length > 0 ? 1 : 0) + text.length;
    texts.push(text);
  }
  close();
  return documents;
}

/**
 * The fields of ONE batch document holding `entries`. Throws a RangeError for what the rules
 * would refuse: no entries, more than HISTORY_BATCH_MAX_ENTRIES, or more than
 * HISTORY_BATCH_MAX_CHARS of JSON (toBatchDocuments cuts such a batch into parts instead).
 */
export function toBatchWire(entries: readonly HistoryEntry[]): BatchWire {
  const documents = toBatchDocuments('batch', entries);
  const [only] = documents;
  if (!only || documents.length > 1) {
    throw new RangeError(
      `A history batch document holds at most ${HISTORY_BATCH_MAX_ENTRIES} entries and ${HISTORY_BATCH_MAX_CHARS} characters`,
    );
  }
  return only.data;
}

/**
 * A stored entry back in the domain's field names, with the user and the receipt time filled in
 * (and the batch's send reading `sentAt`, when given, for an entry of the batch's device),
 * UNCHECKED (whatever the document held): the engine checks every entry against the contract.
 */
export function fromEntryWire(
  userId: string,
  receivedAt: number,
  raw: unknown,
  sent?: { device: string; at: number },
): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const wire = raw as Record<string, unknown>;
  const entry: Record<string, unknown> = { userId, receivedAt };
  for (const [field, { wire: name }] of ENTRY_WIRE) {
    if (wire[name] !== undefined) entry[field] = wire[name];
  }
  // Only the sender's own entries were dated by the clock that read `now`.
  if (sent && entry.device === sent.device) entry.sentAt = sent.at;
  return entry;
}

/** The wire entries of a batch document's data: `e` parsed, or the older `entries` list. */
function wireEntriesOf(data: unknown): unknown[] {
  if (typeof data !== 'object' || data === null) return [];
  const { e, entries } = data as { e?: unknown; entries?: unknown };
  if (typeof e === 'string') {
    try {
      const parsed: unknown = JSON.parse(e);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      // A document no version of the app writes: nothing in it can be read.
      return [];
    }
  }
  return Array.isArray(entries) ? entries : [];
}

/**
 * The entries of a batch document's data (either layout), or nothing when it is malformed: an
 * unreadable batch is passed over like an empty one, and the pull cursor moves on.
 */
export function entriesOfBatch(userId: string, receivedAt: number, data: unknown): unknown[] {
  const { device, now } = (typeof data === 'object' && data !== null ? data : {}) as {
    device?: unknown;
    now?: unknown;
  };
  const at = batchNowOf(now);
  const sent = typeof device === 'string' && at !== undefined ? { device, at } : undefined;
  return wireEntriesOf(data).map((raw) => fromEntryWire(userId, receivedAt, raw, sent));
}
