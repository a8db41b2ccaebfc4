/**
 * Drill replies are history entries like any answer: recorded in one transaction with the device's
 * stamp, synced to the cloud and a second device, where the drills' progress is the same; no word
 * record is made of them, and they travel by the same path the previous app version takes for any
 * later kind, so that version keeps and passes them on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import { maintainHistory } from '@/db/history-maintenance';
import { countUnsent, listHistory, listHistoryOfPrefix } from '@/db/history-queries';
import { recordDrillReply } from '@/db/history-results';
import type { MarineDB } from '@/db/schema';
import { getUserWord, listUserWords } from '@/db/user-words-repo';
import { DRILL_VOCAB_PREFIX, drillProgress } from '@/domain/drills';
import { effectiveTime, HISTORY_KINDS, isKnownKind } from '@/domain/history';
import { checkEntry } from '@/domain/history-contract';
import { answersPerDay } from '@/domain/progress-charts';
import { syncOnce } from '@/sync/engine';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const NOW = Date.UTC(2026, 10, 24, 8);
const A = 'u-mate';

const open: MarineDB[] = [];
async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(A);
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function progressOn(db: MarineDB) {
  const entries = await listHistoryOfPrefix(db, A, DRILL_VOCAB_PREFIX);
  return drillProgress(entries.map((entry) => ({ ...entry, time: effectiveTime(entry) })));
}

describe('drill replies in the history', () => {
  it('are recorded with the device stamp, make no word record and are counted in the charts', async () => {
    const ship = await device();
    await recordChange(ship, A, 'dk001', { kind: 'answer', correct: true }, NOW);
    const first = await recordDrillReply(
      ship,
      A,
      'pilot-eta',
      false,
      { run: 'r1', turn: 1, of: 2 },
      NOW + 1,
    );
    const second = await recordDrillReply(
      ship,
      A,
      'pilot-eta',
      true,
      { run: 'r1', turn: 3, of: 2 },
      NOW + 2,
    );
    expect(first).toMatchObject({
      vocabId: 'drill:pilot-eta',
      kind: 'drill',
      correct: false,
      x: { run: 'r1', turn: 1, of: 2 },
    });
    expect(second.hlc).toBeGreaterThan(first.hlc);
    // Every entry passes the wire contract unchanged.
    expect(checkEntry(first)).toEqual({ ok: true, entry: first });
    expect(await getUserWord(ship, A, 'drill:pilot-eta')).toBeUndefined();
    expect((await listUserWords(ship, A)).map((word) => word.vocabId)).toEqual(['dk001']);
    expect(await countUnsent(ship, A)).toBe(3);
    expect((await progressOn(ship)).get('pilot-eta')).toMatchObject({
      finished: 1,
      last: { right: 1, of: 2 },
    });
    const today = answersPerDay(await listHistory(ship, A), NOW + 3).at(-1);
    expect(today).toMatchObject({ right: 2, wrong: 1 });
    // A refold at start-up leaves them alone.
    await maintainHistory(ship, NOW + 4);
    expect(await listUserWords(ship, A)).toHaveLength(1);
  });

  it('reach the cloud and a second device, where the drills show the same progress', async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const ship = await device();
    // The second reply said aloud, the third recorded and judged by the learner.
    for (const [turn, correct, mode] of [
      [0, true, undefined],
      [2, true, 'spoken'],
      [4, false, 'self'],
    ] as const) {
      await recordDrillReply(
        ship,
        A,
        'distress-fire',
        correct,
        mode ? { run: 'r1', turn, of: 3, mode } : { run: 'r1', turn, of: 3 },
        NOW + turn,
      );
    }
    await syncOnce({ db: ship, remote, userId: A, now: NOW + 10 });
    expect(await countUnsent(ship, A)).toBe(0);
    expect(remote.entries(A).filter((entry) => entry.kind === 'drill')).toHaveLength(3);

    const office = await device();
    await syncOnce({ db: office, remote, userId: A, now: NOW + 20 });
    // Once both hold the cloud's receipt times, both fold the same progress.
    await syncOnce({ db: ship, remote, userId: A, now: NOW + 30 });
    expect(await progressOn(office)).toEqual(await progressOn(ship));
    expect((await progressOn(office)).get('distress-fire')?.last).toMatchObject({
      right: 2,
      of: 3,
    });
    expect(await listUserWords(office, A)).toEqual([]);
    // How each reply was given travels with it.
    const modes = (await listHistoryOfPrefix(office, A, DRILL_VOCAB_PREFIX))
      .sort((a, b) => (a.x?.turn as number) - (b.x?.turn as number))
      .map((entry) => entry.mode);
    expect(modes).toEqual([undefined, 'spoken', 'self']);
  });

  it('take the path of a later version’s kind, which the previous app version keeps', () => {
    // The previous version's kinds are this version's word kinds: `drill` is not among them, so
    // its wire contract keeps `correct` and `x`, its fold is neutral, and it makes no word record.
    expect(HISTORY_KINDS).toEqual([
      'baseline',
      'answer',
      'skip',
      'learn',
      'unlearn',
      'relearn',
      'hide',
      'unhide',
      'delete',
      'restore',
    ]);
    expect(isKnownKind('drill')).toBe(false);
  });
});
