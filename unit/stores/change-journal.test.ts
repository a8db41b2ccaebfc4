// @vitest-environment happy-dom
/**
 * The journal of changes not yet stored (stores/change-journal.ts): an answer is kept in
 * localStorage in its own task, so a page closed before its transaction commits loses nothing;
 * the next load stores it, once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const PREFIX = 'marine.pendingChanges:';
let counter = 0;
const uniqueUser = () => `journal-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** The stores and the database as a new page of the app has them. */
async function newPage() {
  vi.resetModules();
  const [words, auth, journal, instance, queries, repo] = await Promise.all([
    import('@/stores/words-store'),
    import('@/stores/auth-store'),
    import('@/stores/change-journal'),
    import('@/db/instance'),
    import('@/db/history-queries'),
    import('@/db/user-words-repo'),
    // The write side, loaded with the page: its one-time upkeep runs now, not in a later test.
    import('@/db/history-maintenance'),
  ]);
  auth.useAuthStore.setState({ user: null, status: 'ready' });
  const db = await instance.getDB();
  return {
    store: words.useWordsStore,
    journal,
    history: (userId: string) => queries.listHistory(db, userId),
    word: (userId: string, vocabId: string) => repo.getUserWord(db, userId, vocabId),
  };
}

const journalKeys = () => Object.keys(localStorage).filter((key) => key.startsWith(PREFIX));
/** The journal's changes as stored, oldest first. */
const journalled = (): { id: string; wall: number }[] =>
  journalKeys()
    .map((key) => JSON.parse(localStorage.getItem(key) ?? 'null'))
    .sort((a, b) => a.wall - b.wall);
const keep = (change: { id: string; [field: string]: unknown }) =>
  localStorage.setItem(PREFIX + change.id, JSON.stringify(change));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}

afterEach(() => {
  for (const key of journalKeys()) localStorage.removeItem(key);
  vi.restoreAllMocks();
});

