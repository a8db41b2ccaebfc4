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
 * Clock sanity (the rule the README states). The stamp only orders entries. The time an entry
 * happened at, which the spaced-repetition rules use as "now" (last seen, next review) and the
 * charts use as its day, is `effectiveTime`: the physical clock of the device that made it,
 * capped by the server time at which the cloud received it. A device whose clock runs a year
 * ahead therefore cannot schedule a word a year away once its entries have reached the cloud, and
 * the devices that adopt its far-ahead stamps keep using their own physical clocks for their own
 * entries: a wrong clock can reorder concurrent entries but never hide them or freeze a word.
 *
 * Unticking «Выучено» right after ticking it undoes the tick: the fold carries the study fields
 * from before the tick on the word (`beforeMarked`) until an unmark restores them or an answer,
 * skip or relearn makes them stale.
 */
import { HLC_MAX } from './hlc';
import { clampRetention, type FoldRules, FSRS_LEARNED_STABILITY_DAYS } from './memory';
import { answer, markLearned, newUserWord, relearn, skip, unmarkLearned } from './srs';
import type { StudyState, UserWord, WordStatus } from './types';
import { digestOf } from './vocabulary';

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

/** How an answer was given. */
export type AnswerMode = 'choice' | 'spelling' | 'word-order';
export const ANSWER_MODES: readonly AnswerMode[] = ['choice', 'spelling', 'word-order'];

/**
 * Forward compatibility (the rule the README states). A later version may add entry kinds, answer
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
 * every device refolds its stored words once after the update (db/history-repo `maintainHistory`).
 */
export const FOLD_VERSION = 3;

/** A kind name: one this version knows, or one of a later version (folded as neutral). */
export type EntryKind = HistoryKind | (string & {});
/** An answer mode: one this version knows, or one of a later version (a plain answer here). */
export type EntryMode = AnswerMode | (string & {});

export function isKnownKind(kind: string): kind is HistoryKind {
  return (HISTORY_KINDS as readonly string[]).includes(kind);
}

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
  /** Baselines only. */
  snapshot?: WordSnapshot;
  /** Fields of a later version, kept and passed on unread (see KIND_PATTERN's comment). */
  x?: Record<string, unknown>;
}

