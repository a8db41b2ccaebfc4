/** The sync engine: history moved, not snapshots; idempotent push and pull; migration; failures. */
import { afterEach, describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import { importBaselines } from '@/db/history-import';
import { markSent, takePushBatches } from '@/db/history-push';
import { countUnsent, listDeadLetters, listHistory } from '@/db/history-queries';
import { rulesOf } from '@/db/history-refold';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
import { getUser, markProfileUnsent, updateUser } from '@/db/users-repo';
import { DAY_MS } from '@/domain/constants';
import { foldWord } from '@/domain/history-fold';
import { NOT_SIGNED_IN_MESSAGE, syncOnce } from '@/sync/engine';
import type { RemoteStore } from '@/sync/remote-store';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const USER = 'u-crew';
const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);

const open: MarineDB[] = [];

async function device(userId = USER): Promise<MarineDB> {
  const db = await openDeviceOf(userId);
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const answerOn = (db: MarineDB, vocabId: string, correct: boolean, at: number) =>
  recordChange(db, USER, vocabId, { kind: 'answer', correct }, at);

const sync = (db: MarineDB, remote: RemoteStore, now = NOW) =>
  syncOnce({ db, remote, userId: USER, now });

describe('syncOnce', () => {
  it('refuses to run with nobody signed in', async () => {
    const db = await device();
    await expect(
      syncOnce({ db, remote: new MemoryRemote(), userId: null, now: NOW }),
    ).rejects.toThrow(NOT_SIGNED_IN_MESSAGE);
  });

  it('keeps every answer of two devices on the same word: both end with the sum', async () => {
    const remote = new MemoryRemote();
    const phone = await device();
    const tablet = await device();
    for (let i = 0; i < 5; i++) await answerOn(phone, 'w1', true, NOW + i * 60_000);
    await answerOn(tablet, 'w1', false, NOW + 30_000);
    await sync(phone, remote);
    await sync(tablet, remote);
    await sync(phone, remote);
    const onPhone = await getUserWord(phone, USER, 'w1');
    const onTablet = await getUserWord(tablet, USER, 'w1');
    expect(onPhone?.attempts).toBe(6);
    expect(onPhone?.correct).toBe(5);
    expect(onTablet).toEqual(onPhone);
    expect(await countUnsent(phone, USER)).toBe(0);
    expect(await countUnsent(tablet, USER)).toBe(0);
  });

  it('writes one document per push and pulls nothing twice', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    for (let i = 0; i < 12; i++) await answerOn(db, `w${i % 3}`, true, NOW + i);
    const report = await sync(db, remote);
    expect(report).toMatchObject({ pushed: 12, commits: 1 });
    // The batch and the account's history counter.
    expect(remote.counters.writes).toBe(2);
    expect(remote.batchCount(USER)).toBe(1);
    // The next cycle reads its own batch back once (to learn its receipt time), then nothing.
    await sync(db, remote);
    remote.resetCounters();
    const idle = await sync(db, remote);
    expect(idle).toEqual({
      pushed: 0,
      pulled: 0,
      commits: 0,
      refolded: 0,
      rejected: 0,
      curriculumPushed: 0,
      curriculumApplied: 0,
      curriculumAdded: 0,
      changes: [],
    });
    // One read for the history, one for the shared curriculum.
    expect(remote.counters).toEqual({ reads: 2, writes: 0, commits: 0, requests: 2 });
  });

  it('splits a large push into batch documents of the given size, one commit per batch', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    for (let i = 0; i < 7; i++) await answerOn(db, `w${i}`, true, NOW + i);
    const report = await syncOnce({
      db,
      remote,
      userId: USER,
      now: NOW,
      entriesPerBatch: 3,
      batchSize: 2,
    });
    expect(report).toMatchObject({ pushed: 7, commits: 3 });
    expect(remote.batchCount(USER)).toBe(3);
    expect(remote.entries(USER)).toHaveLength(7);
  });

  it('an account at its history bound is refused and loses nothing: the entries stay unsent', async () => {
    const remote = new MemoryRemote({ historyBounds: { batches: 2 } });
    const db = await device();
    for (let i = 0; i < 3; i++) await answerOn(db, `w${i}`, true, NOW + i);
    // Three batches of one entry: the first two fit the bound, the third is refused.
    await expect(
      syncOnce({ db, remote, userId: USER, now: NOW, entriesPerBatch: 1 }),
    ).rejects.toMatchObject({ code: 'permission-denied' });
    expect(remote.historyCounter(USER).n).toBe(2);
    expect(remote.entries(USER)).toHaveLength(2);
    expect(await countUnsent(db, USER)).toBe(1);
    expect(await listHistory(db, USER)).toHaveLength(3);
  });

  it('a push whose answer was lost is not written twice: the retry finds the batch and marks it sent', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    await answerOn(db, 'w1', true, NOW);
    remote.failNext('lost-response');
    await expect(sync(db, remote)).rejects.toThrow('commit response lost');
    // The retry cannot even pull; its push still runs, finds the batch there and sends nothing.
    remote.failNext('error', { on: 'pull' });
    remote.resetCounters();
    await expect(sync(db, remote)).rejects.toThrow('pull failed');
    expect(remote.counters.writes).toBe(0);
    expect(remote.entries(USER)).toHaveLength(1);
    expect(await countUnsent(db, USER)).toBe(0);
    await sync(db, remote);
    expect(remote.counters.writes).toBe(0);
  });

  it('a failed commit keeps the entries unsent, and the next sync sends them in the same batch', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    await answerOn(db, 'w1', true, NOW);
    remote.failNext('error');
    await expect(sync(db, remote)).rejects.toThrow('commit failed');
    expect(await countUnsent(db, USER)).toBe(1);
    const report = await sync(db, remote);
    expect(report.pushed).toBe(1);
    expect(remote.batchCount(USER)).toBe(1);
  });

  it('a batch delivered twice adds its entries once', async () => {
    const remote = new MemoryRemote();
    const phone = await device();
    const tablet = await device();
    await answerOn(phone, 'w1', true, NOW);
    await answerOn(phone, 'w1', true, NOW + 1000);
    await sync(phone, remote);
    remote.failNext('duplicate', { on: 'pull' });
    const report = await sync(tablet, remote);
    expect(report.pulled).toBe(2);
    expect(await listHistory(tablet, USER)).toHaveLength(2);
    expect((await getUserWord(tablet, USER, 'w1'))?.attempts).toBe(2);
  });

  it('a device clock a year ahead cannot schedule the word a year away once the cloud has its answer', async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 + 5_000_000 });
    const wrong = await device();
    const right = await device();
    const yearAhead = NOW + 365 * DAY_MS;
    await answerOn(wrong, 'w1', true, yearAhead);
    await sync(wrong, remote);
    await sync(right, remote);
    const word = await getUserWord(right, USER, 'w1');
    // Received at NOW + 5 s: scheduled one day after that, not a year and a day.
    expect(word?.nextReviewAt).toBe(NOW + 5_000 + DAY_MS);
    // The right device's later answer still counts and sorts after the far-ahead one.
    await answerOn(right, 'w1', false, NOW + 60_000);
    const after = await getUserWord(right, USER, 'w1');
    expect(after).toMatchObject({ attempts: 2, correct: 1, streak: 0, nextReviewAt: NOW + 60_000 });
  });

  it('reads the old per-word documents once, with or without syncedAt, as baselines', async () => {
    const remote = new MemoryRemote();
    remote.putLegacyWord(USER, {
      vocabId: 'old1',
      status: 'learned',
      attempts: 4,
      correct: 4,
      streak: 4,
      strength: 0.9,
      updatedAt: NOW - DAY_MS,
      nextReviewAt: NOW + 10 * DAY_MS,
    });
    remote.putLegacyWord(USER, {
      vocabId: 'bad',
      status: 'learned',
      attempts: -1,
      correct: 0,
      streak: 0,
      strength: 0,
      updatedAt: 1,
    });
    const db = await device();
    const first = await sync(db, remote);
    expect(first.rejected).toBe(1);
    expect(await getUserWord(db, USER, 'old1')).toMatchObject({ status: 'learned', attempts: 4 });
    expect((await listDeadLetters(db, USER)).map((l) => l.source)).toEqual(['pull']);
    expect((await getUser(db, USER))?.legacyCloudRead).toBe(true);
    // Baselines from the cloud are never pushed back (every device reads the documents itself).
    expect(await countUnsent(db, USER)).toBe(0);
    remote.resetCounters();
    await sync(db, remote);
    expect(remote.counters.reads).toBe(2); // the history pull and the curriculum pull
    // An answer after the migration adds to the baseline (on the day the word is due: a right
    // answer before it is practice, not a step).
    await answerOn(db, 'old1', true, NOW + 10 * DAY_MS);
    expect(await getUserWord(db, USER, 'old1')).toMatchObject({
      attempts: 5,
      correct: 5,
      streak: 5,
    });
  });

  it('a record that fails the contract goes to the dead letters and the rest still syncs', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    const imported = await importBaselines(
      db,
      USER,
      [
        {
          userId: USER,
          vocabId: 'a/b',
          status: 'new',
          attempts: 0,
          correct: 0,
          streak: 0,
          strength: 0,
          updatedAt: 1,
        },
        {
          userId: USER,
          vocabId: 'ok',
          status: 'learning',
          attempts: 2,
          correct: 1,
          streak: 1,
          strength: 0.3,
          updatedAt: 5,
        },
        {
          userId: USER,
          vocabId: 'far',
          status: 'new',
          attempts: 0,
          correct: 0,
          streak: 0,
          strength: 0,
          updatedAt: 1e15,
        },
        {
          userId: USER,
          vocabId: 'frac',
          status: 'new',
          attempts: 1.5,
          correct: 0,
          streak: 0,
          strength: 0,
          updatedAt: 1,
        },
      ],
      { prefix: 'import', sent: false, source: 'import', now: NOW },
    );
    expect(imported).toMatchObject({ added: 1, rejected: 3 });
    await answerOn(db, 'w1', true, NOW);
    const report = await sync(db, remote);
    expect(report.pushed).toBe(2);
    const reasons = (await listDeadLetters(db, USER)).map((l) => l.reason).sort();
    expect(reasons).toEqual([
      'attempts is not a whole number 0..1000000',
      'invalid word id "a/b"',
      'updatedAt is not a valid time',
    ]);
  });

  it('sends a profile changed offline with the next sync, and keeps it marked while it fails', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    // Changed on this device while the cloud could not be reached.
    const revision = await markProfileUnsent(db, USER);
    await updateUser(db, USER, (user) => ({
      ...user,
      fullName: 'Пётр Иванов',
      settings: { ...user.settings, dailyGoal: 20, uiLang: 'en' },
    }));
    remote.failNext('error', { on: 'profile' });
    await expect(sync(db, remote)).rejects.toThrow('profile write failed');
    expect((await getUser(db, USER))?.profileUnsent).toBe(revision);
    expect(await remote.readProfile(USER)).toBeNull();

    expect(await sync(db, remote)).toMatchObject({ profileSent: true });
    expect(await remote.readProfile(USER)).toMatchObject({
      fullName: 'Пётр Иванов',
      dailyGoal: 20,
      uiLang: 'en',
    });
    expect((await getUser(db, USER))?.profileUnsent).toBeUndefined();
    expect(await sync(db, remote)).not.toHaveProperty('profileSent');
  });

  it('ends with the newest profile in the cloud when it changes while the sync sends it', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    await markProfileUnsent(db, USER);
    await updateUser(db, USER, (user) => ({
      ...user,
      settings: { ...user.settings, dailyGoal: 20 },
    }));
    // While the sync's write is on the way, the profile screen saves a new division and sends
    // it itself (its write lands first, and it clears the mark).
    const write = remote.writeProfile.bind(remote);
    let once = true;
    remote.writeProfile = async (userId, patch) => {
      if (once) {
        once = false;
        await updateUser(db, USER, (user) => ({
          ...user,
          settings: { ...user.settings, dailyGoal: 30, division: 'engine' },
        }));
        const { profileUnsent: _cleared, ...rest } = (await getUser(db, USER)) ?? {};
        await write(userId, { dailyGoal: 30, division: 'engine' });
        await db.put('users', rest as Parameters<typeof db.put<'users'>>[1]);
      }
      return write(userId, patch);
    };

    expect(await sync(db, remote)).toMatchObject({ profileSent: true });
    expect(await remote.readProfile(USER)).toMatchObject({ dailyGoal: 30, division: 'engine' });
  });

  it('pulls a long history in pages, each kept with its cursor, even when a page ends inside a commit', async () => {
    const remote = new MemoryRemote();
    const phone = await device();
    for (let i = 0; i < 650; i++) await answerOn(phone, `w${i}`, true, NOW + i);
    // 650 batches of one entry in two commits of 500 and 150 (one server time each), as versions
    // before the account's counter pushed them.
    const batches = await takePushBatches(phone, USER, 1, NOW);
    remote.putOlderCommit(USER, batches.slice(0, 500));
    remote.putOlderCommit(USER, batches.slice(500));
    await markSent(
      phone,
      batches.flatMap((batch) => batch.entries.map((entry) => entry.id)),
    );
    expect(remote.batchCount(USER)).toBe(650);

    // A new device whose link drops after the first page of 300 keeps that page...
    const tablet = await device();
    const pull = remote.pullHistory.bind(remote);
    let calls = 0;
    remote.pullHistory = (userId, cursor, page) => {
      calls++;
      return calls === 2 ? Promise.reject(new Error('link lost')) : pull(userId, cursor, page);
    };
    await expect(sync(tablet, remote)).rejects.toThrow('link lost');
    expect(await listHistory(tablet, USER)).toHaveLength(300);
    // ...and the next sync goes on from there: the rest of the first commit, then the second.
    const report = await sync(tablet, remote);
    expect(report.pulled).toBe(350);
    expect(await listHistory(tablet, USER)).toHaveLength(650);
    expect((await sync(tablet, remote)).pulled).toBe(0);
  });

  it('a pull that never answers gives up and does not hold back the push', async () => {
    const db = await device();
    await answerOn(db, 'w1', true, NOW);
    const remote = new MemoryRemote();
    remote.pullHistory = () => new Promise(() => undefined);
    await expect(syncOnce({ db, remote, userId: USER, now: NOW, timeoutMs: 20 })).rejects.toThrow(
      'Pulling did not finish',
    );
    expect(remote.entries(USER)).toHaveLength(1);
    expect(await countUnsent(db, USER)).toBe(0);
  });

  it('gives up on remote calls that never answer, and loses nothing', async () => {
    const db = await device();
    await answerOn(db, 'w1', true, NOW);
    const hanging: RemoteStore = {
      ...new MemoryRemote(),
      pullHistory: () => new Promise(() => undefined),
      readLegacyWords: async () => [],
      pushHistory: () => new Promise(() => undefined),
      hasHistoryBatch: async () => false,
      readProfile: async () => null,
      writeProfile: async () => undefined,
      pushCurriculum: async () => undefined,
      pullCurriculum: async () => ({ docs: [], cursor: { at: 0, id: '' } }),
    };
    await expect(
      syncOnce({ db, remote: hanging, userId: USER, now: NOW, timeoutMs: 20 }),
    ).rejects.toThrow('Pushing did not finish');
    expect(await countUnsent(db, USER)).toBe(1);
  });

  it('every device ends with the fold of all entries', async () => {
    const remote = new MemoryRemote();
    const a = await device();
    const b = await device();
    await answerOn(a, 'w1', true, NOW);
    await recordChange(b, USER, 'w1', { kind: 'learn' }, NOW + 10);
    await recordChange(a, USER, 'w1', { kind: 'relearn' }, NOW + 20);
    for (const db of [a, b, a, b]) await sync(db, remote);
    const all = remote.entries(USER);
    const expected = foldWord(USER, 'w1', all, rulesOf(await getUser(a, USER)));
    expect(await getUserWord(a, USER, 'w1')).toEqual(expected);
    expect(await getUserWord(b, USER, 'w1')).toEqual(expected);
  });
});
