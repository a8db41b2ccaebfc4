import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDB } from '@/db/instance';
import { listQueue } from '@/db/sync-queue-repo';
import { getUserWord, listUserWords, saveUserWord } from '@/db/user-words-repo';
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

async function queueOf(userId: string) {
  return (await listQueue(await getDB())).filter((entry) => entry.payload.userId === userId);
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
  it('studies in memory only: nothing is written to the database or the queue', async () => {
    const before = (await listQueue(await getDB())).length;
    const answered = await useWordsStore.getState().recordAnswer('deck-1', true);
    await useWordsStore.getState().recordSkip('deck-2');
    await useWordsStore.getState().setLearned('deck-3', true);
    await useWordsStore.getState().relearnWord('deck-3');

    expect(answered).toMatchObject({ userId: GUEST_ID, attempts: 1, correct: 1, streak: 1 });
    const { words, ownerId } = useWordsStore.getState();
    expect(ownerId).toBe(GUEST_ID);
    expect([...words.keys()].sort()).toEqual(['deck-1', 'deck-2', 'deck-3']);
    expect(await listUserWords(await getDB(), GUEST_ID)).toEqual([]);
    expect((await listQueue(await getDB())).length).toBe(before);
  });

  it('imports nothing', async () => {
    expect(await useWordsStore.getState().importWords([word('x', 'deck-1')])).toBe(0);
    expect(await listUserWords(await getDB(), 'x')).toEqual([]);
  });
});

describe('a signed-in user', () => {
  it('saves an answer together with its sync-queue entry', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const answered = await useWordsStore.getState().recordAnswer('deck-1', true);

    expect(answered).toMatchObject({
      userId,
      vocabId: 'deck-1',
      attempts: 1,
      correct: 1,
      streak: 1,
      lastSeenAt: NOW,
      updatedAt: NOW,
    });
    expect(useWordsStore.getState().words.get('deck-1')).toEqual(answered);
    // The stored copy adds the explicit not-deleted flag.
    const stored = { ...answered, deleted: false };
    expect(await getUserWord(await getDB(), userId, 'deck-1')).toEqual(stored);
    expect(await queueOf(userId)).toEqual([
      {
        id: expect.any(String),
        entity: 'userWords',
        op: 'upsert',
        payload: stored,
        createdAt: NOW,
      },
    ]);
  });

  it('queues every change, building on the previous state', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    await useWordsStore.getState().recordAnswer('deck-1', true);
    vi.setSystemTime(NOW + 1000);
    await useWordsStore.getState().recordAnswer('deck-1', false);
    vi.setSystemTime(NOW + 2000);
    const learned = await useWordsStore.getState().setLearned('deck-1', true);

    // Marking learned lifts correct to 3 and attempts with it (accuracy stays <= 100 %).
    expect(learned).toMatchObject({ attempts: 3, correct: 3, status: 'learned', strength: 1 });
    const queue = await queueOf(userId);
    expect(queue.map((entry) => entry.payload.attempts)).toEqual([1, 2, 3]);
    expect(await getUserWord(await getDB(), userId, 'deck-1')).toMatchObject(learned);
  });

  it('imports words as their own, each queued for sync', async () => {
    const userId = uniqueUser();
    await useWordsStore.getState().load(userId);
    const count = await useWordsStore
      .getState()
      .importWords([word('someone-else', 'deck-1'), word('someone-else', 'deck-2')]);
    expect(count).toBe(2);
    expect((await listUserWords(await getDB(), userId)).map((w) => w.vocabId).sort()).toEqual([
      'deck-1',
      'deck-2',
    ]);
    expect(await queueOf(userId)).toHaveLength(2);
    expect([...useWordsStore.getState().words.keys()].sort()).toEqual(['deck-1', 'deck-2']);
  });
});

describe('load', () => {
  it('reads only the given user’s records', async () => {
    const a = uniqueUser();
    const b = uniqueUser();
    const db = await getDB();
    await saveUserWord(db, word(a, 'deck-1'), { enqueue: false });
    await saveUserWord(db, word(a, 'deck-2'), { enqueue: false });
    await saveUserWord(db, word(b, 'engine-1'), { enqueue: false });

    await useWordsStore.getState().load(a);
    expect(useWordsStore.getState()).toMatchObject({ ownerId: a, loaded: true });
    expect([...useWordsStore.getState().words.keys()].sort()).toEqual(['deck-1', 'deck-2']);

    await useWordsStore.getState().load(b);
    expect([...useWordsStore.getState().words.keys()]).toEqual(['engine-1']);

    await useWordsStore.getState().load(null);
    expect(useWordsStore.getState()).toMatchObject({ ownerId: GUEST_ID, loaded: true });
    expect(useWordsStore.getState().words.size).toBe(0);
  });

  it('follows whoever signs in and out', async () => {
    const userId = uniqueUser();
    await saveUserWord(await getDB(), word(userId, 'deck-7'), { enqueue: false });
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
