/** The sync triggers (SPEC §4, §9) under fake timers: timing, offline, overlap, backoff, locks, stop. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  createSyncScheduler,
  type SchedulerLockManager,
  type SyncSchedulerOptions,
  type SyncSchedulerStatus,
} from '@/sync/triggers';

const T0 = Date.UTC(2025, 5, 1, 8, 0, 0);

interface Harness {
  runs: number[];
  statuses: SyncSchedulerStatus[];
  events: EventTarget;
  online: { value: boolean };
  scheduler: ReturnType<typeof createSyncScheduler>;
}

function harness(overrides: Partial<SyncSchedulerOptions> = {}): Harness {
  const runs: number[] = [];
  const statuses: SyncSchedulerStatus[] = [];
  const events = new EventTarget();
  const online = { value: true };
  const scheduler = createSyncScheduler({
    run: async () => {
      runs.push(Date.now() - T0);
    },
    isOnline: () => online.value,
    onStatus: (status) => statuses.push(status),
    events,
    locks: null,
    ...overrides,
  });
  return { runs, statuses, events, online, scheduler };
}

/** A run that stays in flight until `finish()` (or `fail()`). */
function controllableRun() {
  let active = 0;
  let maxActive = 0;
  let calls = 0;
  const pending: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const run = () =>
    new Promise<void>((resolve, reject) => {
      calls++;
      active++;
      maxActive = Math.max(maxActive, active);
      pending.push({
        resolve: () => {
          active--;
          resolve();
        },
        reject: (error) => {
          active--;
          reject(error);
        },
      });
    });
  return {
    run,
    finish: () => pending.shift()?.resolve(),
    fail: (error = new Error('boom')) => pending.shift()?.reject(error),
    get calls() {
      return calls;
    },
    get maxActive() {
      return maxActive;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('trigger timing', () => {
  it('runs once 100 ms after start', async () => {
    const h = harness();
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(99);
    expect(h.runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.runs).toEqual([100]);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(h.runs).toEqual([100]);
    h.scheduler.stop();
  });

  it('runs 1.5 s after the last local change (debounced)', async () => {
    const h = harness();
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(100);
    h.runs.length = 0;
    h.scheduler.notifyLocalChange();
    await vi.advanceTimersByTimeAsync(1000);
    h.scheduler.notifyLocalChange();
    await vi.advanceTimersByTimeAsync(1000);
    h.scheduler.notifyLocalChange();
    await vi.advanceTimersByTimeAsync(1499);
    expect(h.runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.runs).toEqual([100 + 2000 + 1500]);
    h.scheduler.stop();
  });

  it('runs every 60 s', async () => {
    const h = harness();
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(h.runs).toEqual([100, 60_000, 120_000, 180_000]);
    h.scheduler.stop();
  });

  it('runs 200 ms after window focus or coming online, one run for a burst of both', async () => {
    const h = harness();
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    h.runs.length = 0;
    h.events.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(199);
    expect(h.runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.runs).toEqual([1200]);

    h.events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(100);
    h.events.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(199);
    expect(h.runs).toEqual([1200]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.runs).toEqual([1200, 1500]);
    h.scheduler.stop();
  });

  it('a manual sync runs at once and resolves with the outcome', async () => {
    let fail = false;
    const h = harness({
      run: async () => {
        if (fail) throw new Error('network down');
      },
    });
    await expect(h.scheduler.syncNow()).resolves.toEqual({ ok: true });
    fail = true;
    const outcome = await h.scheduler.syncNow();
    expect(outcome).toMatchObject({ ok: false, reason: 'error' });
    expect(outcome.ok === false && (outcome.error as Error).message).toBe('network down');
    h.scheduler.stop();
  });
});

describe('offline', () => {
  it('skips every trigger quietly and syncs when the connection returns', async () => {
    const h = harness();
    h.online.value = false;
    h.scheduler.start();
    h.scheduler.notifyLocalChange();
    h.events.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(h.runs).toEqual([]);
    expect(h.scheduler.status()).toMatchObject({ lastError: null, failures: 0, online: false });

    h.online.value = true;
    h.events.dispatchEvent(new Event('online'));
    expect(h.scheduler.status().online).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(h.runs).toEqual([120_200]);
    h.scheduler.stop();
  });

  it('a manual sync tries even when the browser says offline: it may be wrong', async () => {
    const h = harness();
    h.online.value = false;
    await expect(h.scheduler.syncNow()).resolves.toEqual({ ok: true });
    expect(h.runs).toHaveLength(1);
    h.scheduler.stop();
  });

  it('a manual sync that fails while the browser says offline reports offline', async () => {
    const h = harness({
      run: async () => {
        throw new Error('Failed to fetch');
      },
    });
    h.online.value = false;
    const outcome = await h.scheduler.syncNow();
    expect(outcome).toMatchObject({ ok: false, reason: 'offline' });
    h.online.value = true;
    await expect(h.scheduler.syncNow()).resolves.toMatchObject({ ok: false, reason: 'error' });
    h.scheduler.stop();
  });

  it('reports going offline', () => {
    const h = harness();
    h.scheduler.start();
    h.online.value = false;
    h.events.dispatchEvent(new Event('offline'));
    expect(h.statuses.at(-1)?.online).toBe(false);
    h.scheduler.stop();
  });
});

describe('no overlap', () => {
  it('never runs twice at once; triggers during a run ask for one follow-up run', async () => {
    const c = controllableRun();
    const h = harness({ run: c.run });
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(c.calls).toBe(1);
    expect(h.scheduler.status().syncing).toBe(true);

    h.scheduler.notifyLocalChange();
    await vi.advanceTimersByTimeAsync(60_000); // debounce and interval fire during the run
    const manual = h.scheduler.syncNow();
    const manual2 = h.scheduler.syncNow();
    expect(c.calls).toBe(1);

    c.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.calls).toBe(2); // one follow-up for all of them
    c.finish();
    await expect(manual).resolves.toEqual({ ok: true });
    await expect(manual2).resolves.toEqual({ ok: true });
    expect(c.maxActive).toBe(1);
    expect(h.scheduler.status().syncing).toBe(false);
    h.scheduler.stop();
  });

  it('reports syncing while a run is in flight', async () => {
    const c = controllableRun();
    const h = harness({ run: c.run });
    const done = h.scheduler.syncNow();
    expect(h.statuses.at(-1)).toMatchObject({ syncing: true });
    c.finish();
    await done;
    expect(h.statuses.at(-1)).toMatchObject({ syncing: false, lastSyncedAt: T0, lastError: null });
  });
});

describe('backoff', () => {
  it('computes 30 s doubling to 16 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(backoffDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ]);
  });

  it('retries failed runs after 30 s doubling to 16 min; the interval waits meanwhile', async () => {
    const attempts: number[] = [];
    const h = harness({
      run: async () => {
        attempts.push(Date.now() - T0);
        throw new Error('unavailable');
      },
    });
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(100 + 30_000 + 60_000 + 120_000 + 240_000 + 480_000);
    await vi.advanceTimersByTimeAsync(960_000 * 3);
    const gaps = attempts.slice(1).map((t, i) => t - (attempts[i] as number));
    expect(attempts[0]).toBe(100);
    expect(gaps).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000]);
    expect(h.scheduler.status()).toMatchObject({ failures: 9, syncing: false });
    expect((h.scheduler.status().lastError as Error).message).toBe('unavailable');
    h.scheduler.stop();
  });

  it('skips debounced and focus triggers while backing off', async () => {
    let fail = true;
    const attempts: number[] = [];
    const h = harness({
      run: async () => {
        attempts.push(Date.now() - T0);
        if (fail) throw new Error('unavailable');
      },
    });
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(100);
    h.scheduler.notifyLocalChange();
    h.events.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(attempts).toEqual([100]);
    fail = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempts).toEqual([100, 30_100]);
    expect(h.scheduler.status()).toMatchObject({ failures: 0, retryAt: null, lastError: null });
    h.scheduler.stop();
  });

  it('a manual sync always tries and resets the backoff on success', async () => {
    let fail = true;
    const attempts: number[] = [];
    const h = harness({
      run: async () => {
        attempts.push(Date.now() - T0);
        if (fail) throw new Error('unavailable');
      },
    });
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(100 + 30_000 + 60_000); // three failures: next in 120 s
    expect(h.scheduler.status().failures).toBe(3);
    fail = false;
    await expect(h.scheduler.syncNow()).resolves.toEqual({ ok: true });
    expect(h.scheduler.status()).toMatchObject({ failures: 0, retryAt: null });
    // Back to the normal rhythm: the interval runs again, the pending retry is gone.
    attempts.length = 0;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(attempts).toEqual([120_000, 180_000]);
    h.scheduler.stop();
  });

  it('coming online tries at once even while backing off', async () => {
    const attempts: number[] = [];
    const h = harness({
      run: async () => {
        attempts.push(Date.now() - T0);
        if (attempts.length === 1) throw new Error('unavailable');
      },
    });
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(1000);
    h.events.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(200);
    expect(attempts).toEqual([100, 1200]);
    expect(h.scheduler.status().failures).toBe(0);
    h.scheduler.stop();
  });
});

