/**
 * Reading the answer history and the dead letters: what the start-up screens need (the pending
 * count, the reset screen), kept apart from the write side (history-append, history-merge and
 * the rest), which loads with the first change or sync.
 */
import type { HistoryEntry } from '@/domain/history';
import type { DeadLetter, MarineDB, StoredHistoryEntry } from './schema';

/** A stored entry without the bookkeeping fields. */
export function fromStoredEntry(stored: StoredHistoryEntry): HistoryEntry {
  const { sent: _sent, t: _t, batch: _batch, origin: _origin, taught: _taught, ...entry } = stored;
  return entry;
}

/** Every entry of the user whose effective time is `since` or later (default: all), by time. */
export async function listHistory(
  db: MarineDB,
  userId: string,
  since = -Infinity,
): Promise<HistoryEntry[]> {
  const range = IDBKeyRange.bound([userId, since], [userId, Infinity]);
  if (since !== -Infinity)
    return (await db.getAllFromIndex('history', 'userTime', range)).map(fromStoredEntry);
  const tx = db.transaction(['history', 'users'], 'readonly');
  const [stored] = await Promise.all([
    readUserHistory(tx.objectStore('history'), tx.objectStore('users'), userId),
    tx.done,
  ]);
  return stored.map(fromStoredEntry);
}

/** What `readUserHistory` reads of a transaction's history store. */
export interface HistoryStoreReads {
  getAll(): Promise<StoredHistoryEntry[]>;
  index(name: 'userTime'): { getAll(query: IDBKeyRange): Promise<StoredHistoryEntry[]> };
}

/**
 * Every stored entry of the user, in the 'userTime' index's order (effective time, then id), in
 * the caller's transaction. Where the device holds no other learner's record, the store is read
 * whole and sorted here: Chromium reads a year's 70,000 entries by the store in half the time it
 * takes through the index, which looks each one up (≈ 420 against 860 ms, docs/benchmarks.md).
 * Another learner's entries left without a record are read and dropped: slower, never wrong.
 */
export async function readUserHistory(
  history: HistoryStoreReads,
  users: { count(): Promise<number> },
  userId: string,
): Promise<StoredHistoryEntry[]> {
  if ((await users.count()) > 1) {
    return history
      .index('userTime')
      .getAll(IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]));
  }
  // The index holds only the entries whose [userId, t] is a key; the sort is stable, so entries
  // of one time stay in the store's order, by id, as in the index.
  return (await history.getAll())
    .filter(
      (entry) => entry.userId === userId && typeof entry.t === 'number' && !Number.isNaN(entry.t),
    )
    .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0));
}

/**
 * The user's entries whose word id starts with `prefix` (the drills' replies: `drill:`), read by
 * a range of the 'word' index, not the whole history.
 */
export async function listHistoryOfPrefix(
  db: MarineDB,
  userId: string,
  prefix: string,
): Promise<HistoryEntry[]> {
  const stored = await db.getAllFromIndex(
    'history',
    'word',
    IDBKeyRange.bound([userId, prefix], [userId, `${prefix}\uffff`]),
  );
  return stored.map(fromStoredEntry);
}

/** How many of the user's entries the cloud does not hold yet. */
export async function countUnsent(db: MarineDB, userId: string): Promise<number> {
  return db.countFromIndex('history', 'unsent', [userId, 0]);
}

/** How many entries of anyone on this device the cloud does not hold yet (the reset screen). */
export async function countAllUnsent(db: MarineDB): Promise<number> {
  return (await db.getAll('history')).filter((entry) => entry.sent === 0).length;
}

/** What settings shows of the records set aside for a user (db/dead-letters.ts writes them). */
export interface DeadLetterList {
  /** The letters kept, of the user or of nobody in particular, newest first. */
  letters: DeadLetter[];
  /** How many more were set aside but not kept (over the cap of each user and source). */
  notKept: number;
  /** The ids of the letters and of the summaries that count the rest: what "forget" removes. */
  ids: string[];
}

/** The dead letters of a user (or of nobody in particular) and the count of those not kept. */
export async function readDeadLetterList(db: MarineDB, userId: string): Promise<DeadLetterList> {
  const all = await db.getAll('deadLetters');
  const letters: DeadLetter[] = [];
  const ids: string[] = [];
  let notKept = 0;
  for (const letter of all) {
    if (letter.userId !== undefined && letter.userId !== userId) continue;
    ids.push(letter.id);
    // A summary (see db/dead-letters.ts) counts letters; it is not one.
    if (letter.dropped !== undefined) notKept += letter.dropped;
    else letters.push(letter);
  }
  letters.sort((a, b) => b.at - a.at);
  return { letters, notKept, ids };
}

/** The dead letters of a user (or of nobody in particular), newest first. */
export async function listDeadLetters(db: MarineDB, userId: string): Promise<DeadLetter[]> {
  return (await readDeadLetterList(db, userId)).letters;
}

/** Forgets the given dead letters (the settings' "clear" action). */
export async function deleteDeadLetters(db: MarineDB, ids: readonly string[]): Promise<void> {
  const tx = db.transaction('deadLetters', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
