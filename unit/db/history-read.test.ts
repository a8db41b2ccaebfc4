/**
 * The whole-history read (history-queries `readUserHistory`): by the store where the device holds
 * one learner, by the index where it holds more, the same entries in the same order either way:
 * the 'userTime' index's (effective time, then id).
 */
import { describe, expect, it } from 'vitest';
import { listHistory, readUserHistory } from '@/db/history-queries';
import type { MarineDB, StoredHistoryEntry } from '@/db/schema';
import { openDeviceOf, putLearner } from './helpers';

/** A stored answer of `userId` at effective time `t`. */
function stored(id: string, userId: string, t: number): StoredHistoryEntry {
  return {
    id,
    userId,
    vocabId: `w-${id}`,
    kind: 'answer',
    correct: true,
    hlc: t * 1000,
    wall: t,
    device: 'd1',
    sent: 1,
    t,
  };
}

/** Entries put in an order of their own: ties of time, ids that do not follow time, two users. */
async function seed(db: MarineDB): Promise<void> {
  const tx = db.transaction('history', 'readwrite');
  const records: StoredHistoryEntry[] = [
    stored('m', 'u1', 300),
    stored('b', 'u1', 100),
    stored('z', 'u1', 200),
    stored('a', 'u1', 200),
    stored('q', 'other', 150),
    stored('c', 'u1', 100),
    stored('k', 'u1', 200),
    stored('y', 'other', 50),
    // Without a time that is a key, an entry is in no index read: nor in this one.
    { ...stored('nan', 'u1', 0), t: Number.NaN },
  ];
  await Promise.all([...records.map((record) => tx.store.put(record)), tx.done]);
}

/** What the 'userTime' index gives for the user. */
async function byIndex(db: MarineDB, userId: string): Promise<string[]> {
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  return (await db.getAllFromIndex('history', 'userTime', range)).map((entry) => entry.id);
}

async function read(db: MarineDB, userId: string): Promise<string[]> {
  const tx = db.transaction(['history', 'users'], 'readonly');
  const entries = await readUserHistory(tx.objectStore('history'), tx.objectStore('users'), userId);
  await tx.done;
  return entries.map((entry) => entry.id);
}

describe('readUserHistory', () => {
  it('gives the index’s entries in the index’s order where the device holds one learner', async () => {
    const db = await openDeviceOf('u1');
    await seed(db);
    expect(await byIndex(db, 'u1')).toEqual(['b', 'c', 'a', 'k', 'z', 'm']);
    expect(await read(db, 'u1')).toEqual(['b', 'c', 'a', 'k', 'z', 'm']);
    // Another learner's entries, left without a record, are not given to this one.
    expect(await read(db, 'other')).toEqual(['y', 'q']);
    expect((await listHistory(db, 'u1')).map((entry) => entry.id)).toEqual(await byIndex(db, 'u1'));
    db.close();
  });

  it('gives the same where the device holds several learners (read through the index)', async () => {
    const db = await openDeviceOf('u1');
    await putLearner(db, 'other');
    await seed(db);
    expect(await read(db, 'u1')).toEqual(await byIndex(db, 'u1'));
    expect(await read(db, 'other')).toEqual(['y', 'q']);
    expect((await listHistory(db, 'u1', 150)).map((entry) => entry.id)).toEqual([
      'a',
      'k',
      'z',
      'm',
    ]);
    db.close();
  });

  it('reads the store whole for one learner and the index for several', async () => {
    const reads: string[] = [];
    const history = {
      getAll: async () => {
        reads.push('store');
        return [stored('b', 'u1', 2), stored('a', 'u1', 1)];
      },
      index: () => ({
        getAll: async () => {
          reads.push('index');
          return [stored('a', 'u1', 1), stored('b', 'u1', 2)];
        },
      }),
    };
    for (const learners of [0, 1, 2]) {
      const entries = await readUserHistory(history, { count: async () => learners }, 'u1');
      expect(entries.map((entry) => entry.id)).toEqual(['a', 'b']);
    }
    expect(reads).toEqual(['store', 'store', 'index']);
  });
});
