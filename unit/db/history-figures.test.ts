/**
 * The progress figures kept in the meta store: used again only while the history, the fold
 * settings and the study day are what they rest on. After every kind of write to the history (an
 * answer, a drill's reply, an exam's result, a pull that adds entries or dates one anew, a push
 * that restamps or sets aside, an entry written by a version that does not step the revision),
 * the figures asked for are those of the history as it now is.
 */
import { describe, expect, it } from 'vitest';
import { learnClockOffset, noteClockProbe } from '@/db/device-clock';
import { recordChange } from '@/db/history-append';
import {
  computeFigures,
  figuresState,
  keptFigures,
  type ProgressFigures,
} from '@/db/history-figures';
import { importBaselines } from '@/db/history-import';
import { maintainHistory } from '@/db/history-maintenance';
import { mergeEntries } from '@/db/history-merge';
import { takePushBatches } from '@/db/history-push';
import { listHistory } from '@/db/history-queries';
import { recordDrillReply, recordExamResult } from '@/db/history-results';
import { toStoredEntry } from '@/db/records';
import type { FoldCheckpointMeta, MarineDB } from '@/db/schema';
import { DAY_MS } from '@/domain/constants';
import type { HistoryEntry } from '@/domain/history';
import { putLearner, withDB } from './helpers';

const U = 'u1';
const NOW = Date.UTC(2026, 10, 23, 8);
const SETTINGS = { homeZone: 'UTC' };
const QUERY = { userId: U, now: NOW, settings: SETTINGS };

async function studied(db: MarineDB): Promise<void> {
  await putLearner(db, U, { homeZone: 'UTC' });
  for (let day = 10; day >= 1; day--) {
    for (let word = 0; word < 4; word++) {
      const at = NOW - day * DAY_MS + word * 60_000;
      await recordChange(db, U, `w${word}`, { kind: 'answer', correct: word !== 3 }, at);
    }
  }
}

/** The answers of the series, summed. */
const answered = (figures: ProgressFigures) =>
  figures.answers.reduce((sum, day) => sum + day.right + day.wrong, 0);

/** The figures worked out afresh from what is stored now (nothing kept is read). */
async function fresh(db: MarineDB, query = QUERY): Promise<ProgressFigures> {
  await db.delete('meta', `progress-figures:${U}`);
  await db.delete('meta', `progress-fold:${U}`);
  return computeFigures(db, query);
}

/** Works the figures out and keeps them; then `write`; then what the kept ones say. */
async function keptAfter(
  db: MarineDB,
  write: () => Promise<unknown>,
): Promise<ProgressFigures | null> {
  await computeFigures(db, QUERY);
  expect(await keptFigures(db, QUERY)).not.toBeNull();
  await write();
  return keptFigures(db, QUERY);
}

