/**
 * The answer history: every change a learner makes to a word is an immutable entry, and a word's
 * learning state is a pure fold of its entries. Every device holding the same entries computes
 * the same state, whatever order they arrived in.
 *
 * Order. Entries are ordered by their hybrid-logical-clock stamp (`hlc`), ties broken by device
 * id and then entry id. Baseline entries (the state a word had before the history existed: a
 * record of an older version of the app, an old cloud document, an imported record) are not
 * ordered in time: the word starts from the greatest baseline by `compareSnapshots` (the order
 * the old last-writer-wins sync used, so a baseline loses nothing the old sync kept), and every
 * other entry is applied on top.
 *
 * Clock sanity (the rule docs/cloud-edition.md states). The stamp only orders entries. The time an entry
 * happened at, which the spaced-repetition rules use as "now" (last seen, next review) and the
 * charts use as its day, is `effectiveTime`: the physical clock of the device that made it
 * (corrected by how far off its batch says that clock was), capped by the server time at which
 * the cloud received it. A device whose clock runs a year
 * ahead therefore cannot schedule a word a year away once its entries have reached the cloud, and
 * the devices that adopt its far-ahead stamps keep using their own physical clocks for their own
 * entries: a wrong clock can reorder concurrent entries but never hide them or freeze a word.
 *
 * The history lives in four modules: this one (the entry, its kinds, its order and its value
 * bounds), history-snapshot.ts (a baseline's word state, driven by one field table),
 * history-fold.ts (a word's state from its entries) and history-contract.ts (the check every
 * entry passes on import, upgrade, pull and push).
 */

import type { WordSnapshot } from './history-snapshot';
import { CLOCK_OFFSET_TOLERANCE_MS, HLC_MAX } from './hlc';

export type HistoryKind =
  | 'baseline'
  | 'answer'
  | 'skip'
  | 'learn'
  | 'unlearn'
  | 'relearn'
  | 'hide'
  | 'unhide'
  | 'delete'
  | 'restore';

export const HISTORY_KINDS: readonly HistoryKind[] = [
  'baseline',
  'answer',
  'skip',
  'learn',
  'unlearn',
  'relearn',
  'hide',
  'unhide',
  'delete',
  'restore',
];

/**
 * How an answer was given. `spoken`: said aloud and marked by the app (domain/spoken.ts); `self`:
 * recorded and judged right or wrong by the learner. Both answer a production question; an older
 * version folds them as plain answers, as it folds any mode it does not know.
 */
export type AnswerMode = 'choice' | 'spelling' | 'word-order' | 'spoken' | 'self';
export const ANSWER_MODES: readonly AnswerMode[] = [
  'choice',
  'spelling',
  'word-order',
  'spoken',
  'self',
];

/**
 * Forward compatibility (the rule docs/cloud-edition.md states). A later version may add entry kinds, answer
 * modes and fields; this version keeps, syncs and exports such an entry unchanged:
 * - a kind it does not know (a name of KIND_PATTERN) is stored and folded as neutral: it changes
 *   no word's state, and a word with only such entries has no word record;
 * - an answer in a mode it does not know is folded as a plain answer (right or wrong is known);
 * - the fields a later version adds travel in the entry's `x` map (at most EXTENSION_MAX_CHARS of
 *   JSON), which this version never reads and always passes on.
 * When an update teaches the app a kind, FOLD_VERSION changes and every word is refolded once.
 *
 * Not every kind is a word's: a reply in a radio drill (kind `drill`, domain/drills.ts) is read by
 * the drills and the charts, and the word fold treats it exactly as a later version's kind, so the
 * wire contract, this fold and the previous app version all handle it the same way.
 */
export const KIND_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
/** The JSON text of an entry's `x` map is at most this long. */
export const EXTENSION_MAX_CHARS = 2000;
/**
 * The fold's version: raised whenever the fold's rules change (a kind learned, a rule changed), so
 * every device refolds its stored words once after the update (db/history-maintenance
 * `maintainHistory`).
 */
