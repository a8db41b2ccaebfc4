/**
 * Stamping anew, inside the caller's transaction, the unsent entries whose only fault is their
 * clock (before a push, and once at start), so no answer is ever set aside for its clock.
 */

import type { IDBPTransaction } from 'idb';
import { effectiveTime, isTime } from '@/domain/history';
import { checkEntry } from '@/domain/history-contract';
import { isFarAhead, nextStamp, saneClock, wallAt, wallWithinBound } from '@/domain/hlc';
import { correctedNow, deviceIn } from './device-clock';
import { fromStoredEntry } from './history-queries';
import { foldOf, refoldIn } from './history-refold';
import { changeCounted } from './history-rev';
import type { MarineDBSchema, StoredHistoryEntry } from './schema';

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
export async function restampUnsent(
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
  // Entries moved in the history order: the progress figures' checkpoint (history-figures.ts) is
  // not gone on from past it, told in this transaction (the revision steps after it).
  if (restamped > 0) {
    writes.push(deviceStore.put({ ...changeCounted(device, -Infinity), hlc: clock }));
  } else if (clock !== device.hlc) {
    writes.push(deviceStore.put({ ...device, hlc: clock }));
  }
  await Promise.all(writes);
  if (touched.size > 0) {
    const fold = foldOf(await tx.objectStore('users').get(userId));
    await refoldIn(history.index('word'), tx.objectStore('userWords'), userId, [...touched], fold);
  }
  return { entries: result, restamped };
}
