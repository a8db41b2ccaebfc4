/**
 * The answer history: appending a learner's change, merging entries from the cloud or an import,
 * and the push bookkeeping. Every write that changes a word's history refolds the word and stores
 * the fold as its userWords record in the SAME transaction, so the cached state can never differ
 * from the history, and no change is ever computed from a copy held in memory.
 */
import {
  applyEntry,
  baselineEntry,
  checkEntry,
  effectiveTime,
  entryIdOf,
  foldWord,
  type HistoryEntry,
  type WordChange,
} from '@/domain/history';
import { nextStamp, observeStamps } from '@/domain/hlc';
import { newId } from '@/domain/ids';
import { newUserWord } from '@/domain/srs';
import type { UserWord } from '@/domain/types';
import { abortQuietly } from './abort';
import { fromStoredEntry } from './history-queries';
import { fromStoredUserWord, toStoredUserWord } from './records';
import type {
  DeadLetter,
  DeviceRecord,
  MarineDB,
  StoredHistoryEntry,
  StoredUserWord,
} from './schema';

const DEVICE_KEY = 'device';

type DeviceStore = {
  get(key: string): Promise<DeviceRecord | undefined>;
  put(value: DeviceRecord): Promise<unknown>;
};

/** This device's record, created on first use (a database made by a test seeds none). */
async function deviceIn(store: DeviceStore): Promise<DeviceRecord> {
  const stored = await store.get(DEVICE_KEY);
  return stored ?? { key: DEVICE_KEY, id: newId(), hlc: 0 };
}

/** This device's id (created and stored on first use). */
export async function deviceId(db: MarineDB): Promise<string> {
  const tx = db.transaction('device', 'readwrite');
  const device = await deviceIn(tx.store);
  await tx.store.put(device);
  await tx.done;
  return device.id;
}

function toStored(entry: HistoryEntry, sent: boolean, batch?: string): StoredHistoryEntry {
  const stored: StoredHistoryEntry = { ...entry, sent: sent ? 1 : 0, t: effectiveTime(entry) };
  if (batch !== undefined) stored.batch = batch;
  return stored;
}

/**
 * Records one change of a word: a new entry stamped by this device's clock and the word's new
 * state (the stored fold plus the entry, which sorts after everything this device knows), in ONE
 * transaction. Returns the new state.
 */
export async function recordChange(
  db: MarineDB,
  userId: string,
  vocabId: string,
  change: WordChange,
  nowMs: number,
): Promise<UserWord> {
  const tx = db.transaction(['history', 'userWords', 'device'], 'readwrite');
  const device = await deviceIn(tx.objectStore('device'));
  const hlc = nextStamp(device.hlc, nowMs);
  const entry: HistoryEntry = {
    id: newId(),
    userId,
    vocabId,
    kind: change.kind,
    hlc,
    wall: Math.floor(nowMs),
    device: device.id,
  };
  if (change.kind === 'answer') {
    entry.correct = change.correct;
    if (change.mode) entry.mode = change.mode;
  }
  const words = tx.objectStore('userWords');
  const stored = await words.get([userId, vocabId]);
  const current = stored
    ? fromStoredUserWord(stored)
    : { ...newUserWord(userId, vocabId, entry.wall), deleted: false };
  const next = applyEntry(current, entry);
  await Promise.all([
    tx.objectStore('device').put({ ...device, hlc }),
    tx.objectStore('history').add(toStored(entry, false)),
    words.put(toStoredUserWord(next)),
    tx.done,
  ]);
  return next;
}

export interface MergeResult {
  /** Entries that were new here. */
  added: number;
  /** Entries already here that learned their cloud receipt time. */
  updated: number;
  /** Words whose state was recomputed. */
  refolded: string[];
  /** Records that failed the wire contract (now in the dead letters). */
  rejected: number;
}

export interface MergeOptions {
  /** The cloud already holds these entries (a pull), so they are never pushed. */
  sent: boolean;
  /** Where failures are recorded from. */
  source: DeadLetter['source'];
  now: number;
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
  const tx = db.transaction(['history', 'userWords', 'device', 'deadLetters'], 'readwrite');
  const writes: Promise<unknown>[] = [];
  try {
    const history = tx.objectStore('history');
    const valid: HistoryEntry[] = [];
    let rejected = 0;
    for (const record of records) {
      const checked = checkEntry(record);
      if (checked.ok && checked.entry.userId === userId) {
        valid.push(checked.entry);
      } else {
        rejected++;
        writes.push(
          tx.objectStore('deadLetters').put({
            id: newId(),
            userId,
            source: options.source,
            reason: checked.ok ? 'an entry of another user' : checked.reason,
            record: structuredClone(record),
            at: options.now,
          }),
        );
      }
    }
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
    for (const [index, entry] of entries.entries()) {
      if (seen.has(entry.id)) continue; // the same entry twice in one delivery
      seen.set(entry.id, entry);
      const here = existing[index];
      if (!here) {
        writes.push(history.put(toStored(entry, options.sent)));
        touched.add(entry.vocabId);
        added++;
        continue;
      }
      const learnsReceipt = here.receivedAt === undefined && entry.receivedAt !== undefined;
      if (learnsReceipt || (options.sent && here.sent === 0)) {
        const next = toStored(
          learnsReceipt
            ? { ...fromStoredEntry(here), receivedAt: entry.receivedAt }
            : fromStoredEntry(here),
          options.sent || here.sent === 1,
          here.batch,
        );
        writes.push(history.put(next));
        if (next.t !== here.t) touched.add(entry.vocabId);
        updated++;
      }
    }
    const deviceStore = tx.objectStore('device');
    const device = await deviceIn(deviceStore);
    const hlc = observeStamps(
      device.hlc,
      [...seen.values()].map((entry) => entry.hlc),
    );
    writes.push(deviceStore.put({ ...device, hlc }));
    await Promise.all(writes);
    const refolded = [...touched];
    await refoldIn(history.index('word'), tx.objectStore('userWords'), userId, refolded);
    await tx.done;
    return { added, updated, refolded, rejected };
  } catch (error) {
    // A write the storage refused (full, say) aborts the whole merge: nothing of it is kept, and
    // the caller's rejection reports it.
    for (const write of writes) write.catch(() => undefined);
    abortQuietly(tx);
    throw error;
  }
}

