/** The sync engine: coalesced batched push, incremental pull, conflict rule, failures. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openMarineDB } from '@/db/open';
import type { MarineDB } from '@/db/schema';
import { listQueue } from '@/db/sync-queue-repo';
import { getUserWord, saveUserWord, saveUserWords } from '@/db/user-words-repo';
import { getSyncCursor, putUser } from '@/db/users-repo';
import { answer, newUserWord } from '@/domain/srs';
import type { UserWord } from '@/domain/types';
import { compareWordVersions, syncOnce } from '@/sync/engine';
import { MemoryRemote } from '@/sync/memory-remote';

const USER = 'u-crew';
const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);

let counter = 0;
const open: MarineDB[] = [];

/** A fresh device database (no vocabulary) holding the local record of `userId`. */
async function device(userId = USER): Promise<MarineDB> {
  counter++;
  const name = `MarineDB-engine-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const db = await openMarineDB({ name, vocabulary: [] });
  await putUser(db, {
    id: userId,
    email: `${userId}@ship.test`,
    fullName: 'Crew',
    isAdmin: false,
    createdAt: 1,
    settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
  });
  open.push(db);
  return db;
}

function word(userId: string, vocabId: string, overrides: Partial<UserWord> = {}): UserWord {
  return {
    userId,
    vocabId,
    status: 'learning',
    attempts: 1,
    correct: 1,
    streak: 1,
    strength: 0.3,
    updatedAt: 1_000,
    deleted: false,
    ...overrides,
  };
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** Strips what is not learning state, for comparing a local record with a cloud document. */
function state(w: UserWord | undefined) {
  if (!w) return undefined;
  const { remoteId: _r, userId: _u, syncedAt: _s, ...rest } = w as UserWord & { syncedAt?: number };
  return { ...rest, deleted: Boolean(rest.deleted) };
}

describe('push', () => {
  it('coalesces three changes of one word into one write of its latest state', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    let w = newUserWord(USER, 'deck-1', NOW);
    for (const [i, correct] of [true, false, true].entries()) {
      w = await saveUserWord(db, answer(w, correct, NOW + i), { enqueue: true, now: NOW + i });
    }
    expect(await listQueue(db)).toHaveLength(3);

    const report = await syncOnce({ db, remote, userId: USER, now: NOW + 10 });

    expect(report).toEqual({ pushed: 1, pulled: 0, commits: 1 });
    expect(remote.counters.writes).toBe(1);
    expect(state(remote.document(USER, 'deck-1'))).toEqual(state(w));
    expect(remote.document(USER, 'deck-1')?.attempts).toBe(3);
    expect(await listQueue(db)).toEqual([]);
    expect((await getUserWord(db, USER, 'deck-1'))?.remoteId).toBe('deck-1');
  });

  it('commits 1,200 queued words in batches of 500, 500 and 200 and drains the queue', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    const commit = vi.spyOn(remote, 'commitWords');
    const words = Array.from({ length: 1200 }, (_, i) =>
      word(USER, `w${i}`, { updatedAt: NOW + i }),
    );
    await saveUserWords(db, words, { enqueue: true, now: NOW });

    const report = await syncOnce({ db, remote, userId: USER, now: NOW + 5000 });

    expect(commit.mock.calls.map(([, batch]) => batch.length)).toEqual([500, 500, 200]);
    expect(report).toEqual({ pushed: 1200, pulled: 0, commits: 3 });
    expect(remote.documents(USER)).toHaveLength(1200);
    expect(await listQueue(db)).toEqual([]);
  });

  it('keeps the entries of a failed commit (and only those) in the queue', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    const words = Array.from({ length: 700 }, (_, i) => word(USER, `w${i}`, { updatedAt: NOW }));
    await saveUserWords(db, words, { enqueue: true, now: NOW });
    const queued = await listQueue(db);

    remote.failNext('error');
    await expect(syncOnce({ db, remote, userId: USER, now: NOW + 1 })).rejects.toThrow(
      'commit failed',
    );
    expect(await listQueue(db)).toEqual(queued);
    expect(remote.documents(USER)).toEqual([]);

    // Retrying later sends them.
    await syncOnce({ db, remote, userId: USER, now: NOW + 2 });
    expect(await listQueue(db)).toEqual([]);
    expect(remote.documents(USER)).toHaveLength(700);
  });

  it('removes exactly the entries of the batches that were committed', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    const words = Array.from({ length: 700 }, (_, i) => word(USER, `w${i}`, { updatedAt: NOW }));
    await saveUserWords(db, words, { enqueue: true, now: NOW });
    const inner = remote.commitWords.bind(remote);
    let calls = 0;
    vi.spyOn(remote, 'commitWords').mockImplementation(async (uid, batch) => {
      calls++;
      if (calls === 2) throw new Error('second batch failed');
      return inner(uid, batch);
    });

    await expect(syncOnce({ db, remote, userId: USER, now: NOW + 1 })).rejects.toThrow(
      'second batch failed',
    );

    const committed = new Set(remote.documents(USER).map((d) => d.vocabId));
    const left = await listQueue(db);
    expect(committed.size).toBe(500);
    expect(left).toHaveLength(200);
    expect(left.every((entry) => !committed.has(entry.payload.vocabId))).toBe(true);
    vi.restoreAllMocks();
  });

  it('converges without duplicates after a lost response and a retry', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    const words = Array.from({ length: 3 }, (_, i) => word(USER, `w${i}`, { updatedAt: NOW }));
    await saveUserWords(db, words, { enqueue: true, now: NOW });

    remote.failNext('lost-response');
    await expect(syncOnce({ db, remote, userId: USER, now: NOW + 1 })).rejects.toThrow(
      'commit response lost',
    );
    expect(remote.documents(USER)).toHaveLength(3);
    expect(await listQueue(db)).toHaveLength(3);

    const retry = await syncOnce({ db, remote, userId: USER, now: NOW + 2 });

    // The pull showed the cloud already holds these versions: the entries go, nothing is re-sent.
    expect(retry.commits).toBe(0);
    expect(await listQueue(db)).toEqual([]);
    expect(
      remote
        .documents(USER)
        .map((d) => d.vocabId)
        .sort(),
    ).toEqual(['w0', 'w1', 'w2']);
    expect(remote.counters.writes).toBe(3);
  });

  it("pushes only the signed-in user's entries", async () => {
    const db = await device();
    const remote = new MemoryRemote();
    await saveUserWord(db, word(USER, 'a'), { enqueue: true, now: NOW });
    await saveUserWord(db, word('someone-else', 'b'), { enqueue: true, now: NOW });

    await syncOnce({ db, remote, userId: USER, now: NOW + 1 });

    expect(remote.documents(USER).map((d) => d.vocabId)).toEqual(['a']);
    expect(remote.documents('someone-else')).toEqual([]);
    expect((await listQueue(db)).map((e) => e.payload.userId)).toEqual(['someone-else']);
  });
});

describe('pull', () => {
  it('takes a newer remote version, keeps a newer local one and repairs the cloud', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    await remote.commitWords(USER, [
      word(USER, 'remote-newer', { updatedAt: NOW + 100, attempts: 9 }),
      word(USER, 'local-newer', { updatedAt: NOW - 100, attempts: 1 }),
      word(USER, 'remote-only', { updatedAt: NOW }),
    ]);
    // Local state written earlier and already synced (no queue entries).
    await saveUserWord(db, word(USER, 'remote-newer', { updatedAt: NOW, attempts: 2 }), {
      enqueue: false,
    });
    const localNewer = word(USER, 'local-newer', { updatedAt: NOW, attempts: 5 });
    await saveUserWord(db, localNewer, { enqueue: false });
    remote.resetCounters();

    const report = await syncOnce({ db, remote, userId: USER, now: NOW + 1 });

    expect(report).toEqual({ pushed: 1, pulled: 2, commits: 1 });
    expect((await getUserWord(db, USER, 'remote-newer'))?.attempts).toBe(9);
    expect((await getUserWord(db, USER, 'remote-only'))?.updatedAt).toBe(NOW);
    expect(state(await getUserWord(db, USER, 'local-newer'))).toEqual(state(localNewer));
    expect(state(remote.document(USER, 'local-newer'))).toEqual(state(localNewer));
    expect(await listQueue(db)).toEqual([]);
  });

  it('drops a queued change that a newer remote version replaced', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    await saveUserWord(db, word(USER, 'w', { updatedAt: NOW, attempts: 1 }), {
      enqueue: true,
      now: NOW,
    });
    const newer = word(USER, 'w', { updatedAt: NOW + 50, attempts: 7 });
    await remote.commitWords(USER, [newer]);

    const report = await syncOnce({ db, remote, userId: USER, now: NOW + 60 });

    expect(report).toEqual({ pushed: 0, pulled: 1, commits: 0 });
    expect(await listQueue(db)).toEqual([]);
    expect(state(remote.document(USER, 'w'))).toEqual(state(newer));
    expect(state(await getUserWord(db, USER, 'w'))).toEqual(state(newer));
  });

  it('advances the cursor; an idle sync costs exactly 1 read and 0 commits', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    await remote.commitWords(USER, [word(USER, 'a'), word(USER, 'b')]);
    expect(await getSyncCursor(db, USER)).toBeUndefined();

    await syncOnce({ db, remote, userId: USER, now: NOW });
    expect(await getSyncCursor(db, USER)).toBe(remote.serverTime);

    remote.resetCounters();
    const idle = await syncOnce({ db, remote, userId: USER, now: NOW + 1 });
    expect(idle).toEqual({ pushed: 0, pulled: 0, commits: 0 });
    expect(remote.counters).toEqual({ reads: 1, writes: 0, commits: 0, requests: 1 });
  });

  it('reads back its own push once, then is idle', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    await saveUserWord(db, word(USER, 'a'), { enqueue: true, now: NOW });
    await syncOnce({ db, remote, userId: USER, now: NOW });
    await syncOnce({ db, remote, userId: USER, now: NOW + 1 });
    remote.resetCounters();

    await syncOnce({ db, remote, userId: USER, now: NOW + 2 });

    expect(remote.counters).toEqual({ reads: 1, writes: 0, commits: 0, requests: 1 });
  });

  it('does not store the cursor when the pull or the merge fails', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    await remote.commitWords(USER, [word(USER, 'a')]);
    remote.failNext('lost-response', { on: 'pull' });

    await expect(syncOnce({ db, remote, userId: USER, now: NOW })).rejects.toThrow();

    expect(await getSyncCursor(db, USER)).toBeUndefined();
    expect(await getUserWord(db, USER, 'a')).toBeUndefined();
  });

  it('breaks an updatedAt tie the same way on every device', async () => {
    const a = word(USER, 'w', { updatedAt: NOW, attempts: 3, correct: 1 });
    const b = word(USER, 'w', { updatedAt: NOW, attempts: 3, correct: 2 });
    expect(compareWordVersions(a, b)).toBeLessThan(0);
    expect(compareWordVersions(b, a)).toBeGreaterThan(0);
    expect(compareWordVersions(a, { ...a, remoteId: 'w' })).toBe(0);

    const dbA = await device();
    const dbB = await device();
    const remote = new MemoryRemote();
    await saveUserWord(dbA, a, { enqueue: true, now: NOW });
    await saveUserWord(dbB, b, { enqueue: true, now: NOW });
    for (const db of [dbA, dbB, dbA, dbB]) await syncOnce({ db, remote, userId: USER, now: NOW });

    expect(state(await getUserWord(dbA, USER, 'w'))).toEqual(state(b));
    expect(state(await getUserWord(dbB, USER, 'w'))).toEqual(state(b));
    expect(state(remote.document(USER, 'w'))).toEqual(state(b));
  });
});

it("rejects with 'Not signed in to Firebase' without a user", async () => {
  const db = await device();
  const remote = new MemoryRemote();
  for (const userId of [null, undefined, '']) {
    await expect(syncOnce({ db, remote, userId, now: NOW })).rejects.toThrow(
      'Not signed in to Firebase',
    );
  }
  expect(remote.counters.requests).toBe(0);
});
