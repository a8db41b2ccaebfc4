/**
 * The history segments step on its own (sync/steps/history-compact.ts) and its plan: when a
 * device writes the segments, what it writes (cut between receipt times, each within the size),
 * and that a routine sync does not read the cloud for them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordChange } from '@/db/history-append';
import type { MarineDB } from '@/db/schema';
import { getUser, updateUser } from '@/db/users-repo';
import type { HistoryEntry } from '@/domain/history';
import { ENTRY_FIELDS } from '@/domain/synced-records';
import { segmentChars, segmentEntryText, segmentOf } from '@/sync/history-segments';
import {
  compactHistory,
  planSegments,
  segmentLimits,
  segmentsToWrite,
} from '@/sync/steps/history-compact';
import { pullHistory } from '@/sync/steps/history-pull';
import { pushHistory } from '@/sync/steps/history-push';
import { openDeviceOf } from '../../db/helpers';
import { MemoryRemote } from '../support/memory-remote';
import { contextOf } from './support';

const USER = 'u-compact';
const NOW = Date.UTC(2025, 6, 1, 8, 0, 0);

const open: MarineDB[] = [];
async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(USER);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  segmentLimits.bytes = 400_000;
  vi.restoreAllMocks();
});

const entry = (id: string, receivedAt: number): HistoryEntry => ({
  id,
  userId: USER,
  vocabId: 'w1',
  kind: 'answer',
  correct: true,
  hlc: receivedAt * 1000,
  wall: receivedAt,
  device: 'phone',
  receivedAt,
});

describe('planSegments', () => {
  it('fills each segment up to the size, cuts only between receipt times, ends the last at the limit', () => {
    const entries = [entry('a', 10), entry('b', 10), entry('c', 20), entry('d', 30)];
    const one = segmentEntryText(entries[0]!).length + 1;
    // Room for two entries (and the brackets) a segment.
    segmentLimits.bytes = 2 + 2 * one;
    const plan = planSegments(entries, 3, 5, 40);
    expect(
      plan.map(({ index, segment }) => [index, segment.from, segment.to, segment.count]),
    ).toEqual([
      [3, 5, 20, 2],
      [4, 20, 40, 2],
    ]);
    // The entries of one receipt time stay together, even when a segment could take one more.
    const split = planSegments([entry('a', 10), entry('b', 20), entry('c', 20)], 0, 0, 30);
    expect(split.map(({ segment }) => [segment.from, segment.to, segment.count])).toEqual([
      [0, 20, 1],
      [20, 30, 2],
    ]);
  });

  it('stops before the entries of one receipt time too many for a segment', () => {
    const one = segmentEntryText(entry('a', 10)).length + 1;
    segmentLimits.bytes = 2 + 2 * one;
    const plan = planSegments(
      [entry('a', 10), entry('b', 20), entry('c', 20), entry('d', 20), entry('e', 30)],
      0,
      0,
      40,
    );
    expect(plan.map(({ segment }) => [segment.from, segment.to])).toEqual([[0, 20]]);
  });

  it('keeps each entry’s receipt facts in the segment', () => {
    const [planned] = planSegments([{ ...entry('a', 10), sentAt: 7 }], 0, 0, 11);
    const read = segmentOf(USER, 's0', planned?.segment);
    expect(read?.entries).toEqual([{ ...entry('a', 10), sentAt: 7 }]);
    // `r` and `t` are the segments' own: no entry field may take those names.
    const wires = Object.values(ENTRY_FIELDS).map((field) => field.wire as string);
    expect(wires).not.toContain('r');
    expect(wires).not.toContain('t');
  });
});

describe('segmentsToWrite', () => {
  const load = (entries: HistoryEntry[]) => async (from: number, to: number) =>
    entries.filter((e) => (e.receivedAt as number) >= from && (e.receivedAt as number) < to);

  it('writes the open segment again with what came since, from its start', async () => {
    const entries = [entry('a', 10), entry('b', 20), entry('c', 30)];
    const plan = await segmentsToWrite(
      load(entries),
      { index: 2, from: 10, to: 25, chars: 50 },
      35,
    );
    expect(
      plan.map(({ index, segment }) => [index, segment.from, segment.to, segment.count]),
    ).toEqual([[2, 10, 35, 3]]);
  });

  it('writes nothing when the cloud’s segments reach as far, and goes on after an open segment cut elsewhere', async () => {
    const entries = [entry('a', 10), entry('b', 20), entry('c', 30)];
    expect(
      await segmentsToWrite(load(entries), { index: 0, from: 0, to: 35, chars: 9 }, 35),
    ).toEqual([]);
    const one = segmentEntryText(entries[0]!).length + 1;
    segmentLimits.bytes = 2 + one;
    // This device would close segment 0 at 20, before the 25 another device gave it.
    const plan = await segmentsToWrite(load(entries), { index: 0, from: 0, to: 25, chars: 9 }, 35);
    expect(plan.map(({ index, segment }) => [index, segment.from, segment.to])).toEqual([
      [1, 25, 35],
    ]);
  });
});

describe('segmentsToWrite on a store that lacks some of the open segment', () => {
  const load = (entries: HistoryEntry[]) => async (from: number, to: number) =>
    entries.filter((e) => (e.receivedAt as number) >= from && (e.receivedAt as number) < to);

  it('leaves the open segment as the cloud holds it and writes the next one from its end, logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Another device wrote segment 2 with `a` and `b` (10..25); this one never got `b`.
    const [stored] = planSegments([entry('a', 10), entry('b', 20)], 2, 10, 25);
    const state = { index: 2, from: 10, to: 25, chars: segmentChars(stored!.segment.e) };
    const plan = await segmentsToWrite(load([entry('a', 10), entry('c', 30)]), state, 35);
    // Not a rewrite of segment 2 with `a` and `c`: a new device reads segment 2 for 10..25 and
    // pulls only the batches from 25, so `b` would be nowhere it reads.
    expect(
      plan.map(({ index, segment }) => [index, segment.from, segment.to, segment.count]),
    ).toEqual([[3, 25, 35, 1]]);
    expect(segmentOf(USER, 's3', plan[0]?.segment)?.entries).toEqual([entry('c', 30)]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('rewrites it when this device holds all of it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const [stored] = planSegments([entry('a', 10), entry('b', 20)], 2, 10, 25);
    const state = { index: 2, from: 10, to: 25, chars: segmentChars(stored!.segment.e) };
    const plan = await segmentsToWrite(
      load([entry('a', 10), entry('b', 20), entry('c', 30)]),
      state,
      35,
    );
    expect(
      plan.map(({ index, segment }) => [index, segment.from, segment.to, segment.count]),
    ).toEqual([[2, 10, 35, 3]]);
    expect(segmentChars(plan[0]!.segment.e)).toBeGreaterThan(state.chars);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('compactHistory', () => {
  /** A device that pushed `count` answers, one a batch, and pulled them back. */
  async function phoneWith(remote: MemoryRemote, count: number): Promise<MarineDB> {
    const db = await device();
    const ctx = () => contextOf(db, remote, USER, NOW, { entriesPerBatch: 1 });
    // A new account's first sync: no segments to restore from, none to write yet.
    await pullHistory(ctx());
    await compactHistory(ctx());
    for (let i = 0; i < count; i++) {
      await recordChange(db, USER, `w${i}`, { kind: 'answer', correct: true }, NOW - 10_000 + i);
    }
    await pushHistory(ctx());
    await pullHistory(ctx());
    return db;
  }

  it('waits for SEGMENT_TAIL_BATCHES pulled batches: a routine sync reads nothing for it', async () => {
    let server = NOW * 1000;
    const remote = new MemoryRemote({ clock: () => (server += 1000) });
    const phone = await phoneWith(remote, 39);
    expect((await getUser(phone, USER))?.segmentTail).toBe(39);
    remote.resetCounters();
    await compactHistory(contextOf(phone, remote, USER, NOW));
    expect(remote.counters.requests).toBe(0);
    expect(remote.segmentDocuments(USER).size).toBe(0);
  });

  it('then writes the segments up to its cursor and starts counting again', async () => {
    let server = NOW * 1000;
    const remote = new MemoryRemote({ clock: () => (server += 1000) });
    const phone = await phoneWith(remote, 40);
    remote.resetCounters();
    await compactHistory(contextOf(phone, remote, USER, NOW));
    expect(remote.counters.reads).toBe(1); // the segments' counter
    const [only, ...more] = remote.segmentDocuments(USER).values();
    expect(more).toEqual([]);
    // Every batch but the one of the cursor's millisecond.
    expect(only?.count).toBe(39);
    expect((await getUser(phone, USER))?.segmentTail).toBe(0);
  });

  it('a device whose restore was cut short is not taken for caught up: its next pull reads the segments', async () => {
    let server = NOW * 1000;
    const remote = new MemoryRemote({ clock: () => (server += 1000) });
    const phone = await phoneWith(remote, 40);
    await compactHistory(contextOf(phone, remote, USER, NOW));
    const tablet = await device();
    const ctx = () => contextOf(tablet, remote, USER, NOW);
    remote.failNext('error', { on: 'segment' });
    expect((await pullHistory(ctx())).failure).toBeDefined();
    await compactHistory(ctx());
    expect((await getUser(tablet, USER))?.segmentTail).toBeUndefined();
    remote.resetCounters();
    expect((await pullHistory(ctx())).report.pulled).toBe(40);
    // The segment (39 entries: a page short of full, so the last) and the one batch after it.
    expect(remote.counters.reads).toBe(2);
    expect((await getUser(tablet, USER))?.segmentTail).toBe(1);
  });

  it('a cloud that refuses segments costs a read once per SEGMENT_TAIL_BATCHES, never the sync', async () => {
    let server = NOW * 1000;
    const remote = new MemoryRemote({ clock: () => (server += 1000) });
    const phone = await phoneWith(remote, 40);
    remote.failNext('error', { on: 'segment' });
    await expect(compactHistory(contextOf(phone, remote, USER, NOW))).rejects.toThrow();
    expect((await getUser(phone, USER))?.segmentTail).toBe(0);
    // A device that never wrote them (an update) writes them at its next sync.
    await updateUser(phone, USER, ({ segmentTail: _tail, ...user }) => user);
    await compactHistory(contextOf(phone, remote, USER, NOW));
    expect(remote.segmentDocuments(USER).size).toBe(1);
  });
});
