/**
 * The answer history: appending a learner's change, merging entries from the cloud or an import,
 * and the push bookkeeping. Every write that changes a word's history refolds the word and stores
 * the fold as its userWords record in the SAME transaction, so the cached state can never differ
 * from the history, and no change is ever computed from a copy held in memory.
 */

import type { IDBPTransaction } from 'idb';
import { DAY_MS } from '@/domain/constants';
import { DRILL_KIND, DRILL_VOCAB_PREFIX, type DrillReplyFields } from '@/domain/drills';
import { EXAM_KIND, EXAM_VOCAB_PREFIX } from '@/domain/exam-result';
import { fsrsModel } from '@/domain/fsrs';
import {
  effectiveTime,
  FOLD_VERSION,
  type HistoryEntry,
  isTime,
  type WordChange,
} from '@/domain/history';
import { checkEntry, entryIdOf } from '@/domain/history-contract';
import { applyEntry, foldWord, makesWordRecord } from '@/domain/history-fold';
import { baselineEntry } from '@/domain/history-snapshot';
import {
  type ClockReading,
  clockOffset,
  isFarAhead,
  nextStamp,
  observeStamps,
  offsetAfterReading,
  offsetAtLeastReceipts,
  STAMP_LEAD_MS,
  saneClock,
  wallAt,
  wallWithinBound,
} from '@/domain/hlc';
import { newId } from '@/domain/ids';
import { type FoldRules, foldRulesFor } from '@/domain/memory';
import { newUserWord } from '@/domain/srs';
import type { UserWord } from '@/domain/types';
import { abortQuietly } from './abort';
import { type SetAsideItem, setAside } from './dead-letters';
import { fromStoredEntry } from './history-queries';
import { fromStoredUserWord, toStoredUserWord } from './records';
import type {
  DeadLetter,
  DeviceRecord,
  LocalUserRecord,
  MarineDB,
  MarineDBSchema,
  StoredHistoryEntry,
  StoredUserWord,
} from './schema';

const DEVICE_KEY = 'device';
/** Why a pulled entry dated past the clock bound of its receipt is set aside (dead letters). */
export const RECEIVED_FUTURE_REASON = `dated more than ${STAMP_LEAD_MS / DAY_MS} days after the cloud received it`;
/** Why an imported entry dated past the clock bound is set aside (shown in the dead letters). */
export const IMPORT_FUTURE_REASON = `dated more than ${STAMP_LEAD_MS / DAY_MS} days ahead of this device`;

type DeviceStore = {
  get(key: string): Promise<DeviceRecord | undefined>;
  put(value: DeviceRecord): Promise<unknown>;
};

/** This device's record, created on first use (a database made by a test seeds none). */
async function deviceIn(store: DeviceStore): Promise<DeviceRecord> {
  const stored = await store.get(DEVICE_KEY);
  return stored ?? { key: DEVICE_KEY, id: newId(), hlc: 0 };
}

/** This device's id (created and stored on first use). */
export async function deviceId(db: MarineDB): Promise<string> {
  const tx = db.transaction('device', 'readwrite');
  const device = await deviceIn(tx.store);
  await tx.store.put(device);
  await tx.done;
  return device.id;
}

function toStored(
  entry: HistoryEntry,
  sent: boolean,
  batch?: string,
  origin?: StoredHistoryEntry['origin'],
): StoredHistoryEntry {
  const stored: StoredHistoryEntry = { ...entry, sent: sent ? 1 : 0, t: effectiveTime(entry) };
  if (batch !== undefined) stored.batch = batch;
  if (origin !== undefined) stored.origin = origin;
  return stored;
}

/** A new entry this device dated, as stored: with the corrections its clock had been taught. */
function datedHere(entry: HistoryEntry, device: DeviceRecord): StoredHistoryEntry {
  return { ...toStored(entry, false), taught: device.taught ?? 0 };
}

/**
 * Records one change of a word: a new entry stamped by this device's clock and the word's new
 * state (the stored fold plus the entry, which sorts after everything this device knows), in ONE
 * transaction. Returns the new state. Given a reading of the device's clocks (`readDeviceClock`)
 * rather than a time, a clock set since the last change moves the offset first
 * (domain/hlc `offsetAfterReading`), so the entry is dated right.
 */
