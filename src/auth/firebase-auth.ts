/**
 * Firebase accounts (the cloud edition). `firebase/auth` and `firebase/app` are loaded with
 * `import()` on first use only, so the local edition downloads none of it; only type imports
 * appear here. Auth is created with `initializeAuth` and IndexedDB persistence only (no popup or
 * redirect resolvers): the signed-in user survives reloads and weeks offline.
 *
 * Sessions: a network error never signs anyone out. A disabled account or a revoked or expired
 * session (reported by Firebase on a token refresh or a reload) ends the session and calls
 * `onSignedOut`, so the store can drop the user. The ID token is refreshed by a timer about
 * TOKEN_REFRESH_MARGIN_MS before it expires, while online.
 */

import type { FirebaseApp } from 'firebase/app';
import type { Auth, User as FirebaseUser } from 'firebase/auth';
import type { MarineDB } from '@/db/schema';
import { getUser, putUser, updateUserSettings } from '@/db/users-repo';
import { backoffDelay } from '@/domain/backoff';
import {
  DAILY_GOAL_DEFAULT,
  DEFAULT_UI_LANG,
  TOKEN_EXPIRY_SLACK_MS,
  TOKEN_REFRESH_MARGIN_MS,
} from '@/domain/constants';
import type { User, UserSettings } from '@/domain/types';
import { loadFirebaseApp } from '@/sync/firebase-app';
import {
  AuthError,
  type AuthErrorCode,
  type AuthProvider,
  firebaseAuthCode,
  isAuthErrorCode,
  type RegisterInput,
} from './auth-provider';
import type { FirebaseSettings } from './firebase-config';
import { toUser } from './local-auth';

/** SPEC §8: the text of a verification (or other current-user) call with nobody signed in. */
export const NO_AUTHENTICATED_USER = 'No authenticated user';

type AuthModule = typeof import('firebase/auth');

let authModule: Promise<AuthModule> | undefined;

/** The cached `firebase/auth` module; a failed chunk load is retried on the next call. */
export function loadFirebaseAuthModule(): Promise<AuthModule> {
  if (!authModule) {
    authModule = import('firebase/auth');
    authModule.catch(() => {
      authModule = undefined;
    });
  }
  return authModule;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

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
  /** The Firebase app; defaults to the page's one default app (src/sync/firebase-app.ts). */
  loadApp?: (settings: FirebaseSettings) => Promise<FirebaseApp>;
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
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
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

/** Codes with which Firebase says the session is over for good. */
const DEAD_SESSION_CODES: ReadonlySet<AuthErrorCode> = new Set([
  'user-disabled',
  'user-token-expired',
  'invalid-user-token',
]);

/** Firebase codes that mean the same as one of ours. */
const CODE_ALIASES: Readonly<Record<string, AuthErrorCode>> = {
  'weak-password': 'password-does-not-meet-requirements',
  'missing-email': 'invalid-email',
  'invalid-login-credentials': 'invalid-credential',
};

/**
 * A Firebase error as the app sees it: `auth/<code>` of SPEC §8 becomes `AuthError(code)`; an
 * unknown code that says network becomes `network-request-failed`; any other unknown code becomes
 * a plain Error with the provider's message (shown as it is). Non-Firebase errors pass through.
 */
export function mapFirebaseError(error: unknown): unknown {
  if (error instanceof AuthError) return error;
  const code = firebaseAuthCode(error);
  if (code === undefined) return error;
  const known = isAuthErrorCode(code) ? code : CODE_ALIASES[code];
  if (known) return withCause(new AuthError(known), error);
  if (code.includes('network')) return withCause(new AuthError('network-request-failed'), error);
  const message = (error as { message?: unknown }).message;
  return withCause(new Error(typeof message === 'string' && message ? message : code), error);
}

function withCause<E extends Error>(error: E, cause: unknown): E {
  Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true });
  return error;
}

function isDeadSession(error: unknown): boolean {
  const mapped = mapFirebaseError(error);
  return mapped instanceof AuthError && DEAD_SESSION_CODES.has(mapped.code);
}

function isNetworkError(error: unknown): boolean {
  const mapped = mapFirebaseError(error);
  return mapped instanceof AuthError && mapped.code === 'network-request-failed';
}

/** The local-storage key of the uid signed in on this device last. */
const LAST_UID_KEY = 'marine.cloudUid';
/** How long a start waits for Firebase's check of a stored session before using the cached user. */
const RESTORE_WAIT_MS = 3000;