describe('the kept progress figures', () => {
  it('are used again while nothing changed, all the study day, and not on the next', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const figures = await computeFigures(db, QUERY);
      expect(answered(figures)).toBe(40);
      expect(await keptFigures(db, { ...QUERY, now: NOW + 60_000 })).toEqual(figures);
      // 08:00 UTC: the study day (starting at 04:00 by default) ends at 04:00 tomorrow.
      expect(await keptFigures(db, { ...QUERY, now: NOW + 19 * 3_600_000 })).toEqual(figures);
      expect(await keptFigures(db, { ...QUERY, now: NOW + 21 * 3_600_000 })).toBeNull();
    });
  });

  it('are not used under other fold settings', async () => {
    await withDB([], async (db) => {
      await studied(db);
      await computeFigures(db, QUERY);
      for (const settings of [
        { homeZone: 'Asia/Tokyo' },
        { homeZone: 'UTC', schedule: 'fsrs' as const },
        { homeZone: 'UTC', retention: 0.8 },
        { homeZone: 'UTC', dayStartHour: 0 },
      ]) {
        expect(await keptFigures(db, { ...QUERY, settings })).toBeNull();
      }
      expect(await keptFigures(db, { ...QUERY, userId: 'u2' })).toBeNull();
    });
  });

  it('are not used after an answer, a drill’s reply or an exam’s result', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const writes = [
        () => recordChange(db, U, 'w9', { kind: 'answer', correct: true }, NOW),
        () => recordDrillReply(db, U, 'd1', true, { run: 'r1', turn: 0, of: 2 }, NOW + 1_000),
        () => recordExamResult(db, U, 'e1', true, { score: 30 }, NOW + 2_000),
      ];
      for (const write of writes) expect(await keptAfter(db, write)).toBeNull();
      const now = await fresh(db);
      // The answer and the drill's reply are answers of today; the exam's result is not.
      expect(answered(now)).toBe(42);
      expect(now.entries).toBe((await listHistory(db, U)).length);
    });
  });

  it('are not used after a pull that adds an entry, or dates one of this device anew', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const mine = await firstEntry(db);
      const other = fromPhone2(mine, 'from-the-other-phone', { receivedAt: NOW - DAY_MS });
      const pull = (records: HistoryEntry[]) =>
        mergeEntries(db, U, records, { sent: true, source: 'pull', now: NOW });
      expect(await keptAfter(db, () => pull([other]))).toBeNull();
      expect(answered(await fresh(db))).toBe(41);

      // This device's first answer comes back with the cloud's receipt: its clock was three days
      // behind when it sent the batch, so the answer counts three days later (same count).
      const before = await fresh(db);
      const receipt = {
        ...mine,
        receivedAt: mine.wall + 3 * DAY_MS + 60_000,
        sentAt: mine.wall + 60_000,
      };
      expect(await keptAfter(db, () => pull([receipt]))).toBeNull();
      const after = await fresh(db);
      expect(after.entries).toBe(before.entries);
      expect(after.answers).not.toEqual(before.answers);
    });
  });

  it('are not used after a pull adds older entries, though the page closed before the revision stepped', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const mine = await firstEntry(db);
      // Another phone's answer, stamped before this device's last: the stamp does not move.
      const older = fromPhone2(mine, 'older-from-the-other-phone', {
        hlc: mine.hlc - 1,
        receivedAt: NOW - DAY_MS,
      });
      const revision = await db.get('meta', `history-rev:${U}`);
      const pullThenClose = async () => {
        await mergeEntries(db, U, [older], { sent: true, source: 'pull', now: NOW });
        // The revision's step, in a transaction of its own after the pull's, never happened.
        if (revision) await db.put('meta', revision);
        else await db.delete('meta', `history-rev:${U}`);
      };
      expect(await keptAfter(db, pullThenClose)).toBeNull();
      expect(answered(await fresh(db))).toBe(41);
    });
  });

  it('are not used after a push restamps an answer whose clock read years ahead', async () => {
    await withDB([], async (db) => {
      await studied(db);
      // Recorded on a clock 500 days ahead: outside the charts until the push dates it now.
      await recordChange(db, U, 'w5', { kind: 'answer', correct: true }, NOW + 500 * DAY_MS);
      const before = await fresh(db);
      expect(answered(before)).toBe(40);
      expect(await keptAfter(db, () => takePushBatches(db, U, 100, NOW))).toBeNull();
      const after = await fresh(db);
      expect(after.entries).toBe(before.entries);
      expect(answered(after)).toBe(41);
    });
  });

  it('are not used after an answer of a version that does not step the revision', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const [mine] = await listHistory(db, U);
      if (!mine) throw new Error('no entry');
      // As every version's answer is added: with this device's stamp, in one transaction.
      const older = { ...mine, id: 'written-by-the-previous-version', hlc: mine.hlc + 1 };
      const write = async () => {
        const tx = db.transaction(['history', 'device'], 'readwrite');
        const device = await tx.objectStore('device').get('device');
        if (!device) throw new Error('no device record');
        await Promise.all([
          tx.objectStore('history').put(toStoredEntry(older, false)),
          tx.objectStore('device').put({ ...device, hlc: older.hlc }),
          tx.done,
        ]);
      };
      expect(await keptAfter(db, write)).toBeNull();
      expect(answered(await fresh(db))).toBe(41);
    });
  });

  it('are worked out again, never used stale, after another learner answers on the device', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const answer = () => recordChange(db, 'u2', 'w1', { kind: 'answer', correct: true }, NOW);
      expect(await keptAfter(db, answer)).toBeNull();
      expect(answered(await fresh(db))).toBe(40);
    });
  });

  it('are not kept when an entry was written while they were worked out', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const working = computeFigures(db, QUERY);
      const writing = recordChange(db, U, 'w9', { kind: 'answer', correct: true }, NOW);
      await Promise.all([working, writing]);
      const kept = await keptFigures(db, QUERY);
      // Either the answer was folded in (the write came after) or nothing was kept.
      if (kept) expect(answered(kept)).toBe(41);
      expect(answered(await computeFigures(db, QUERY))).toBe(41);
    });
  });

  it('are offered as earlier figures once the history or the study day moved on, not else', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const figures = await computeFigures(db, QUERY);
      expect(await figuresState(db, QUERY)).toMatchObject({ kept: figures, earlier: null });

      // Nothing kept under other settings is offered.
      for (const query of [
        { ...QUERY, settings: { homeZone: 'UTC', schedule: 'fsrs' as const } },
        { ...QUERY, settings: { homeZone: 'Asia/Tokyo' } },
      ]) {
        expect(await figuresState(db, query)).toMatchObject({ kept: null, earlier: null });
      }
      // The next study day, or after another answer: the kept ones, as earlier figures.
      const tomorrow = { ...QUERY, now: NOW + DAY_MS };
      expect(await figuresState(db, tomorrow)).toMatchObject({ kept: null, earlier: figures });
      await recordChange(db, U, 'w9', { kind: 'answer', correct: true }, NOW);
      expect(await figuresState(db, QUERY)).toMatchObject({ kept: null, earlier: figures });
    });
  });
});

