/**
 * The signed-in user's ID token kept fresh, and the `admin` claim it carries. A timer refreshes
 * the token TOKEN_REFRESH_MARGIN_MS before it expires, while online; failures back off and are
 * retried at once when the device is back online. Every new token says again who is admin. A
 * dead session (account disabled, session revoked or expired) is ended here; a network error
 * never ends one.
 */
import type { User as FirebaseUser } from 'firebase/auth';
import { backoffDelay } from '@/domain/backoff';
import type { StartedAuth } from '@/firebase/auth-instance';
import { isDeadSession, isNetworkError } from './firebase-errors';

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface TokenRefreshOptions {
  timers: Timers;
  now: () => number;
  isOnline: () => boolean;
  /** How long before the ID token expires it is refreshed. */
  marginMs: number;
  /** The shortest wait between two scheduled refreshes. */
  minDelayMs: number;
  /** Every new token of the signed-in user reports its admin claim here, changed or not. */
  onAdminClaim(uid: string, admin: boolean): void;
  /** A new token whose e-mail is verified reports it here (an officer's grant is tied to it). */
  onVerifiedEmail?(uid: string, email: string): void;
}

export interface TokenRefresh {
  /** Schedules the next refresh by the expiry of the user's token and reports its admin claim. */
  follow(started: StartedAuth, user: FirebaseUser): Promise<void>;
  /** Refreshes at once if the last refreshes failed (the device is back online). */
  retryIfFailing(started: StartedAuth): void;
  /**
   * Ends the session when Firebase says it is dead; true if it did. Firebase itself signs out on
   * user-disabled and user-token-expired; invalid-user-token is ours to end. The auth listener
   * then reports the change.
   */
  endIfDead(started: StartedAuth, error: unknown): Promise<boolean>;
  /** Stops the timer (the session ended). */
  stop(): void;
  /** Stops the timer for good (tests, hot reload). */
  dispose(): void;
}

export function createTokenRefresh(options: TokenRefreshOptions): TokenRefresh {
  const { timers } = options;
  let timer: unknown;
  let failures = 0;
  let disposed = false;

  function stop() {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  }

  function schedule(ms: number, run: () => void) {
    stop();
    if (disposed) return;
    timer = timers.setTimeout(() => {
      timer = undefined;
      run();
    }, ms);
  }

  function retryLater(started: StartedAuth) {
    failures += 1;
    schedule(backoffDelay(failures), () => void refreshNow(started));
  }

  /** Forces a new ID token, then schedules the next refresh by its expiry. */
  async function refreshNow(started: StartedAuth) {
    const user = started.auth.currentUser;
    if (!user || disposed) return;
    if (!options.isOnline()) {
      retryLater(started);
      return;
    }
    try {
      await user.getIdToken(true);
      failures = 0;
      // onIdTokenChanged follows the new token too, but only when the token text changed.
      await follow(started, user);
    } catch (error) {
      if (await endIfDead(started, error)) return;
      retryLater(started);
    }
  }

  async function follow(started: StartedAuth, user: FirebaseUser) {
    try {
      const token = await started.fb.getIdTokenResult(user);
      if (started.auth.currentUser !== user) return;
      // A revoked claim ends the rights here.
      options.onAdminClaim(user.uid, token.claims.admin === true);
      const { email, email_verified: verified } = token.claims;
      if (verified === true && typeof email === 'string')
        options.onVerifiedEmail?.(user.uid, email);
      const expiresAt = Date.parse(token.expirationTime);
      const delay = Math.max(expiresAt - options.marginMs - options.now(), options.minDelayMs);
      schedule(delay, () => void refreshNow(started));
    } catch (error) {
      if (await endIfDead(started, error)) return;
      retryLater(started);
    }
  }

  async function endIfDead({ fb, auth }: StartedAuth, error: unknown): Promise<boolean> {
    if (!isDeadSession(error)) return false;
    stop();
    if (auth.currentUser) {
      try {
        await fb.signOut(auth);
      } catch (signOutError) {
        console.error('Ending a dead session failed', signOutError);
      }
    }
    return true;
  }

  return {
    follow,
    retryIfFailing(started) {
      if (failures > 0 && started.auth.currentUser) void refreshNow(started);
    },
    endIfDead,
    stop,
    dispose() {
      disposed = true;
      stop();
    },
  };
}

/**
 * Admin rights: the `admin` custom claim alone (set with `npm run grant-admin`), the very thing
 * firestore.rules' isAdmin() checks. An e-mail address, even a verified one, gives none: the
 * rules would refuse that account's curriculum changes and every sync of it would fail.
 */
export async function readAdminClaim(user: FirebaseUser, lastKnown: boolean): Promise<boolean> {
  try {
    const token = await user.getIdTokenResult();
    return token.claims.admin === true;
  } catch (error) {
    // Offline with an expired token: the last known flag. A dead session is handled by the
    // caller's next call (or the refresh timer); it is not this lookup's business.
    if (!isNetworkError(error)) console.error('Reading the admin claim failed', error);
    return lastKnown;
  }
}
