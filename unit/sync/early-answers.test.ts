/**
 * Answers a device makes before it learns how far off its clock is (its first two syncs): each
 * batch carries what the clock that dated its entries read at the commit, and every device
 * corrects those entries by the batch's receipt time less that reading, so they count on the day
 * they were made on every device, whichever way the clock was off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import { importExport } from '@/db/history-import';
import { listHistory } from '@/db/history-queries';
import type { MarineDB } from '@/db/schema';
import { listUserWords } from '@/db/user-words-repo';
import { getUser } from '@/db/users-repo';
import { DAY_MS } from '@/domain/constants';
import { practisedToday } from '@/domain/daily';
import { effectiveTime, type HistoryEntry } from '@/domain/history';
import { checkEntry } from '@/domain/history-contract';
import { answersPerDay } from '@/domain/progress-charts';
import type { User, UserWord } from '@/domain/types';
import { type ExportData, parseExportJson } from '@/domain/validation';
import { buildExport, exportJson } from '@/features/settings/export';
import { syncOnce } from '@/sync/engine';
import { BATCH_NOW_MAX, entriesOfBatch } from '@/sync/history-wire';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const A = 'u-bosun';
/** The day the answers are made (cloud time), mid-morning. */
const T0 = Date.UTC(2026, 10, 24, 8);
const YEAR = 365 * DAY_MS;
const WORDS = ['w1', 'w2', 'w3'];

const open: MarineDB[] = [];
async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(A);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** The cloud and a clock to move it by; a device's clock is the cloud's less `behind`. */
function world() {
  const time = { now: T0 };
  const remote = new MemoryRemote({ clock: () => time.now * 1000 });
  const sync = (db: MarineDB, behind: number) =>
    syncOnce({
      db,
      remote,
      userId: A,
      now: time.now - behind,
      clock: () => time.now - behind,
    });
  const answer = (db: MarineDB, behind: number, vocabId: string) =>
    recordChange(db, A, vocabId, { kind: 'answer', correct: true }, time.now - behind);
  return { time, remote, sync, answer };
}

/** What the learner sees of each word: when it was last seen and when it is due. */
async function schedule(db: MarineDB) {
  const words = await listUserWords(db, A);
  return Object.fromEntries(
    words
      .sort((a, b) => a.vocabId.localeCompare(b.vocabId))
      .map((word: UserWord) => [
        word.vocabId,
        { attempts: word.attempts, lastSeenAt: word.lastSeenAt, nextReviewAt: word.nextReviewAt },
      ]),
  );
}

/** Right answers on the answer day and on the day after it, as the progress chart counts them. */
async function chartOf(db: MarineDB, at: number) {
  const days = answersPerDay(await listHistory(db, A), at, 30);
  return days.slice(-2).map((day) => day.right);
}

/**
 * The story: three answers on day 0; the first sync a day later; one answer between the first
 * sync and the second (which learns the offset); one after it; then a phone with a right clock
 * pulls everything.
 */
async function story(behind: number) {
  const { time, remote, sync, answer } = world();
  const tablet = await device();
  for (const [index, vocabId] of WORDS.entries()) {
    time.now = T0 + index * 1000;
    await answer(tablet, behind, vocabId);
  }
  time.now = T0 + DAY_MS + 3_600_000;
  await sync(tablet, behind);
  time.now += 60_000;
  await answer(tablet, behind, 'w4');
  time.now += 60_000;
  await sync(tablet, behind);
  time.now += 60_000;
  await answer(tablet, behind, 'w5');
  time.now += 60_000;
  await sync(tablet, behind);
  time.now += 60_000;
  await sync(tablet, behind);
  const phone = await device();
  await sync(phone, 0);
  return { tablet, phone, remote, at: time.now };
}

