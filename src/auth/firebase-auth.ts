/**
 * Firebase accounts (the cloud edition): the provider that assembles the Auth instance of
 * src/firebase (started with IndexedDB persistence, shared with the service worker), the token
 * refresh and admin claim (firebase-token.ts), the offline start-up (firebase-restore.ts), the
 * profile saves (firebase-profile.ts) and the error mapping (firebase-errors.ts). Firebase is
 * loaded with `import()` on first use only, so the local edition downloads none of it.
 *
 * Sessions: a network error never signs anyone out. A disabled account or a revoked or expired
 * session (reported by Firebase on a token refresh or a reload) ends the session and calls
 * `onSignedOut`, so the store can drop the user.
 */

import type { Auth, User as FirebaseUser } from 'firebase/auth';
import type { MarineDB } from '@/db/schema';
import { TOKEN_EXPIRY_SLACK_MS, TOKEN_REFRESH_MARGIN_MS } from '@/domain/constants';
import type { User, UserSettings } from '@/domain/types';
import {
  type LoadFirebaseApp,
  type StartedAuth,
  startFirebaseAuth,
} from '@/firebase/auth-instance';
import type { FirebaseSettings } from '@/firebase/config';
import type { AuthProvider, RegisterInput } from './auth-provider';
import { mapFirebaseError, NO_AUTHENTICATED_USER } from './firebase-errors';
import { createProfiles, defaultUserSettings } from './firebase-profile';
import { lastUidIn, RESTORE_WAIT_MS, restoreSession, type UidStorage } from './firebase-restore';
import { createTokenRefresh, realTimers, type Timers } from './firebase-token';

export interface FirebaseAuthOptions {
  /** The local database: the default source of cached users and the store of settings. */
  getDB?: () => Promise<MarineDB>;
  /** The locally cached app user of a uid (settings, last known admin flag, name). */
  cachedUser?: (uid: string) => Promise<User | null | undefined>;
  /** Writes a settings patch to the local users table and returns the updated user. */
  saveSettings?: (userId: string, patch: Partial<UserSettings>) => Promise<User>;
  /** The session ended without the person asking: account disabled, session revoked or expired. */
  onSignedOut?: () => void;
  /**
   * The signed-in user's admin rights changed with a new ID token (the claim granted or revoked):
   * called with the user as it now is.
   */
  onUserChanged?: (user: User) => void;
  /** A token of the signed-in user says its e-mail is verified (see firebase-token.ts). */
  onVerifiedEmail?: (uid: string, email: string) => void;
  /** The Firebase app; defaults to the one default app (src/firebase/app.ts). */
  loadApp?: LoadFirebaseApp;
  /** Defaults of a user with no local record. */
  defaultSettings?: () => UserSettings;
  isOnline?: () => boolean;
  now?: () => number;
  timers?: Timers;
  /** How long before the ID token expires it is refreshed (default 5 minutes). */
  refreshMarginMs?: number;
  /**
   * Where the uid of the signed-in user is remembered between starts (default: localStorage),
   * so a start on a link that never answers can show the cached user (see `restore`).
   */
  storage?: UidStorage | null;
  /** How long a start waits for Firebase before it goes on with the cached user (default 3 s). */
  restoreWaitMs?: number;
  /** The shortest wait between two scheduled refreshes (default 30 s). */
  minRefreshDelayMs?: number;
}

/** The Firebase provider: the AuthProvider plus e-mail verification and session housekeeping. */
export interface FirebaseAuthProvider extends AuthProvider {
  readonly kind: 'firebase';
  /** Sends the verification e-mail to the signed-in user. */
  sendVerification(): Promise<void>;
  /** Reloads the signed-in user from the server. */
  reloadUser(): Promise<{ emailVerified: boolean }>;
  /** The last known verification flag of the signed-in user (no network). */
  currentEmailVerified(): boolean;
  /**
   * Asks the server whether the session is still valid (a reload). Ends a dead session (calls
   * `onSignedOut`); a network error is ignored. Resolves to whether a user is still signed in.
   */
  checkSession(): Promise<boolean>;
  /** Stops the refresh timer and the listeners (tests, hot reload). */
  dispose(): void;
}