export async function recordChange(
  db: MarineDB,
  userId: string,
  vocabId: string,
  change: WordChange,
  now: number | ClockReading,
): Promise<UserWord> {
  const tx = db.transaction(['history', 'userWords', 'device', 'users'], 'readwrite');
  const [stored0, user] = await Promise.all([
    deviceIn(tx.objectStore('device')),
    tx.objectStore('users').get(userId),
  ]);
  const device = typeof now === 'number' ? stored0 : withReading(stored0, now);
  const nowMs = typeof now === 'number' ? now : now.wall;
  const rules = rulesOf(user);
  const entry = stampedEntry(device, userId, vocabId, change.kind, nowMs);
  const { hlc } = entry;
  if (change.kind === 'answer') {
    entry.correct = change.correct;
    if (change.mode) entry.mode = change.mode;
  }
  const history = tx.objectStore('history');
  const words = tx.objectStore('userWords');
  const [stored, known] = await Promise.all([
    words.get([userId, vocabId]),
    history.index('word').getAll([userId, vocabId]),
  ]);
  let next: UserWord;
  const time = effectiveTime(entry);
  if (known.some((other) => other.hlc >= hlc || datedAt(other, time))) {
    // An entry of this word sorts after the new one (a stamp past this device's clock bound), or
    // a baseline dated to the same millisecond may stand for the history up to it
    // (history-fold `coveredByHistory`): the word is folded whole, so the stored state is always
    // the fold of the history.
    next = foldWord(userId, vocabId, [...known.map(fromStoredEntry), entry], rules);
  } else {
    const current = stored
      ? fromStoredUserWord(stored)
      : { ...newUserWord(userId, vocabId, entry.wall), deleted: false };
    next = applyEntry(current, entry, rules);
  }
  await Promise.all([
    tx.objectStore('device').put({ ...device, hlc }),
    history.add(datedHere(entry, device)),
    words.put(toStoredUserWord(next)),
    tx.done,
  ]);
  return next;
}

/** Whether `stored` is a baseline whose state is dated `time`. */
function datedAt(stored: StoredHistoryEntry, time: number): boolean {
  return stored.kind === 'baseline' && stored.snapshot?.updatedAt === time;
}

/**
 * A new entry of this device, stamped by its clock: the physical clock corrected by what the
 * cloud's clock said at the last sync, and the device's stamp moved past it.
 */
function stampedEntry(
  device: DeviceRecord,
  userId: string,
  vocabId: string,
  kind: HistoryEntry['kind'],
  nowMs: number,
): HistoryEntry {
  const now = correctedNow(device, nowMs);
  return {
    id: newId(),
    userId,
    vocabId,
    kind,
    hlc: nextStamp(device.hlc, now),
    // A clock at or past the year 2200 still dates its answer validly (never refused nor lost).
    wall: wallAt(now),
    device: device.id,
  };
}

/**
 * Records one reply of a VHF drill (domain/drills.ts): an entry of kind `drill`, stamped like any
 * answer and sent with the rest; no word changes. Returns the entry.
 */
export async function recordDrillReply(
  db: MarineDB,
  userId: string,
  drillId: string,
  correct: boolean,
  fields: DrillReplyFields,
  nowMs: number,
): Promise<HistoryEntry> {
  const tx = db.transaction(['history', 'device'], 'readwrite');
  const device = await deviceIn(tx.objectStore('device'));
  const entry = stampedEntry(device, userId, `${DRILL_VOCAB_PREFIX}${drillId}`, DRILL_KIND, nowMs);
  entry.correct = correct;
  entry.x = { run: fields.run, turn: fields.turn, of: fields.of };
  await Promise.all([
    tx.objectStore('device').put({ ...device, hlc: entry.hlc }),
    tx.objectStore('history').add(datedHere(entry, device)),
    tx.done,
  ]);
  return entry;
}

/**
 * Records a finished exam (domain/exam.ts): one entry of kind `exam`, `correct` = passed, the
 * result in `x`, stamped like any answer and sent with the rest; no word changes (an exam
 * measures, it does not train). Returns the entry. An exam has one result: when its entry is
 * already here (a save retried after it committed), that entry is returned and nothing is
 * written; `entryId` (chosen when the exam ended) keeps the id the same across retries.
 */
export async function recordExamResult(
  db: MarineDB,
  userId: string,
  examId: string,
  passed: boolean,
  fields: Record<string, unknown>,
  nowMs: number,
  entryId?: string,
): Promise<HistoryEntry> {
  const vocabId = `${EXAM_VOCAB_PREFIX}${examId}`;
  const tx = db.transaction(['history', 'device'], 'readwrite');
  const [device, recorded] = await Promise.all([
    deviceIn(tx.objectStore('device')),
    tx.objectStore('history').index('word').getAll([userId, vocabId]),
  ]);
  const earlier = recorded.find((stored) => stored.kind === EXAM_KIND);
  if (earlier) {
    await tx.done;
    return fromStoredEntry(earlier);
  }
  const entry = stampedEntry(device, userId, vocabId, EXAM_KIND, nowMs);
  if (entryId !== undefined) entry.id = entryId;
  entry.correct = passed;
  entry.x = { ...fields };
  await Promise.all([
    tx.objectStore('device').put({ ...device, hlc: entry.hlc }),
    tx.objectStore('history').add(datedHere(entry, device)),
    tx.done,
  ]);
  return entry;
}