/** Fifty days of study, two answers a day on each of five words. */
async function aLongerHistory(db: MarineDB): Promise<void> {
  await putLearner(db, U, { homeZone: 'UTC' });
  for (let day = 50; day >= 1; day--) {
    for (let word = 0; word < 5; word++) {
      for (const hour of [0, 2]) {
        const at = NOW - day * DAY_MS + hour * 3_600_000 + word * 60_000;
        await recordChange(db, U, `w${word}`, { kind: 'answer', correct: word !== 4 }, at);
      }
    }
  }
}

const learnedToday = (figures: ProgressFigures) => figures.learned.at(-1)?.learned;

/** The learner's first entry (by date). */
async function firstEntry(db: MarineDB): Promise<HistoryEntry> {
  const [mine] = await listHistory(db, U);
  if (!mine) throw new Error('no entry');
  return mine;
}

/** `mine` as another phone's entry `id`, stamped right after it. */
const fromPhone2 = (mine: HistoryEntry, id: string, change: Partial<HistoryEntry> = {}) => ({
  ...mine,
  id,
  device: 'phone-2',
  hlc: mine.hlc + 1,
  ...change,
});

/** The figures of `query` hold `entries` and equal those worked out from the whole history. */
async function expectWhole(
  db: MarineDB,
  query: { userId: string; now: number; settings: { homeZone: string } },
  entries: number,
): Promise<void> {
  const figures = await computeFigures(db, query);
  expect(figures.entries).toBe(entries);
  expect(figures).toEqual(await fresh(db, query));
}

/**
 * Two databases made by `setUp` alike: in one, the figures of `query` hold `entries` and equal
 * the whole history's (after `inspect`); in the other, they go on from the checkpoint.
 */