export function createFirebaseAuth(
  settings: FirebaseSettings,
  options: FirebaseAuthOptions = {},
): FirebaseAuthProvider {
  const timers = options.timers ?? realTimers;
  const isOnline =
    options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const profiles = createProfiles({
    getDB: options.getDB,
    cachedUser: options.cachedUser,
    saveSettings: options.saveSettings,
    defaultSettings: options.defaultSettings ?? defaultUserSettings,
    now: options.now ?? Date.now,
  });
  const tokens = createTokenRefresh({
    timers,
    now: options.now ?? Date.now,
    isOnline,
    marginMs: options.refreshMarginMs ?? TOKEN_REFRESH_MARGIN_MS,
    minDelayMs: options.minRefreshDelayMs ?? TOKEN_EXPIRY_SLACK_MS,
    onAdminClaim: (uid, admin) => {
      const changed = profiles.withAdminClaim(uid, admin);
      if (changed) options.onUserChanged?.(changed);
    },
    onVerifiedEmail: (uid, email) => options.onVerifiedEmail?.(uid, email),
  });
  const lastUid = lastUidIn(options.storage);

  let signedInUid: string | null = null;
  /** Set by signOut() until the next sign-in: that user's departure is no surprise. */
  let signedOutOnPurpose = false;
  let disposed = false;
  let loadedAuth: Auth | undefined;
  let unsubscribe: (() => void) | undefined;
  /** Back online after failed refreshes: try at once instead of waiting out the backoff. */
  let onOnline: (() => void) | undefined;
  let ready: Promise<StartedAuth> | undefined;

  function onTokenChange(started: StartedAuth, user: FirebaseUser | null) {
    lastUid.remember(user?.uid ?? null);
    if (user) {
      if (signedInUid !== null && signedInUid !== user.uid) profiles.current = null;
      signedInUid = user.uid;
      signedOutOnPurpose = false;
      void tokens.follow(started, user);
      return;
    }
    tokens.stop();
    const hadUser = signedInUid !== null;
    signedInUid = null;
    profiles.current = null;
    if (hadUser && !signedOutOnPurpose) options.onSignedOut?.();
  }

  function init(): Promise<StartedAuth> {
    if (!ready) {
      ready = (async () => {
        const started = await startFirebaseAuth(settings, options.loadApp);
        loadedAuth = started.auth;
        if (!disposed) {
          unsubscribe = started.fb.onIdTokenChanged(started.auth, (user) =>
            onTokenChange(started, user),
          );
          if (typeof window !== 'undefined') {
            onOnline = () => tokens.retryIfFailing(started);
            window.addEventListener('online', onOnline);
          }
        }
        return started;
      })();
      ready.catch(() => {
        ready = undefined;
      });
    }
    return ready;
  }

  /** Runs a Firebase call and maps its error. */
  async function call<T>(run: (started: StartedAuth) => Promise<T>): Promise<T> {
    const started = await init();
    try {
      return await run(started);
    } catch (error) {
      throw mapFirebaseError(error);
    }
  }

  /**
   * Runs a call on the signed-in user's behalf; also ends the session if the error says it is
   * dead. (Not for sign-in: a disabled account signing in must not sign out the current one.)
   */
  async function userCall<T>(run: (started: StartedAuth) => Promise<T>): Promise<T> {
    const started = await init();
    try {
      return await run(started);
    } catch (error) {
      await tokens.endIfDead(started, error);
      throw mapFirebaseError(error);
    }
  }

  function requireUser(auth: Auth, userId?: string): FirebaseUser {
    const user = auth.currentUser;
    if (!user || (userId !== undefined && user.uid !== userId)) {
      throw new Error(NO_AUTHENTICATED_USER);
    }
    return user;
  }

  return {
    kind: 'firebase',
    // Cloud admins carry the `admin` custom claim (npm run grant-admin): no code here.
    adminCode: null,
    /** This provider verifies e-mail addresses itself (sendVerification, reloadUser, ...). */
    get verification() {
      return this;
    },

    /** The signed-in user; offline or on a link that never answers, the cached one. */
    async restore() {
      return restoreSession({
        ready: init(),
        lastUid,
        profiles,
        timers,
        waitMs: options.restoreWaitMs ?? RESTORE_WAIT_MS,
        onSignedOut: options.onSignedOut,
        onUserChanged: options.onUserChanged,
      });
    },

    async register(input: RegisterInput) {
      return call(async ({ fb, auth }) => {
        const email = input.email.trim();
        const { user } = await fb.createUserWithEmailAndPassword(auth, email, input.password);
        return profiles.nameNewAccount(fb, user, input.fullName.trim(), input.settings);
      });
    },

    async signIn(email: string, password: string) {
      return call(async ({ fb, auth }) => {
        const { user } = await fb.signInWithEmailAndPassword(auth, email.trim(), password);
        return profiles.toAppUser(user);
      });
    },

    async signOut() {
      const { fb, auth } = await init();
      signedOutOnPurpose = true;
      tokens.stop();
      await fb.signOut(auth);
      profiles.current = null;
    },

    async updateName(userId: string, fullName: string) {
      return userCall(({ fb, auth }) => profiles.rename(fb, requireUser(auth, userId), fullName));
    },

    async updateSettings(userId: string, patch: Partial<UserSettings>) {
      return profiles.saveSettings(userId, patch);
    },

    async sendPasswordReset(email: string) {
      return call(({ fb, auth }) => fb.sendPasswordResetEmail(auth, email.trim()));
    },

    async sendVerification() {
      return userCall(({ fb, auth }) => fb.sendEmailVerification(requireUser(auth)));
    },

    async reloadUser() {
      return userCall(async ({ fb, auth }) => {
        const user = requireUser(auth);
        await fb.reload(user);
        // A new token carries the verification to the rules (and to onVerifiedEmail) now, not
        // at the next hourly refresh.
        if (user.emailVerified) await user.getIdToken(true).catch(() => undefined);
        return { emailVerified: user.emailVerified };
      });
    },

    currentEmailVerified() {
      // Synchronous: only meaningful once restore() (or a sign-in) has loaded Firebase.
      const auth = loadedAuth;
      if (!auth) throw new Error(NO_AUTHENTICATED_USER);
      return requireUser(auth).emailVerified;
    },

    async checkSession() {
      const started = await init();
      const user = started.auth.currentUser;
      if (!user) return false;
      if (!isOnline()) return true;
      try {
        await started.fb.reload(user);
      } catch (error) {
        await tokens.endIfDead(started, error);
      }
      return started.auth.currentUser !== null;
    },

    dispose() {
      disposed = true;
      tokens.dispose();
      unsubscribe?.();
      unsubscribe = undefined;
      if (onOnline) window.removeEventListener('online', onOnline);
      onOnline = undefined;
    },
  };
}
