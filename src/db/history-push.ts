/**
 * Push batching: the user's unsent entries grouped into cloud batch documents (their ids stored
 * before anything is sent, so a retry sends the same document), and the entries marked sent once
 * the cloud holds them.
 */

import type { HistoryEntry } from '@/domain/history';
import { checkEntry } from '@/domain/history-contract';
import { newId } from '@/domain/ids';
import { type SetAsideItem, setAside } from './dead-letters';
import { deviceIn } from './device-clock';
import { fromStoredEntry } from './history-queries';
import { foldOf, refoldIn } from './history-refold';
import { restampUnsent } from './history-restamp';
import { afterCut, changeCounted, touchHistory } from './history-rev';
import type { MarineDB, StoredHistoryEntry } from './schema';

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
  const { entries: unsent, restamped } = await restampUnsent(tx, userId, now);
  unsent.sort((a, b) => a.hlc - b.hlc || (a.id < b.id ? -1 : 1));
  const assigned = new Map<string, StoredHistoryEntry[]>();
  const fresh: StoredHistoryEntry[] = [];
  const writes: Promise<unknown>[] = [];
  const failures: SetAsideItem[] = [];
  const oversized = new Set<string>();
  // The earliest effective time of an entry set aside; whether the checkpoint goes on past it.
  let lowestSetAside = Infinity;
  let carried = false;
  for (const stored of unsent) {
    const checked = checkEntry(fromStoredEntry(stored));
    const size = checked.ok && bounds ? bounds.sizeOf(checked.entry) : 0;
    if (!checked.ok || (bounds && size > bounds.maxChars)) {
      const reason = checked.ok
        ? `${size} characters, over the ${bounds?.maxChars} of a cloud batch`
        : checked.reason;
      writes.push(history.delete(stored.id));
      lowestSetAside = Math.min(lowestSetAside, stored.t);
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
    // Entries left the history: the kept progress figures are of the history before.
    const devices = tx.objectStore('device');
    const device = await deviceIn(devices);
    writes.push(devices.put(changeCounted(device, lowestSetAside)));
    carried = restamped === 0 && afterCut(device, lowestSetAside);
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
  // Entries restamped or set aside: the history changed.
  if (restamped > 0 || failures.length > 0) await touchHistory(db, userId, carried);
  return batches;
}

function pushBatch(id: string, entries: StoredHistoryEntry[], inDoubt: boolean): PushBatch {
  const taught = taughtOf(entries);
  const batch: PushBatch = { id, entries: entries.map(fromStoredEntry), inDoubt };
  return taught === undefined ? batch : { ...batch, taught };
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
