import { openDB } from 'idb';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthError, type AuthErrorCode, type RegisterInput } from '@/auth/auth-provider';
import {
  createLocalAuth,
  type LocalAuthOptions,
  SESSION_KEY,
  SESSION_SECRET_KEY,
  toUser,
} from '@/auth/local-auth';
import { hashPassword, type PasswordHash } from '@/auth/password';
import { upgradeMarineDB } from '@/db/migrations';
import { openMarineDB } from '@/db/open';
import type { LocalUserRecord, MarineDB } from '@/db/schema';
import { getUser, updateUser } from '@/db/users-repo';
import { PBKDF2_ITERATIONS } from '@/domain/constants';
import type { UserSettings } from '@/domain/types';
import { openTestDB, uniqueName } from '../db/helpers';

const OWNER = 'captain@ship.test';
const ADMIN_CODE = 'harbour master 2026';
/** The build's administrator code, as its hash (low iterations: a test). */
let adminCode: PasswordHash;
beforeAll(async () => {
  adminCode = await hashPassword(ADMIN_CODE, 1_000);
});
const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);
const SETTINGS: UserSettings = {
  dailyGoal: 15,
  division: 'engine',
  role: 'motorman',
  uiLang: 'ru',
  theme: 'dark',
};

/** Local storage as a plain map, so "a reload" is a new provider over the same map. */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

let db: MarineDB;
let storage: ReturnType<typeof memoryStorage>;

function provider(overrides: Partial<LocalAuthOptions> = {}) {
  return createLocalAuth({
    getDB: async () => db,
    storage,
    adminCode,
    now: () => NOW,
    iterations: 1_000,
    ...overrides,
  });
}

function input(overrides: Partial<RegisterInput> = {}): RegisterInput {
  return {
    email: 'sailor@ship.test',
    password: 'secret-pass',
    fullName: '  Иван Петров ',
    settings: SETTINGS,
    ...overrides,
  };
}

async function codeOf(promise: Promise<unknown>): Promise<AuthErrorCode | 'no error'> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError);
    return (error as AuthError).code;
  }
}

beforeEach(async () => {
  db = await openTestDB();
  storage = memoryStorage();
});

afterEach(() => db.close());

