/**
 * A user's history revision (meta key `history-rev:<uid>`): stepped inside every transaction that
 * changes their entries other than by adding them (a pull that learns receipts, a restamp, a push
 * that sets entries aside; a pull or import that adds steps it too), so what was worked out from
 * the history before (history-figures.ts, the progress figures kept) is known to be of an older
 * history. An entry added alone (an answer, a drill's reply, an exam's result) changes the count
 * of entries, which the kept figures are checked against too: the transactions on the way of every
 * answer keep out of the meta store (a vocabulary install or a curriculum pull writes there).
 * Apart from history-figures.ts, so the write side does not load the fold's figures with it.
 */
import { type HistoryRevMeta, historyRevKey, type MetaRecord } from './schema';

/** The meta store of a transaction that includes it (for `touchHistory`). */
interface MetaStore {
  get(key: string): Promise<MetaRecord | undefined>;
  put(value: MetaRecord): Promise<unknown>;
}

/**
 * Steps the user's history revision, inside the transaction that writes their entries: the kept
 * figures of the history before it are not used again.
 */
export async function touchHistory(meta: MetaStore, userId: string): Promise<void> {
  const key = historyRevKey(userId);
  const record = (await meta.get(key)) as HistoryRevMeta | undefined;
  await meta.put({ key, rev: (record?.rev ?? 0) + 1 });
}
