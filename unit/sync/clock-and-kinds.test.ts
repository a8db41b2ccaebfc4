/**
 * The trust fixes of the history: a clock stamp near the year-2200 ceiling cannot stop a device's
 * sync, and entries of a later version's kinds are kept, synced and folded, then folded for real
 * once an update teaches the kind.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import { maintainHistory } from '@/db/history-maintenance';
import { mergeEntries } from '@/db/history-merge';
import { takePushBatches } from '@/db/history-push';
import { countUnsent, listDeadLetters, listHistory } from '@/db/history-queries';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
import { putUser } from '@/db/users-repo';
import { FOLD_VERSION, type HistoryEntry } from '@/domain/history';
import { checkEntry } from '@/domain/history-contract';
import { applyEntry, foldWord } from '@/domain/history-fold';
import { HLC_MAX, stampBound, wallWithinBound } from '@/domain/hlc';
import { newUserWord } from '@/domain/srs';
import type { UserWord } from '@/domain/types';
import { syncOnce } from '@/sync/engine';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const NOW = Date.UTC(2026, 10, 24, 8);
const A = 'u-bosun';
const B = 'u-cadet';

const open: MarineDB[] = [];
async function device(...users: string[]): Promise<MarineDB> {
  const db = await openDeviceOf(users[0] ?? A);
  for (const id of users.slice(1)) {
    await putUser(db, {
      id,
      email: `${id}@ship.test`,
      fullName: 'Crew',
      isAdmin: false,
      createdAt: 1,
      settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
    });
  }
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** An entry as a file from elsewhere holds it: a stamp just under the year-2200 ceiling. */
function poisoned(userId: string, vocabId = 'w-poison'): HistoryEntry {
  return {
    id: `poison-${userId}`,
    userId,
    vocabId,
    kind: 'answer',
    correct: true,
    hlc: HLC_MAX - 1,
    wall: NOW - 60_000,
    device: 'elsewhere',
  };
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const deviceClock = async (db: MarineDB) => (await db.get('device', 'device'))?.hlc ?? 0;

describe('a clock stamp near the ceiling', () => {
  it('does not drag the device clock when imported', async () => {
    const db = await device(A);
    await mergeEntries(db, A, [poisoned(A)], { sent: false, source: 'import', now: NOW });
    expect(await deviceClock(db)).toBeLessThanOrEqual(stampBound(NOW));
    const word = await recordChange(db, A, 'w1', { kind: 'answer', correct: true }, NOW);
    expect(word.attempts).toBe(1);
    const mine = (await listHistory(db, A)).find((entry) => entry.vocabId === 'w1');
    expect(checkEntry(mine).ok).toBe(true);
  });

  it('an unsent entry whose only fault is its stamp is stamped anew and sent, not dead-lettered', async () => {
    const db = await device(A);
    // What the previous version left: an imported entry near the ceiling, a clock at the ceiling
    // and, after it, an answer stamped past it.
    await mergeEntries(db, A, [poisoned(A)], { sent: false, source: 'import', now: NOW });
    await db.put('device', { key: 'device', id: 'tabletdevice', hlc: HLC_MAX + 5 });
    await db.put('history', {
      id: 'over-ceiling',
      userId: A,
      vocabId: 'w2',
      kind: 'answer',
      correct: false,
      hlc: HLC_MAX + 5,
      wall: NOW,
      device: 'tabletdevice',
      sent: 0,
      t: NOW,
    });
    const batches = await takePushBatches(db, A, 500, NOW);
    const ids = batches.flatMap((batch) => batch.entries.map((entry) => entry.id)).sort();
    expect(ids).toEqual(['over-ceiling', 'poison-u-bosun']);
    for (const batch of batches) {
      for (const entry of batch.entries) {
        expect(checkEntry(entry).ok).toBe(true);
        // Stamped anew just past the clock, which was pulled back to its bound.
        expect(entry.hlc).toBeLessThanOrEqual(stampBound(NOW) + 2);
      }
    }
    expect(await listDeadLetters(db, A)).toEqual([]);
    expect(await deviceClock(db)).toBeLessThanOrEqual(stampBound(NOW) + 2);
    // The refold went with it: the wrong answer of w2 is still folded in.
    expect((await getUserWord(db, A, 'w2'))?.attempts).toBe(1);
  });

  it('a poisoned device recovers at its next start, for every account on it', async () => {
    const db = await device(A, B);
    await db.put('device', { key: 'device', id: 'tabletdevice', hlc: HLC_MAX - 1 });
    for (const [id, userId] of [
      ['a-over', A],
      ['b-over', B],
    ] as const) {
      await db.put('history', {
        id,
        userId,
        vocabId: 'w1',
        kind: 'answer',
        correct: true,
        hlc: HLC_MAX + 1,
        wall: NOW,
        device: 'tabletdevice',
        sent: 0,
        t: NOW,
      });
    }
    const report = await maintainHistory(db, NOW);
    expect(report.restamped).toBe(2);
    expect(await deviceClock(db)).toBeLessThanOrEqual(stampBound(NOW));
    for (const entry of [...(await listHistory(db, A)), ...(await listHistory(db, B))]) {
      expect(checkEntry(entry).ok).toBe(true);
    }
    // A second start finds nothing to do.
    expect(await maintainHistory(db, NOW + 1000)).toEqual({ restamped: 0, refolded: 0 });
  });

  it("one crew member's import stops nobody: every answer of two accounts reaches the cloud and a second device", async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const tablet = await device(A, B);
    await mergeEntries(tablet, A, [poisoned(A)], { sent: false, source: 'import', now: NOW });
    for (const userId of [A, B]) {
      for (let i = 0; i < 5; i++) {
        await recordChange(tablet, userId, `w${i}`, { kind: 'answer', correct: true }, NOW + i);
      }
    }
    for (const userId of [A, B]) {
      await syncOnce({ db: tablet, remote, userId, now: NOW + 10 });
      expect(await countUnsent(tablet, userId)).toBe(0);
      expect(await listDeadLetters(tablet, userId)).toEqual([]);
    }
    expect(remote.entries(A)).toHaveLength(6);
    expect(remote.entries(B)).toHaveLength(5);
    for (const userId of [A, B]) {
      const phone = await device(userId);
      await syncOnce({ db: phone, remote, userId, now: NOW + 20 });
      for (let i = 0; i < 5; i++) {
        expect((await getUserWord(phone, userId, `w${i}`))?.attempts).toBe(1);
      }
      expect(await deviceClock(phone)).toBeLessThanOrEqual(stampBound(NOW + 20));
    }
  });
});

