/** The sync status store: status transitions, the pending count and the start/stop life cycle. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordChange } from '@/db/history-append';
import { takePushBatches } from '@/db/history-push';
import { countUnsent } from '@/db/history-queries';
import { openMarineDB } from '@/db/open';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
import { putUser } from '@/db/users-repo';
import type { SyncStartOptions } from '@/stores/sync-store';
import { notifyLocalChange, onSyncChanges, syncErrorKind, useSyncStore } from '@/stores/sync-store';
import type { SyncChange } from '@/sync/changes';
import type { Cloud } from '@/sync/cloud';
import type { FleetRemote } from '@/sync/fleet-remote';
import { TimeoutError } from '@/sync/timeout';
import { MemoryRemote } from '../sync/support/memory-remote';

const USER = 'u-crew';
const T0 = Date.UTC(2025, 5, 1, 8, 0, 0);

let counter = 0;
let db: MarineDB;
let remote: MemoryRemote;
let events: EventTarget;
let online: boolean;

/** A correct answer on `vocabId`, as the words store records it. */
function answer(vocabId: string, userId = USER) {
  return recordChange(db, userId, vocabId, { kind: 'answer', correct: true }, T0 - 1000);
}

const pushedWords = () =>
  remote
    .entries(USER)
    .map((entry) => entry.vocabId)
    .sort();

function options(): SyncStartOptions {
  return { getDB: async () => db, isOnline: () => online, events, locks: null };
}