describe('answers made before the first two syncs', () => {
  for (const [name, behind] of [
    ['a year behind', YEAR],
    ['a year ahead', -YEAR],
    ['right', 0],
  ] as const) {
    it(`count on the day they were made, on both devices, with a clock ${name}`, async () => {
      const { tablet, phone, at } = await story(behind);
      for (const db of [tablet, phone]) {
        // Three on the answer day, two on the next: not a year away, not on the day of the sync.
        expect(await chartOf(db, at)).toEqual([3, 2]);
        const times = new Map((await listHistory(db, A)).map((e) => [e.vocabId, effectiveTime(e)]));
        for (const [index, vocabId] of WORDS.entries()) {
          expect(Math.abs((times.get(vocabId) ?? 0) - (T0 + index * 1000))).toBeLessThanOrEqual(2);
        }
        expect(
          Math.abs((times.get('w4') ?? 0) - (T0 + DAY_MS + 3_600_000 + 60_000)),
        ).toBeLessThanOrEqual(2);
        expect(practisedToday(await listHistory(db, A), at)).toBe(2);
      }
      // The two devices fold the same: the same last-seen times and due dates.
      expect(await schedule(phone)).toEqual(await schedule(tablet));
      const w1 = (await schedule(tablet)).w1;
      expect(Math.abs((w1?.lastSeenAt ?? 0) - T0)).toBeLessThanOrEqual(2);
      expect(w1?.nextReviewAt).toBeGreaterThan(T0);
      expect(w1?.nextReviewAt).toBeLessThan(T0 + 30 * DAY_MS);
    });
  }

  it('carry nothing new in their entries: ids, walls and stamps are as made', async () => {
    const { tablet, remote } = await story(YEAR);
    const made = (await listHistory(tablet, A)).map(({ id, wall, hlc }) => ({ id, wall, hlc }));
    const cloud = remote.entries(A).map(({ id, wall, hlc }) => ({ id, wall, hlc }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(cloud.sort(byId)).toEqual(made.sort(byId));
    // The early walls still read the tablet's clock: only what was learned of the batch moves them.
    expect(made.filter((entry) => entry.wall < T0 - YEAR / 2)).toHaveLength(4);
  });

  it('a batch sent again after a failed commit is corrected by the reading of the attempt that landed', async () => {
    const { time, remote, sync, answer } = world();
    const tablet = await device();
    for (const vocabId of WORDS) await answer(tablet, YEAR, vocabId);
    time.now = T0 + 3_600_000;
    remote.failNext('error');
    await expect(sync(tablet, YEAR)).rejects.toThrow();
    // A day later the same batch (in doubt: not found in the cloud) goes again.
    time.now = T0 + DAY_MS + 3_600_000;
    await sync(tablet, YEAR);
    await sync(tablet, YEAR);
    expect(await chartOf(tablet, time.now)).toEqual([3, 0]);
    // Its answer got lost once more after it landed: found in the cloud, not written twice.
    await answer(tablet, YEAR, 'w4');
    time.now += 60_000;
    remote.failNext('lost-response');
    await expect(sync(tablet, YEAR)).rejects.toThrow();
    time.now += DAY_MS;
    await sync(tablet, YEAR);
    const phone = await device();
    await sync(phone, 0);
    for (const db of [tablet, phone]) {
      // w4 was answered on the day after the first three and counts there, once.
      expect(await chartOf(db, time.now)).toEqual([1, 0]);
      expect((await listHistory(db, A)).filter((entry) => entry.vocabId === 'w4')).toHaveLength(1);
    }
    expect(await schedule(phone)).toEqual(await schedule(tablet));
  });
});

describe('a clock that ran behind and was set right while the app was closed', () => {
  it('dates the answers made under its stale offset right once they are pushed', async () => {
    const { time, sync, answer } = world();
    const tablet = await device();
    await answer(tablet, YEAR, 'w0');
    await sync(tablet, YEAR);
    time.now += 60_000;
    await sync(tablet, YEAR);
    expect((await tablet.get('device', 'device'))?.offset).toBe(YEAR);
    // Set right while closed: the learned offset now puts the corrected clock a year ahead.
    time.now = T0 + DAY_MS;
    for (const vocabId of WORDS) await answer(tablet, 0, vocabId);
    time.now += 3_600_000;
    await sync(tablet, 0);
    await sync(tablet, 0);
    const phone = await device();
    await sync(phone, 0);
    for (const db of [tablet, phone]) {
      const times = (await listHistory(db, A))
        .filter((entry) => WORDS.includes(entry.vocabId))
        .map(effectiveTime);
      for (const at of times) expect(Math.abs(at - (T0 + DAY_MS))).toBeLessThanOrEqual(2);
    }
    expect(await schedule(phone)).toEqual(await schedule(tablet));
  });
});

describe('an export taken before the first sync', () => {
  async function exportOf(db: MarineDB): Promise<ExportData> {
    const user = (await getUser(db, A)) as unknown as User;
    const text = exportJson(
      buildExport(user, await listUserWords(db, A), await listHistory(db, A)),
    );
    const parsed = parseExportJson(text);
    if (!parsed.ok) throw new Error('the export does not parse');
    return parsed.value;
  }

  for (const first of ['tablet', 'phone'] as const) {
    it(`imported on a phone counts once and folds as the tablet does (the ${first} syncs first)`, async () => {
      const { time, sync, answer } = world();
      const tablet = await device();
      for (const vocabId of WORDS) await answer(tablet, YEAR, vocabId);
      const file = await exportOf(tablet);
      const phone = await device();
      time.now = T0 + 60_000;
      await importExport(phone, A, file, time.now);
      time.now = T0 + 3_600_000;
      const order: [MarineDB, number][] =
        first === 'tablet'
          ? [
              [tablet, YEAR],
              [phone, 0],
            ]
          : [
              [phone, 0],
              [tablet, YEAR],
            ];
      for (let round = 0; round < 2; round++) {
        for (const [db, behind] of order) {
          time.now += 60_000;
          await sync(db, behind);
        }
      }
      // The same file once more on either device, after the sync: nothing changes.
      await importExport(tablet, A, file, time.now);
      await importExport(phone, A, file, time.now);
      const tabletWords = await schedule(tablet);
      expect(await schedule(phone)).toEqual(tabletWords);
      for (const vocabId of WORDS) expect(tabletWords[vocabId]?.attempts).toBe(1);
      const history = await listHistory(phone, A);
      expect(history).toHaveLength(3);
      // The tablet's own batch, first in the cloud, dates the answers right everywhere; the
      // phone's copy, sent first, carries no reading of the tablet's clock: the walls stand.
      const day = await chartOf(phone, time.now);
      expect(day).toEqual(first === 'tablet' ? [0, 3] : [0, 0]);
    });
  }
});

describe("a batch's clock reading on the wire", () => {
  const wire = (device: string, id: string) => ({
    i: id,
    v: 'w1',
    k: 'skip',
    h: 5,
    w: 1000,
    d: device,
  });
  const data = (now: unknown) => ({
    device: 'tablet',
    count: 2,
    e: JSON.stringify([wire('tablet', 'own'), wire('elsewhere', 'imported')]),
    ...(now === undefined ? {} : { now }),
  });

  it("is learned by the sender's own entries only", () => {
    const [own, imported] = entriesOfBatch(A, 5000, data(2000)) as HistoryEntry[];
    expect(own).toMatchObject({ id: 'own', receivedAt: 5000, sentAt: 2000 });
    expect(imported?.sentAt).toBeUndefined();
    expect(imported?.receivedAt).toBe(5000);
  });

  it('is passed over when it is no time of the history (an older batch, a forged one)', () => {
    for (const now of [undefined, '2000', -1, Number.NaN, BATCH_NOW_MAX, 1e300]) {
      const entries = entriesOfBatch(A, 5000, data(now)) as HistoryEntry[];
      expect(entries.map((entry) => entry.sentAt)).toEqual([undefined, undefined]);
      expect(entries.every((entry) => checkEntry(entry).ok)).toBe(true);
    }
  });

  it('never moves an entry past the time the cloud received it, nor before 1970', () => {
    expect(effectiveTime({ wall: 1000, receivedAt: 10 * DAY_MS, sentAt: 1000 })).toBe(10 * DAY_MS);
    expect(effectiveTime({ wall: 1000, receivedAt: 10 * DAY_MS, sentAt: 5 * DAY_MS })).toBe(
      1000 + 5 * DAY_MS,
    );
    expect(effectiveTime({ wall: 1000, receivedAt: 1000, sentAt: YEAR })).toBe(0);
    // Within the tolerance of a network's delay, the wall stands (capped by the receipt).
    expect(effectiveTime({ wall: 1000, receivedAt: 50_000, sentAt: 1000 })).toBe(1000);
  });
});