describe('a clock at or past the bound', () => {
  const CEILING_MS = HLC_MAX / 1000;

  it('a device whose clock reads 2200 or later keeps its answers and sends them', async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const db = await device(A);
    const broken = CEILING_MS + 5_000;
    await recordChange(db, A, 'w1', { kind: 'answer', correct: true }, broken);
    await recordChange(db, A, 'w1', { kind: 'answer', correct: false }, broken + 1);
    await syncOnce({ db, remote, userId: A, now: broken, clock: () => broken });
    expect(await listDeadLetters(db, A)).toEqual([]);
    expect(await countUnsent(db, A)).toBe(0);
    expect(remote.entries(A)).toHaveLength(2);
    for (const entry of remote.entries(A)) expect(checkEntry(entry).ok).toBe(true);
    expect((await getUserWord(db, A, 'w1'))?.attempts).toBe(2);
  });

  it('an unsent answer an earlier version dated past 2200 is dated now and sent, not set aside', async () => {
    const db = await device(A);
    await db.put('history', {
      id: 'past-ceiling',
      userId: A,
      vocabId: 'w2',
      kind: 'answer',
      correct: true,
      hlc: HLC_MAX + 7,
      wall: CEILING_MS + 7,
      device: 'tabletdevice',
      sent: 0,
      t: CEILING_MS + 7,
    });
    const batches = await takePushBatches(db, A, 500, NOW);
    const sent = batches.flatMap((batch) => batch.entries);
    expect(sent.map((entry) => entry.id)).toEqual(['past-ceiling']);
    expect(sent[0]?.wall).toBe(NOW);
    expect(checkEntry(sent[0]).ok).toBe(true);
    expect(await listDeadLetters(db, A)).toEqual([]);
    expect((await getUserWord(db, A, 'w2'))?.lastSeenAt).toBe(NOW);
  });

  it('an answer dated 2199 that the cloud received now is refused when pulled', async () => {
    const db = await device(A);
    const late = Date.UTC(2199, 5, 1);
    const merged = await mergeEntries(
      db,
      A,
      [
        { ...poisoned(A, 'w3'), id: 'in-2199', hlc: late * 1000, wall: late, receivedAt: NOW },
        {
          ...poisoned(A, 'w4'),
          id: 'a-year-ahead',
          hlc: (NOW + YEAR_MS) * 1000,
          wall: NOW + YEAR_MS,
          receivedAt: NOW,
        },
      ],
      { sent: true, source: 'pull', now: NOW },
    );
    expect(merged).toMatchObject({ added: 1, rejected: 1 });
    expect((await listHistory(db, A)).map((entry) => entry.id)).toEqual(['a-year-ahead']);
    expect(wallWithinBound(late, NOW)).toBe(false);
    expect(wallWithinBound(NOW + YEAR_MS, NOW)).toBe(true);
  });
});