describe('the change journal', () => {
  it('keeps an answer in the task it is given, and lets it go once it is stored', async () => {
    const page = await newPage();
    const userId = uniqueUser();
    await page.store.getState().load(userId);
    const saving = page.store.getState().recordAnswer('deck-1', true, 'spelling');
    // Nothing awaited yet: a page closed now would still have it.
    expect(journalled()).toEqual([
      {
        id: expect.any(String),
        userId,
        vocabId: 'deck-1',
        change: { kind: 'answer', correct: true, mode: 'spelling' },
        wall: expect.any(Number),
        tries: 0,
      },
    ]);
    const id = journalled()[0]?.id;
    await saving;
    expect(journalled()).toEqual([]);
    // Its entry has the id the journal gave it.
    expect((await page.history(userId)).map((entry) => entry.id)).toEqual([id]);
  });

  it('stores an answer whose page closed before it was stored at the next load, once', async () => {
    const userId = uniqueUser();
    const closed = await newPage();
    await closed.store.getState().load(userId);
    await closed.store.getState().recordAnswer('deck-1', true);
    // The next answer's transaction never committed: only its journal entry is left.
    const id = closed.journal.journalChange(
      userId,
      'deck-1',
      { kind: 'answer', correct: false, mode: 'choice' },
      Date.now(),
    );

    const next = await newPage();
    await next.store.getState().load(userId);
    const history = await until(
      () => next.history(userId),
      (entries) => entries.length === 2,
    );
    expect(history.find((entry) => entry.id === id)).toMatchObject({
      kind: 'answer',
      correct: false,
      mode: 'choice',
    });
    expect(await next.word(userId, 'deck-1')).toMatchObject({ attempts: 2, correct: 1 });
    expect(next.store.getState().words.get('deck-1')).toMatchObject({ attempts: 2 });
    expect(journalled()).toEqual([]);
  });

  it('does not store twice a change stored before its page closed that is still in the journal', async () => {
    const userId = uniqueUser();
    const closed = await newPage();
    await closed.store.getState().load(userId);
    const saved = closed.store.getState().recordAnswer('deck-1', true);
    const kept = journalled();
    await saved;
    // The page closed between the commit and the journal's update.
    for (const change of kept) keep(change);

    const next = await newPage();
    await next.store.getState().load(userId);
    await until(
      async () => journalled(),
      (left) => left.length === 0,
    );
    expect(await next.history(userId)).toHaveLength(1);
    expect(await next.word(userId, 'deck-1')).toMatchObject({ attempts: 1, correct: 1 });
  });

  it('drops a change the learner has gone on from: it would count after what it preceded', async () => {
    const userId = uniqueUser();
    const closed = await newPage();
    await closed.store.getState().load(userId);
    // Marked learned in a tab closed before it was stored; unmarked in another tab a minute on.
    closed.journal.journalChange(userId, 'deck-1', { kind: 'learn' }, Date.now() - 60_000);
    await closed.store.getState().setLearned('deck-1', false);
    await closed.store.getState().recordAnswer('deck-2', true);

    const next = await newPage();
    await next.store.getState().load(userId);
    await until(
      async () => journalled(),
      (left) => left.length === 0,
    );
    expect((await next.history(userId)).map((entry) => entry.kind).sort()).toEqual([
      'answer',
      'unlearn',
    ]);
    expect(await next.word(userId, 'deck-1')).not.toMatchObject({ status: 'learned' });
  });

  it('keeps a change made on a clock that ran fast and was set right while the app was closed', async () => {
    const userId = uniqueUser();
    const closed = await newPage();
    await closed.store.getState().load(userId);
    const fast = Date.now() + 10 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: fast });
    try {
      await closed.store.getState().recordAnswer('deck-1', true);
      // The next answer, two minutes on by that clock, never stored.
      closed.journal.journalChange(
        userId,
        'deck-1',
        { kind: 'answer', correct: false },
        fast + 120_000,
      );
    } finally {
      vi.useRealTimers();
    }

    const next = await newPage();
    await next.store.getState().load(userId);
    await until(
      () => next.history(userId),
      (entries) => entries.length === 2,
    );
    // Dated now (never ahead of the clock as it is), and counted.
    expect(await next.word(userId, 'deck-1')).toMatchObject({ attempts: 2, correct: 1 });
    expect(journalled()).toEqual([]);
  });

  it('lets go of a change whose write failed: the learner was told it was not kept', async () => {
    const page = await newPage();
    const userId = uniqueUser();
    await page.store.getState().load(userId);
    // The storage refuses the entry (full).
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementationOnce(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(page.store.getState().recordAnswer('deck-1', true)).rejects.toThrow('full');
    expect(journalled()).toEqual([]);
  });

  it("keeps another learner's changes for them, and stores only what it can", async () => {
    const page = await newPage();
    const mine = uniqueUser();
    const theirs = uniqueUser();
    const valid = {
      id: 'abcdefghijklmnopqrstu',
      userId: theirs,
      vocabId: 'deck-2',
      change: { kind: 'learn' },
      wall: Date.now(),
      tries: 0,
    };
    const own = { ...valid, id: 'uvwxyzabcdefghijklmno', userId: mine };
    const planted = [
      { ...valid, id: 'has spaces' },
      { ...valid, id: 'x1', change: { kind: 'baseline' } },
      { ...valid, id: 'x2', change: { kind: 'answer', correct: 'yes' } },
      { ...valid, id: 'x3', change: { kind: 'answer', correct: true, mode: 'telepathy' } },
      { ...valid, id: 'x4', change: { kind: 'learn', extra: 1 } },
      { ...valid, id: 'x5', wall: -1 },
      { ...valid, id: 'x6', userId: '' },
    ];
    for (const change of [valid, own, ...planted]) keep(change);
    localStorage.setItem(`${PREFIX}x7`, '{not json');
    localStorage.setItem(`${PREFIX}x8`, JSON.stringify({ ...valid, id: 'x9' })); // another's key

    await page.store.getState().load(mine);
    // Mine stored: the replay has run.
    await until(
      () => page.history(mine),
      (entries) => entries.length === 1,
    );
    expect(page.journal.journalledChanges(theirs)).toEqual([valid]);
    // What holds no change a learner could make is removed; a change of a mode or field this
    // version does not know is left (a newer version's, say, open in another tab during an update).
    expect(journalKeys().sort()).toEqual(
      [valid, ...planted.slice(3, 5)].map((change) => PREFIX + change.id).sort(),
    );

    await page.store.getState().load(theirs);
    await until(
      () => page.history(theirs),
      (entries) => entries.length === 1,
    );
    expect(await page.word(theirs, 'deck-2')).toMatchObject({ status: 'learned' });

    // A change dated in the future is dated now: the device's stamp is never pushed ahead.
    const later = uniqueUser();
    const before = Date.now();
    keep({ ...valid, id: 'vutsrqponmlkjihgfedcb', userId: later, wall: Date.UTC(2190, 0, 1) });
    await page.store.getState().load(later);
    const [entry] = await until(
      () => page.history(later),
      (entries) => entries.length === 1,
    );
    expect(entry?.wall).toBeGreaterThanOrEqual(before);
    // Not 2190: dated by the clock as it is (or the device's last stamp, which never goes back;
    // an earlier test here answered on a clock ten minutes fast).
    expect(entry?.wall).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  });

  it('drops a change that failed to be stored five times', async () => {
    const { journal } = await newPage();
    const userId = uniqueUser();
    journal.journalChange(userId, 'deck-1', { kind: 'skip' }, Date.now());
    for (let tries = 1; tries <= journal.REPLAY_TRIES_MAX; tries++) {
      const [change] = journal.journalledChanges(userId);
      if (!change) throw new Error('dropped too soon');
      expect(change.tries).toBe(tries - 1);
      journal.changeFailed(change);
    }
    expect(journal.journalledChanges(userId)).toEqual([]);
  });
});