/** The device record after a reading of its clocks: the offset moved if the clock was set. */
function withReading(device: DeviceRecord, reading: ClockReading): DeviceRecord {
  const { offset: _old, ...rest } = device;
  const offset = offsetAfterReading(device.offset ?? 0, device.reading, reading);
  return offset === 0 ? { ...rest, reading } : { ...rest, offset, reading };
}

/** The device's physical time `nowMs` corrected by the offset learned from the cloud. */
function correctedNow(device: DeviceRecord, nowMs: number): number {
  return Math.floor(nowMs) + (device.offset ?? 0);
}

export interface MergeResult {
  /** Entries that were new here. */
  added: number;
  /** Entries already here that learned their cloud receipt time. */
  updated: number;
  /** Words whose state was recomputed. */
  refolded: string[];
  /** Records that failed the wire contract (now in the dead letters). */
  rejected: number;
  /** Of those, imported entries refused for a time past the clock bound (an import only). */
  future?: number;
}

export interface MergeOptions {
  /** The cloud already holds these entries (a pull), so they are never pushed. */
  sent: boolean;
  /** Where failures are recorded from. */
  source: DeadLetter['source'];
  now: number;
  /**
   * The records come from a file (see `importExport`): their receive times are dropped (only the
   * cloud's answer to this device's own pull dates a receipt), an entry dated past the clock
   * bound is refused, and each entry new here is marked as imported.
   */
  origin?: 'import';
}

/**
 * Merges entries (from a pull or an import) for `userId` in ONE transaction: each valid entry not
 * yet here is added; one already here gains its `receivedAt` when it lacked it (and is marked
 * sent when `sent`); an invalid record goes to the dead letters and the rest carry on. The clock
 * observes every stamp, and every touched word is refolded from all its entries.
 */
export async function mergeEntries(
  db: MarineDB,
  userId: string,
  records: readonly unknown[],
  options: MergeOptions,
): Promise<MergeResult> {
  const tx = db.transaction(
    ['history', 'userWords', 'device', 'deadLetters', 'users'],
    'readwrite',
  );
  const writes: Promise<unknown>[] = [];
  try {
    const history = tx.objectStore('history');
    const deviceStore = tx.objectStore('device');
    const device = await deviceIn(deviceStore);
    const importing = options.origin === 'import';
    // A file's entries are bounded by this device's clock (domain/hlc.ts `wallWithinBound`).
    const importedAt = correctedNow(device, options.now);
    const valid: HistoryEntry[] = [];
    const failures: SetAsideItem[] = [];
    let future = 0;
    for (const record of records) {
      let checked: ReturnType<typeof checkEntry>;
      try {
        checked = checkEntry(record);
      } catch (error) {
        // The check quotes a bad value through JSON.stringify, which overflows the stack on one
        // nested thousands deep: that record is set aside, not the whole delivery refused.
        checked = { ok: false, reason: `could not be checked: ${String(error)}` };
      }
      if (checked.ok && importing && !wallWithinBound(checked.entry.wall, importedAt)) {
        // A file dated in 2199 would otherwise schedule and chart its words there for good.
        future++;
        failures.push({ reason: IMPORT_FUTURE_REASON, record });
      } else if (
        checked.ok &&
        !importing &&
        checked.entry.receivedAt !== undefined &&
        !wallWithinBound(checked.entry.wall, checked.entry.receivedAt)
      ) {
        // Dated past the clock bound of the time the cloud received it (the year 2199, say): no
        // clock of the device that sent it could honestly have read that.
        failures.push({ reason: RECEIVED_FUTURE_REASON, record });
      } else if (checked.ok && checked.entry.userId === userId) {
        // A file's receipt facts are another device's: only this device's own pull dates one.
        if (importing) {
          delete checked.entry.receivedAt;
          delete checked.entry.sentAt;
        }
        valid.push(checked.entry);
      } else {
        failures.push({
          reason: checked.ok ? 'an entry of another user' : checked.reason,
          record,
        });
      }
    }
    const rejected = failures.length;
    // Capped and copied as bounded previews (db/dead-letters.ts), in this transaction.
    writes.push(
      setAside(tx.objectStore('deadLetters'), userId, options.source, failures, options.now),
    );
    const found = await Promise.all(valid.map((entry) => history.get(entry.id)));
    // An id another account on this device already holds (the same export imported into two
    // accounts): this user's copy gets an id of its own, the same one every time.
    const entries = valid.map((entry, index) =>
      found[index] && found[index].userId !== userId
        ? { ...entry, id: entryIdOf(userId, entry.id) }
        : entry,
    );
    const existing = await Promise.all(
      entries.map((entry, index) =>
        entry === valid[index] ? found[index] : history.get(entry.id),
      ),
    );
    const touched = new Set<string>();
    const seen = new Map<string, HistoryEntry>();
    let added = 0;
    let updated = 0;
    for (const [index, entry] of entries.entries()) {
      if (seen.has(entry.id)) continue; // the same entry twice in one delivery
      seen.set(entry.id, entry);
      const here = existing[index];
      if (!here) {
        writes.push(history.put(toStored(entry, options.sent, undefined, options.origin)));
        touched.add(entry.vocabId);
        added++;
        continue;
      }
      // The receipt facts of the first batch that brought the entry (its receipt time and, when
      // the batch says, what the clock that dated it read then) are learned together, once: every
      // device pulls the batches in the same order, so every device dates the entry the same.
      const learnsReceipt = here.receivedAt === undefined && entry.receivedAt !== undefined;
      if (learnsReceipt || (options.sent && here.sent === 0)) {
        const { sentAt: _none, ...held } = fromStoredEntry(here);
        const next = toStored(
          learnsReceipt
            ? {
                ...held,
                receivedAt: entry.receivedAt,
                ...(entry.sentAt !== undefined ? { sentAt: entry.sentAt } : {}),
              }
            : fromStoredEntry(here),
          options.sent || here.sent === 1,
          here.batch,
          here.origin,
        );
        writes.push(history.put(next));
        if (next.t !== here.t) touched.add(entry.vocabId);
        updated++;
      }
    }
    // Bounded (domain/hlc.ts): a stamp near the year 2200 cannot drag the clock along.
    const hlc = observeStamps(device.hlc, seen.values(), correctedNow(device, options.now));
    writes.push(deviceStore.put({ ...device, hlc }));
    await Promise.all(writes);
    const refolded = [...touched];
    const fold = foldOf(await tx.objectStore('users').get(userId));
    await refoldIn(history.index('word'), tx.objectStore('userWords'), userId, refolded, fold);
    await tx.done;
    return importing
      ? { added, updated, refolded, rejected, future }
      : { added, updated, refolded, rejected };
  } catch (error) {
    // A write the storage refused (full, say) aborts the whole merge: nothing of it is kept, and
    // the caller's rejection reports it.
    for (const write of writes) write.catch(() => undefined);
    abortQuietly(tx);
    throw error;
  }
}