describe('entries of a kind this version does not know', () => {
  const drill = (overrides: Partial<HistoryEntry> = {}): HistoryEntry => ({
    id: 'drill-1',
    userId: A,
    vocabId: 'w1',
    kind: 'radio-drill',
    correct: true,
    hlc: NOW * 1000,
    wall: NOW,
    device: 'newer',
    x: { phrase: 'How do you read me?', score: 3 },
    ...overrides,
  });

  it('are stored, folded as neutral and synced unchanged to a second device', async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const ship = await device(A);
    await recordChange(ship, A, 'w1', { kind: 'answer', correct: true }, NOW - 1000);
    const before = await getUserWord(ship, A, 'w1');
    const merged = await mergeEntries(ship, A, [drill(), drill({ id: 'drill-2', vocabId: 'w9' })], {
      sent: false,
      source: 'import',
      now: NOW,
    });
    expect(merged.rejected).toBe(0);
    expect(await getUserWord(ship, A, 'w1')).toEqual(before);
    // A word with only a later version's entries has no word record (nothing to study or count).
    expect(await getUserWord(ship, A, 'w9')).toBeUndefined();
    await syncOnce({ db: ship, remote, userId: A, now: NOW });
    expect(await listDeadLetters(ship, A)).toEqual([]);
    const inCloud = remote.entries(A).find((entry) => entry.id === 'drill-1');
    expect(inCloud).toMatchObject({ kind: 'radio-drill', correct: true, x: drill().x });
    const office = await device(A);
    await syncOnce({ db: office, remote, userId: A, now: NOW });
    const there = (await listHistory(office, A)).find((entry) => entry.id === 'drill-1');
    expect(there).toMatchObject({ kind: 'radio-drill', x: drill().x });
  });

  it('are folded for real once an update teaches the kind (the words are refolded once)', async () => {
    const ship = await device(A);
    await recordChange(ship, A, 'w1', { kind: 'answer', correct: false }, NOW - 1000);
    await mergeEntries(ship, A, [drill()], { sent: true, source: 'pull', now: NOW });
    // This version: the drill is neutral.
    expect(await maintainHistory(ship, NOW)).toMatchObject({ refolded: 1 });
    expect((await getUserWord(ship, A, 'w1'))?.attempts).toBe(1);
    expect(await maintainHistory(ship, NOW)).toMatchObject({ refolded: 0 });
    // The next version knows a drill as an answer: its fold counts it, once, at the next start.
    const newer = (userId: string, vocabId: string, entries: readonly HistoryEntry[]): UserWord =>
      foldWord(
        userId,
        vocabId,
        entries.map((entry) =>
          entry.kind === 'radio-drill' ? { ...entry, kind: 'answer' } : entry,
        ),
      );
    const upgraded = await maintainHistory(ship, NOW, { version: FOLD_VERSION + 1, fold: newer });
    expect(upgraded.refolded).toBe(1);
    const word = await getUserWord(ship, A, 'w1');
    expect(word).toMatchObject({ attempts: 2, correct: 1 });
    // The history itself did not change: the entry is kept as it came.
    const kept = (await listHistory(ship, A)).find((entry) => entry.id === 'drill-1');
    expect(kept).toMatchObject({ kind: 'radio-drill', x: drill().x });
    expect(applyEntry({ ...newUserWord(A, 'w1', NOW), deleted: false }, drill()).attempts).toBe(0);
  });
});

