/**
 * A word's learning state as a baseline entry carries it (the state a word had before the history
 * existed: an older version's record, an old cloud document, an imported record). Every field is
 * one row of SNAPSHOT_FIELDS, which says how the field is taken from a word, checked on the wire
 * and compared: a new field of the snapshot is one row (and a FOLD_VERSION bump if the fold reads
 * it). The rows are in the snapshot's key order, which baseline ids digest: never reorder them.
 */
import {
  COUNT_MAX,
  type HistoryEntry,
  isCount,
  isRecord,
  isTime,
  quote,
  TIME_MAX_MS,
} from './history';
import type { UserWord, WordStatus } from './types';
import { digestOf } from './vocabulary';

/** A word's learning state as a baseline carries it. */
export interface WordSnapshot {
  status: WordStatus;
  attempts: number;
  correct: number;
  streak: number;
  strength: number;
  updatedAt: number;
  lastSeenAt?: number;
  nextReviewAt?: number;
  hidden?: boolean;
  deleted?: boolean;
}

type Read = { ok: true; value: unknown } | { ok: false; reason: string };
const take = (value: unknown): Read => ({ ok: true, value });
const refuse = (reason: string): Read => ({ ok: false, reason });
/** Left out of the snapshot (an optional field that is missing, or a flag that is off). */
const OMIT: Read = { ok: true, value: undefined };

/** One field of the snapshot. */
interface SnapshotField {
  name: keyof WordSnapshot;
  /** The field's value in a word's snapshot (undefined: left out). */
  of(word: UserWord): unknown;
  /** A wire value checked: the value to keep (undefined: left out) or why it is refused. */
  read(raw: unknown): Read;
  /**
   * Where the field stands in the order of two snapshots of one word (lower decides first), and
   * how two of its values compare.
   */
  rank: number;
  compare(a: unknown, b: unknown): number;
}

const sign = (value: number) => (value > 0 ? 1 : value < 0 ? -1 : 0);
const compareNumbers = (a: unknown, b: unknown) => sign((a as number) - (b as number));
/** Missing first. */
const compareOptional = (a: unknown, b: unknown) =>
  a === b ? 0 : a === undefined ? -1 : b === undefined ? 1 : compareNumbers(a, b);
const compareFlags = (a: unknown, b: unknown) => sign(Number(Boolean(a)) - Number(Boolean(b)));
const STATUS_RANK: Record<WordStatus, number> = { new: 0, learning: 1, learned: 2 };
const STATUSES = Object.keys(STATUS_RANK);

const counter = (name: 'attempts' | 'correct' | 'streak', rank: number): SnapshotField => ({
  name,
  of: (word) => word[name],
  read: (raw) =>
    isCount(raw) ? take(raw) : refuse(`${name} is not a whole number 0..${COUNT_MAX}`),
  rank,
  compare: compareNumbers,
});

const optionalTime = (name: 'lastSeenAt' | 'nextReviewAt', rank: number): SnapshotField => ({
  name,
  of: (word) => word[name],
  read: (raw) =>
    raw === undefined || raw === null
      ? OMIT
      : isTime(raw)
        ? take(raw)
        : refuse(`${name} is not a valid time`),
  rank,
  compare: compareOptional,
});

/** A flag travels only when set (true, or 1 from an older record). */
const flag = (name: 'hidden' | 'deleted', rank: number): SnapshotField => ({
  name,
  of: (word) => (word[name] ? true : undefined),
  read: (raw) =>
    raw === undefined || raw === null || raw === false || raw === 0
      ? OMIT
      : raw === true || raw === 1
        ? take(true)
        : refuse(`${name} is not a flag`),
  rank,
  compare: compareFlags,
});

/**
 * The snapshot's fields, in key order. `rank` gives the order of two snapshots: updatedAt, then
 * attempts, correct, streak, strength, lastSeenAt, nextReviewAt (missing first), status, hidden,
 * deleted (the order the old last-writer-wins sync used, so a baseline loses nothing it kept).
 */