describe('register', () => {
  it('creates the user, signs them in and remembers the session', async () => {
    const user = await provider().register(input({ email: '  Sailor@Ship.test ' }));
    expect(user).toEqual({
      id: expect.stringMatching(/^[\w-]{21}$/),
      email: 'sailor@ship.test',
      fullName: 'Иван Петров',
      isAdmin: false,
      createdAt: NOW,
      settings: SETTINGS,
    });
    expect(storage.getItem(SESSION_KEY)).toBe(user.id);
    expect(await getUser(db, user.id)).toMatchObject({ email: 'sailor@ship.test' });
  });

  it('refuses an e-mail that is already registered, whatever its case', async () => {
    await provider().register(input());
    expect(await codeOf(provider().register(input({ email: 'SAILOR@ship.test' })))).toBe(
      'email-already-in-use',
    );
  });

  it('refuses a password shorter than 6 characters and an empty one', async () => {
    expect(await codeOf(provider().register(input({ password: '12345' })))).toBe(
      'password-does-not-meet-requirements',
    );
    expect(await codeOf(provider().register(input({ password: '' })))).toBe('missing-password');
    expect(await codeOf(provider().register(input({ password: '123456' })))).toBe('no error');
  });

  it('refuses an address that is not an e-mail', async () => {
    for (const email of ['sailor', 'sailor@ship', 'sai lor@ship.test', '@ship.test', '']) {
      expect(await codeOf(provider().register(input({ email })))).toBe('invalid-email');
    }
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it('re-hashes a password stored with fewer iterations at the next successful sign-in', async () => {
    const user = await provider({ iterations: 1_000 }).register(input());
    const before = await getUser(db, user.id);
    // A wrong password changes nothing.
    expect(await codeOf(provider({ iterations: 2_000 }).signIn('sailor@ship.test', 'wrong'))).toBe(
      'invalid-credential',
    );
    expect(await getUser(db, user.id)).toEqual(before);

    const hashOf = async () => {
      const record = await getUser(db, user.id);
      return [record?.passwordHash, record?.passwordSalt, record?.passwordIterations];
    };
    await provider({ iterations: 2_000 }).signIn('sailor@ship.test', 'secret-pass');
    const after = await getUser(db, user.id);
    expect(after?.passwordIterations).toBe(2_000);
    expect(after?.passwordSalt).not.toBe(before?.passwordSalt);
    expect(after?.passwordHash).not.toBe(before?.passwordHash);
    // The new hash works; a hash as strong as wanted is left alone.
    const rehashed = await hashOf();
    await provider({ iterations: 2_000 }).signIn('sailor@ship.test', 'secret-pass');
    expect(await hashOf()).toEqual(rehashed);
  });

  it('stores the password only as a PBKDF2 hash with a salt and 600,000 iterations (OWASP)', async () => {
    const user = await provider({ iterations: undefined }).register(input());
    const record = await getUser(db, user.id);
    expect(record?.passwordIterations).toBe(PBKDF2_ITERATIONS);
    expect(record?.passwordIterations).toBeGreaterThanOrEqual(600_000);
    expect(atob(record?.passwordHash ?? '')).toHaveLength(32);
    expect(atob(record?.passwordSalt ?? '')).toHaveLength(16);
    expect(JSON.stringify(record)).not.toContain('secret-pass');
    expect(Object.keys(record ?? {}).sort()).toEqual(
      [
        'createdAt',
        'email',
        'fullName',
        'id',
        'isAdmin',
        'passwordHash',
        'passwordIterations',
        'passwordSalt',
        'sessionSecret',
        'settings',
      ].sort(),
    );
    // The user object handed to the app carries no password fields.
    expect(Object.keys(user)).not.toContain('passwordHash');
    expect(Object.keys(user)).not.toContain('passwordSalt');
  });

  it('gives two accounts with the same password different salts and hashes', async () => {
    const a = await provider().register(input({ email: 'a@ship.test' }));
    const b = await provider().register(input({ email: 'b@ship.test' }));
    const ra = await getUser(db, a.id);
    const rb = await getUser(db, b.id);
    expect(ra?.passwordSalt).not.toBe(rb?.passwordSalt);
    expect(ra?.passwordHash).not.toBe(rb?.passwordHash);
  });
});

describe('sign in and out', () => {
  it('signs in with the right password, trimming the address and ignoring its case', async () => {
    const registered = await provider().register(input());
    await provider().signOut();
    expect(storage.getItem(SESSION_KEY)).toBeNull();

    const user = await provider().signIn('  SAILOR@ship.test ', 'secret-pass');
    expect(user).toEqual(registered);
    expect(storage.getItem(SESSION_KEY)).toBe(user.id);
  });

  it('answers a wrong password and an unknown address with the same invalid-credential', async () => {
    await provider().register(input());
    await provider().signOut();
    expect(await codeOf(provider().signIn('sailor@ship.test', 'wrong-pass'))).toBe(
      'invalid-credential',
    );
    expect(await codeOf(provider().signIn('nobody@ship.test', 'secret-pass'))).toBe(
      'invalid-credential',
    );
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it('rejects an empty password and a malformed address before looking anything up', async () => {
    expect(await codeOf(provider().signIn('sailor@ship.test', ''))).toBe('missing-password');
    expect(await codeOf(provider().signIn('sailor', 'secret-pass'))).toBe('invalid-email');
  });

  it('verifies with the iterations the hash was made with', async () => {
    await provider({ iterations: 1_000 }).register(input());
    // A later build hashing with more iterations still accepts the old hash.
    const user = await provider({ iterations: 2_000 }).signIn('sailor@ship.test', 'secret-pass');
    expect(user.email).toBe('sailor@ship.test');
  });
});

describe('restore', () => {
  it('brings back the signed-in user after a reload', async () => {
    const user = await provider().register(input());
    const afterReload = provider();
    expect(await afterReload.restore()).toEqual(user);
  });

  it('returns null after sign-out, and for a guest', async () => {
    expect(await provider().restore()).toBeNull();
    await provider().register(input());
    await provider().signOut();
    expect(await provider().restore()).toBeNull();
  });

  it('forgets a remembered id whose user no longer exists', async () => {
    storage.setItem(SESSION_KEY, 'gone');
    expect(await provider().restore()).toBeNull();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });
});

describe('admin rights', () => {
  it('never come from an e-mail address: the owner’s address registers a plain account', async () => {
    const owner = await provider().register(input({ email: ` ${OWNER} ` }));
    expect(owner.isAdmin).toBe(false);
    await provider().signOut();
    expect((await provider().signIn(OWNER, 'secret-pass')).isAdmin).toBe(false);
  });

  it('come with the build’s administrator code; a wrong code is refused and changes nothing', async () => {
    const user = await provider().register(input());
    const claim = provider().adminCode;
    expect(claim).not.toBeNull();
    expect(await codeOf(claim?.claim(user.id, 'harbour master') ?? Promise.resolve())).toBe(
      'invalid-admin-code',
    );
    expect((await getUser(db, user.id))?.isAdmin).toBe(false);
    const admin = await claim?.claim(user.id, `  ${ADMIN_CODE} `);
    expect(admin).toEqual({ ...user, isAdmin: true });
    expect(await provider().restore()).toEqual({ ...user, isAdmin: true });
  });

  it('cannot be claimed at all in a build without a code', () => {
    expect(provider({ adminCode: null }).adminCode).toBeNull();
  });
});

describe('the session on a shared device', () => {
  it('is the user id and a secret that must match the one on the user’s record', async () => {
    const user = await provider().register(input());
    const secret = storage.getItem(SESSION_SECRET_KEY);
    expect(secret).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect((await getUser(db, user.id))?.sessionSecret).toBe(secret);
    expect(await provider().restore()).toEqual(user);
  });

  it('signs nobody in when another user’s id is written into local storage', async () => {
    const victim = await provider().register(input({ email: 'master@ship.test' }));
    await provider().signOut();
    await provider().register(input({ email: 'deckhand@ship.test' }));
    storage.setItem(SESSION_KEY, victim.id);
    expect(await provider().restore()).toBeNull();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it('ends at sign-out: the secret leaves the record, an old copy of it no longer works', async () => {
    const user = await provider().register(input());
    const copied = storage.getItem(SESSION_SECRET_KEY) as string;
    await provider().signOut();
    expect((await getUser(db, user.id))?.sessionSecret).toBeUndefined();
    storage.setItem(SESSION_KEY, user.id);
    storage.setItem(SESSION_SECRET_KEY, copied);
    expect(await provider().restore()).toBeNull();
  });

  it('a sign-in starts a new secret', async () => {
    await provider().register(input());
    const first = storage.getItem(SESSION_SECRET_KEY);
    await provider().signIn('sailor@ship.test', 'secret-pass');
    expect(storage.getItem(SESSION_SECRET_KEY)).not.toBe(first);
  });

  it('signs nobody in from a written id once every account has signed out (the end of a shift)', async () => {
    const master = await provider().register(input({ email: 'master@ship.test' }));
    await provider().adminCode?.claim(master.id, ADMIN_CODE);
    await provider().signOut();
    await provider().register(input({ email: 'deckhand@ship.test' }));
    await provider().signOut();
    // No account holds a secret now; the id alone must still sign nobody in, now or later.
    for (let start = 0; start < 2; start++) {
      storage.setItem(SESSION_KEY, master.id);
      expect(await provider().restore()).toBeNull();
      expect(storage.getItem(SESSION_KEY)).toBeNull();
    }
    expect((await getUser(db, master.id))?.sessionSecret).toBeUndefined();
  });

  it('refuses an id alone on a database this version created: it never had such sessions', async () => {
    const user = await provider().register(input());
    // The id in storage, no secret anywhere: what a forger can make of a device.
    await updateUser(db, user.id, ({ sessionSecret: _none, ...rest }) => rest);
    storage.removeItem(SESSION_SECRET_KEY);
    expect(await provider().restore()).toBeNull();
  });
});

describe('the session the previous version left (an id alone)', () => {
  /** The previous version's account: no session secret. */
  const veteran: LocalUserRecord = {
    id: 'veteran',
    email: 'veteran@ship.test',
    fullName: 'Старый Моряк',
    isAdmin: false,
    createdAt: NOW,
    settings: SETTINGS,
  };

  /** Replaces `db` with a database written at version 7 (before session secrets), upgraded. */
  async function upgradedDevice(users: LocalUserRecord[] = [veteran]): Promise<void> {
    db.close();
    const name = uniqueName();
    const old = await openDB(name, 7, {
      upgrade: (raw, oldVersion, newVersion, tx) => {
        void upgradeMarineDB(raw, oldVersion, newVersion, tx);
      },
    });
    for (const user of users) await old.put('users', user);
    old.close();
    db = await openMarineDB({ name });
  }

  it('is kept at the first start after the upgrade and given a secret', async () => {
    await upgradedDevice();
    storage.setItem(SESSION_KEY, veteran.id);
    expect(await provider().restore()).toEqual(toUser(veteran));
    const secret = storage.getItem(SESSION_SECRET_KEY);
    expect(secret).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect((await getUser(db, veteran.id))?.sessionSecret).toBe(secret);
    // The next start goes by the secret, like any session.
    expect(await provider().restore()).toEqual(toUser(veteran));
  });

  it('is kept only once: after that start an id alone signs nobody in, even with nobody signed in', async () => {
    const deckhand = { ...veteran, id: 'deckhand', email: 'deckhand@ship.test' };
    await upgradedDevice([veteran, deckhand]);
    storage.setItem(SESSION_KEY, veteran.id);
    expect(await provider().restore()).toEqual(toUser(veteran));
    await provider().signOut();
    storage.setItem(SESSION_KEY, deckhand.id);
    expect(await provider().restore()).toBeNull();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it('closes at the first start even when nobody was signed in then', async () => {
    await upgradedDevice();
    expect(await provider().restore()).toBeNull();
    storage.setItem(SESSION_KEY, veteran.id);
    expect(await provider().restore()).toBeNull();
    expect((await getUser(db, veteran.id))?.sessionSecret).toBeUndefined();
  });

  it('is never kept for an unknown id, and the window still closes', async () => {
    await upgradedDevice();
    storage.setItem(SESSION_KEY, 'gone');
    expect(await provider().restore()).toBeNull();
    storage.setItem(SESSION_KEY, veteran.id);
    expect(await provider().restore()).toBeNull();
  });
});

describe('profile changes', () => {
  it('updates the name (trimmed) and keeps it after a reload', async () => {
    const user = await provider().register(input());
    const renamed = await provider().updateName(user.id, '  Пётр Иванов ');
    expect(renamed).toEqual({ ...user, fullName: 'Пётр Иванов' });
    expect(await provider().restore()).toEqual(renamed);
  });

  it('merges a settings patch into the stored settings', async () => {
    const user = await provider().register(input());
    const updated = await provider().updateSettings(user.id, { theme: 'light', dailyGoal: 20 });
    expect(updated.settings).toEqual({ ...SETTINGS, theme: 'light', dailyGoal: 20 });
    expect((await getUser(db, user.id))?.settings).toEqual(updated.settings);
    // The password survives the update.
    await provider().signOut();
    expect(await codeOf(provider().signIn(user.email, 'secret-pass'))).toBe('no error');
  });

  it('answers user-not-found for an unknown user', async () => {
    expect(await codeOf(provider().updateName('nobody', 'X'))).toBe('user-not-found');
    expect(await codeOf(provider().updateSettings('nobody', { theme: 'dark' }))).toBe(
      'user-not-found',
    );
  });
});

it('cannot send a password reset e-mail in the local edition', async () => {
  expect(await codeOf(provider().sendPasswordReset('sailor@ship.test'))).toBe(
    'operation-not-allowed',
  );
});