/** How many of the user's words are learned (and not deleted): the MAST of the rank. */
async function learnedIn(
  store: { index(name: 'userId'): { getAll(key: string): Promise<StoredUserWord[]> } },
  userId: string,
): Promise<number> {
  const words = await store.index('userId').getAll(userId);
  return words.filter((word) => word.status === 'learned' && !word.deleted).length;
}

/**
 * Refolds every word of the user under their current rules, in ONE transaction: after a change
 * of schedule, retention or home time zone (the same history, folded the new way).
 */
export async function refoldUser(db: MarineDB, userId: string): Promise<number> {
  const tx = db.transaction(['history', 'userWords', 'users'], 'readwrite');
  const history = tx.objectStore('history');
  const [entries, user] = await Promise.all([
    history.index('userTime').getAll(IDBKeyRange.bound([userId, -Infinity], [userId, Infinity])),
    tx.objectStore('users').get(userId),
  ]);
  const vocabIds = [...new Set(entries.map((entry) => entry.vocabId))];
  await refoldIn(
    history.index('word'),
    tx.objectStore('userWords'),
    userId,
    vocabIds,
    foldOf(user),
  );
  await tx.done;
  return vocabIds.length;
}

/** The parts of a transaction a refold needs: the history's 'word' index and the userWords store. */
interface WordIndex {
  getAll(query: [string, string]): Promise<StoredHistoryEntry[]>;
}
interface WordStore {
  put(value: StoredUserWord): Promise<unknown>;
  delete(key: [string, string]): Promise<unknown>;
}

/**
 * Recomputes and stores the given words' states from all their entries, inside one transaction. A
 * word with no entry of a kind this version folds (only a later version's kinds) has no record.
 */
async function refoldIn(
  byWord: WordIndex,
  words: WordStore,
  userId: string,
  vocabIds: readonly string[],
  fold: Fold,
): Promise<void> {
  const lists = await Promise.all(vocabIds.map((vocabId) => byWord.getAll([userId, vocabId])));
  await Promise.all(
    vocabIds.map((vocabId, index) => {
      const entries = (lists[index] ?? []).map(fromStoredEntry);
      return makesWordRecord(entries)
        ? words.put(toStoredUserWord(fold(userId, vocabId, entries)))
        : words.delete([userId, vocabId]);
    }),
  );
}

/** A word's fold (the app's is `foldWord` under the user's rules; a test may pass another version's). */
export type Fold = (userId: string, vocabId: string, entries: readonly HistoryEntry[]) => UserWord;

