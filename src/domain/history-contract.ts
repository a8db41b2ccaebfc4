/**
 * The wire contract of a history entry: the one check that import, upgrades, pulls and every push
 * use, and the ids an entry takes. A later version's kinds, modes and `x` fields pass unchanged
 * (see history.ts, KIND_PATTERN).
 */
import {
  EXTENSION_MAX_CHARS,
  type HistoryEntry,
  isKnownKind,
  isRecord,
  isTime,
  KIND_PATTERN,
  quote,
} from './history';
import { checkSnapshot, type WordSnapshot } from './history-snapshot';
import { HLC_MAX } from './hlc';
import { digestOf } from './vocabulary';

export const ENTRY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_VOCAB_ID_LENGTH = 128;

/** A word id: 1-128 characters, no slash (a path separator in the cloud) and no control character. */
export function isVocabId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 1 || value.length > MAX_VOCAB_ID_LENGTH) {
    return false;
  }
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || value[i] === '/') return false;
  }
  return true;
}
export type EntryCheck = { ok: true; entry: HistoryEntry } | { ok: false; reason: string };

/**
 * Checks a history entry against the wire contract (the one place: import, upgrades, pulls and
 * every push use it). Returns a clean copy with only the contract's fields.
 */
export function checkEntry(raw: unknown): EntryCheck {
  const fail = (reason: string): EntryCheck => ({ ok: false, reason });
  if (!isRecord(raw)) return fail('not an object');
  const { id, userId, vocabId, kind, hlc, wall, device } = raw;
  if (typeof id !== 'string' || !ENTRY_ID_PATTERN.test(id)) return fail('invalid id');
  if (typeof userId !== 'string' || userId === '' || userId.length > 128) {
    return fail('invalid userId');
  }
  if (!isVocabId(vocabId)) {
    return fail(`invalid word id ${quote(vocabId)}`);
  }
  if (typeof kind !== 'string' || !KIND_PATTERN.test(kind)) {
    return fail(`invalid kind ${quote(kind)}`);
  }
  // A baseline's own fields say best what is wrong with a broken record: they go first.
  let snapshot: WordSnapshot | undefined;
  if (kind === 'baseline' || (!isKnownKind(kind) && raw.snapshot !== undefined)) {
    const checked = checkSnapshot(raw.snapshot);
    if (!checked.ok) return fail(checked.reason);
    snapshot = checked.snapshot;
  }
  if (!Number.isSafeInteger(hlc) || (hlc as number) < 0 || (hlc as number) >= HLC_MAX) {
    return fail('invalid clock stamp');
  }
  if (!isTime(wall)) return fail('invalid time');
  if (typeof device !== 'string' || !ENTRY_ID_PATTERN.test(device)) return fail('invalid device');
  const entry: HistoryEntry = {
    id,
    userId,
    vocabId,
    kind,
    hlc: hlc as number,
    wall,
    device,
  };
  if (raw.receivedAt !== undefined && raw.receivedAt !== null) {
    if (!isTime(raw.receivedAt)) return fail('invalid receivedAt');
    entry.receivedAt = raw.receivedAt;
  }
  if (raw.sentAt !== undefined && raw.sentAt !== null) {
    if (!isTime(raw.sentAt)) return fail('invalid sentAt');
    entry.sentAt = raw.sentAt;
  }
  const known = isKnownKind(kind);
  if (kind === 'answer' || (!known && raw.correct !== undefined && raw.correct !== null)) {
    if (typeof raw.correct !== 'boolean') return fail('an answer without correct');
    entry.correct = raw.correct;
  }
  if ((kind === 'answer' || !known) && raw.mode !== undefined && raw.mode !== null) {
    if (typeof raw.mode !== 'string' || !KIND_PATTERN.test(raw.mode)) {
      return fail('invalid answer mode');
    }
    entry.mode = raw.mode;
  }
  if (snapshot) entry.snapshot = snapshot;
  if (raw.x !== undefined && raw.x !== null) {
    const extension = checkExtension(raw.x);
    if (!extension) return fail('invalid extension fields');
    entry.x = extension;
  }
  return { ok: true, entry };
}

/**
 * A later version's fields: a plain object of at most EXTENSION_MAX_CHARS of JSON, copied through
 * JSON (so no reference to the given object is kept), or null. Never throws: a structure too deep
 * to serialise is refused like any other.
 */
function checkExtension(value: unknown): Record<string, unknown> | null {
  if (!isRecord(value)) return null;
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return null;
  }
  if (text.length > EXTENSION_MAX_CHARS) return null;
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * The id a user's copy of an entry takes when another account on the device holds the entry's
 * own id (the history store is keyed by id alone): derived, so the same copy always gets it.
 */
export function entryIdOf(userId: string, id: string): string {
  return `u-${digestOf([userId, id])}`;
}
