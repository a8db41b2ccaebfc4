/**
 * E-mail verification as the profile screen runs it (SPEC §4, §8): send the e-mail, then a 60 s
 * resend countdown while the status is polled every 5 s, up to 12 times, until the address is
 * verified. Too many requests locks sending for 120 s, any other failure for 10 s. Without the
 * cloud (the local edition) or offline, verification is unavailable.
 *
 * Framework-free: a small store (getState / subscribe) driven by injected timers, so it runs
 * under fake timers in tests and behind useSyncExternalStore in React.
 */
import {
  VERIFY_FAILURE_LOCKOUT_MS,
  VERIFY_POLL_INTERVAL_MS,
  VERIFY_POLL_MAX_TRIES,
  VERIFY_RATE_LIMITED_LOCKOUT_MS,
  VERIFY_RESEND_COOLDOWN_MS,
} from '@/domain/constants';
import type { MessageKey, Translate } from '@/i18n';
import {
  type AuthErrorCode,
  firebaseAuthCode,
  isAuthError,
  isAuthErrorCode,
  type VerificationPort,
} from './auth-provider';

export type { VerificationPort };

export type VerificationNotice =
  | { kind: 'sent' }
  | { kind: 'verified' }
  | { kind: 'rate-limited' }
  /** `code`: a provider code (shown as its text); else `message`, else the generic text. */
  | { kind: 'failed'; code?: AuthErrorCode; message?: string }
  | { kind: 'unavailable' };

/** Why sending is locked: the resend countdown after a success, or a lockout after a failure. */
export type VerificationLock = 'resend' | 'rate-limited' | 'failed';

export interface VerificationState {
  /** A cloud account and a network: sending is possible at all. */
  available: boolean;
  verified: boolean;
  sending: boolean;
  /** Polling the status after a send. */
  polling: boolean;
  lock: VerificationLock | null;
  /** Whole seconds until sending is allowed again (0 when not locked). */
  secondsLeft: number;
  notice: VerificationNotice | null;
}

export interface VerificationTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface VerificationOptions {
  /** null: the local edition, which cannot verify. */
  port: VerificationPort | null;
  isOnline?: () => boolean;
  /** Defaults to the global timers and Date.now, looked up on each call (fake-timer friendly). */
  timers?: VerificationTimers;
}

export interface VerificationController {
  getState(): VerificationState;
  subscribe(listener: () => void): () => void;
  /** Sends the e-mail when allowed; resolves to the notice it produced (null: nothing done). */
  send(): Promise<VerificationNotice | null>;
  /** Re-reads the status once, quietly (e.g. when the screen opens). */
  check(): Promise<void>;
  /** The network came or went. */
  setOnline(online: boolean): void;
  /** Stops the timers. Not final: a later send() starts them again (React StrictMode). */
  dispose(): void;
}

const globalTimers: VerificationTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** The provider code of an error: an AuthError's, or a raw Firebase `auth/<code>`. */
function errorCode(error: unknown): string | undefined {
  return isAuthError(error) ? error.code : firebaseAuthCode(error);
}

/** The notice and lock of a failed send. */
function failure(error: unknown): { notice: VerificationNotice; lock: VerificationLock } {
  const code = errorCode(error);
  if (code === 'too-many-requests')
    return { notice: { kind: 'rate-limited' }, lock: 'rate-limited' };
  if (code === 'network-request-failed') return { notice: { kind: 'unavailable' }, lock: 'failed' };
  if (isAuthErrorCode(code)) {
    return { notice: { kind: 'failed', code }, lock: 'failed' };
  }
  const message = error instanceof Error ? error.message.trim() : '';
  return { notice: message ? { kind: 'failed', message } : { kind: 'failed' }, lock: 'failed' };
}

const LOCK_MS: Readonly<Record<VerificationLock, number>> = {
  resend: VERIFY_RESEND_COOLDOWN_MS,
  'rate-limited': VERIFY_RATE_LIMITED_LOCKOUT_MS,
  failed: VERIFY_FAILURE_LOCKOUT_MS,
};