/** The parts of a transaction a refold needs: the history's 'word' index and the userWords store. */
interface WordIndex {
  getAll(query: [string, string]): Promise<StoredHistoryEntry[]>;
}
interface WordStore {
  put(value: StoredUserWord): Promise<unknown>;
}

/** Recomputes and stores the given words' states from all their entries, inside one transaction. */
async function refoldIn(
  byWord: WordIndex,
  words: WordStore,
  userId: string,
  vocabIds: readonly string[],
): Promise<void> {
  const lists = await Promise.all(vocabIds.map((vocabId) => byWord.getAll([userId, vocabId])));
  await Promise.all(
    vocabIds.map((vocabId, index) =>
      words.put(
        toStoredUserWord(foldWord(userId, vocabId, (lists[index] ?? []).map(fromStoredEntry))),
      ),
    ),
  );
}

export interface PushBatch {
  id: string;
  entries: HistoryEntry[];
  /** The batch was handed to the cloud before, and whether that commit landed is unknown. */
  inDoubt: boolean;
}

/**
 * The user's unsent entries grouped into cloud batches of at most `maxEntries`. Entries already
 * given a batch (a push that failed or whose answer was lost) keep it, so a retry sends the same
 * document; the others get new batch ids, stored in ONE transaction before anything is sent.
 * An entry that fails the wire contract goes to the dead letters instead (the rest still sync).
 */
export async function takePushBatches(
  db: MarineDB,
  userId: string,
  maxEntries: number,
  now: number,
): Promise<PushBatch[]> {
  const tx = db.transaction(['history', 'deadLetters'], 'readwrite');
  const history = tx.objectStore('history');
  const unsent = await history.index('unsent').getAll([userId, 0]);
  unsent.sort((a, b) => a.hlc - b.hlc || (a.id < b.id ? -1 : 1));
  const batches = new Map<string, PushBatch>();
  const fresh: StoredHistoryEntry[] = [];
  const writes: Promise<unknown>[] = [];
  for (const stored of unsent) {
    const checked = checkEntry(fromStoredEntry(stored));
    if (!checked.ok) {
      writes.push(history.delete(stored.id));
      writes.push(
        tx.objectStore('deadLetters').put({
          id: newId(),
          userId,
          source: 'push',
          reason: checked.reason,
          record: fromStoredEntry(stored),
          at: now,
        }),
      );
      continue;
    }
    if (stored.batch === undefined) {
      fresh.push(stored);
      continue;
    }
    const batch = batches.get(stored.batch) ?? { id: stored.batch, entries: [], inDoubt: true };
    batch.entries.push(checked.entry);
    batches.set(stored.batch, batch);
  }
  for (let start = 0; start < fresh.length; start += maxEntries) {
    const id = newId();
    const chunk = fresh.slice(start, start + maxEntries);
    batches.set(id, { id, entries: chunk.map(fromStoredEntry), inDoubt: false });
    for (const stored of chunk) writes.push(history.put({ ...stored, batch: id }));
  }
  await Promise.all([...writes, tx.done]);
  return [...batches.values()];
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

/**
 * Turns word records (an old cloud document, an imported record) into baseline entries of
 * `userId` and merges them (see `mergeEntries`): the same record always gives the same entry, so
 * doing it twice changes nothing. `history` (the entries of an export) is merged in the same
 * transaction, so an import lands whole or not at all.
 */
export async function importBaselines(
  db: MarineDB,
  userId: string,
  words: readonly UserWord[],
  options: MergeOptions & { prefix: string; history?: readonly unknown[] },
): Promise<MergeResult> {
  const device = options.sent ? options.prefix : await deviceId(db);
  const entries = words.map((word) => {
    const entry = baselineEntry({ ...word, userId }, { prefix: options.prefix, device });
    // Check the record as given, not the copy baselineEntry made of it.
    return { ...entry, snapshot: { ...word } };
  });
  return mergeEntries(db, userId, [...entries, ...(options.history ?? [])], options);
}