export const SNAPSHOT_FIELDS: readonly SnapshotField[] = [
  {
    name: 'status',
    of: (word) => word.status,
    read: (raw) =>
      typeof raw === 'string' && STATUSES.includes(raw)
        ? take(raw)
        : refuse(`unknown status ${quote(raw)}`),
    rank: 7,
    compare: (a, b) => sign(STATUS_RANK[a as WordStatus] - STATUS_RANK[b as WordStatus]),
  },
  counter('attempts', 1),
  counter('correct', 2),
  counter('streak', 3),
  {
    name: 'strength',
    of: (word) => word.strength,
    read: (raw) =>
      typeof raw === 'number' && raw >= 0 && raw <= 1
        ? take(raw)
        : refuse('strength is not within 0..1'),
    rank: 4,
    compare: compareNumbers,
  },
  {
    name: 'updatedAt',
    of: (word) => word.updatedAt,
    read: (raw) => (isTime(raw) ? take(raw) : refuse('updatedAt is not a valid time')),
    rank: 0,
    compare: compareNumbers,
  },
  optionalTime('lastSeenAt', 5),
  optionalTime('nextReviewAt', 6),
  flag('hidden', 8),
  flag('deleted', 9),
];

/** Rules between fields, checked once every field is valid on its own. */
const SNAPSHOT_RULES: readonly ((snapshot: WordSnapshot) => string | null)[] = [
  (snapshot) => (snapshot.correct > snapshot.attempts ? 'correct exceeds attempts' : null),
];

const BY_RANK = [...SNAPSHOT_FIELDS].sort((a, b) => a.rank - b.rank);

/** A total order on snapshots of one word (see SNAPSHOT_FIELDS): which baseline a word starts from. */
export function compareSnapshots(a: WordSnapshot, b: WordSnapshot): number {
  for (const field of BY_RANK) {
    const order = field.compare(a[field.name], b[field.name]);
    if (order !== 0) return order;
  }
  return 0;
}

/** The learning-state part of a user word. */
export function snapshotOf(word: UserWord): WordSnapshot {
  const snapshot: Record<string, unknown> = {};
  for (const field of SNAPSHOT_FIELDS) {
    const value = field.of(word);
    if (value !== undefined) snapshot[field.name] = value;
  }
  return snapshot as unknown as WordSnapshot;
}

/** A snapshot that meets the contract, or the reason it does not (the first broken field's). */
export function checkSnapshot(
  raw: unknown,
): { ok: true; snapshot: WordSnapshot } | { ok: false; reason: string } {
  if (!isRecord(raw)) return { ok: false, reason: 'snapshot is not an object' };
  const snapshot: Record<string, unknown> = {};
  for (const field of SNAPSHOT_FIELDS) {
    const read = field.read(raw[field.name]);
    if (!read.ok) return read;
    if (read.value !== undefined) snapshot[field.name] = read.value;
  }
  for (const rule of SNAPSHOT_RULES) {
    const reason = rule(snapshot as unknown as WordSnapshot);
    if (reason) return { ok: false, reason };
  }
  return { ok: true, snapshot: snapshot as unknown as WordSnapshot };
}

/** The word a baseline describes. */
export function fromSnapshot(userId: string, vocabId: string, snapshot: WordSnapshot): UserWord {
  const word: UserWord = { userId, vocabId, ...snapshot, deleted: Boolean(snapshot.deleted) };
  if (snapshot.hidden === undefined) delete word.hidden;
  return word;
}

/** A baseline's id: a digest of the word and its state, so the same record always makes the same entry. */
export function baselineId(prefix: string, vocabId: string, snapshot: WordSnapshot): string {
  return `${prefix}-${digestOf([vocabId, snapshot])}`;
}

/** A baseline entry for a user word (from an older record, cloud document or import). */
export function baselineEntry(
  word: UserWord,
  options: { prefix: string; device: string },
): HistoryEntry {
  const snapshot = snapshotOf(word);
  const wall = Math.min(Math.max(0, Math.floor(word.updatedAt)), TIME_MAX_MS - 1);
  return {
    id: baselineId(options.prefix, word.vocabId, snapshot),
    userId: word.userId,
    vocabId: word.vocabId,
    kind: 'baseline',
    hlc: wall * 1000,
    wall,
    device: options.device,
    snapshot,
  };
}
