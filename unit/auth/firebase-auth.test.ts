/**
 * The Firebase provider against the real Auth emulator (firebase-tools; it runs offline), started
 * once for this file. The provider talks to the emulator through a small proxy, so a test can
 * make "the network" fail and check that nobody is signed out by it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import type { FirebaseApp } from 'firebase/app';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { AUTH_ERROR_CODES, AuthError, type AuthErrorCode } from '@/auth/auth-provider';
import {
  createFirebaseAuth,
  type FirebaseAuthOptions,
  type FirebaseAuthProvider,
} from '@/auth/firebase-auth';
import { mapFirebaseError, NO_AUTHENTICATED_USER } from '@/auth/firebase-errors';
import { getUser } from '@/db/users-repo';
import type { User, UserSettings } from '@/domain/types';
import { loadFirebaseAppModule } from '@/firebase/app';
import { startFirebaseAuth } from '@/firebase/auth-instance';
import type { FirebaseSettings } from '@/firebase/config';
import {
  type AuthEmulator,
  applyOobCode,
  deleteAllAccounts,
  disableUser,
  freePort,
  oobCodes,
  resetPassword,
  setCustomClaims,
  setEmailEnumerationProtection,
  sharedAuthEmulator,
  startAuthEmulator,
} from '../../e2e/support/auth-emulator';
import { openTestDB } from '../db/helpers';

/** The project of an emulator of this file's own. */
const PROJECT = 'demo-marine-unit';
const API_KEY = 'fake-api-key';
const OWNER = 'captain@ship.test';
const PASSWORD = 'secret-123';
const SETTINGS: UserSettings = {
  dailyGoal: 15,
  division: 'engine',
  role: 'motorman',
  uiLang: 'ru',
  theme: 'dark',
};

/** A pass-through HTTP proxy in front of the emulator that can play "no network". */
interface Proxy {
  host: string;
  offline: boolean;
  close(): Promise<void>;
}