/** When an entry happened, for the scheduling rules and the charts (see the file comment). */
export function effectiveTime(entry: Pick<HistoryEntry, 'wall' | 'receivedAt'>): number {
  return entry.receivedAt === undefined ? entry.wall : Math.min(entry.wall, entry.receivedAt);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The history order: stamp, then device id, then entry id. */
export function compareEntries(a: HistoryEntry, b: HistoryEntry): number {
  return a.hlc - b.hlc || compareText(a.device, b.device) || compareText(a.id, b.id);
}

const STATUS_RANK: Record<WordStatus, number> = { new: 0, learning: 1, learned: 2 };

function sign(value: number): number {
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

function compareOptional(a: number | undefined, b: number | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  return sign(a - b);
}

/**
 * A total order on snapshots of one word: updatedAt, then attempts, correct, streak, strength,
 * lastSeenAt, nextReviewAt (missing first), status, hidden, deleted. Which of two baselines a
 * word starts from.
 */
export function compareSnapshots(a: WordSnapshot, b: WordSnapshot): number {
  return (
    sign(a.updatedAt - b.updatedAt) ||
    sign(a.attempts - b.attempts) ||
    sign(a.correct - b.correct) ||
    sign(a.streak - b.streak) ||
    sign(a.strength - b.strength) ||
    compareOptional(a.lastSeenAt, b.lastSeenAt) ||
    compareOptional(a.nextReviewAt, b.nextReviewAt) ||
    sign(STATUS_RANK[a.status] - STATUS_RANK[b.status]) ||
    sign(Number(Boolean(a.hidden)) - Number(Boolean(b.hidden))) ||
    sign(Number(Boolean(a.deleted)) - Number(Boolean(b.deleted)))
  );
}

/** The learning-state part of a user word. */
export function snapshotOf(word: UserWord): WordSnapshot {
  const snapshot: WordSnapshot = {
    status: word.status,
    attempts: word.attempts,
    correct: word.correct,
    streak: word.streak,
    strength: word.strength,
    updatedAt: word.updatedAt,
  };
  if (word.lastSeenAt !== undefined) snapshot.lastSeenAt = word.lastSeenAt;
  if (word.nextReviewAt !== undefined) snapshot.nextReviewAt = word.nextReviewAt;
  if (word.hidden) snapshot.hidden = true;
  if (word.deleted) snapshot.deleted = true;
  return snapshot;
}

/** The study fields of a word, only those it has. */
function studyStateOf(word: UserWord): StudyState {
  const state: StudyState = {
    status: word.status,
    attempts: word.attempts,
    correct: word.correct,
    streak: word.streak,
    strength: word.strength,
  };
  if (word.lastSeenAt !== undefined) state.lastSeenAt = word.lastSeenAt;
  if (word.nextReviewAt !== undefined) state.nextReviewAt = word.nextReviewAt;
  return state;
}

/** The word without the remembered pre-mark state (it was studied since, or unmarked). */
function forgetMark(word: UserWord): UserWord {
  if (!word.beforeMarked) return word;
  const { beforeMarked: _, ...rest } = word;
  return rest;
}

/**
 * Ticking «Выучено» (SPEC §4 mark learned) remembers the study fields the word had, unless an
 * earlier tick not yet undone already did.
 */
function mark(word: UserWord, now: number): UserWord {
  return { ...markLearned(word, now), beforeMarked: word.beforeMarked ?? studyStateOf(word) };
}

/**
 * Unticking gives back the study fields from before the tick (a word never studied is new again,
 * with no attempts); hidden and deleted stay as they are now. A word learned by answers, or
 * studied after its tick, has nothing to give back and follows SPEC §4's unmark rule.
 */
function unmark(word: UserWord, now: number): UserWord {
  const before = word.beforeMarked;
  if (!before) return unmarkLearned(word, now);
  const { beforeMarked: _, lastSeenAt: _seen, nextReviewAt: _next, ...rest } = word;
  return { ...rest, ...before, updatedAt: now };
}

/**
 * One answer under the fold's rules (README, "One step a day"). The first answer of a word on the
 * learner's day is a schedule step exactly as SPEC §4 says (or, under FSRS, a review of the memory
 * model whose due date and stability then say when next and whether learned). A later answer the
 * same day counts in attempts and correct only; a wrong one still counts as a lapse — the
 * wrong-answer rule, due at once — once a day. Every step also keeps the FSRS memory state when
 * the model is given, so both schedules can show what the learner probably recalls.
 */
function answerStep(word: UserWord, correct: boolean, now: number, rules: FoldRules): UserWord {
  const day = rules.dayOf?.(now);
  const firstToday = day === undefined || word.stepDay !== day;
  const lapse = !correct && (day === undefined || word.lapseDay !== day);
  if (!firstToday && !lapse) {
    return {
      ...word,
      attempts: word.attempts + 1,
      correct: word.correct + (correct ? 1 : 0),
      lastSeenAt: now,
      updatedAt: now,
    };
  }
  let next = answer(word, correct, now);
  if (day !== undefined) {
    next.stepDay = day;
    if (lapse) {
      next.lapseDay = day;
      next.lapses = (word.lapses ?? 0) + 1;
    }
  }
  if (!firstToday) return rules.schedule === 'fsrs' ? { ...next, status: 'learning' } : next;
  const retention = clampRetention(rules.retention);
  if (rules.memory) next.memory = rules.memory.review(word.memory, correct, now, retention);
  if (rules.schedule === 'fsrs' && next.memory) {
    const learned = correct && next.memory.s >= FSRS_LEARNED_STABILITY_DAYS;
    next = {
      ...next,
      nextReviewAt: correct ? next.memory.due : now,
      status: learned ? 'learned' : 'learning',
    };
  }
  return next;
}

/** A word's state after one more entry (which must sort after every entry already folded). */
export function applyEntry(word: UserWord, entry: HistoryEntry, rules: FoldRules = {}): UserWord {
  const now = effectiveTime(entry);
  switch (entry.kind) {
    case 'answer':
      return forgetMark(answerStep(word, entry.correct === true, now, rules));
    case 'skip':
      return forgetMark(skip(word, now));
    case 'learn':
      return mark(word, now);
    case 'unlearn':
      return unmark(word, now);
    case 'relearn':
      return forgetMark(relearn(word, now));
    case 'hide':
      return { ...word, hidden: true, updatedAt: now };
    case 'unhide':
      return { ...word, hidden: false, updatedAt: now };
    case 'delete':
      return { ...word, deleted: true, updatedAt: now };
    case 'restore':
      return { ...word, deleted: false, updatedAt: now };
    case 'baseline':
      // A baseline is not a step in time: the fold starts from it (see `foldWord`).
      return word;
    default:
      // A later version's kind: neutral here (the app refolds when an update teaches it).
      return word;
  }
}

/** Whether a word's entries make a word record: at least one of a kind this version folds. */
export function makesWordRecord(entries: readonly Pick<HistoryEntry, 'kind'>[]): boolean {
  return entries.some((entry) => isKnownKind(entry.kind));
}

/** The word a baseline describes. */
function fromSnapshot(userId: string, vocabId: string, snapshot: WordSnapshot): UserWord {
  const word: UserWord = { userId, vocabId, ...snapshot, deleted: Boolean(snapshot.deleted) };
  if (snapshot.hidden === undefined) delete word.hidden;
  return word;
}

/**
 * A word's state: the greatest baseline (or a new word), then every other entry in history order.
 * Entries with the same id count once. Pure and deterministic.
 */
export function foldWord(
  userId: string,
  vocabId: string,
  entries: readonly HistoryEntry[],
  rules: FoldRules = {},
): UserWord {
  const unique = new Map<string, HistoryEntry>();
  for (const entry of entries) if (!unique.has(entry.id)) unique.set(entry.id, entry);
  let base: WordSnapshot | undefined;
  const steps: HistoryEntry[] = [];
  for (const entry of unique.values()) {
    if (entry.kind === 'baseline') {
      if (entry.snapshot && (!base || compareSnapshots(entry.snapshot, base) > 0)) {
        base = entry.snapshot;
      }
    } else if (isKnownKind(entry.kind)) {
      // A later version's kind is neutral: it neither changes the word nor dates its start.
      steps.push(entry);
    }
  }
  steps.sort(compareEntries);
  let word = base
    ? fromSnapshot(userId, vocabId, base)
    : { ...newUserWord(userId, vocabId, steps[0] ? effectiveTime(steps[0]) : 0), deleted: false };
  for (const entry of steps) word = applyEntry(word, entry, rules);
  return word;
}

/** Groups entries by word and folds each: vocabId -> state. */
export function foldAll(
  userId: string,
  entries: readonly HistoryEntry[],
  rules: FoldRules = {},
): Map<string, UserWord> {
  const byWord = new Map<string, HistoryEntry[]>();
  for (const entry of entries) {
    const list = byWord.get(entry.vocabId);
    if (list) list.push(entry);
    else byWord.set(entry.vocabId, [entry]);
  }
  const states = new Map<string, UserWord>();
  for (const [vocabId, list] of byWord) states.set(vocabId, foldWord(userId, vocabId, list, rules));
  return states;
}

// ---- the wire contract ----------------------------------------------------------------------

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
/** Times are whole milliseconds from 1970 to the year 2200. */
export const TIME_MAX_MS = HLC_MAX / 1000;
/** Counters are whole numbers up to a million. */
export const COUNT_MAX = 1_000_000;

/**
 * A bad value as a reason quotes it: strings and numbers as JSON, cut to 80 characters; anything
 * else by its type only (a value nested too deep to serialise must not make the check throw).
 */
function quote(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value);
  }
  return value === undefined ? 'undefined' : Array.isArray(value) ? '(list)' : `(${typeof value})`;
}