describe('a device clock that runs behind', () => {
  const YEAR = 365 * 24 * 60 * 60 * 1000;

  it("learns its offset from the cloud at sync and dates new answers by the cloud's time", async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const tablet = await device(A, B);
    const behind = NOW - YEAR;
    await recordChange(tablet, A, 'w1', { kind: 'answer', correct: true }, behind);
    await syncOnce({ db: tablet, remote, userId: A, now: behind, clock: () => behind });
    // The next sync reads its own batch back with the cloud's time on it.
    await syncOnce({ db: tablet, remote, userId: A, now: behind + 1000, clock: () => behind });
    expect((await tablet.get('device', 'device'))?.offset).toBe(YEAR);
    // Every account on the device: a new answer is dated now, so today's charts and goal see it.
    const later = behind + 60_000;
    await recordChange(tablet, B, 'w2', { kind: 'answer', correct: true }, later);
    const entry = (await listHistory(tablet, B))[0];
    expect(entry?.wall).toBe(later + YEAR);
    expect((await getUserWord(tablet, B, 'w2'))?.lastSeenAt).toBe(later + YEAR);
  });

  /** A device whose clock runs `by` behind the cloud's (negative: ahead) and has learned so. */
  async function learnedOffset(
    by: number,
    cloudClock = () => NOW,
  ): Promise<{ tablet: MarineDB; remote: MemoryRemote }> {
    const remote = new MemoryRemote({ clock: () => cloudClock() * 1000 });
    const tablet = await device(A);
    const own = NOW - by;
    await recordChange(tablet, A, 'w1', { kind: 'answer', correct: true }, own);
    await syncOnce({ db: tablet, remote, userId: A, now: own, clock: () => own });
    await syncOnce({ db: tablet, remote, userId: A, now: own + 1000, clock: () => own });
    expect((await tablet.get('device', 'device'))?.offset).toBe(by);
    return { tablet, remote };
  }

  const wallOf = async (db: MarineDB, vocabId: string) =>
    (await listHistory(db, A)).find((entry) => entry.vocabId === vocabId)?.wall;

  it('drops the offset when the clock that ran behind is set right while the app runs', async () => {
    const { tablet } = await learnedOffset(YEAR);
    const behind = NOW - YEAR;
    const page = 1234.5;
    await recordChange(
      tablet,
      A,
      'w2',
      { kind: 'answer', correct: true },
      { wall: behind + 60_000, mono: 60_000, page },
    );
    expect(await wallOf(tablet, 'w2')).toBe(NOW + 60_000);
    // A minute later by the monotonic clock, the device's clock has been set right.
    await recordChange(
      tablet,
      A,
      'w3',
      { kind: 'answer', correct: true },
      { wall: NOW + 120_000, mono: 120_000, page },
    );
    expect(await wallOf(tablet, 'w3')).toBe(NOW + 120_000);
    expect((await tablet.get('device', 'device'))?.offset).toBeUndefined();
    expect((await getUserWord(tablet, A, 'w3'))?.lastSeenAt).toBe(NOW + 120_000);
  });

  it('takes up what a clock that ran ahead lost when it is set right while the app runs', async () => {
    const { tablet } = await learnedOffset(-YEAR);
    const page = 99;
    await recordChange(
      tablet,
      A,
      'w2',
      { kind: 'answer', correct: true },
      { wall: NOW + YEAR + 60_000, mono: 5_000, page },
    );
    expect(await wallOf(tablet, 'w2')).toBe(NOW + 60_000);
    await recordChange(
      tablet,
      A,
      'w3',
      { kind: 'answer', correct: true },
      { wall: NOW + 120_000, mono: 65_000, page },
    );
    // Not a year in the past: dated by the clock now set right.
    expect(await wallOf(tablet, 'w3')).toBe(NOW + 120_000);
  });

  it('keeps the offset over a sleep in which the monotonic clock stood still', async () => {
    const { tablet } = await learnedOffset(YEAR);
    const behind = NOW - YEAR;
    const page = 7;
    const night = 8 * 3_600_000;
    await recordChange(
      tablet,
      A,
      'w2',
      { kind: 'answer', correct: true },
      { wall: behind, mono: 1_000, page },
    );
    await recordChange(
      tablet,
      A,
      'w3',
      { kind: 'answer', correct: true },
      { wall: behind + night, mono: 2_000, page },
    );
    expect(await wallOf(tablet, 'w3')).toBe(NOW + night);
    // Another page (the app restarted) has a monotonic clock of its own: nothing to compare.
    await recordChange(
      tablet,
      A,
      'w4',
      { kind: 'answer', correct: true },
      { wall: behind + night, mono: 0, page: 8 },
    );
    expect(await wallOf(tablet, 'w4')).toBe(NOW + night);
  });

  it('a clock that ran ahead and was set right while the app was closed dates answers right after its next pull', async () => {
    let cloudNow = NOW;
    const { tablet, remote } = await learnedOffset(-YEAR, () => cloudNow);
    // Set right with the app closed: no reading to compare. Another device answers meanwhile.
    cloudNow = NOW + 60_000;
    const phone = await device(A);
    await recordChange(phone, A, 'p1', { kind: 'answer', correct: true }, NOW + 60_000);
    await syncOnce({ db: phone, remote, userId: A, now: NOW + 60_000, clock: () => NOW + 60_000 });
    await syncOnce({
      db: tablet,
      remote,
      userId: A,
      now: NOW + 120_000,
      clock: () => NOW + 120_000,
    });
    await recordChange(tablet, A, 'w2', { kind: 'answer', correct: true }, NOW + 180_000);
    expect(await wallOf(tablet, 'w2')).toBe(NOW + 180_000);
  });

  it("keeps a clock within a minute of the cloud's as it is", async () => {
    const remote = new MemoryRemote({ clock: () => (NOW + 20_000) * 1000 });
    const phone = await device(A);
    await recordChange(phone, A, 'w1', { kind: 'answer', correct: true }, NOW);
    await syncOnce({ db: phone, remote, userId: A, now: NOW, clock: () => NOW });
    await syncOnce({ db: phone, remote, userId: A, now: NOW, clock: () => NOW });
    const record = await phone.get('device', 'device');
    expect(record?.offset).toBeUndefined();
    expect(record?.probe).toBeUndefined();
  });
});