/** Lets IndexedDB work (it runs on the real setImmediate; only timers and Date are fake). */
async function flush(): Promise<void> {
  // (A first sync now also looks for the history segments and their counter: 60 rounds.)
  for (let i = 0; i < 60; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

// The store loads the sync engine with import() on the first run; loaded here once, so the runs
// below settle within `flush()` like every other IndexedDB step.
beforeAll(async () => {
  await import('@/sync/engine');
});

beforeEach(async () => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(T0);
  counter++;
  db = await openMarineDB({ name: `MarineDB-sync-store-${counter}`, vocabulary: [] });
  await putUser(db, {
    id: USER,
    email: 'crew@ship.test',
    fullName: 'Crew',
    isAdmin: false,
    createdAt: 1,
    settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
  });
  remote = new MemoryRemote();
  events = new EventTarget();
  online = true;
});

afterEach(() => {
  useSyncStore.getState().stop();
  vi.useRealTimers();
  db.close();
});

describe('sync store', () => {
  it('starts with the pending count of this user and syncs 100 ms later', async () => {
    await answer('a');
    await answer('b');
    await answer('c', 'other-user');
    const factory = vi.fn(async () => ({ store: remote }));

    useSyncStore.getState().start(USER, factory, options());
    await flush();
    expect(useSyncStore.getState()).toMatchObject({
      userId: USER,
      online: true,
      syncing: false,
      pendingCount: 2,
      lastSyncedAt: null,
      lastError: null,
    });
    expect(factory).not.toHaveBeenCalled(); // Firebase is loaded only when a sync runs

    await vi.advanceTimersByTimeAsync(100);
    expect(useSyncStore.getState().syncing).toBe(true);
    await flush();
    expect(useSyncStore.getState()).toMatchObject({
      syncing: false,
      pendingCount: 0,
      lastSyncedAt: T0 + 100,
      lastError: null,
    });
    expect(pushedWords()).toEqual(['a', 'b']);
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('goes syncing -> idle with the outcome of a manual sync, failure then success', async () => {
    await answer('a');
    useSyncStore.getState().start(USER, async () => ({ store: remote }), options());
    await flush();
    const seen: boolean[] = [];
    const unsubscribe = useSyncStore.subscribe((state, previous) => {
      if (state.syncing !== previous.syncing) seen.push(state.syncing);
    });

    remote.failNext('error');
    const failed = await useSyncStore.getState().syncNow();
    await flush();
    expect(failed).toMatchObject({ ok: false, reason: 'error' });
    expect(useSyncStore.getState()).toMatchObject({
      syncing: false,
      lastError: 'commit failed',
      lastErrorKind: 'failed',
      pendingCount: 1,
      lastSyncedAt: null,
    });

    vi.setSystemTime(T0 + 5000);
    await expect(useSyncStore.getState().syncNow()).resolves.toEqual({ ok: true });
    await flush();
    expect(useSyncStore.getState()).toMatchObject({
      syncing: false,
      lastError: null,
      pendingCount: 0,
      lastSyncedAt: T0 + 5000,
    });
    expect(seen).toEqual([true, false, true, false]);
    unsubscribe();
  });

  it('notifyLocalChange refreshes the pending count and syncs 1.5 s later', async () => {
    useSyncStore.getState().start(USER, async () => ({ store: remote }), options());
    await vi.advanceTimersByTimeAsync(100);
    await flush();

    await answer('a');
    notifyLocalChange();
    await flush();
    expect(useSyncStore.getState().pendingCount).toBe(1);

    await vi.advanceTimersByTimeAsync(1499);
    await flush();
    expect(pushedWords()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(pushedWords()).toEqual(['a']);
    expect(useSyncStore.getState().pendingCount).toBe(0);
  });

  it('hands the words a sync changed here, as stored, to the change listeners', async () => {
    const other = await openMarineDB({
      name: `MarineDB-sync-store-other-${counter}`,
      vocabulary: [],
    });
    await recordChange(other, USER, 'from-cloud', { kind: 'answer', correct: true }, T0);
    await remote.pushHistory(USER, await takePushBatches(other, USER, 500, T0));
    other.close();
    const seen: SyncChange[] = [];
    const unsubscribe = onSyncChanges((changes) => seen.push(...changes));
    try {
      useSyncStore.getState().start(USER, async () => ({ store: remote }), options());
      await useSyncStore.getState().syncNow();
      const stored = await getUserWord(db, USER, 'from-cloud');
      expect(stored).toMatchObject({ attempts: 1, correct: 1 });
      expect(seen).toEqual([{ kind: 'words', userId: USER, words: [stored], removed: [] }]);
      // Nothing new: nothing to take in.
      await useSyncStore.getState().syncNow();
      expect(seen).toHaveLength(1);
    } finally {
      unsubscribe();
    }
  });

  it('keeps the last fleet change for the fleet screens, and clears it at logout', async () => {
    const change = { kind: 'fleet', userId: USER } as const;
    const fleet = {
      // Made a training officer on another device: no membership, so no summary to write.
      readMembership: async () => null,
      readOfficer: async () => ({ vessels: ['v1'], fleet: false }),
    } as unknown as FleetRemote;
    useSyncStore.getState().start(USER, async () => ({ store: remote, fleet }), options());
    expect(useSyncStore.getState().fleetChange).toBeNull();
    await useSyncStore.getState().syncNow();
    expect(useSyncStore.getState().fleetChange).toEqual(change);
    useSyncStore.getState().stop();
    expect(useSyncStore.getState().fleetChange).toBeNull();
  });

  it('follows the connection and skips syncing while offline', async () => {
    useSyncStore.getState().start(USER, async () => ({ store: remote }), options());
    online = false;
    events.dispatchEvent(new Event('offline'));
    expect(useSyncStore.getState().online).toBe(false);
    // The automatic triggers (the 60 s interval here) skip while offline.
    await vi.advanceTimersByTimeAsync(60_000);
    await flush();
    expect(remote.counters.requests).toBe(0);

    online = true;
    events.dispatchEvent(new Event('online'));
    expect(useSyncStore.getState().online).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    await flush();
    expect(remote.counters.requests).toBeGreaterThan(0);
  });

  it('retries loading the remote after the factory failed', async () => {
    const factory = vi
      .fn<() => Promise<Cloud>>()
      .mockRejectedValueOnce(new Error('chunk failed to load'))
      .mockResolvedValue({ store: remote });
    useSyncStore.getState().start(USER, factory, options());
    await expect(useSyncStore.getState().syncNow()).resolves.toMatchObject({ ok: false });
    expect(useSyncStore.getState().lastError).toBe('chunk failed to load');
    await expect(useSyncStore.getState().syncNow()).resolves.toEqual({ ok: true });
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('stop() (logout) ends syncing and resets the status; notifyLocalChange then does nothing', async () => {
    await answer('a');
    useSyncStore.getState().start(USER, async () => ({ store: remote }), options());
    await flush();
    expect(useSyncStore.getState().pendingCount).toBe(1);

    useSyncStore.getState().stop();

    expect(useSyncStore.getState()).toMatchObject({
      userId: null,
      syncing: false,
      pendingCount: 0,
    });
    notifyLocalChange();
    await vi.advanceTimersByTimeAsync(600_000);
    await flush();
    expect(remote.counters.requests).toBe(0);
    expect(await countUnsent(db, USER)).toBe(1);
    await expect(useSyncStore.getState().syncNow()).resolves.toEqual({
      ok: false,
      reason: 'stopped',
    });
  });

  it('starting for another user stops the first session', async () => {
    useSyncStore.getState().start(USER, async () => ({ store: remote }), options());
    useSyncStore.getState().start('second-user', async () => ({ store: remote }), options());
    expect(useSyncStore.getState().userId).toBe('second-user');
    await vi.advanceTimersByTimeAsync(100);
    await flush();
    // Only the second user's session ran (its user has no local record: no cursor, still fine):
    // one history pull and one curriculum pull.
    expect(remote.counters.requests).toBe(2);
  });
});

describe('syncErrorKind: what the settings say of the last failure', () => {
  it('tells no connection, a refusal and anything else apart', () => {
    expect(syncErrorKind(null)).toBeNull();
    expect(syncErrorKind(new TimeoutError('Pulling', 30_000))).toBe('offline');
    expect(syncErrorKind(Object.assign(new Error('x'), { code: 'unavailable' }))).toBe('offline');
    expect(syncErrorKind(new TypeError('Failed to fetch'))).toBe('offline');
    expect(syncErrorKind(Object.assign(new Error('x'), { code: 'permission-denied' }))).toBe(
      'denied',
    );
    expect(syncErrorKind(new Error('commit failed'))).toBe('failed');
  });
});