/**
 * The fold rules of a user (memory.ts): their home time zone's day, their schedule and retention,
 * and the FSRS memory model. A device without the user's record (a test's bare database) folds by
 * SPEC §4 as written.
 */
export function rulesOf(user: Pick<LocalUserRecord, 'settings'> | undefined): FoldRules {
  return user ? foldRulesFor(user.settings, fsrsModel) : {};
}

function foldOf(user: Pick<LocalUserRecord, 'settings'> | undefined): Fold {
  const rules = rulesOf(user);
  return (userId, vocabId, entries) => foldWord(userId, vocabId, entries, rules);
}

export interface PushBatch {
  id: string;
  entries: HistoryEntry[];
  /** The batch was handed to the cloud before, and whether that commit landed is unknown. */
  inDoubt: boolean;
  /**
   * Every entry was dated here when the clock's corrections were this (StoredHistoryEntry
   * `taught`), so the batch can carry what that clock reads at the commit (`datingClock`).
   * Missing when they were not (an import, an older version's entries).
   */
  taught?: number;
}

/** The corrections all of `entries` were dated under, or undefined when they differ or are unknown. */
function taughtOf(entries: readonly StoredHistoryEntry[]): number | undefined {
  const first = entries[0]?.taught;
  return entries.every((stored) => stored.taught === first) ? first : undefined;
}

/** Entries apart by the corrections they were dated under (in order): one batch holds one. */
function byTaught(entries: readonly StoredHistoryEntry[]): StoredHistoryEntry[][] {
  const groups = new Map<number | undefined, StoredHistoryEntry[]>();
  for (const stored of entries) {
    const group = groups.get(stored.taught) ?? [];
    group.push(stored);
    groups.set(stored.taught, group);
  }
  return [...groups.values()];
}

/**
 * How to read, at a push, the clock that dated the entries of a batch (`PushBatch.taught`): the
 * physical clock `clock()` corrected by the offset now, less what the cloud taught the clock
 * since they were dated. An entry made before the device learned its offset is thus sent with
 * the reading of the uncorrected clock that dated it, and the batch's receipt time minus that
 * reading is exactly the correction it needs; one made under the offset needs none.
 */
export async function datingClock(
  db: MarineDB,
  clock: () => number,
): Promise<(taught: number) => number> {
  const device = await db.get('device', DEVICE_KEY);
  const offset = device?.offset ?? 0;
  const taughtNow = device?.taught ?? 0;
  return (taught) => clock() + offset - (taughtNow - taught);
}

/** How long a batch's text may grow: the cloud's bound on one document (sync/history-wire.ts). */
export interface BatchBounds {
  /** The most characters the entries of one batch may add up to. */
  maxChars: number;
  /** The characters an entry adds to its batch. */
  sizeOf: (entry: HistoryEntry) => number;
}

/**
 * Cuts entries into consecutive runs of at most `maxEntries` entries and, with `bounds`, at most
 * `bounds.maxChars` characters (no entry is longer: takePushBatches sets those aside).
 */
