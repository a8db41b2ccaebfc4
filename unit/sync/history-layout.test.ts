/**
 * The change of the cloud's batch layout (a list `entries` -> one string `e`, sync/history-wire.ts)
 * across a fleet that updates port by port: an older version reads a new batch as empty and moves
 * its cursor past it, so after its update the device reads the history once more from the start;
 * the older layout is still read; an older version's refused push keeps its entries for later.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import { countUnsent, listHistory } from '@/db/history-queries';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
import { getUser, updateUser } from '@/db/users-repo';
import { syncOnce } from '@/sync/engine';
import { toEntryWire } from '@/sync/history-wire';
import type { RemoteStore } from '@/sync/remote-store';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const USER = 'u-crew';
const NOW = Date.UTC(2026, 5, 1, 8, 0, 0);

const open: MarineDB[] = [];

async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(USER);
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const sync = (db: MarineDB, remote: RemoteStore) =>
  syncOnce({ db, remote, userId: USER, now: NOW });

/** A device whose older version pulled every batch there is now and saw no entries in them. */
async function updatedFromOlderVersion(remote: MemoryRemote): Promise<MarineDB> {
  const db = await device();
  const all = await remote.pullHistory(USER, 0, { limit: 10_000 });
  await updateUser(db, USER, (record) => ({
    ...record,
    legacyCloudRead: true,
    syncCursor: all.cursor,
    ...(all.cursorId ? { syncCursorId: all.cursorId } : {}),
  }));
  return db;
}

describe('the batch layout across versions', () => {
  it('a device that ran an older version reads the whole history once more after its update, then incrementally', async () => {
    const remote = new MemoryRemote();
    const phone = await device();
    for (let i = 0; i < 3; i++) {
      await recordChange(phone, USER, `w${i}`, { kind: 'answer', correct: true }, NOW + i);
    }
    await sync(phone, remote);
    expect(remote.batchCount(USER)).toBe(1);

    const tablet = await updatedFromOlderVersion(remote);
    const first = await sync(tablet, remote);
    expect(first.pulled).toBe(3);
    expect(await listHistory(tablet, USER)).toHaveLength(3);
    expect((await getUserWord(tablet, USER, 'w0'))?.attempts).toBe(1);
    expect(await getUser(tablet, USER)).toMatchObject({ historyLayout2: true });

    // Once only: the next syncs read from the cursor (one read for the history, one for the
    // curriculum), and a new batch arrives as usual.
    remote.resetCounters();
    expect((await sync(tablet, remote)).pulled).toBe(0);
    expect(remote.counters.reads).toBe(2);
    await recordChange(phone, USER, 'w9', { kind: 'answer', correct: false }, NOW + 10);
    await sync(phone, remote);
    remote.resetCounters();
    expect((await sync(tablet, remote)).pulled).toBe(1);
    expect(remote.counters.reads).toBe(2);
  });

  it('a re-read cut short goes on from its last page, not from the beginning again', async () => {
    const remote = new MemoryRemote();
    const phone = await device();
    for (let i = 0; i < 650; i++) {
      await recordChange(phone, USER, `w${i}`, { kind: 'answer', correct: true }, NOW + i);
    }
    await syncOnce({ db: phone, remote, userId: USER, now: NOW, entriesPerBatch: 1 });
    const tablet = await updatedFromOlderVersion(remote);

    const pull = remote.pullHistory.bind(remote);
    let calls = 0;
    remote.pullHistory = (userId, cursor, page) => {
      calls++;
      return calls === 2 ? Promise.reject(new Error('link lost')) : pull(userId, cursor, page);
    };
    await expect(sync(tablet, remote)).rejects.toThrow('link lost');
    expect(await listHistory(tablet, USER)).toHaveLength(300);
    remote.resetCounters();
    expect((await sync(tablet, remote)).pulled).toBe(350);
    // The remaining 350 batches, the curriculum's one read and the segments' counter (650
    // batches pulled: this device writes the segments): the first 300 are not read again.
    expect(remote.counters.reads).toBe(352);
  });

  it('a device new to the user pulls from the start once, as before, and sets the mark', async () => {
    const remote = new MemoryRemote();
    const phone = await device();
    await recordChange(phone, USER, 'w1', { kind: 'answer', correct: true }, NOW);
    await sync(phone, remote);
    const tablet = await device();
    expect((await sync(tablet, remote)).pulled).toBe(1);
    expect(await getUser(tablet, USER)).toMatchObject({ historyLayout2: true });
    remote.resetCounters();
    await sync(tablet, remote);
    expect(remote.counters.reads).toBe(2);
  });

  it('reads the batches older versions wrote, a list `entries`, beside the current ones', async () => {
    const remote = new MemoryRemote();
    const phone = await device();
    await recordChange(phone, USER, 'w1', { kind: 'answer', correct: true }, NOW);
    await sync(phone, remote);
    const [mine] = await listHistory(phone, USER);
    const older = {
      id: 'older-1',
      userId: USER,
      vocabId: 'w1',
      kind: 'answer' as const,
      correct: false,
      hlc: NOW * 1000 + 5_000,
      wall: NOW + 5,
      device: 'old-phone',
    };
    remote.putBatchDocument(USER, 'older-batch', {
      device: 'old-phone',
      count: 1,
      entries: [toEntryWire(older)],
    });
    const tablet = await device();
    await sync(tablet, remote);
    expect((await listHistory(tablet, USER)).map((e) => e.id).sort()).toEqual(
      [mine?.id, 'older-1'].sort(),
    );
    expect(await getUserWord(tablet, USER, 'w1')).toMatchObject({ attempts: 2, correct: 1 });
  });

  it('an older version’s push the rules refuse keeps its entries, and this version sends them in the same batch', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    await recordChange(db, USER, 'w1', { kind: 'answer', correct: true }, NOW);
    // What the rules answer an older version's batch (a list `entries`): permission denied.
    const refusing: RemoteStore = Object.assign(Object.create(remote) as MemoryRemote, {
      pushHistory: () => Promise.reject(new Error('PERMISSION_DENIED: validBatch')),
    });
    await expect(sync(db, refusing)).rejects.toThrow('PERMISSION_DENIED');
    await expect(sync(db, refusing)).rejects.toThrow('PERMISSION_DENIED');
    expect(await countUnsent(db, USER)).toBe(1);
    const [entry] = await listHistory(db, USER);
    const held = await db.get('history', entry?.id ?? '');
    expect(held).toMatchObject({ sent: 0, batch: expect.any(String) });

    expect((await sync(db, remote)).pushed).toBe(1);
    expect(await countUnsent(db, USER)).toBe(0);
    expect(remote.batchCount(USER)).toBe(1);
    expect(await remote.hasHistoryBatch(USER, held?.batch ?? '')).toBe(true);
    expect(remote.entries(USER).map((e) => e.id)).toEqual([held?.id]);
  });
});