async function startProxy(target: AuthEmulator): Promise<Proxy> {
  const port = await freePort();
  const proxy = { host: `127.0.0.1:${port}`, offline: false } as Proxy;
  const server: Server = createServer((incoming, outgoing) => {
    if (proxy.offline) {
      incoming.socket.destroy();
      return;
    }
    const forward = request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: proxy.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => incoming.socket.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}

let emulator: AuthEmulator;
let proxy: Proxy;
let appCount = 0;
let emailCount = 0;
const providers: FirebaseAuthProvider[] = [];
const apps: FirebaseApp[] = [];

beforeAll(async () => {
  // The emulator is ready when it answers; a loaded machine may take a minute or more (48 s was
  // seen), so the wait is long, and under the hook's own limit so a failed start reports the
  // emulator's output.
  // `npm test` shares one emulator between the unit and the end-to-end tests: its project, then.
  emulator =
    (await sharedAuthEmulator()) ??
    (await startAuthEmulator({ projectId: PROJECT, timeoutMs: 170_000 }));
  proxy = await startProxy(emulator);
}, 180_000);

afterEach(() => {
  proxy.offline = false;
  vi.restoreAllMocks();
});

afterAll(async () => {
  for (const provider of providers) provider.dispose();
  const { deleteApp } = await loadFirebaseAppModule();
  await Promise.all(apps.map((app) => deleteApp(app)));
  await proxy?.close();
  if (emulator) await deleteAllAccounts(emulator.host, emulator.projectId);
  await emulator?.stop();
}, 30_000);

const settings = (): FirebaseSettings => ({
  apiKey: API_KEY,
  projectId: emulator.projectId,
  authEmulator: proxy.host,
});

/** A provider on its own Firebase app (one Auth per app), so tests do not share a session. */
function provider(options: FirebaseAuthOptions = {}): FirebaseAuthProvider {
  const name = `unit-${++appCount}`;
  const created = createFirebaseAuth(settings(), {
    loadApp: async (s) => {
      const { initializeApp } = await loadFirebaseAppModule();
      const app = initializeApp({ apiKey: s.apiKey, projectId: s.projectId }, name);
      apps.push(app);
      return app;
    },
    ...options,
  });
  providers.push(created);
  return created;
}

const newEmail = () => `sailor-${++emailCount}-${Date.now()}@ship.test`;

async function registered(
  auth: FirebaseAuthProvider,
  email = newEmail(),
  fullName = 'Иван Петров',
): Promise<User> {
  return auth.register({ email, password: PASSWORD, fullName, settings: SETTINGS });
}

async function rejectionCode(promise: Promise<unknown>): Promise<AuthErrorCode> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return (error as AuthError).code;
}

describe('mapFirebaseError', () => {
  const firebaseError = (code: string, message = `Firebase: Error (${code}).`) =>
    Object.assign(new Error(message), { code, name: 'FirebaseError' });

  it('maps every provider code of SPEC §8 to an AuthError of the same code', () => {
    for (const code of AUTH_ERROR_CODES) {
      const mapped = mapFirebaseError(firebaseError(`auth/${code}`));
      expect(mapped).toBeInstanceOf(AuthError);
      expect((mapped as AuthError).code).toBe(code);
    }
  });

  it('maps Firebase synonyms of our codes, and unknown network codes to network-request-failed', () => {
    const code = (c: string) => (mapFirebaseError(firebaseError(c)) as AuthError).code;
    expect(code('auth/weak-password')).toBe('password-does-not-meet-requirements');
    expect(code('auth/missing-email')).toBe('invalid-email');
    expect(code('auth/network-timeout')).toBe('network-request-failed');
  });

  it('keeps the provider message of an unknown code as a plain Error', () => {
    const original = firebaseError('auth/internal-error', 'Firebase: Error (auth/internal-error).');
    const mapped = mapFirebaseError(original);
    expect(mapped).not.toBeInstanceOf(AuthError);
    expect(mapped).toBeInstanceOf(Error);
    expect((mapped as Error).message).toBe('Firebase: Error (auth/internal-error).');
    expect((mapped as Error).cause).toBe(original);
  });

  it('passes other errors through', () => {
    const plain = new TypeError('boom');
    expect(mapFirebaseError(plain)).toBe(plain);
    const firestore = Object.assign(new Error('x'), { code: 'permission-denied' });
    expect(mapFirebaseError(firestore)).toBe(firestore);
  });
});

describe('no static Firebase import in the app', () => {
  it('src/ reaches firebase/* only through import() (type imports are erased)', () => {
    const root = join(import.meta.dirname, '..', '..', 'src');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry)) {
          const text = readFileSync(path, 'utf8');
          const statics = text.match(/^\s*(import|export)\s+(?!type\b)[^;]*?from\s+['"]firebase/gm);
          if (statics) offenders.push(path);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe('Firebase auth provider (Auth emulator)', () => {
  it('registers a user, maps it, and restore() returns it', async () => {
    const auth = provider();
    const email = newEmail();
    const before = Date.now();
    const user = await registered(auth, `  ${email.toUpperCase()} `);
    expect(user).toMatchObject({
      email,
      fullName: 'Иван Петров',
      isAdmin: false,
      settings: SETTINGS,
    });
    expect(user.id).toMatch(/^\w{20,}$/);
    // metadata.creationTime has one-second precision.
    expect(user.createdAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(user.createdAt).toBeLessThanOrEqual(Date.now());

    const restored = await auth.restore();
    expect(restored).toMatchObject({ id: user.id, email, fullName: 'Иван Петров' });
    // No local record: settings are the defaults until the store saves them.
    expect(restored?.settings).toEqual({ dailyGoal: 10, uiLang: 'ru', theme: 'light' });
  });

  it('restore() takes settings and the last admin flag from the local users table', async () => {
    const db = await openTestDB();
    const auth = provider({ getDB: async () => db });
    const user = await registered(auth);
    await db.put('users', { ...user, settings: { ...SETTINGS, dailyGoal: 42 } });
    expect((await auth.restore())?.settings.dailyGoal).toBe(42);
    db.close();
  });

  it('restore() is null when nobody signed in', async () => {
    expect(await provider().restore()).toBeNull();
  });

  it('rejects a taken e-mail with email-already-in-use', async () => {
    const email = newEmail();
    await registered(provider(), email);
    expect(await rejectionCode(registered(provider(), email))).toBe('email-already-in-use');
  });

  it('rejects an invalid address and a weak password with our codes', async () => {
    const auth = provider();
    expect(
      await rejectionCode(
        auth.register({
          email: 'not-an-email',
          password: PASSWORD,
          fullName: '',
          settings: SETTINGS,
        }),
      ),
    ).toBe('invalid-email');
    expect(
      await rejectionCode(
        auth.register({ email: newEmail(), password: '123', fullName: '', settings: SETTINGS }),
      ),
    ).toBe('password-does-not-meet-requirements');
  });

  it('maps a wrong password and an unknown address (with and without enumeration protection)', async () => {
    const email = newEmail();
    await registered(provider(), email);
    const auth = provider();
    // The emulator's default: the precise codes.
    expect(await rejectionCode(auth.signIn(email, 'wrong-password'))).toBe('wrong-password');
    expect(await rejectionCode(auth.signIn(newEmail(), PASSWORD))).toBe('user-not-found');
    expect(await rejectionCode(auth.signIn(email, ''))).toBe('missing-password');
    // Production projects protect against e-mail enumeration: one code for both.
    await setEmailEnumerationProtection(emulator.host, emulator.projectId, true);
    try {
      expect(await rejectionCode(auth.signIn(email, 'wrong-password'))).toBe('invalid-credential');
      expect(await rejectionCode(auth.signIn(newEmail(), PASSWORD))).toBe('invalid-credential');
    } finally {
      await setEmailEnumerationProtection(emulator.host, emulator.projectId, false);
    }
  });

  it('signs in and out; signing out on purpose is not reported as a lost session', async () => {
    const email = newEmail();
    const created = await registered(provider(), email);
    const onSignedOut = vi.fn();
    const auth = provider({ onSignedOut });
    const user = await auth.signIn(` ${email} `, PASSWORD);
    expect(user.id).toBe(created.id);
    expect(user.fullName).toBe('Иван Петров');
    await auth.signOut();
    expect(await auth.restore()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('updates the display name', async () => {
    const auth = provider();
    const user = await registered(auth);
    const renamed = await auth.updateName(user.id, '  Пётр Сидоров ');
    expect(renamed.fullName).toBe('Пётр Сидоров');
    expect((await auth.restore())?.fullName).toBe('Пётр Сидоров');
    // Another device sees the new name.
    const other = provider();
    expect((await other.signIn(user.email, PASSWORD)).fullName).toBe('Пётр Сидоров');
  });

  it('keeps settings locally: the saveSettings callback, or the users table by default', async () => {
    const saveSettings = vi.fn(async (userId: string, patch: Partial<UserSettings>) => ({
      ...(await auth.restore())!,
      id: userId,
      settings: { ...SETTINGS, ...patch },
    }));
    const auth = provider({ saveSettings });
    const user = await registered(auth);
    const updated = await auth.updateSettings(user.id, { dailyGoal: 50 });
    expect(saveSettings).toHaveBeenCalledWith(user.id, { dailyGoal: 50 });
    expect(updated.settings.dailyGoal).toBe(50);

    const db = await openTestDB();
    const withDb = provider({ getDB: async () => db });
    const other = await registered(withDb);
    const saved = await withDb.updateSettings(other.id, { theme: 'system' });
    expect(saved.settings).toEqual({ ...SETTINGS, theme: 'system' });
    expect((await getUser(db, other.id))?.settings.theme).toBe('system');
    expect((await withDb.restore())?.settings.theme).toBe('system');
    db.close();
  });

  it('sends a password reset e-mail (an oob code in the emulator)', async () => {
    const email = newEmail();
    await registered(provider(), email);
    const auth = provider();
    await auth.sendPasswordReset(` ${email} `);
    const code = (await oobCodes(emulator.host, emulator.projectId)).find(
      (c) => c.email === email && c.requestType === 'PASSWORD_RESET',
    );
    expect(code).toBeDefined();
    await resetPassword(emulator.host, code!.oobCode, 'new-secret-456');
    expect((await auth.signIn(email, 'new-secret-456')).email).toBe(email);
  });

  it('verifies the e-mail: the code is sent, the link applied, reloadUser reports it', async () => {
    const auth = provider();
    const { email } = await registered(auth);
    expect(auth.currentEmailVerified()).toBe(false);
    await auth.sendVerification();
    const code = (await oobCodes(emulator.host, emulator.projectId)).find(
      (c) => c.email === email && c.requestType === 'VERIFY_EMAIL',
    );
    expect(code).toBeDefined();
    expect(await auth.reloadUser()).toEqual({ emailVerified: false });
    await applyOobCode(emulator.host, code!.oobLink);
    expect(await auth.reloadUser()).toEqual({ emailVerified: true });
    expect(auth.currentEmailVerified()).toBe(true);
  });

  it('reports a verified e-mail from the token, at once after the link is applied', async () => {
    const verified: [string, string][] = [];
    const auth = provider({ onVerifiedEmail: (uid, email) => verified.push([uid, email]) });
    const user = await registered(auth);
    await auth.sendVerification();
    const code = (await oobCodes(emulator.host, emulator.projectId)).find(
      (c) => c.email === user.email && c.requestType === 'VERIFY_EMAIL',
    );
    await auth.reloadUser();
    // An unverified token says nothing: no profile may call the address verified.
    expect(verified).toEqual([]);
    await applyOobCode(emulator.host, code?.oobLink as string);
    await auth.reloadUser();
    // The next token carries the verification (an officer's grant and the profile mark need it).
    await vi.waitFor(() => expect(verified).toContainEqual([user.id, user.email]));
  });

  it('verification calls need a signed-in user', async () => {
    const auth = provider();
    expect(() => auth.currentEmailVerified()).toThrow(NO_AUTHENTICATED_USER);
    await expect(auth.sendVerification()).rejects.toThrow(NO_AUTHENTICATED_USER);
    await expect(auth.reloadUser()).rejects.toThrow(NO_AUTHENTICATED_USER);
    expect(auth.currentEmailVerified).toThrow(NO_AUTHENTICATED_USER);
  });

  it('marks admins by the custom claim admin only', async () => {
    const auth = provider();
    const user = await registered(auth);
    expect(user.isAdmin).toBe(false);
    await setCustomClaims(emulator.host, emulator.projectId, user.id, { admin: true });
    expect((await provider().signIn(user.email, PASSWORD)).isAdmin).toBe(true);

    // An address, even verified and named by a build as older builds named their owner, gives no
    // rights: firestore.rules would refuse that account's curriculum changes, and every sync of it
    // would fail.
    vi.stubEnv('VITE_OWNER_EMAIL', OWNER);
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const ownerAuth = provider();
    const owner = await registered(ownerAuth, OWNER);
    expect(owner.isAdmin).toBe(false);
    await ownerAuth.sendVerification();
    const code = (await oobCodes(emulator.host, emulator.projectId)).find(
      (c) => c.email === OWNER && c.requestType === 'VERIFY_EMAIL',
    );
    await applyOobCode(emulator.host, code?.oobLink ?? '');
    const verified = provider();
    const signedIn = await verified.signIn(OWNER, PASSWORD);
    expect(verified.currentEmailVerified()).toBe(true);
    expect(signedIn.isAdmin).toBe(false);
    expect((await verified.restore())?.isAdmin).toBe(false);
    // The claim makes the same account an admin.
    await setCustomClaims(emulator.host, emulator.projectId, owner.id, { admin: true });
    expect((await provider().signIn(OWNER, PASSWORD)).isAdmin).toBe(true);
  });

  it('a revoked claim ends the admin rights with the next ID token', async () => {
    const user = await registered(provider());
    await setCustomClaims(emulator.host, emulator.projectId, user.id, { admin: true });
    const changes: boolean[] = [];
    // Tokens refreshed every 50 ms (a margin longer than their life), as the hourly refresh would.
    const auth = provider({
      refreshMarginMs: 2 * 60 * 60_000,
      minRefreshDelayMs: 50,
      onUserChanged: (changed) => changes.push(changed.isAdmin),
    });
    expect((await auth.signIn(user.email, PASSWORD)).isAdmin).toBe(true);
    await setCustomClaims(emulator.host, emulator.projectId, user.id, {});
    await expect.poll(() => changes, { timeout: 10_000 }).toEqual([false]);
    expect((await auth.restore())?.isAdmin).toBe(false);
  });

  it('ends the session of a disabled account on a check, through onSignedOut', async () => {
    const onSignedOut = vi.fn();
    const auth = provider({ onSignedOut });
    const user = await registered(auth);
    expect(await auth.checkSession()).toBe(true);
    await disableUser(emulator.host, emulator.projectId, user.id);
    expect(await auth.checkSession()).toBe(false);
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1));
    expect(await auth.restore()).toBeNull();
    expect(await rejectionCode(provider().signIn(user.email, PASSWORD))).toBe('user-disabled');
  });

  it('a disabled account failing to sign in does not end the current session', async () => {
    const disabled = await registered(provider());
    await disableUser(emulator.host, emulator.projectId, disabled.id);
    const onSignedOut = vi.fn();
    const auth = provider({ onSignedOut });
    const user = await registered(auth);
    expect(await rejectionCode(auth.signIn(disabled.email, PASSWORD))).toBe('user-disabled');
    expect((await auth.restore())?.id).toBe(user.id);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('ends the session of a disabled account on the token refresh timer', async () => {
    const onSignedOut = vi.fn();
    // Every token is "about to expire": the timer refreshes every 100 ms.
    const auth = provider({
      onSignedOut,
      refreshMarginMs: 2 * 60 * 60_000,
      minRefreshDelayMs: 100,
    });
    const user = await registered(auth);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onSignedOut).not.toHaveBeenCalled();
    await disableUser(emulator.host, emulator.projectId, user.id);
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(await auth.restore()).toBeNull();
  });

  it('a network error signs nobody out', async () => {
    const onSignedOut = vi.fn();
    const auth = provider({
      onSignedOut,
      refreshMarginMs: 2 * 60 * 60_000,
      minRefreshDelayMs: 100,
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = await registered(auth);
    proxy.offline = true;
    expect(await rejectionCode(auth.reloadUser())).toBe('network-request-failed');
    expect(await rejectionCode(auth.sendVerification())).toBe('network-request-failed');
    expect(await auth.checkSession()).toBe(true);
    // The refresh timer fires and fails; it backs off and keeps the user.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(onSignedOut).not.toHaveBeenCalled();
    expect((await auth.restore())?.id).toBe(user.id);
    proxy.offline = false;
    expect(await auth.reloadUser()).toEqual({ emailVerified: false });
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('offline with an expired token: keeps the user, the admin flag comes from the cache', async () => {
    const onSignedOut = vi.fn();
    let cached: User | null = null;
    const auth = provider({ onSignedOut, cachedUser: async () => cached });
    const user = await registered(auth);
    cached = { ...user, isAdmin: true };
    proxy.offline = true;
    // Two hours later the ID token has expired and cannot be refreshed.
    const realNow = Date.now;
    vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 2 * 60 * 60_000);
    const restored = await auth.restore();
    expect(restored).toMatchObject({ id: user.id, email: user.email, isAdmin: true });
    expect(restored?.settings).toEqual(SETTINGS);
    expect(onSignedOut).not.toHaveBeenCalled();
  });

  it('starts one Auth instance per app: the worker’s start sees the session the page signed in', async () => {
    const { initializeApp } = await loadFirebaseAppModule();
    const app = initializeApp(
      { apiKey: API_KEY, projectId: emulator.projectId },
      `unit-${++appCount}`,
    );
    apps.push(app);
    const loadApp = async () => app;
    const page = provider({ loadApp });
    const user = await registered(page);

    // The worker names the emulator as a URL: the rule is the page's, and the instance too.
    const worker = await startFirebaseAuth(
      { ...settings(), authEmulator: `http://${proxy.host}` },
      loadApp,
    );
    expect(worker.auth.currentUser?.uid).toBe(user.id);
    expect((await startFirebaseAuth(settings(), loadApp)).auth).toBe(worker.auth);
    expect(worker.auth.emulatorConfig).toMatchObject({
      host: '127.0.0.1',
      port: Number(proxy.host.split(':')[1]),
    });
  });

  it('an unreachable emulator at start gives network-request-failed, not a crash', async () => {
    const dead = await freePort();
    const auth = createFirebaseAuth(
      { apiKey: API_KEY, projectId: emulator.projectId, authEmulator: `127.0.0.1:${dead}` },
      {
        loadApp: async (s) => {
          const { initializeApp } = await loadFirebaseAppModule();
          const app = initializeApp({ apiKey: s.apiKey, projectId: s.projectId }, 'unit-dead');
          apps.push(app);
          return app;
        },
      },
    );
    providers.push(auth);
    expect(await auth.restore()).toBeNull();
    expect(await rejectionCode(auth.signIn(newEmail(), PASSWORD))).toBe('network-request-failed');
  });
});
