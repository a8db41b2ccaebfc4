/**
 * A user's history revision (meta key `history-rev:<uid>`): stepped right after every transaction
 * that changed their entries other than by adding them alone (a pull that learns receipts or adds
 * entries, a restamp, a push that sets entries aside), so what was worked out from the history
 * before (history-figures.ts, the progress figures kept) is known to be of an older history. An
 * entry added alone (an answer, a drill's reply, an exam's result) steps this device's last stamp
 * (the device record's `hlc`) in the transaction that adds it, which the kept figures are checked
 * against too.
 *
 * In a short transaction of its own, after the change commits: the history's transactions never
 * hold the meta store, where the start's vocabulary check, a curriculum pull and an exam's
 * settings read and write (a year's refold holds its transaction for seconds). Figures worked out
 * between the change and the step are keyed with the revision before it and so not used after
 * it; should the page close in between, the kept figures stay those of before until the next
 * change.
 *
 * Apart from history-figures.ts, so the write side does not load the fold's figures with it.
 */
import { type HistoryRevMeta, historyRevKey, type MarineDB } from './schema';

/** Steps the user's history revision: the kept figures of the history before are not used again. */
export async function touchHistory(db: MarineDB, userId: string): Promise<void> {
  const tx = db.transaction('meta', 'readwrite');
  const key = historyRevKey(userId);
  const record = (await tx.store.get(key)) as HistoryRevMeta | undefined;
  await Promise.all([tx.store.put({ key, rev: (record?.rev ?? 0) + 1 }), tx.done]);
}
