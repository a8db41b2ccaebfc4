/**
 * The start-up of the cloud edition, offline included. Firebase checks a stored session with the
 * server before it says who is signed in (a reload): offline that fails at once, but a link that
 * looks up and never answers would hold the Loading screen for Firebase's own 30 s. So the uid
 * signed in on this device last is remembered, and a start that knows it waits a little, then
 * goes on with that cached user; when Firebase settles, a session it ended signs the user out
 * and a live one updates the user.
 */
import type { User } from '@/domain/types';
import type { StartedAuth } from '@/firebase/auth-instance';
import type { Profiles } from './firebase-profile';
import type { Timers } from './firebase-token';

/** The local-storage key of the uid signed in on this device last. */
const LAST_UID_KEY = 'marine.cloudUid';
/** How long a start waits for Firebase's check of a stored session before using the cached user. */
export const RESTORE_WAIT_MS = 3000;

export type UidStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The uid signed in on this device last, kept between starts. */
export interface LastUid {
  remember(uid: string | null): void;
  remembered(): string | null;
}

/** The last uid in `storage` (undefined: localStorage where there is one; null: nowhere). */
export function lastUidIn(storage: UidStorage | null | undefined): LastUid {
  const store =
    storage !== undefined ? storage : typeof localStorage === 'undefined' ? null : localStorage;
  return {
    remember(uid) {
      try {
        if (uid) store?.setItem(LAST_UID_KEY, uid);
        else store?.removeItem(LAST_UID_KEY);
      } catch {
        // Storage unavailable: starts simply wait for Firebase.
      }
    },
    remembered() {
      try {
        return store?.getItem(LAST_UID_KEY) ?? null;
      } catch {
        return null;
      }
    },
  };
}

export interface RestoreOptions {
  /** Firebase starting (the Auth instance settled). */
  ready: Promise<StartedAuth>;
  lastUid: LastUid;
  profiles: Profiles;
  timers: Timers;
  /** How long to wait for Firebase before going on with the cached user. */
  waitMs: number;
  onSignedOut?: () => void;
  onUserChanged?: (user: User) => void;
}

/** The signed-in user of the last session on this device, or null (AuthProvider.restore). */
export async function restoreSession(options: RestoreOptions): Promise<User | null> {
  const { ready, lastUid, profiles, timers } = options;
  const uid = lastUid.remembered();
  if (uid) {
    let timer: unknown;
    const slow = await Promise.race([
      ready.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = timers.setTimeout(() => resolve(true), options.waitMs);
      }),
    ]).finally(() => timers.clearTimeout(timer));
    const cached = slow ? await profiles.cached(uid) : null;
    if (cached) {
      void ready
        .then(async ({ auth }) => {
          const settled = auth.currentUser;
          if (settled?.uid !== uid) {
            profiles.current = null;
            options.onSignedOut?.();
          } else {
            options.onUserChanged?.(await profiles.toAppUser(settled));
          }
        })
        .catch((error: unknown) => console.warn('Restoring the session failed', error));
      profiles.current = cached;
      return cached;
    }
  }
  const { auth } = await ready;
  await auth.authStateReady();
  const user = auth.currentUser;
  lastUid.remember(user?.uid ?? null);
  return user ? profiles.toAppUser(user) : null;
}