describe('across tabs (Web Locks)', () => {
  function fakeLocks(heldByOtherTab: { value: boolean }) {
    const requests: { name: string; options: { ifAvailable?: boolean; signal?: AbortSignal } }[] =
      [];
    let release: (() => void) | null = null;
    const locks: SchedulerLockManager = {
      async request(name, options, callback) {
        requests.push({ name, options });
        if (heldByOtherTab.value) {
          if (options.ifAvailable) return callback(null);
          // As the Web Locks API: a wait ends when the lock is released or the signal aborts.
          await new Promise<void>((resolve, reject) => {
            release = resolve;
            options.signal?.addEventListener('abort', () => reject(options.signal?.reason));
          });
        }
        return callback({ name });
      },
    };
    return { locks, requests, release: () => release?.() };
  }

  it("takes the 'marine-sync' lock and skips an automatic run while another tab holds it", async () => {
    const held = { value: false };
    const fake = fakeLocks(held);
    const h = harness({ locks: fake.locks });
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(h.runs).toEqual([100]);
    expect(fake.requests[0]).toEqual({ name: 'marine-sync', options: { ifAvailable: true } });

    held.value = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.runs).toEqual([100]);
    expect(h.scheduler.status()).toMatchObject({ failures: 0, syncing: false, lastError: null });
    h.scheduler.stop();
  });

  it('a manual sync waits for the other tab instead of failing', async () => {
    const held = { value: true };
    const fake = fakeLocks(held);
    const h = harness({ locks: fake.locks });
    const outcome = h.scheduler.syncNow();
    await vi.advanceTimersByTimeAsync(10);
    expect(h.runs).toEqual([]);
    fake.release();
    await expect(outcome).resolves.toEqual({ ok: true });
    expect(h.runs).toHaveLength(1);
    expect(fake.requests.at(-1)?.options.signal?.aborted).toBe(false);
  });

  it('a manual sync waits for the lock at most 60 s, then reports the failure', async () => {
    const fake = fakeLocks({ value: true });
    const h = harness({ locks: fake.locks });
    const outcome = h.scheduler.syncNow();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(h.scheduler.status().syncing).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    const result = await outcome;
    expect(result).toMatchObject({ ok: false, reason: 'error' });
    expect(String((result as { error: unknown }).error)).toContain(
      'Waiting for the sync of another tab did not finish within 60 s',
    );
    expect(h.runs).toEqual([]);
    expect(h.scheduler.status()).toMatchObject({ syncing: false, failures: 1 });
    h.scheduler.stop();
  });
});

