/**
 * Reading the answer history and the dead letters: what the start-up screens need (the pending
 * count, the reset screen), kept apart from the write side (history-repo), which loads with the
 * first change or sync.
 */
import type { HistoryEntry } from '@/domain/history';
import type { DeadLetter, MarineDB, StoredHistoryEntry } from './schema';

/** A stored entry without the bookkeeping fields. */
export function fromStoredEntry(stored: StoredHistoryEntry): HistoryEntry {
  const { sent: _sent, t: _t, batch: _batch, ...entry } = stored;
  return entry;
}

/** Every entry of the user, in no particular order. */
export async function listHistory(db: MarineDB, userId: string): Promise<HistoryEntry[]> {
  const stored = await db.getAllFromIndex(
    'history',
    'userTime',
    IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]),
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

/** The dead letters of a user (or of nobody in particular), newest first. */
export async function listDeadLetters(db: MarineDB, userId: string): Promise<DeadLetter[]> {
  const all = await db.getAll('deadLetters');
  return all
    .filter((letter) => letter.userId === undefined || letter.userId === userId)
    .sort((a, b) => b.at - a.at);
}

/** Forgets the given dead letters (the settings' "clear" action). */
export async function deleteDeadLetters(db: MarineDB, ids: readonly string[]): Promise<void> {
  const tx = db.transaction('deadLetters', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
