/**
 * When to sync (SPEC §4 "Sync", §9): once 100 ms after start, 1.5 s after the last local word change
 * (debounced), every 60 s, on window focus and on coming online (one shared 200 ms debounce), and
 * on demand. Only while online (offline triggers are skipped quietly), never two runs at once in a
 * tab (a trigger during a run asks for one follow-up run), and one tab at a time through the Web
 * Locks API where it exists. Failures back off 30 s, doubling to 16 min: automatic triggers are
 * skipped while backing off and one retry runs when it ends; coming online and a manual sync always
 * try, and any success clears the backoff.
 *
 * Timers, the event target and the lock manager are injectable so tests can use fake timers.
 */

import { backoffDelay } from '@/domain/backoff';
import {
  SYNC_DEBOUNCE_MS,
  SYNC_FOCUS_ONLINE_DEBOUNCE_MS,
  SYNC_INTERVAL_MS,
  SYNC_LOCK_NAME,
  SYNC_LOCK_WAIT_MS,
  SYNC_START_DELAY_MS,
} from '@/domain/constants';
import { TimeoutError } from './timeout';

export { backoffDelay, SYNC_LOCK_NAME };

export type SyncOutcome =
  | { ok: true }
  | {
      ok: false;
      /**
       * offline: no network (an automatic run skipped; a manual one failed while offline). busy: another tab holds the sync lock (automatic runs only).
       * backoff: an automatic run waited for the backoff. stopped: the scheduler was stopped.
       * error: the run failed (`error` holds why).
       */
      reason: 'offline' | 'busy' | 'backoff' | 'stopped' | 'error';
      error?: unknown;
    };

export interface SchedulerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  now(): number;
}