describe('stop', () => {
  it('removes every timer and listener', async () => {
    const events = new EventTarget();
    const added: string[] = [];
    const removed: string[] = [];
    const spyTarget = {
      addEventListener: (type: string, listener: () => void) => {
        added.push(type);
        events.addEventListener(type, listener);
      },
      removeEventListener: (type: string, listener: () => void) => {
        removed.push(type);
        events.removeEventListener(type, listener);
      },
    };
    const h = harness({ events: spyTarget });
    h.scheduler.start();
    h.scheduler.notifyLocalChange();
    events.dispatchEvent(new Event('focus'));
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    h.scheduler.stop();

    expect(vi.getTimerCount()).toBe(0);
    expect(removed.sort()).toEqual(added.sort());
    events.dispatchEvent(new Event('online'));
    h.scheduler.notifyLocalChange();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(h.runs).toEqual([]);
    await expect(h.scheduler.syncNow()).resolves.toEqual({ ok: false, reason: 'stopped' });
  });

  it('a run in flight at stop() schedules no retry and reports nothing', async () => {
    const c = controllableRun();
    const h = harness({ run: c.run });
    h.scheduler.start();
    await vi.advanceTimersByTimeAsync(100);
    const reported = h.statuses.length;
    h.scheduler.stop();
    c.fail();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(h.statuses).toHaveLength(reported);
  });
});