export const FOLD_VERSION = 5;

/** A kind name: one this version knows, or one of a later version (folded as neutral). */
export type EntryKind = HistoryKind | (string & {});
/** An answer mode: one this version knows, or one of a later version (a plain answer here). */
export type EntryMode = AnswerMode | (string & {});

export function isKnownKind(kind: string): kind is HistoryKind {
  return (HISTORY_KINDS as readonly string[]).includes(kind);
}

/** The change a learner asks for (what the words store passes down). */
export type WordChange =
  | { kind: 'answer'; correct: boolean; mode?: AnswerMode }
  | { kind: Exclude<HistoryKind, 'answer' | 'baseline'> };

export interface HistoryEntry {
  /** Unique: 1-64 of A-Z a-z 0-9 _ - (a random id, or a digest for baselines). */
  id: string;
  userId: string;
  vocabId: string;
  kind: EntryKind;
  /** Answers only (and kept as given on an entry of a later version's kind). */
  correct?: boolean;
  mode?: EntryMode;
  /** Hybrid logical clock stamp (see hlc.ts): the order. */
  hlc: number;
  /** The recording device's physical clock, epoch ms. */
  wall: number;
  /** The recording device's id. */
  device: string;
  /** The cloud's server time when it stored the entry, epoch ms; missing until known. */
  receivedAt?: number;
  /**
   * What the clock that dated the entry read when its batch was sent (the batch's `now`), epoch
   * ms: learned with `receivedAt`, and only for an entry that clock dated. Missing when unknown.
   */
  sentAt?: number;
  /** Baselines only. */
  snapshot?: WordSnapshot;
  /** Fields of a later version, kept and passed on unread (see KIND_PATTERN's comment). */
  x?: Record<string, unknown>;
}

/**
 * When an entry happened, for the scheduling rules and the charts (see the file comment). When
 * the batch that brought it says how far the clock that dated it was off as it sent the batch
 * (`receivedAt - sentAt`, beyond the tolerance of a network's delay), the wall is corrected by
 * that much: an answer made on a clock a year behind, before the device learned its offset,
 * counts on the day it was made. Capped by the receipt time in every case.
 */
export function effectiveTime(entry: Pick<HistoryEntry, 'wall' | 'receivedAt' | 'sentAt'>): number {
  const { wall, receivedAt, sentAt } = entry;
  if (receivedAt === undefined) return wall;
  const off = sentAt === undefined ? 0 : receivedAt - sentAt;
  if (Math.abs(off) <= CLOCK_OFFSET_TOLERANCE_MS) return Math.min(wall, receivedAt);
  return Math.max(0, Math.min(wall + off, receivedAt));
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** What places an entry in the history order. */
export type EntryKey = Pick<HistoryEntry, 'hlc' | 'device' | 'id'>;

/** The history order: stamp, then device id, then entry id. */
export function compareEntries(a: EntryKey, b: EntryKey): number {
  return a.hlc - b.hlc || compareText(a.device, b.device) || compareText(a.id, b.id);
}

// ---- the bounds of an entry's values (the contract and the snapshot check against them) ------

/** Times are whole milliseconds from 1970 to the year 2200. */
export const TIME_MAX_MS = HLC_MAX / 1000;
/** Counters are whole numbers up to a million. */
export const COUNT_MAX = 1_000_000;

/**
 * A bad value as a reason quotes it: strings and numbers as JSON, cut to 80 characters; anything
 * else by its type only (a value nested too deep to serialise must not make the check throw).
 */
export function quote(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value);
  }
  return value === undefined ? 'undefined' : Array.isArray(value) ? '(list)' : `(${typeof value})`;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A time: whole milliseconds from 1970 to TIME_MAX_MS. */
export const isTime = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < TIME_MAX_MS;
/** A counter: a whole number from 0 to COUNT_MAX. */
export const isCount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= COUNT_MAX;
