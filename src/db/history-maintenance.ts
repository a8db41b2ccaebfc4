/**
 * The answer history's upkeep, once at start: a poisoned device clock pulled back, impossible
 * stamps of every account stamped anew, and every word refolded after an update changed the fold.
 */

import { FOLD_VERSION } from '@/domain/history';
import { saneClock } from '@/domain/hlc';
import { correctedNow, DEVICE_KEY, deviceId, deviceIn } from './device-clock';
import { type Fold, foldOf, refoldIn } from './history-refold';
import { restampUnsent } from './history-restamp';
import { touchHistory } from './history-rev';
import type { MarineDB, StoredUserWord } from './schema';

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
    if (restamped > 0) await touchHistory(db, userId);
  }
  const tx = db.transaction('device', 'readwrite');
  const current = await deviceIn(tx.store);
  const hlc = saneClock(current.hlc, correctedNow(current, nowMs));
  await Promise.all([tx.store.put({ ...current, hlc, fold: version }), tx.done]);
  return report;
}

/** How many of the user's words are learned (and not deleted): the MAST of the rank. */
async function learnedIn(
  store: { index(name: 'userId'): { getAll(key: string): Promise<StoredUserWord[]> } },
  userId: string,
): Promise<number> {
  const words = await store.index('userId').getAll(userId);
  return words.filter((word) => word.status === 'learned' && !word.deleted).length;
}