function cutBatches(
  entries: readonly StoredHistoryEntry[],
  maxEntries: number,
  bounds: BatchBounds | undefined,
): StoredHistoryEntry[][] {
  const runs: StoredHistoryEntry[][] = [];
  let run: StoredHistoryEntry[] = [];
  let chars = 0;
  for (const stored of entries) {
    const size = bounds ? bounds.sizeOf(fromStoredEntry(stored)) : 0;
    const full = run.length >= maxEntries || (bounds && chars + size > bounds.maxChars);
    if (run.length > 0 && full) {
      runs.push(run);
      run = [];
      chars = 0;
    }
    run.push(stored);
    chars += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/**
 * The user's unsent entries grouped into cloud batches of at most `maxEntries` entries and, with
 * `bounds`, at most `bounds.maxChars` characters (the cloud takes one batch document of bounded
 * length a commit). Entries already given a batch (a push that failed or whose answer was lost)
 * keep it, so a retry sends the same document; the others get new batch ids, stored in ONE
 * transaction before anything is sent. An unsent entry whose stamp is past the clock bound or the
 * ceiling (an import, a broken clock) is stamped anew first and its word refolded (see
 * `restampUnsent`); an entry that fails the wire contract otherwise, or that alone is longer than
 * a batch may be, goes to the dead letters instead (the rest still sync; a retry could never send
 * it).
 */
export async function takePushBatches(
  db: MarineDB,
  userId: string,
  maxEntries: number,
  now: number,
  bounds?: BatchBounds,
): Promise<PushBatch[]> {
  const tx = db.transaction(
    ['history', 'deadLetters', 'device', 'userWords', 'users'],
    'readwrite',
  );
  const history = tx.objectStore('history');
  const { entries: unsent } = await restampUnsent(tx, userId, now);
  unsent.sort((a, b) => a.hlc - b.hlc || (a.id < b.id ? -1 : 1));
  const assigned = new Map<string, StoredHistoryEntry[]>();
  const fresh: StoredHistoryEntry[] = [];
  const writes: Promise<unknown>[] = [];
  const failures: SetAsideItem[] = [];
  const oversized = new Set<string>();
  for (const stored of unsent) {
    const checked = checkEntry(fromStoredEntry(stored));
    const size = checked.ok && bounds ? bounds.sizeOf(checked.entry) : 0;
    if (!checked.ok || (bounds && size > bounds.maxChars)) {
      const reason = checked.ok
        ? `${size} characters, over the ${bounds?.maxChars} of a cloud batch`
        : checked.reason;
      writes.push(history.delete(stored.id));
      failures.push({ reason, record: fromStoredEntry(stored) });
      if (checked.ok) oversized.add(stored.vocabId);
      continue;
    }
    if (stored.batch === undefined) {
      fresh.push(stored);
      continue;
    }
    const batch = assigned.get(stored.batch) ?? [];
    batch.push(stored);
    assigned.set(stored.batch, batch);
  }
  const batches: PushBatch[] = [];
  for (const [id, entries] of assigned) {
    // A batch given its id by an older version may be longer than one document now holds: its
    // first part keeps the id (the cloud is asked whether that landed), the rest go as new batches
    // (should the old commit have landed after all, their entries arrive twice and are merged
    // by id).
    const [first = [], ...rest] = cutBatches(entries, maxEntries, bounds);
    batches.push(pushBatch(id, first, true));
    fresh.unshift(...rest.flat());
  }
  // A batch holds entries dated under one state of the clock's corrections, or none this device
  // dated: its `now` then stands for every entry of the device in it.
  for (const group of byTaught(fresh)) {
    for (const chunk of cutBatches(group, maxEntries, bounds)) {
      const id = newId();
      batches.push(pushBatch(id, chunk, false));
      for (const stored of chunk) writes.push(history.put({ ...stored, batch: id }));
    }
  }
  if (failures.length > 0) {
    writes.push(setAside(tx.objectStore('deadLetters'), userId, 'push', failures, now));
  }
  await Promise.all(writes);
  // A valid entry set aside leaves its word's history: the stored state stays its fold.
  if (oversized.size > 0) {
    const fold = foldOf(await tx.objectStore('users').get(userId));
    await refoldIn(
      history.index('word'),
      tx.objectStore('userWords'),
      userId,
      [...oversized],
      fold,
    );
  }
  await tx.done;
  return batches;
}

function pushBatch(id: string, entries: StoredHistoryEntry[], inDoubt: boolean): PushBatch {
  const taught = taughtOf(entries);
  const batch: PushBatch = { id, entries: entries.map(fromStoredEntry), inDoubt };
  return taught === undefined ? batch : { ...batch, taught };
}

type RestampTransaction = IDBPTransaction<
  MarineDBSchema,
  ('history' | 'device' | 'userWords' | 'deadLetters' | 'users')[],
  'readwrite'
>;

/**
 * Inside the caller's transaction: the user's unsent entries, after stamping anew those whose
 * only fault is their clock (a stamp past the bound of `nowMs` or the year-2200 ceiling; a wall
 * past them too is dated `nowMs` instead: no answer is ever set aside for its clock). Such an entry
 * was never sent (nothing past the ceiling is; one past the bound is stamped anew before it is
 * put in a batch), so its id keeps and only its place in the order changes: it now sorts after
 * everything this device knows, as a change made now would. Its word is refolded, and the device
 * clock, pulled back within the bound, moves past the new stamps.
 */
async function restampUnsent(
  tx: RestampTransaction,
  userId: string,
  nowMs: number,
): Promise<{ entries: StoredHistoryEntry[]; restamped: number }> {
  const history = tx.objectStore('history');
  const deviceStore = tx.objectStore('device');
  const [unsent, device] = await Promise.all([
    history.index('unsent').getAll([userId, 0]),
    deviceIn(deviceStore),
  ]);
  const now = correctedNow(device, nowMs);
  let clock = saneClock(device.hlc, now);
  let restamped = 0;
  const touched = new Set<string>();
  const writes: Promise<unknown>[] = [];
  const result = unsent.map((stored) => {
    const sentBefore = stored.batch !== undefined && checkEntry(fromStoredEntry(stored)).ok;
    // A wall at or past the ceiling, or past the bound (a clock that read 2200 or 2199 when the
    // answer was made): the answer is dated now instead, never set aside for its clock.
    const wallOut = !isTime(stored.wall) || !wallWithinBound(stored.wall, now);
    if (sentBefore || (!isFarAhead(stored.hlc, now) && !wallOut)) return stored;
    // Only the clock may be at fault: anything else wrong goes to the dead letters as it is.
    if (!checkEntry({ ...fromStoredEntry(stored), hlc: 0, wall: 0 }).ok) return stored;
    clock = nextStamp(clock, now);
    const { batch: _dropped, ...rest } = stored;
    const wall = wallOut ? wallAt(now) : stored.wall;
    const entry: StoredHistoryEntry = {
      ...rest,
      hlc: clock,
      wall,
      t: effectiveTime({ wall, receivedAt: stored.receivedAt, sentAt: stored.sentAt }),
      ...(wallOut ? { taught: device.taught ?? 0 } : {}),
    };
    writes.push(history.put(entry));
    touched.add(stored.vocabId);
    restamped++;
    return entry;
  });
  if (clock !== device.hlc) writes.push(deviceStore.put({ ...device, hlc: clock }));
  await Promise.all(writes);
  if (touched.size > 0) {
    const fold = foldOf(await tx.objectStore('users').get(userId));
    await refoldIn(history.index('word'), tx.objectStore('userWords'), userId, [...touched], fold);
  }
  return { entries: result, restamped };
}

/** Marks the entries of pushed batches as held by the cloud, in one transaction. */
export async function markSent(db: MarineDB, entryIds: readonly string[]): Promise<void> {
  const tx = db.transaction('history', 'readwrite');
  const stored = await Promise.all(entryIds.map((id) => tx.store.get(id)));
  await Promise.all([
    ...stored.map((entry) =>
      entry && entry.sent === 0 ? tx.store.put({ ...entry, sent: 1 }) : null,
    ),
    tx.done,
  ]);
}

/**
 * Turns word records (an old cloud document, an imported record) into baseline entries of
 * `userId` and merges them (see `mergeEntries`): the same record always gives the same entry, so
 * doing it twice changes nothing. `history` (the entries of an export) is merged in the same
 * transaction, so an import lands whole or not at all.
 */
export async function importBaselines(
  db: MarineDB,
  userId: string,
  words: readonly UserWord[],
  options: MergeOptions & { prefix: string; history?: readonly unknown[] },
): Promise<MergeResult> {
  const device = options.sent ? options.prefix : await deviceId(db);
  const entries = words.map((word) => {
    try {
      const entry = baselineEntry({ ...word, userId }, { prefix: options.prefix, device });
      // Check the record as given, not the copy baselineEntry made of it.
      return { ...entry, snapshot: { ...word } };
    } catch {
      // A field too deep to digest (a broken file): the check names what is wrong with the
      // record, which goes to the dead letters while the rest imports.
      const raw = (typeof word === 'object' && word !== null ? word : {}) as Partial<UserWord>;
      return { ...raw, id: 'unreadable', userId, kind: 'baseline', device, snapshot: { ...raw } };
    }
  });
  return mergeEntries(db, userId, [...entries, ...(options.history ?? [])], options);
}

/** The part of a settings export an import reads (domain/validation.ts `ExportData`). */
export interface ImportedFile {
  userWords: readonly unknown[];
  /** Missing in the files of versions before the answer history. */
  history?: readonly unknown[];
}

/**
 * Imports a settings export into `userId`'s history in ONE transaction, counting every answer
 * once (docs/cloud-edition.md, "Counted once"). A file that carries a history is merged by entry
 * id alone: its word records are the fold of that history, so turning them into baselines as
 * well would count each answer twice, and again on every device that syncs them. Only a file of
 * a version before the history (no `history` list) becomes baselines: they stand for answers
 * that were never entries, so they cover nothing the history holds. Entries of another account
 * or device become this user's; receive times are dropped, entries dated past the clock bound
 * are refused, and what is new here is marked as imported (`isImportedEntry`).
 */
export async function importExport(
  db: MarineDB,
  userId: string,
  file: ImportedFile,
  now: number,
): Promise<MergeResult> {
  const options = { sent: false, source: 'import', now, origin: 'import' } as const;
  if (!Array.isArray(file.history)) {
    return importBaselines(db, userId, file.userWords as UserWord[], {
      ...options,
      prefix: 'import',
    });
  }
  const history = file.history.map((entry) =>
    typeof entry === 'object' && entry !== null ? { ...entry, userId } : entry,
  );
  return mergeEntries(db, userId, history, options);
}

/**
 * Whether the entry first reached this device through an import, not through this device's own
 * recording or the sync: a file anyone can edit, so what it says (an exam pass, say) is never
 * presented as the learner's own verified work.
 */
export async function isImportedEntry(db: MarineDB, entryId: string): Promise<boolean> {
  return (await db.get('history', entryId))?.origin === 'import';
}

export interface MaintenanceReport {
  /** Unsent entries stamped anew (their stamps were past the clock bound or the ceiling). */
  restamped: number;
  /** Words refolded because the fold's rules changed (FOLD_VERSION) since they were stored. */
  refolded: number;
}

/**
 * Once at start: pulls a poisoned device clock back within its bound, stamps anew every account's
 * unsent entries whose stamps are past it (so nobody's sync on a shared device is stopped by one
 * import), and, when the app's fold changed since the words were stored (an update taught it a
 * kind, say), refolds every word of every account from its history, one account per transaction.
 */
export async function maintainHistory(
  db: MarineDB,
  nowMs: number,
  options: { version?: number; fold?: Fold } = {},
): Promise<MaintenanceReport> {
  const version = options.version ?? FOLD_VERSION;
  const report: MaintenanceReport = { restamped: 0, refolded: 0 };
  await deviceId(db);
  const device = await db.get('device', DEVICE_KEY);
  // Each account's words to refold: read once, then refolded from the history inside each
  // account's transaction (entries of accounts no longer on the device included).
  const words = new Map<string, Set<string>>();
  for (const userId of (await db.getAllKeys('users')) as string[]) words.set(userId, new Set());
  if (device?.fold !== version) {
    for (const entry of await db.getAll('history')) {
      const set = words.get(entry.userId) ?? new Set<string>();
      set.add(entry.vocabId);
      words.set(entry.userId, set);
    }
  }
  for (const [userId, vocabIds] of words) {
    const tx = db.transaction(
      ['history', 'deadLetters', 'device', 'userWords', 'users'],
      'readwrite',
    );
    const { restamped } = await restampUnsent(tx, userId, nowMs);
    report.restamped += restamped;
    if (vocabIds.size > 0) {
      const users = tx.objectStore('users');
      const user = await users.get(userId);
      const fold = options.fold ?? foldOf(user);
      const store = tx.objectStore('userWords');
      const before = await learnedIn(store, userId);
      await refoldIn(tx.objectStore('history').index('word'), store, userId, [...vocabIds], fold);
      const after = await learnedIn(store, userId);
      // The rank may change with the rules: the learner is told once (home), never silently.
      if (user && after !== before) {
        await users.put({ ...user, foldChange: { before, after, at: nowMs } });
      }
      report.refolded += vocabIds.size;
    }
    await tx.done;
  }
  const tx = db.transaction('device', 'readwrite');
  const current = await deviceIn(tx.store);
  const hlc = saneClock(current.hlc, correctedNow(current, nowMs));
  await Promise.all([tx.store.put({ ...current, hlc, fold: version }), tx.done]);
  return report;
}

/** Notes the batch a push just committed, with when it was sent and answered (physical clock). */
export async function noteClockProbe(
  db: MarineDB,
  probe: NonNullable<DeviceRecord['probe']>,
): Promise<void> {
  const tx = db.transaction('device', 'readwrite');
  const device = await deviceIn(tx.store);
  await Promise.all([tx.store.put({ ...device, probe }), tx.done]);
}

/**
 * A pulled page's batches with their server times: when the batch of the last probe is among
 * them, the device's clock offset is learned from it (domain/hlc `clockOffset`) and the probe
 * used up. Given this device's physical time of the pull (`nowMs`), an offset that puts its
 * corrected clock before the latest of those server times is raised to it (`offsetAtLeastReceipts`:
 * a clock that ran ahead and was set right while the app was closed). Returns the offset now in
 * force.
 */
export async function learnClockOffset(
  db: MarineDB,
  batches: readonly { id: string; receivedAt: number }[],
  nowMs?: number,
): Promise<number> {
  const tx = db.transaction('device', 'readwrite');
  const device = await deviceIn(tx.store);
  const probe = device.probe;
  const back = probe && batches.find((batch) => batch.id === probe.batch);
  const learned = probe && back ? clockOffset(back.receivedAt, probe.sent, probe.done) : undefined;
  const latest = Math.max(...batches.map((batch) => batch.receivedAt));
  const offset =
    nowMs === undefined || batches.length === 0
      ? (learned ?? device.offset ?? 0)
      : offsetAtLeastReceipts(learned ?? device.offset ?? 0, latest, nowMs);
  if (learned === undefined && offset === (device.offset ?? 0)) {
    await tx.done;
    return offset;
  }
  const { probe: _used, offset: _old, taught: _taught, ...rest } = device;
  const next: DeviceRecord = learned === undefined && probe ? { ...rest, probe } : rest;
  // What the probe taught is a jump of the corrected clock; raising the offset to the receipts
  // only takes up the physical clock having been set back, so it is not counted.
  const taught =
    (device.taught ?? 0) + (learned === undefined ? 0 : learned - (device.offset ?? 0));
  if (taught !== 0) next.taught = taught;
  await Promise.all([tx.store.put(offset === 0 ? next : { ...next, offset }), tx.done]);
  return offset;
}