describe('the refold under one step a day', () => {
  it('records how the learned count changed, once, so home can tell the learner', async () => {
    const ship = await device(A);
    // What the previous version stored: right, right, wrong, right on one day, every one a step.
    const day = [true, true, false, true].map(
      (correct, i): HistoryEntry => ({
        id: `old-${i}`,
        userId: A,
        vocabId: 'w1',
        kind: 'answer',
        correct,
        hlc: (NOW + i * 60_000) * 1000,
        wall: NOW + i * 60_000,
        device: 'old',
      }),
    );
    await mergeEntries(ship, A, day, { sent: true, source: 'pull', now: NOW });
    const { toStoredUserWord } = await import('@/db/records');
    await ship.put('userWords', toStoredUserWord(foldWord(A, 'w1', day)));
    await ship.put('device', { key: 'device', id: 'shipdevice', hlc: 0, fold: 2 });
    expect((await getUserWord(ship, A, 'w1'))?.status).toBe('learned');
    await maintainHistory(ship, NOW + 3_600_000);
    // Now the later wrong answer that day is a lapse and the right one after it no step.
    expect((await getUserWord(ship, A, 'w1'))?.status).toBe('new');
    expect((await ship.get('users', A))?.foldChange).toMatchObject({ before: 1, after: 0 });
    await maintainHistory(ship, NOW + 7_200_000);
    expect((await ship.get('users', A))?.foldChange).toMatchObject({ before: 1, after: 0 });
  });
});
