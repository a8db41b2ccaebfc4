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
import {
  type FoldCarriedMeta,
  foldCarriedKey,
  type HistoryRevMeta,
  historyRevKey,
  type MarineDB,
} from './schema';

/**
 * Steps the user's history revision: the kept figures of the history before are not used again.
 * `carried`: the change touched no entry dated before the progress checkpoint's cut (the device's
 * `figuresCut`), which then stands at the new revision too (history-figures.ts).
 */
export async function touchHistory(db: MarineDB, userId: string, carried = false): Promise<void> {
  const tx = db.transaction('meta', 'readwrite');
  const key = historyRevKey(userId);
  const [record, checkpoint] = await Promise.all([
    tx.store.get(key) as Promise<HistoryRevMeta | undefined>,
    tx.store.get(foldCarriedKey(userId)) as Promise<FoldCarriedMeta | undefined>,
  ]);
  const rev = (record?.rev ?? 0) + 1;
  const writes = [tx.store.put({ key, rev })];
  if (carried && checkpoint && checkpoint.rev === rev - 1) {
    writes.push(tx.store.put({ ...checkpoint, rev }));
  }
  await Promise.all([...writes, tx.done]);
}

/**
 * The device's change counters once a change of `userId`'s entries is made (in its transaction):
 * `historyChanges` stepped, and `foldSafeChanges` too when every entry it touched is dated at or
 * after the checkpoint's cut (`lowest`: the earliest effective time touched, before or after).
 */
export function changeCounted<
  D extends { historyChanges?: number; foldSafeChanges?: number; figuresCut?: number },
>(device: D, lowest: number): D {
  const safe = afterCut(device, lowest);
  return {
    ...device,
    historyChanges: (device.historyChanges ?? 0) + 1,
    ...(safe ? { foldSafeChanges: (device.foldSafeChanges ?? 0) + 1 } : {}),
  };
}

/** Whether a change whose earliest effective time touched is `lowest` is past the device's cut. */
export function afterCut(device: { figuresCut?: number }, lowest: number): boolean {
  return device.figuresCut !== undefined && lowest >= device.figuresCut;
}