export function defaultUserSettings(): UserSettings {
  return { dailyGoal: DAILY_GOAL_DEFAULT, uiLang: DEFAULT_UI_LANG, theme: 'light' };
}

/** `host:port` (or a full URL) of the Auth emulator as the URL connectAuthEmulator wants. */
export function authEmulatorUrl(value: string): string {
  return /^https?:\/\//.test(value) ? value : `http://${value}`;
}

export function createFirebaseAuth(
  settings: FirebaseSettings,
  options: FirebaseAuthOptions = {},
): FirebaseAuthProvider {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers;
  const isOnline =
    options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const refreshMargin = options.refreshMarginMs ?? TOKEN_REFRESH_MARGIN_MS;
  const minRefreshDelay = options.minRefreshDelayMs ?? TOKEN_EXPIRY_SLACK_MS;
  const defaults = options.defaultSettings ?? defaultUserSettings;

  const cachedUser = async (uid: string): Promise<User | null> => {
    try {
      if (options.cachedUser) return (await options.cachedUser(uid)) ?? null;
      if (options.getDB) {
        const record = await getUser(await options.getDB(), uid);
        return record ? toUser(record) : null;
      }
    } catch (error) {
      console.error('Reading the cached user failed', error);
    }
    return null;
  };

  const storage =
    options.storage !== undefined
      ? options.storage
      : typeof localStorage === 'undefined'
        ? null
        : localStorage;
  const remember = (uid: string | null) => {
    try {
      if (uid) storage?.setItem(LAST_UID_KEY, uid);
      else storage?.removeItem(LAST_UID_KEY);
    } catch {
      // Storage unavailable: starts simply wait for Firebase.
    }
  };
  const remembered = (): string | null => {
    try {
      return storage?.getItem(LAST_UID_KEY) ?? null;
    } catch {
      return null;
    }
  };

  /** The last user this provider returned: the base of settings changes without a database. */
  let current: User | null = null;
  let refreshTimer: unknown;
  let refreshFailures = 0;
  let signedInUid: string | null = null;
  /** Set by signOut() until the next sign-in: that user's departure is no surprise. */
  let signedOutOnPurpose = false;
  let disposed = false;
  let loadedAuth: Auth | undefined;
  let unsubscribe: (() => void) | undefined;
  let ready: Promise<{ fb: AuthModule; auth: Auth }> | undefined;

  function clearRefresh() {
    if (refreshTimer !== undefined) timers.clearTimeout(refreshTimer);
    refreshTimer = undefined;
  }

  function schedule(ms: number, run: () => void) {
    clearRefresh();
    if (disposed) return;
    refreshTimer = timers.setTimeout(() => {
      refreshTimer = undefined;
      run();
    }, ms);
  }

  /** Back online after failed refreshes: try at once instead of waiting out the backoff. */
  let onOnline: (() => void) | undefined;

  function retryLater(fb: AuthModule, auth: Auth) {
    refreshFailures += 1;
    const delay = backoffDelay(refreshFailures);
    schedule(delay, () => void refreshNow(fb, auth));
  }

  /** Forces a new ID token, then schedules the next refresh by its expiry. */
  async function refreshNow(fb: AuthModule, auth: Auth) {
    const user = auth.currentUser;
    if (!user || disposed) return;
    if (!isOnline()) {
      retryLater(fb, auth);
      return;
    }
    try {
      await user.getIdToken(true);
      refreshFailures = 0;
      // onIdTokenChanged reschedules too, but only when the token text changed.
      await scheduleRefresh(fb, auth, user);
    } catch (error) {
      if (await endIfDead(fb, auth, error)) return;
      retryLater(fb, auth);
    }
  }

  async function scheduleRefresh(fb: AuthModule, auth: Auth, user: FirebaseUser) {
    try {
      const token = await fb.getIdTokenResult(user);
      if (auth.currentUser !== user) return;
      // Every new token says again who is admin: a revoked claim ends the rights here.
      const admin = token.claims.admin === true;
      if (current && current.id === user.uid && current.isAdmin !== admin) {
        current = { ...current, isAdmin: admin };
        options.onUserChanged?.(current);
      }
      const expiresAt = Date.parse(token.expirationTime);
      const delay = Math.max(expiresAt - refreshMargin - now(), minRefreshDelay);
      schedule(delay, () => void refreshNow(fb, auth));
    } catch (error) {
      if (await endIfDead(fb, auth, error)) return;
      retryLater(fb, auth);
    }
  }

  /**
   * Ends the session when Firebase says it is dead; true if it did. Firebase itself signs out on
   * user-disabled and user-token-expired; invalid-user-token is ours to end. The auth listener
   * then reports the change through onSignedOut.
   */
  async function endIfDead(fb: AuthModule, auth: Auth, error: unknown): Promise<boolean> {
    if (!isDeadSession(error)) return false;
    clearRefresh();
    if (auth.currentUser) {
      try {
        await fb.signOut(auth);
      } catch (signOutError) {
        console.error('Ending a dead session failed', signOutError);
      }
    }
    return true;
  }

  function onTokenChange(fb: AuthModule, auth: Auth, user: FirebaseUser | null) {
    remember(user?.uid ?? null);
    if (user) {
      if (signedInUid !== null && signedInUid !== user.uid) current = null;
      signedInUid = user.uid;
      signedOutOnPurpose = false;
      void scheduleRefresh(fb, auth, user);
      return;
    }
    clearRefresh();
    const hadUser = signedInUid !== null;
    signedInUid = null;
    current = null;
    if (hadUser && !signedOutOnPurpose) options.onSignedOut?.();
  }

  function init(): Promise<{ fb: AuthModule; auth: Auth }> {
    if (!ready) {
      ready = (async () => {
        const [fb, app] = await Promise.all([
          loadFirebaseAuthModule(),
          (options.loadApp ?? loadFirebaseApp)(settings),
        ]);
        // (Firebase's Node build aliases indexedDBLocalPersistence to in-memory persistence.)
        const auth = fb.initializeAuth(app, { persistence: fb.indexedDBLocalPersistence });
        if (settings.authEmulator && !auth.emulatorConfig) {
          fb.connectAuthEmulator(auth, authEmulatorUrl(settings.authEmulator), {
            disableWarnings: true,
          });
        }
        await auth.authStateReady();
        loadedAuth = auth;
        if (!disposed) {
          unsubscribe = fb.onIdTokenChanged(auth, (user) => onTokenChange(fb, auth, user));
          if (typeof window !== 'undefined') {
            onOnline = () => {
              if (refreshFailures > 0 && auth.currentUser) void refreshNow(fb, auth);
            };
            window.addEventListener('online', onOnline);
          }
        }
        return { fb, auth };
      })();
      ready.catch(() => {
        ready = undefined;
      });
    }
    return ready;
  }

  /** Runs a Firebase call and maps its error. */
  async function call<T>(run: (fb: AuthModule, auth: Auth) => Promise<T>): Promise<T> {
    const { fb, auth } = await init();
    try {
      return await run(fb, auth);
    } catch (error) {
      throw mapFirebaseError(error);
    }
  }

  /**
   * Runs a call on the signed-in user's behalf; also ends the session if the error says it is
   * dead. (Not for sign-in: a disabled account signing in must not sign out the current one.)
   */
  async function userCall<T>(run: (fb: AuthModule, auth: Auth) => Promise<T>): Promise<T> {
    const { fb, auth } = await init();
    try {
      return await run(fb, auth);
    } catch (error) {
      await endIfDead(fb, auth, error);
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

  /**
   * Admin rights: the `admin` custom claim alone (set with `npm run grant-admin`), the very thing
   * firestore.rules' isAdmin() checks. An e-mail address, even a verified one, gives none: the
   * rules would refuse that account's curriculum changes and every sync of it would fail.
   */
  async function isAdminClaim(user: FirebaseUser, cached: User | null): Promise<boolean> {
    try {
      const token = await user.getIdTokenResult();
      return token.claims.admin === true;
    } catch (error) {
      // Offline with an expired token: the last known flag. A dead session is handled by the
      // caller's next call (or the refresh timer); it is not this lookup's business.
      if (!isNetworkError(error)) console.error('Reading the admin claim failed', error);
      return cached?.isAdmin === true;
    }
  }

  async function toAppUser(user: FirebaseUser, settingsOverride?: UserSettings): Promise<User> {
    const cached = await cachedUser(user.uid);
    const email = (user.email ?? cached?.email ?? '').trim().toLowerCase();
    const created = Date.parse(user.metadata.creationTime ?? '');
    const mapped: User = {
      id: user.uid,
      email,
      fullName: user.displayName ?? cached?.fullName ?? '',
      isAdmin: await isAdminClaim(user, cached),
      createdAt: Number.isFinite(created) ? created : (cached?.createdAt ?? now()),
      settings: settingsOverride ?? cached?.settings ?? defaults(),
    };
    current = mapped;
    return mapped;
  }

  async function defaultSaveSettings(userId: string, patch: Partial<UserSettings>): Promise<User> {
    const base = current?.id === userId ? current : await cachedUser(userId);
    if (!base) throw new Error(NO_AUTHENTICATED_USER);
    if (options.getDB) {
      const db = await options.getDB();
      const record =
        (await updateUserSettings(db, userId, patch)) ??
        (await putUser(db, { ...base, settings: { ...base.settings, ...patch } }));
      return toUser(record);
    }
    return { ...base, settings: { ...base.settings, ...patch } };
  }

  return {
    kind: 'firebase',
    // Cloud admins carry the `admin` custom claim (npm run grant-admin): no code here.
    adminCode: null,
    /** This provider verifies e-mail addresses itself (sendVerification, reloadUser, ...). */
    get verification() {
      return this;
    },

    /**
     * The signed-in user. Firebase checks a stored session with the server before it says (a
     * reload): offline that fails at once, but a link that looks up and never answers would hold
     * the Loading screen for Firebase's own 30 s. So a start that knows who signed in here last
     * waits `restoreWaitMs`, then goes on with that cached user; when Firebase settles, a session
     * it ended signs the user out (`onSignedOut`) and a live one updates the user.
     */
    async restore() {
      const ready = init();
      const uid = remembered();
      if (uid) {
        const wait = options.restoreWaitMs ?? RESTORE_WAIT_MS;
        let timer: unknown;
        const slow = await Promise.race([
          ready.then(() => false),
          new Promise<boolean>((resolve) => {
            timer = timers.setTimeout(() => resolve(true), wait);
          }),
        ]).finally(() => timers.clearTimeout(timer));
        const cached = slow ? await cachedUser(uid) : null;
        if (cached) {
          void ready
            .then(async ({ auth }) => {
              const settled = auth.currentUser;
              if (settled?.uid !== uid) {
                current = null;
                options.onSignedOut?.();
              } else {
                options.onUserChanged?.(await toAppUser(settled));
              }
            })
            .catch((error: unknown) => console.warn('Restoring the session failed', error));
          current = cached;
          return cached;
        }
      }
      const { auth } = await ready;
      await auth.authStateReady();
      const user = auth.currentUser;
      remember(user?.uid ?? null);
      return user ? toAppUser(user) : null;
    },

    async register(input: RegisterInput) {
      return call(async (fb, auth) => {
        const email = input.email.trim();
        const fullName = input.fullName.trim();
        const { user } = await fb.createUserWithEmailAndPassword(auth, email, input.password);
        if (fullName) {
          try {
            await fb.updateProfile(user, { displayName: fullName });
          } catch (error) {
            // The account exists and is signed in: the name is kept locally and set again later.
            console.error('Setting the display name failed', error);
          }
        }
        const mapped = await toAppUser(user, input.settings);
        return fullName ? { ...mapped, fullName } : mapped;
      });
    },

    async signIn(email: string, password: string) {
      return call(async (fb, auth) => {
        const { user } = await fb.signInWithEmailAndPassword(auth, email.trim(), password);
        return toAppUser(user);
      });
    },

    async signOut() {
      const { fb, auth } = await init();
      signedOutOnPurpose = true;
      clearRefresh();
      await fb.signOut(auth);
      current = null;
    },

    async updateName(userId: string, fullName: string) {
      return userCall(async (fb, auth) => {
        const user = requireUser(auth, userId);
        const name = fullName.trim();
        await fb.updateProfile(user, { displayName: name });
        const mapped = await toAppUser(user);
        return { ...mapped, fullName: name };
      });
    },

    async updateSettings(userId: string, patch: Partial<UserSettings>) {
      const user = await (options.saveSettings ?? defaultSaveSettings)(userId, patch);
      if (current?.id === userId) current = user;
      return user;
    },

    async sendPasswordReset(email: string) {
      return call((fb, auth) => fb.sendPasswordResetEmail(auth, email.trim()));
    },

    async sendVerification() {
      return userCall((fb, auth) => fb.sendEmailVerification(requireUser(auth)));
    },

    async reloadUser() {
      return userCall(async (fb, auth) => {
        const user = requireUser(auth);
        await fb.reload(user);
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
      const { fb, auth } = await init();
      const user = auth.currentUser;
      if (!user) return false;
      if (!isOnline()) return true;
      try {
        await fb.reload(user);
      } catch (error) {
        await endIfDead(fb, auth, error);
      }
      return auth.currentUser !== null;
    },

    dispose() {
      disposed = true;
      clearRefresh();
      unsubscribe?.();
      unsubscribe = undefined;
      if (onOnline) window.removeEventListener('online', onOnline);
      onOnline = undefined;
    },
  };
}
