/**
 * What the history segments (sync/history-segments.ts) are written from: the user's entries the
 * cloud holds, by the time it received them, read from this device's store in slices (a year is
 * 70,000 entries: no one read of them all, no long task).
 */
import type { HistoryEntry } from '@/domain/history';
import { fromStoredEntry } from './history-queries';
import type { MarineDB } from './schema';

/** Entries read per slice. */
const SLICE = 4000;

/**
 * The user's entries whose receipt time (`receivedAt`, epoch ms) is `from` or later and before
 * `to`, in (receipt time, id) order: the entries of every batch the cloud received in that range
 * that this device pulled (an entry set aside on its way in is not among them).
 */
export async function entriesReceivedIn(
  db: MarineDB,
  userId: string,
  from: number,
  to: number,
): Promise<HistoryEntry[]> {
  const found: HistoryEntry[] = [];
  let after: string | undefined;
  for (;;) {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const slice = await db.getAll('history', range, SLICE);
    for (const stored of slice) {
      const { receivedAt } = stored;
      if (stored.userId !== userId || stored.sent !== 1 || receivedAt === undefined) continue;
      if (receivedAt >= from && receivedAt < to) found.push(fromStoredEntry(stored));
    }
    if (slice.length < SLICE) break;
    after = slice[slice.length - 1]?.id;
  }
  return found.sort(
    (a, b) =>
      (a.receivedAt as number) - (b.receivedAt as number) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