async function agreesGoingOn(
  setUp: (db: MarineDB) => Promise<void>,
  query: { userId: string; now: number; settings: { homeZone: string } },
  entries: number,
  inspect?: (db: MarineDB) => Promise<void>,
): Promise<void> {
  await withDB([], async (db) => {
    await setUp(db);
    await inspect?.(db);
    await expectWhole(db, query, entries);
  });
  await withDB([], async (db) => {
    await setUp(db);
    expect(await wentOnFromCheckpoint(db, query)).toBe(true);
  });
}

/**
 * Whether the next figures go on from the kept checkpoint: the entries before its cut are taken
 * away behind the app's back (nothing any writer would step), so figures worked out from the whole
 * history no longer count them. Leaves the history without them.
 */
async function wentOnFromCheckpoint(
  db: MarineDB,
  query: { userId: string; now: number; settings: { homeZone: string } },
): Promise<boolean> {
  const kept = await db.get('meta', `progress-fold:${U}`);
  if (!kept || !('cut' in kept)) return false;
  await db.delete('meta', `progress-figures:${U}`);
  const tx = db.transaction('history', 'readwrite');
  const range = IDBKeyRange.bound([U, -Infinity], [U, kept.cut], false, true);
  for (const entry of await tx.store.index('userTime').getAll(range))
    await tx.store.delete(entry.id);
  await tx.done;
  const all = (await listHistory(db, U)).length;
  return (await computeFigures(db, query)).entries === all + kept.entries;
}

