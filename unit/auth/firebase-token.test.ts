/**
 * The token refresh and admin claim of the Firebase provider, on a fake Auth instance and fake
 * timers: when the next refresh is due, how failures back off, and which errors end a session.
 */
import type { User as FirebaseUser } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
import { createTokenRefresh, readAdminClaim, type Timers } from '@/auth/firebase-token';
import { backoffDelay } from '@/domain/backoff';
import type { StartedAuth } from '@/firebase/auth-instance';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const HOUR = 60 * 60 * 1000;
const MARGIN = 5 * 60 * 1000;
const MIN_DELAY = 30 * 1000;

/** Timers that run only when the test says: the pending callback and its delay. */
function manualTimers() {
  let pending: { run: () => void; ms: number } | undefined;
  const timers: Timers = {
    setTimeout: (run, ms) => {
      pending = { run, ms };
      return pending;
    },
    clearTimeout: (handle) => {
      if (handle === pending) pending = undefined;
    },
  };
  return {
    timers,
    delay: () => pending?.ms,
    /** Runs the pending callback and waits for the promises it starts. */
    async fire() {
      const due = pending;
      pending = undefined;
      due?.run();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

/** A signed-in user whose tokens expire an hour after NOW and carry `claims`. */
function fakeSession(claims: Record<string, unknown> = {}) {
  const user = {
    uid: 'sailor-1',
    getIdToken: vi.fn(async (_force?: boolean) => 'token'),
    getIdTokenResult: vi.fn(async () => ({ claims })),
  };
  const auth = { currentUser: user as unknown as FirebaseUser | null };
  const fb = {
    getIdTokenResult: vi.fn(async () => ({
      claims,
      expirationTime: new Date(NOW + HOUR).toUTCString(),
    })),
    signOut: vi.fn(async () => {
      auth.currentUser = null;
    }),
  };
  const started = { fb, auth } as unknown as StartedAuth;
  return { started, user: user as unknown as FirebaseUser, raw: user, fb, auth };
}

function refresh(online = { value: true }) {
  const clock = manualTimers();
  const onAdminClaim = vi.fn<(uid: string, admin: boolean) => void>();
  const tokens = createTokenRefresh({
    timers: clock.timers,
    now: () => NOW,
    isOnline: () => online.value,
    marginMs: MARGIN,
    minDelayMs: MIN_DELAY,
    onAdminClaim,
  });
  return { tokens, clock, onAdminClaim, online };
}

describe('token refresh', () => {
  it('refreshes the margin before the token expires and reports each token’s admin claim', async () => {
    const { tokens, clock, onAdminClaim } = refresh();
    const session = fakeSession({ admin: true });
    await tokens.follow(session.started, session.user);
    expect(clock.delay()).toBe(HOUR - MARGIN);
    expect(onAdminClaim).toHaveBeenCalledWith('sailor-1', true);

    await clock.fire();
    expect(session.raw.getIdToken).toHaveBeenCalledWith(true);
    expect(clock.delay()).toBe(HOUR - MARGIN);
    expect(onAdminClaim).toHaveBeenCalledTimes(2);
  });

  it('waits at least the minimum delay for a token about to expire', async () => {
    const { tokens, clock } = refresh();
    const session = fakeSession();
    session.fb.getIdTokenResult.mockResolvedValue({
      claims: {},
      expirationTime: new Date(NOW + MARGIN).toUTCString(),
    });
    await tokens.follow(session.started, session.user);
    expect(clock.delay()).toBe(MIN_DELAY);
  });

  it('backs off while offline, and refreshes at once when back online', async () => {
    const { tokens, clock, online } = refresh({ value: false });
    const session = fakeSession();
    await tokens.follow(session.started, session.user);
    await clock.fire();
    expect(clock.delay()).toBe(backoffDelay(1));
    await clock.fire();
    expect(clock.delay()).toBe(backoffDelay(2));
    expect(session.raw.getIdToken).not.toHaveBeenCalled();

    online.value = true;
    tokens.retryIfFailing(session.started);
    await vi.waitFor(() => expect(session.raw.getIdToken).toHaveBeenCalledWith(true));
    await vi.waitFor(() => expect(clock.delay()).toBe(HOUR - MARGIN));
  });

  it('a network error is retried later and signs nobody out', async () => {
    const { tokens, clock } = refresh();
    const session = fakeSession();
    await tokens.follow(session.started, session.user);
    session.raw.getIdToken.mockRejectedValue(firebaseError('auth/network-request-failed'));
    await clock.fire();
    expect(clock.delay()).toBe(backoffDelay(1));
    expect(session.fb.signOut).not.toHaveBeenCalled();
  });

  it('ends a dead session: signs out and stops refreshing', async () => {
    const { tokens, clock } = refresh();
    const session = fakeSession();
    await tokens.follow(session.started, session.user);
    session.raw.getIdToken.mockRejectedValue(firebaseError('auth/invalid-user-token'));
    await clock.fire();
    expect(session.fb.signOut).toHaveBeenCalledTimes(1);
    expect(clock.delay()).toBeUndefined();
    expect(await tokens.endIfDead(session.started, new Error('other'))).toBe(false);
  });

  it('schedules nothing once disposed', async () => {
    const { tokens, clock } = refresh();
    const session = fakeSession();
    tokens.dispose();
    await tokens.follow(session.started, session.user);
    expect(clock.delay()).toBeUndefined();
  });
});

describe('readAdminClaim', () => {
  it('is the admin claim alone', async () => {
    expect(await readAdminClaim(fakeSession({ admin: true }).user, false)).toBe(true);
    expect(await readAdminClaim(fakeSession({ admin: 'yes' }).user, true)).toBe(false);
  });

  it('offline, is the last known flag', async () => {
    const session = fakeSession();
    session.raw.getIdTokenResult.mockRejectedValue(firebaseError('auth/network-request-failed'));
    expect(await readAdminClaim(session.user, true)).toBe(true);
    expect(await readAdminClaim(session.user, false)).toBe(false);
  });
});