export function createVerificationController(options: VerificationOptions): VerificationController {
  const { port } = options;
  const timers = options.timers ?? globalTimers;
  const isOnline =
    options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);

  const initiallyVerified = (() => {
    try {
      return port?.currentEmailVerified() === true;
    } catch {
      return false;
    }
  })();
  const initiallyAvailable = port !== null && isOnline();

  let state: VerificationState = {
    available: initiallyAvailable,
    verified: initiallyVerified,
    sending: false,
    polling: false,
    lock: null,
    secondsLeft: 0,
    notice: !initiallyAvailable && !initiallyVerified ? { kind: 'unavailable' } : null,
  };
  const listeners = new Set<() => void>();
  let lockUntil = 0;
  let lockTimer: unknown;
  let pollTimer: unknown;
  let pollsLeft = 0;
  /** Bumped by every new polling run, so a reload answering late for an old run is ignored. */
  let pollRun = 0;

  function set(patch: Partial<VerificationState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function clearLockTimer() {
    if (lockTimer !== undefined) timers.clearTimeout(lockTimer);
    lockTimer = undefined;
  }

  function clearPollTimer() {
    if (pollTimer !== undefined) timers.clearTimeout(pollTimer);
    pollTimer = undefined;
  }

  function tick() {
    lockTimer = undefined;
    const left = lockUntil - timers.now();
    if (left <= 0) {
      set({ lock: null, secondsLeft: 0 });
      return;
    }
    const secondsLeft = Math.ceil(left / 1000);
    if (secondsLeft !== state.secondsLeft) set({ secondsLeft });
    lockTimer = timers.setTimeout(tick, left % 1000 || 1000);
  }

  function lockFor(lock: VerificationLock) {
    clearLockTimer();
    const ms = LOCK_MS[lock];
    lockUntil = timers.now() + ms;
    set({ lock, secondsLeft: Math.ceil(ms / 1000) });
    lockTimer = timers.setTimeout(tick, ms % 1000 || 1000);
  }

  function stopPolling() {
    clearPollTimer();
    pollRun += 1;
    if (state.polling) set({ polling: false });
  }

  function markVerified(announce: boolean) {
    stopPolling();
    clearLockTimer();
    set({
      verified: true,
      lock: null,
      secondsLeft: 0,
      notice: announce
        ? { kind: 'verified' }
        : state.notice?.kind === 'unavailable'
          ? null
          : state.notice,
    });
  }

  function startPolling() {
    stopPolling();
    const run = pollRun;
    pollsLeft = VERIFY_POLL_MAX_TRIES;
    set({ polling: true });
    const poll = async () => {
      pollTimer = undefined;
      pollsLeft -= 1;
      if (state.available && port) {
        try {
          const { emailVerified } = await port.reloadUser();
          if (run !== pollRun) return;
          if (emailVerified) {
            markVerified(true);
            return;
          }
        } catch {
          // Counted as a try; the next one may get through.
          if (run !== pollRun) return;
        }
      }
      if (pollsLeft <= 0) {
        stopPolling();
        return;
      }
      pollTimer = timers.setTimeout(() => void poll(), VERIFY_POLL_INTERVAL_MS);
    };
    pollTimer = timers.setTimeout(() => void poll(), VERIFY_POLL_INTERVAL_MS);
  }

  return {
    getState: () => state,

    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async send() {
      if (state.verified || state.sending) return null;
      if (state.lock !== null && timers.now() < lockUntil) return null;
      if (!port || !state.available) {
        set({ notice: { kind: 'unavailable' } });
        return state.notice;
      }
      set({ sending: true });
      try {
        await port.sendVerification();
        set({ sending: false, notice: { kind: 'sent' } });
        lockFor('resend');
        startPolling();
      } catch (error) {
        const { notice, lock } = failure(error);
        set({ sending: false, notice });
        lockFor(lock);
      }
      return state.notice;
    },

    async check() {
      if (!port || !state.available || state.verified) return;
      try {
        if ((await port.reloadUser()).emailVerified) markVerified(false);
      } catch {
        // Quiet: the status stays as it was.
      }
    },

    setOnline(online) {
      const available = port !== null && online;
      if (available === state.available) return;
      if (!available && !state.verified) set({ available, notice: { kind: 'unavailable' } });
      else if (available && state.notice?.kind === 'unavailable') set({ available, notice: null });
      else set({ available });
    },

    dispose() {
      stopPolling();
      clearLockTimer();
    },
  };
}

/** The message key of a notice; a failure with a provider code uses that code's text. */
export function verificationNoticeKey(notice: VerificationNotice): MessageKey {
  switch (notice.kind) {
    case 'sent':
      return 'profile.verifySent';
    case 'verified':
      return 'profile.verifyDone';
    case 'rate-limited':
      return 'profile.verifyRateLimited';
    case 'unavailable':
      return 'profile.verifyUnavailable';
    case 'failed':
      return notice.code ? `auth.error.${notice.code}` : 'profile.verifySendFailed';
  }
}

/** The text of a notice: a failure's own message when it has one (SPEC §8). */
export function verificationNoticeText(t: Translate, notice: VerificationNotice): string {
  if (notice.kind === 'failed' && !notice.code && notice.message) return notice.message;
  return t(verificationNoticeKey(notice));
}
