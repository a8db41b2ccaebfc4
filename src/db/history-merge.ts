/**
 * Merging entries from the cloud (a pull) or a file (an import) into the answer history, in ONE
 * transaction with the refold of every word they touch; a record that fails the wire contract
 * goes to the dead letters and the rest carry on.
 */

import { DAY_MS } from '@/domain/constants';
import type { HistoryEntry } from '@/domain/history';
import { checkEntry, entryIdOf } from '@/domain/history-contract';
import { observeStamps, STAMP_LEAD_MS, wallWithinBound } from '@/domain/hlc';
import { abortQuietly } from './abort';
import { type SetAsideItem, setAside } from './dead-letters';
import { correctedNow, deviceIn } from './device-clock';
import { fromStoredEntry } from './history-queries';
import { foldOf, type Refolded, refoldIn } from './history-refold';
import { afterCut, changeCounted, touchHistory } from './history-rev';
import { toStoredEntry } from './records';
import type { DeadLetter, MarineDB } from './schema';

/** Why a pulled entry dated past the clock bound of its receipt is set aside (dead letters). */
export const RECEIVED_FUTURE_REASON = `dated more than ${STAMP_LEAD_MS / DAY_MS} days after the cloud received it`;
/** Why an imported entry dated past the clock bound is set aside (shown in the dead letters). */
export const IMPORT_FUTURE_REASON = `dated more than ${STAMP_LEAD_MS / DAY_MS} days ahead of this device`;

export interface MergeResult {
  /** Entries that were new here. */
  added: number;
  /** Entries already here that learned their cloud receipt time. */
  updated: number;
  /** Words whose state was recomputed. */
  refolded: string[];
  /** What the refold stored for them, read in the merge's transaction (see `refoldIn`). */
  words: Refolded;
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
    // The earliest effective time an added or re-dated entry has (or had).
    let lowest = Infinity;
    for (const [index, entry] of entries.entries()) {
      if (seen.has(entry.id)) continue; // the same entry twice in one delivery
      seen.set(entry.id, entry);
      const here = existing[index];
      if (!here) {
        const stored = toStoredEntry(entry, options.sent, undefined, options.origin);
        writes.push(history.put(stored));
        lowest = Math.min(lowest, stored.t);
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
        const next = toStoredEntry(
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
        if (next.t !== here.t) {
          touched.add(entry.vocabId);
          lowest = Math.min(lowest, next.t, here.t);
        }
        updated++;
      }
    }
    // Bounded (domain/hlc.ts): a stamp near the year 2200 cannot drag the clock along.
    const hlc = observeStamps(device.hlc, seen.values(), correctedNow(device, options.now));
    // Entries added or re-dated: the kept progress figures are of the history before (stepped in
    // this transaction, so no page closed before the revision's step below can miss it).
    const changed = added + updated > 0;
    writes.push(deviceStore.put({ ...(changed ? changeCounted(device, lowest) : device), hlc }));
    await Promise.all(writes);
    const refolded = [...touched];
    const fold = foldOf(await tx.objectStore('users').get(userId));
    const words = await refoldIn(
      history.index('word'),
      tx.objectStore('userWords'),
      userId,
      refolded,
      fold,
    );
    await tx.done;
    if (changed) await touchHistory(db, userId, afterCut(device, lowest));
    return importing
      ? { added, updated, refolded, words, rejected, future }
      : { added, updated, refolded, words, rejected };
  } catch (error) {
    // A write the storage refused (full, say) aborts the whole merge: nothing of it is kept, and
    // the caller's rejection reports it.
    for (const write of writes) write.catch(() => undefined);
    abortQuietly(tx);
    throw error;
  }
}