export type EntryCheck = { ok: true; entry: HistoryEntry } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < TIME_MAX_MS;
const isCount = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= COUNT_MAX;
const STATUSES: readonly string[] = ['new', 'learning', 'learned'];

/** A snapshot that meets the contract, or the reason it does not. */
export function checkSnapshot(
  raw: unknown,
): { ok: true; snapshot: WordSnapshot } | { ok: false; reason: string } {
  if (!isRecord(raw)) return { ok: false, reason: 'snapshot is not an object' };
  if (typeof raw.status !== 'string' || !STATUSES.includes(raw.status)) {
    return { ok: false, reason: `unknown status ${quote(raw.status)}` };
  }
  for (const key of ['attempts', 'correct', 'streak'] as const) {
    if (!isCount(raw[key]))
      return { ok: false, reason: `${key} is not a whole number 0..${COUNT_MAX}` };
  }
  if ((raw.correct as number) > (raw.attempts as number)) {
    return { ok: false, reason: 'correct exceeds attempts' };
  }
  const strength = raw.strength;
  if (typeof strength !== 'number' || !(strength >= 0 && strength <= 1)) {
    return { ok: false, reason: 'strength is not within 0..1' };
  }
  if (!isTime(raw.updatedAt)) return { ok: false, reason: 'updatedAt is not a valid time' };
  const snapshot: WordSnapshot = {
    status: raw.status as WordStatus,
    attempts: raw.attempts as number,
    correct: raw.correct as number,
    streak: raw.streak as number,
    strength,
    updatedAt: raw.updatedAt,
  };
  for (const key of ['lastSeenAt', 'nextReviewAt'] as const) {
    const value = raw[key];
    if (value === undefined || value === null) continue;
    if (!isTime(value)) return { ok: false, reason: `${key} is not a valid time` };
    snapshot[key] = value;
  }
  for (const key of ['hidden', 'deleted'] as const) {
    const value = raw[key];
    if (value === undefined || value === null || value === false || value === 0) continue;
    if (value !== true && value !== 1) return { ok: false, reason: `${key} is not a flag` };
    snapshot[key] = true;
  }
  return { ok: true, snapshot };
}

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