/** The part of `window` the scheduler listens to: 'focus', 'online', 'offline'. */
export interface SchedulerEventTarget {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The part of `navigator.locks` (Web Locks API) the scheduler uses. */
export interface SchedulerLockManager {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

export interface SyncSchedulerStatus {
  online: boolean;
  syncing: boolean;
  /** `timers.now()` of the last successful run, or null. */
  lastSyncedAt: number | null;
  /** Why the last run failed; null after a success (and before any run). */
  lastError: unknown;
  /** Failed runs in a row. */
  failures: number;
  /** When the backoff ends (the retry runs), or null when not backing off. */
  retryAt: number | null;
}

export interface SyncSchedulerOptions {
  /** One sync; rejects on failure. */
  run: () => Promise<unknown>;
  isOnline: () => boolean;
  /** Called after every status change. */
  onStatus?: (status: SyncSchedulerStatus) => void;
  /** Defaults to `window` when there is one. */
  events?: SchedulerEventTarget | null;
  /** Defaults to the global timers (looked up at call time, so fake timers work) and Date.now. */
  timers?: Partial<SchedulerTimers>;
  /** Defaults to `navigator.locks`; null or missing API: no cross-tab lock. */
  locks?: SchedulerLockManager | null;
  lockName?: string;
  /** How long a manual sync waits for the lock; defaults to SYNC_LOCK_WAIT_MS. */
  lockWaitMs?: number;
}

export interface SyncScheduler {
  /** Arms the triggers: the start run, the interval and the window listeners. */
  start(): void;
  /** A local word change was saved: sync 1.5 s after the last one. */
  notifyLocalChange(): void;
  /** A manual sync: runs now (or right after a run in progress) whatever the backoff. */
  syncNow(): Promise<SyncOutcome>;
  /** Removes every timer and listener (logout); later triggers do nothing. */
  stop(): void;
  status(): SyncSchedulerStatus;
}

interface RunMode {
  manual: boolean;
  /** Coming online or the backoff retry: run even while backing off. */
  ignoreBackoff: boolean;
}

const defaultTimers: SchedulerTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  now: () => Date.now(),
};

function defaultEvents(): SchedulerEventTarget | null {
  return typeof window === 'undefined' ? null : window;
}

function defaultLocks(): SchedulerLockManager | null {
  const nav = (globalThis as { navigator?: { locks?: SchedulerLockManager } }).navigator;
  return nav?.locks ?? null;
}

export function createSyncScheduler(options: SyncSchedulerOptions): SyncScheduler {
  const timers: SchedulerTimers = { ...defaultTimers, ...options.timers };
  const events = options.events === undefined ? defaultEvents() : options.events;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const lockName = options.lockName ?? SYNC_LOCK_NAME;
  const lockWaitMs = options.lockWaitMs ?? SYNC_LOCK_WAIT_MS;

  let started = false;
  let stopped = false;
  let current: Promise<SyncOutcome> | null = null;
  let next: { mode: RunMode; promise: Promise<SyncOutcome> } | null = null;
  const handles = {
    start: undefined as unknown,
    change: undefined as unknown,
    focus: undefined as unknown,
    retry: undefined as unknown,
    interval: undefined as unknown,
  };
  let focusIgnoresBackoff = false;
  const state: SyncSchedulerStatus = {
    online: options.isOnline(),
    syncing: false,
    lastSyncedAt: null,
    lastError: null,
    failures: 0,
    retryAt: null,
  };

  function emit(patch: Partial<SyncSchedulerStatus>): void {
    Object.assign(state, patch);
    // After stop() (logout) a run still in flight reports to nobody.
    if (!stopped) options.onStatus?.({ ...state });
  }

  function backingOff(): boolean {
    return state.retryAt !== null && timers.now() < state.retryAt;
  }

  function clear(name: 'start' | 'change' | 'focus' | 'retry'): void {
    if (handles[name] !== undefined) timers.clearTimeout(handles[name]);
    handles[name] = undefined;
  }

  function later(name: 'start' | 'change' | 'focus' | 'retry', ms: number, fire: () => void) {
    clear(name);
    handles[name] = timers.setTimeout(() => {
      handles[name] = undefined;
      fire();
    }, ms);
  }

  /** Runs `run` under the cross-tab lock; 'busy' when an automatic run finds it taken. */
  async function underLock(manual: boolean): Promise<'ran' | 'busy'> {
    if (!locks) {
      await options.run();
      return 'ran';
    }
    // A manual sync waits for another tab's (or the service worker's) run to end, but not for
    // ever: a lock held by a hung context would otherwise hang the button. An automatic one skips.
    if (!manual) {
      return locks.request(lockName, { ifAvailable: true }, async (lock) => {
        if (lock === null) return 'busy';
        await options.run();
        return 'ran';
      });
    }
    const waiting = new AbortController();
    const limit = timers.setTimeout(
      () => waiting.abort(new TimeoutError('Waiting for the sync of another tab', lockWaitMs)),
      lockWaitMs,
    );
    try {
      return await locks.request(lockName, { signal: waiting.signal }, async () => {
        timers.clearTimeout(limit);
        await options.run();
        return 'ran' as const;
      });
    } finally {
      timers.clearTimeout(limit);
    }
  }

  function begin(mode: RunMode): Promise<SyncOutcome> {
    if (stopped) return Promise.resolve({ ok: false, reason: 'stopped' });
    // Automatic runs skip quietly while the browser says it is offline. A manual sync tries
    // anyway: `navigator.onLine` can be wrong (a captive port Wi-Fi, a browser that has not yet
    // noticed the network is back); a failed try is reported as offline while it still says so.
    if (!mode.manual && !options.isOnline())
      return Promise.resolve({ ok: false, reason: 'offline' });
    if (!mode.manual && !mode.ignoreBackoff && backingOff()) {
      return Promise.resolve({ ok: false, reason: 'backoff' });
    }
    const running = (async (): Promise<SyncOutcome> => {
      emit({ syncing: true });
      try {
        if ((await underLock(mode.manual)) === 'busy') {
          emit({ syncing: false });
          return { ok: false, reason: 'busy' };
        }
        clear('retry');
        emit({
          syncing: false,
          lastSyncedAt: timers.now(),
          lastError: null,
          failures: 0,
          retryAt: null,
        });
        return { ok: true };
      } catch (error) {
        const failures = state.failures + 1;
        const delay = backoffDelay(failures);
        if (!stopped) {
          later('retry', delay, () => void request({ manual: false, ignoreBackoff: true }));
        }
        emit({ syncing: false, lastError: error, failures, retryAt: timers.now() + delay });
        return { ok: false, reason: options.isOnline() ? 'error' : 'offline', error };
      } finally {
        current = null;
      }
    })();
    current = running;
    return running;
  }

  /** Starts a run, or (one is in progress) one follow-up run after it: never two at once. */
  function request(mode: RunMode): Promise<SyncOutcome> {
    if (!current) return begin(mode);
    if (next) {
      next.mode.manual ||= mode.manual;
      next.mode.ignoreBackoff ||= mode.ignoreBackoff;
      return next.promise;
    }
    const pending: { mode: RunMode; promise: Promise<SyncOutcome> } = {
      mode: { ...mode },
      promise: current.then(() => {
        next = null;
        return request(pending.mode);
      }),
    };
    next = pending;
    return pending.promise;
  }

  /** An automatic trigger fired: offline, backing off or stopped means quietly nothing. */
  function trigger(ignoreBackoff = false): void {
    if (stopped || !options.isOnline()) return;
    if (!ignoreBackoff && backingOff()) return;
    void request({ manual: false, ignoreBackoff });
  }

  const onFocus = () => {
    later('focus', SYNC_FOCUS_ONLINE_DEBOUNCE_MS, () => {
      const ignoreBackoff = focusIgnoresBackoff;
      focusIgnoresBackoff = false;
      trigger(ignoreBackoff);
    });
  };
  const onOnline = () => {
    emit({ online: options.isOnline() });
    focusIgnoresBackoff = true;
    onFocus();
  };
  const onOffline = () => emit({ online: options.isOnline() });

  return {
    start() {
      if (started || stopped) return;
      started = true;
      later('start', SYNC_START_DELAY_MS, () => trigger());
      handles.interval = timers.setInterval(() => trigger(), SYNC_INTERVAL_MS);
      events?.addEventListener('focus', onFocus);
      events?.addEventListener('online', onOnline);
      events?.addEventListener('offline', onOffline);
      emit({ online: options.isOnline() });
    },

    notifyLocalChange() {
      if (!started || stopped) return;
      later('change', SYNC_DEBOUNCE_MS, () => trigger());
    },

    syncNow() {
      return request({ manual: true, ignoreBackoff: true });
    },

    stop() {
      if (stopped) return;
      stopped = true;
      for (const name of ['start', 'change', 'focus', 'retry'] as const) clear(name);
      if (handles.interval !== undefined) timers.clearInterval(handles.interval);
      handles.interval = undefined;
      events?.removeEventListener('focus', onFocus);
      events?.removeEventListener('online', onOnline);
      events?.removeEventListener('offline', onOffline);
    },

    status() {
      return { ...state };
    },
  };
}
