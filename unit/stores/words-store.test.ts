import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordChange } from '@/db/history-append';
import { importBaselines } from '@/db/history-import';
// Loaded with the test, as the rest of the write side is: the store's one-time upkeep then runs
// within the first signed-in test, not whenever a slow import lands, when its refold would reload
// a later test's list behind its back.
import '@/db/history-maintenance';
import { mergeEntries } from '@/db/history-merge';
import { countUnsent, listHistory } from '@/db/history-queries';
import { getDB } from '@/db/instance';
import { getUserWord, listUserWords } from '@/db/user-words-repo';
import type { User, UserWord } from '@/domain/types';
import { useAuthStore } from '@/stores/auth-store';
import { GUEST_ID, useWordsStore } from '@/stores/words-store';

// The auth store (imported by the words store) builds its provider over localStorage.
vi.hoisted(() => {
  const data = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, String(value)),
      removeItem: (key: string) => void data.delete(key),
    },
  });
});

const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);
let counter = 0;
const uniqueUser = () => `user-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** Writes word records for a test through the only write path there is: baselines. */
async function seed(words: readonly UserWord[]) {
  for (const w of words) {
    await importBaselines(await getDB(), w.userId, [w], {
      prefix: 'seed',
      sent: true,
      source: 'import',
      now: NOW,
    });
  }
}

function word(userId: string, vocabId: string, overrides: Partial<UserWord> = {}): UserWord {
  return {
    userId,
    vocabId,
    status: 'learning',
    attempts: 1,
    correct: 1,
    streak: 1,
    strength: 0.2,
    updatedAt: NOW - 1000,
    ...overrides,
  };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useAuthStore.setState({ user: null, status: 'ready' });
  await useWordsStore.getState().load(null);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a guest', () => {
  it('studies in memory only: nothing is written to the database or the history', async () => {
    const answered = await useWordsStore.getState().recordAnswer('deck-1', true);
    await useWordsStore.getState().recordSkip('deck-2');
    await useWordsStore.getState().setLearned('deck-3', true);
    await useWordsStore.getState().relearnWord('deck-3');

    expect(answered).toMatchObject({ userId: GUEST_ID, attempts: 1, correct: 1, streak: 1 });
    const { words, ownerId } = useWordsStore.getState();
    expect(ownerId).toBe(GUEST_ID);
    expect([...words.keys()].sort()).toEqual(['deck-1', 'deck-2', 'deck-3']);
    expect(await listUserWords(await getDB(), GUEST_ID)).toEqual([]);
    expect(await listHistory(await getDB(), GUEST_ID)).toEqual([]);
  });

  it('imports nothing', async () => {
    expect(
      await useWordsStore.getState().importProgress({ userWords: [word('x', 'deck-1')] }),
    ).toEqual({
      added: 0,
      rejected: 0,
      future: 0,
    });
    expect(await listUserWords(await getDB(), 'x')).toEqual([]);
  });
});

describe('a signed-in user', () => {
  it('saves an answer as a history entry together with the word state it gives', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const answered = await useWordsStore.getState().recordAnswer('deck-1', true, 'spelling');

    expect(answered).toMatchObject({
      userId,
      vocabId: 'deck-1',
      attempts: 1,
      correct: 1,
      streak: 1,
      lastSeenAt: NOW,
      updatedAt: NOW,
      deleted: false,
    });
    expect(useWordsStore.getState().words.get('deck-1')).toEqual(answered);
    expect(await getUserWord(await getDB(), userId, 'deck-1')).toEqual(answered);
    expect(await listHistory(await getDB(), userId)).toEqual([
      {
        id: expect.any(String),
        userId,
        vocabId: 'deck-1',
        kind: 'answer',
        correct: true,
        mode: 'spelling',
        hlc: NOW * 1000,
        wall: NOW,
        device: expect.any(String),
      },
    ]);
    expect(await countUnsent(await getDB(), userId)).toBe(1);
  });

  it('records every change, building on the stored state', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    await useWordsStore.getState().recordAnswer('deck-1', true);
    vi.setSystemTime(NOW + 1000);
    await useWordsStore.getState().recordAnswer('deck-1', false);
    vi.setSystemTime(NOW + 2000);
    const learned = await useWordsStore.getState().setLearned('deck-1', true);

    // Marking learned lifts correct to 3 and attempts with it (accuracy stays <= 100 %).
    expect(learned).toMatchObject({ attempts: 3, correct: 3, status: 'learned', strength: 1 });
    const kinds = (await listHistory(await getDB(), userId)).sort((a, b) => a.hlc - b.hlc);
    expect(kinds.map((entry) => entry.kind)).toEqual(['answer', 'answer', 'learn']);
    expect(await getUserWord(await getDB(), userId, 'deck-1')).toEqual(learned);
  });

  it('two tabs answering the same word: every answer counts (no stale copy in memory)', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    // Another tab (a second store would hold its own copy) answers twice meanwhile.
    const db = await getDB();
    await recordChange(db, userId, 'deck-1', { kind: 'answer', correct: true }, NOW);
    await recordChange(db, userId, 'deck-1', { kind: 'answer', correct: true }, NOW);
    // This tab's copy does not know of them. (Set so, not awaited: the start's history upkeep,
    // once per file, may reload the list at any moment of these tests.)
    useWordsStore.setState({ words: new Map() });
    const third = await useWordsStore.getState().recordAnswer('deck-1', true);
    expect(third).toMatchObject({ attempts: 3, correct: 3, streak: 3 });
  });

  it('an answer given while the list reloads after a pull builds on the pulled state', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const db = await getDB();
    // Another device's 10 answers arrive (as a pull would merge them), and the list reloads.
    const pulled = Array.from({ length: 10 }, (_, i) => ({
      id: `other-${userId.slice(-6)}-${i}`,
      userId,
      vocabId: 'deck-1',
      kind: 'answer',
      correct: true,
      hlc: (NOW - 100_000 + i) * 1000,
      wall: NOW - 100_000 + i,
      device: 'other-device',
      receivedAt: NOW - 50_000,
    }));
    await mergeEntries(db, userId, pulled, { sent: true, source: 'pull', now: NOW });
    const reload = useWordsStore.getState().load(userId);
    const answered = await useWordsStore.getState().recordAnswer('deck-1', false);
    await reload;
    expect(answered).toMatchObject({ attempts: 11, correct: 10 });
    expect(useWordsStore.getState().words.get('deck-1')).toMatchObject({ attempts: 11 });
  });

  it('imports a history as the user’s own; the same file twice changes nothing', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const answer = (id: string, vocabId: string) => ({
      id,
      userId: 'someone-else',
      vocabId,
      kind: 'answer',
      correct: true,
      hlc: NOW * 1000,
      wall: NOW,
      device: 'phone',
    });
    const file = {
      userWords: [word('someone-else', 'deck-1'), word('someone-else', 'deck-2')],
      history: [
        answer('h1', 'deck-1'),
        answer('h2', 'deck-2'),
        answer('h3', 'deck-3'),
        { id: 'broken', kind: 'answer' },
      ],
    };
    expect(await useWordsStore.getState().importProgress(file)).toEqual({
      added: 3,
      rejected: 1,
      future: 0,
    });
    expect((await listUserWords(await getDB(), userId)).map((w) => w.vocabId).sort()).toEqual([
      'deck-1',
      'deck-2',
      'deck-3',
    ]);
    expect(await countUnsent(await getDB(), userId)).toBe(3);
    expect([...useWordsStore.getState().words.keys()].sort()).toEqual([
      'deck-1',
      'deck-2',
      'deck-3',
    ]);
    const again = await useWordsStore.getState().importProgress(file);
    expect(again).toEqual({ added: 0, rejected: 1, future: 0 });
    expect(await countUnsent(await getDB(), userId)).toBe(3);
  });

  it('an import the storage refuses halfway leaves nothing of the file', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const file = {
      userWords: [word('someone-else', 'deck-11'), word('someone-else', 'deck-12')],
      history: [
        ...['deck-11', 'deck-12'].map((vocabId) => ({
          id: `h-${vocabId}`,
          userId: 'someone-else',
          vocabId,
          kind: 'answer',
          correct: true,
          hlc: NOW * 1000,
          wall: NOW,
          device: 'phone',
        })),
        {
          id: 'h-last',
          userId: 'someone-else',
          vocabId: 'deck-13',
          kind: 'answer',
          correct: true,
          hlc: NOW * 1000,
          wall: NOW,
          device: 'phone',
        },
      ],
    };
    // The storage gives up (as when it is full) while the file's last entry is written.
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      const request = put.call(this, value, key);
      if (this.name === 'history' && (value as { id?: string }).id === 'h-last') {
        this.transaction.abort();
      }
      return request;
    });
    try {
      await expect(useWordsStore.getState().importProgress(file)).rejects.toBeDefined();
    } finally {
      spy.mockRestore();
    }
    expect(await listUserWords(await getDB(), userId)).toEqual([]);
    expect(await listHistory(await getDB(), userId)).toEqual([]);
  });
});

describe('load', () => {
  it('reads only the given user’s records', async () => {
    const a = uniqueUser();
    const b = uniqueUser();
    await seed([word(a, 'deck-1'), word(a, 'deck-2'), word(b, 'engine-1')]);

    await useWordsStore.getState().load(a);
    expect(useWordsStore.getState()).toMatchObject({ ownerId: a, loaded: true });
    expect([...useWordsStore.getState().words.keys()].sort()).toEqual(['deck-1', 'deck-2']);

    await useWordsStore.getState().load(b);
    expect([...useWordsStore.getState().words.keys()]).toEqual(['engine-1']);

    await useWordsStore.getState().load(null);
    expect(useWordsStore.getState()).toMatchObject({ ownerId: GUEST_ID, loaded: true });
    expect(useWordsStore.getState().words.size).toBe(0);
  });

  it('asked twice at once, reads the words once; asked once its read is made, reads them again', async () => {
    const userId = uniqueUser();
    await seed([word(userId, 'deck-1')]);
    const reads = vi.spyOn(IDBIndex.prototype, 'getAll');
    const wordReads = () =>
      // The store's reads: a transaction of the words alone (the start's one-time upkeep, which
      // may run within this test when it runs alone, reads them in a transaction of more stores).
      (reads.mock.contexts as IDBIndex[]).filter(
        (index) =>
          index.objectStore.name === 'userWords' &&
          index.name === 'userId' &&
          index.objectStore.transaction.objectStoreNames.length === 1,
      ).length;
    try {
      // As a start asks: the session restored, then ready, in one task.
      await Promise.all([
        useWordsStore.getState().load(userId),
        useWordsStore.getState().load(userId),
      ]);
      expect(wordReads()).toBe(1);
      expect([...useWordsStore.getState().words.keys()]).toEqual(['deck-1']);

      // A word stored while a load reads is in the load asked for after it.
      const first = useWordsStore.getState().load(userId);
      await new Promise((resolve) => setTimeout(resolve, 0));
      await seed([word(userId, 'deck-2')]);
      const second = useWordsStore.getState().load(userId);
      await Promise.all([first, second]);
      expect(wordReads()).toBe(3);
      expect([...useWordsStore.getState().words.keys()].sort()).toEqual(['deck-1', 'deck-2']);
    } finally {
      reads.mockRestore();
    }
  });

  it('signed in, out and in again at once, shows the words of who is signed in', async () => {
    const userId = uniqueUser();
    await seed([word(userId, 'deck-3')]);
    const store = useWordsStore.getState();
    await Promise.all([store.load(userId), store.load(null), store.load(userId)]);
    expect(useWordsStore.getState()).toMatchObject({ ownerId: userId, loaded: true });
    expect([...useWordsStore.getState().words.keys()]).toEqual(['deck-3']);
  });

  it('follows whoever signs in and out', async () => {
    const userId = uniqueUser();
    await seed([word(userId, 'deck-7')]);
    const user: User = {
      id: userId,
      email: `${userId}@ship.test`,
      fullName: '',
      isAdmin: false,
      createdAt: NOW,
      settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
    };
    useAuthStore.setState({ user });
    await vi.waitUntil(() => useWordsStore.getState().loaded);
    expect(useWordsStore.getState().ownerId).toBe(userId);
    expect([...useWordsStore.getState().words.keys()]).toEqual(['deck-7']);

    useAuthStore.setState({ user: null });
    await vi.waitUntil(() => useWordsStore.getState().ownerId === GUEST_ID);
    expect(useWordsStore.getState().words.size).toBe(0);
  });

  it('a change that lands after sign-out is saved but not shown to the guest', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const pending = useWordsStore.getState().recordAnswer('deck-1', true);
    await useWordsStore.getState().load(null);
    await pending;
    expect(useWordsStore.getState().words.size).toBe(0);
    expect(await getUserWord(await getDB(), userId, 'deck-1')).toMatchObject({ attempts: 1 });
  });
});