describe('the checkpoint of the progress figures', () => {
  it('is kept at the study day’s start, and later figures go on from it without the entries before it', async () => {
    await withDB([], async (db) => {
      await aLongerHistory(db);
      const first = await computeFigures(db, QUERY);
      expect(first.entries).toBe(500);
      const kept = await db.get('meta', `progress-fold:${U}`);
      if (!kept || !('cut' in kept)) throw new Error('no checkpoint kept');
      // The study day starts at 04:00 UTC.
      const cut = Date.UTC(2026, 10, 23, 4);
      expect(kept.cut).toBe(cut);
      expect(kept.entries).toBe(500);
      expect(kept.words.map(([vocabId]) => vocabId).sort()).toEqual(['w0', 'w1', 'w2', 'w3', 'w4']);
      expect((await db.get('device', 'device'))?.figuresCut).toBe(cut);

      // The next day, after two answers: the same figures as from the whole history.
      const tomorrow = { ...QUERY, now: NOW + DAY_MS };
      await recordChange(db, U, 'w0', { kind: 'answer', correct: true }, NOW + DAY_MS - 60_000);
      await recordChange(db, U, 'w9', { kind: 'answer', correct: true }, NOW + DAY_MS - 30_000);
      const going = await computeFigures(db, tomorrow);
      expect(going.entries).toBe(502);
      const moved = await db.get('meta', `progress-fold:${U}`);
      expect(moved && 'cut' in moved && [moved.cut, moved.entries]).toEqual([cut + DAY_MS, 500]);
      expect((await db.get('device', 'device'))?.figuresCut).toBe(cut + DAY_MS);
      expect(going).toEqual(await fresh(db, tomorrow));

      // What comes before the cut is read from the checkpoint alone: the entries before it, taken
      // away behind the app's back, still count.
      await computeFigures(db, tomorrow);
      const tx = db.transaction('history', 'readwrite');
      for (const entry of await tx.store
        .index('userTime')
        .getAll(IDBKeyRange.upperBound([U, cut], true))) {
        await tx.store.delete(entry.id);
      }
      await tx.done;
      const later = { ...QUERY, now: NOW + 2 * DAY_MS };
      await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, NOW + 2 * DAY_MS - 60_000);
      const onward = await computeFigures(db, later);
      expect(onward.entries).toBe(503);
      expect(learnedToday(onward)).toBeGreaterThan(0);
      expect(learnedToday(onward)).toBe(learnedToday(going));
    });
  });

  it('is not gone on from after an answer dated before its cut, by a clock set back', async () => {
    await withDB([], async (db) => {
      await aLongerHistory(db);
      await computeFigures(db, QUERY);
      const changes = (await db.get('device', 'device'))?.historyChanges ?? 0;
      // w4 was always answered wrong: a right answer forty days ago (by this clock) comes first
      // in its dates, and changes every day of the series after it.
      await recordChange(db, U, 'w9', { kind: 'answer', correct: true }, NOW - 40 * DAY_MS);
      expect((await db.get('device', 'device'))?.historyChanges).toBe(changes + 1);
      await expectWhole(db, QUERY, 501);
    });
  });

  it('is kept again, and answers leave it standing, once a clock that ran a year ahead is set right', async () => {
    await withDB([], async (db) => {
      await aLongerHistory(db);
      await computeFigures(db, { ...QUERY, now: NOW + 400 * DAY_MS });
      const device = async () => db.get('device', 'device');
      expect((await device())?.figuresCut).toBe(Date.UTC(2026, 10, 23, 4) + 400 * DAY_MS);
      await computeFigures(db, QUERY);
      expect((await device())?.figuresCut).toBe(Date.UTC(2026, 10, 23, 4));
      const changes = (await device())?.historyChanges;
      await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, NOW + 60_000);
      expect((await device())?.historyChanges).toBe(changes);
      const figures = await computeFigures(db, { ...QUERY, now: NOW + 120_000 });
      expect(figures).toEqual(await fresh(db, { ...QUERY, now: NOW + 120_000 }));
    });
  });

  it('is gone on from past a pull that brings the receipts of the day’s answers and another phone’s of today', async () => {
    const soon = NOW + 60_000;
    const later = { ...QUERY, now: soon + 60_000 };
    const pulled = async (db: MarineDB) => {
      await aLongerHistory(db);
      await computeFigures(db, QUERY);
      await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, soon);
      const [batch] = await takePushBatches(db, U, 100, soon);
      if (!batch) throw new Error('nothing to push');
      const receipts = batch.entries.map((entry) => ({ ...entry, receivedAt: soon + 1000 }));
      const other: HistoryEntry = {
        ...(receipts[0] as HistoryEntry),
        id: 'from-the-other-phone-today',
        device: 'phone-2',
        hlc: (soon + 500) * 1000,
        wall: soon + 500,
        receivedAt: soon + 1000,
      };
      const before = (await db.get('device', 'device'))?.historyChanges ?? 0;
      await mergeEntries(db, U, [...receipts, other], { sent: true, source: 'pull', now: soon });
      expect((await db.get('device', 'device'))?.historyChanges).toBe(before + 1);
    };
    await agreesGoingOn(pulled, later, 502);
  });

  it('is not gone on from after a change by a version without it: the device’s counter or the revision stepped alone', async () => {
    for (const step of ['historyChanges', 'revision'] as const) {
      await withDB([], async (db) => {
        await aLongerHistory(db);
        await computeFigures(db, QUERY);
        if (step === 'revision') {
          const rev = await db.get('meta', `history-rev:${U}`);
          await db.put('meta', {
            key: `history-rev:${U}`,
            rev: (rev && 'rev' in rev ? rev.rev : 0) + 1,
          });
        } else {
          const device = await db.get('device', 'device');
          if (!device) throw new Error('no device record');
          await db.put('device', { ...device, historyChanges: (device.historyChanges ?? 0) + 1 });
        }
        expect(await wentOnFromCheckpoint(db, QUERY)).toBe(false);
      });
    }
  });

  it('leaves its fields in the device record to every writer of it, as the previous version’s writers do (records are spread)', async () => {
    await withDB([], async (db) => {
      await aLongerHistory(db);
      await computeFigures(db, QUERY);
      const device = await db.get('device', 'device');
      if (!device) throw new Error('no device record');
      await db.put('device', { ...device, foldSafeChanges: 7 });
      const soon = NOW + 60_000;
      await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, soon);
      await recordDrillReply(db, U, 'drill-1', true, { run: 'r', turn: 0, of: 1 }, soon);
      await recordExamResult(db, U, 'exam-1', true, {}, soon);
      const [batch] = await takePushBatches(db, U, 100, soon);
      await noteClockProbe(db, { batch: batch?.id ?? 'b', sent: soon, done: soon + 10 });
      await learnClockOffset(db, [{ id: batch?.id ?? 'b', receivedAt: soon + 5 }], soon + 20);
      await mergeEntries(db, U, batch?.entries ?? [], { sent: true, source: 'pull', now: soon });
      await maintainHistory(db, soon, { version: -1 });
      const after = await db.get('device', 'device');
      expect(after?.figuresCut).toBe(Date.UTC(2026, 10, 23, 4));
      expect(after?.foldSafeChanges).toBeGreaterThanOrEqual(7);
    });
  });

  it('is not gone on from over another learner’s answers when a cut kept by a clock that ran ahead is lowered', async () => {
    await withDB([], async (db) => {
      await aLongerHistory(db);
      await putLearner(db, 'u2', { homeZone: 'UTC' });
      await recordChange(db, 'u2', 'w1', { kind: 'answer', correct: true }, NOW - DAY_MS);
      // This learner's checkpoint, made while the clock read a day ahead: its cut is tomorrow's.
      await computeFigures(db, { ...QUERY, now: NOW + DAY_MS });
      // The clock set right, the other learner's figures lower the device's cut to today's.
      await computeFigures(db, { ...QUERY, userId: 'u2' });
      expect((await db.get('device', 'device'))?.figuresCut).toBe(Date.UTC(2026, 10, 23, 4));
      // An answer of today: before the first learner's cut, not before the device's.
      await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, NOW + 60_000);
      const tomorrow = { ...QUERY, now: NOW + DAY_MS + 60_000 };
      await expectWhole(db, tomorrow, 501);
    });
  });

  it('reckons its cut by the clock the answers are dated by, corrected by the cloud’s', async () => {
    await withDB([], async (db) => {
      await aLongerHistory(db);
      const device = await db.get('device', 'device');
      if (!device) throw new Error('no device record');
      // The phone's clock runs two days ahead; the cloud's told it so.
      await db.put('device', { ...device, offset: -2 * DAY_MS });
      const ahead = { ...QUERY, now: NOW + 2 * DAY_MS };
      await computeFigures(db, ahead);
      expect((await db.get('device', 'device'))?.figuresCut).toBe(Date.UTC(2026, 10, 23, 4));
      const changes = (await db.get('device', 'device'))?.historyChanges;
      await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, NOW + 2 * DAY_MS + 60_000);
      expect((await db.get('device', 'device'))?.historyChanges).toBe(changes);
      const later = { ...ahead, now: ahead.now + 120_000 };
      const figures = await computeFigures(db, later);
      expect(figures).toEqual(await fresh(db, later));
    });
  });

  it('is not gone on from after a pull of older answers, though one of its two marks were put back', async () => {
    for (const putBack of ['revision', 'counters'] as const) {
      await withDB([], async (db) => {
        await aLongerHistory(db);
        await computeFigures(db, QUERY);
        const mine = await firstEntry(db);
        const older = fromPhone2(mine, 'older-from-the-other-phone', {
          receivedAt: mine.wall + 1000,
          sentAt: mine.wall,
        });
        const rev = await db.get('meta', `history-rev:${U}`);
        const carried = await db.get('meta', `progress-fold-rev:${U}`);
        const device = await db.get('device', 'device');
        await mergeEntries(db, U, [older], { sent: true, source: 'pull', now: NOW });
        if (putBack === 'revision') {
          // As though the revision's step, after the pull's transaction, never happened.
          if (rev) await db.put('meta', rev);
          else await db.delete('meta', `history-rev:${U}`);
          if (carried) await db.put('meta', carried);
        } else {
          // As though the pull had counted itself a change after the cut.
          const now = await db.get('device', 'device');
          if (!now || !device) throw new Error('no device record');
          await db.put('device', {
            ...now,
            historyChanges: device.historyChanges,
            foldSafeChanges: device.foldSafeChanges,
          });
        }
        expect(await wentOnFromCheckpoint(db, QUERY)).toBe(false);
      });
    }
  });

  it('is not gone on from after a push restamps an answer, told in the push’s own transaction', async () => {
    await withDB([], async (db) => {
      await aLongerHistory(db);
      await recordChange(db, U, 'w5', { kind: 'answer', correct: true }, NOW + 500 * DAY_MS);
      await computeFigures(db, QUERY);
      const changes = (await db.get('device', 'device'))?.historyChanges ?? 0;
      await takePushBatches(db, U, 100, NOW);
      expect((await db.get('device', 'device'))?.historyChanges).toBe(changes + 1);
    });
  });

  it('is kept for a learner whose words began as an earlier version’s records (baselines), and gone on from', async () => {
    const later = { ...QUERY, now: NOW + 60_000 };
    const baselined = async (db: MarineDB) => {
      await putLearner(db, U, { homeZone: 'UTC' });
      const record = (vocabId: string, learned: boolean) => ({
        userId: U,
        vocabId,
        status: learned ? ('learned' as const) : ('learning' as const),
        attempts: 6,
        correct: learned ? 6 : 2,
        streak: learned ? 6 : 0,
        strength: learned ? 0.9 : 0.2,
        updatedAt: NOW - 60 * DAY_MS,
        deleted: false,
      });
      await importBaselines(db, U, [record('w0', true), record('w1', false)], {
        sent: false,
        source: 'import',
        now: NOW - 60 * DAY_MS,
        origin: 'import',
        prefix: 'file',
      });
      for (let day = 40; day >= 1; day--) {
        await recordChange(
          db,
          U,
          `w${day % 3}`,
          { kind: 'answer', correct: true },
          NOW - day * DAY_MS,
        );
      }
      await computeFigures(db, QUERY);
      await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, NOW + 30_000);
    };
    await agreesGoingOn(baselined, later, 43, async (db) => {
      const kept = (await db.get('meta', `progress-fold:${U}`)) as FoldCheckpointMeta | undefined;
      // Both words began as records: each keeps the calibration's state beside the chart's.
      expect(kept?.words.filter((word) => word[5]).length).toBe(2);
    });
  });

  it('is not gone on from after a pull brings another phone’s answers from before its cut', async () => {
    await withDB([], async (db) => {
      await aLongerHistory(db);
      await computeFigures(db, QUERY);
      const mine = await firstEntry(db);
      const others = [0, 1, 2, 3, 4, 5].map((i) =>
        fromPhone2(mine, `other-${i}`, {
          vocabId: 'w7',
          hlc: mine.hlc + i,
          wall: mine.wall + i * DAY_MS,
          correct: true,
          receivedAt: mine.wall + i * DAY_MS,
          sentAt: mine.wall + i * DAY_MS,
        }),
      );
      await mergeEntries(db, U, others, { sent: true, source: 'pull', now: NOW });
      await expectWhole(db, QUERY, 506);
    });
  });

  it('is not gone on from under other fold settings', async () => {
    await withDB([], async (db) => {
      await aLongerHistory(db);
      await computeFigures(db, QUERY);
      const tokyo = { ...QUERY, settings: { homeZone: 'Asia/Tokyo', schedule: 'fsrs' as const } };
      const figures = await computeFigures(db, tokyo);
      expect(figures).toEqual(await fresh(db, tokyo));
      const kept = await db.get('meta', `progress-fold:${U}`);
      expect(kept && 'cut' in kept && kept.cut).toBe(Date.UTC(2026, 10, 22, 19));
    });
  });
});
