import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalAuth, SESSION_KEY } from '@/auth/local-auth';
import type { MarineDB } from '@/db/schema';
import { getUser } from '@/db/users-repo';
import { isAdmin } from '@/domain/permissions';
import type { UserSettings } from '@/domain/types';
import { useAuthStore } from '@/stores/auth-store';
import { openTestDB } from '../db/helpers';

// The store builds its default provider over the browser's localStorage at import time.
const storage = vi.hoisted(() => {
  const data = new Map<string, string>();
  const memory = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: memory, configurable: true });
  return memory;
});

const SETTINGS: UserSettings = {
  dailyGoal: 10,
  division: 'deck',
  role: 'bosun',
  uiLang: 'ru',
  theme: 'light',
};

let db: MarineDB;

/** A fresh store, as at page load, over the test database. */
function startPage() {
  useAuthStore.setState({
    status: 'loading',
    user: null,
    provider: createLocalAuth({
      getDB: async () => db,
      storage,
      iterations: 1_000,
    }),
  });
}

const register = (email = 'sailor@ship.test') =>
  useAuthStore
    .getState()
    .register({ email, password: 'secret-pass', fullName: 'Иван Петров', settings: SETTINGS });

beforeEach(async () => {
  storage.clear();
  db = await openTestDB();
  startPage();
});

afterEach(() => {
  db.close();
  vi.restoreAllMocks();
});

describe('init', () => {
  it('settles as ready with no user for a guest', async () => {
    expect(useAuthStore.getState().status).toBe('loading');
    await useAuthStore.getState().init();
    expect(useAuthStore.getState()).toMatchObject({ status: 'ready', user: null });
  });

  it('restores the user of the last session after a reload', async () => {
    const user = await register();
    startPage();
    expect(useAuthStore.getState().user).toBeNull();
    await useAuthStore.getState().init();
    expect(useAuthStore.getState()).toMatchObject({ status: 'ready', user });
  });

  it('settles as a guest when restoring fails, and logs why', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const provider = useAuthStore.getState().provider;
    useAuthStore.setState({
      provider: { ...provider, restore: () => Promise.reject(new Error('broken')) },
    });
    await useAuthStore.getState().init();
    expect(useAuthStore.getState()).toMatchObject({ status: 'ready', user: null });
    expect(log).toHaveBeenCalled();
  });
});

describe('register, sign in, sign out', () => {
  it('register signs the new user in', async () => {
    const user = await register();
    expect(useAuthStore.getState().user).toEqual(user);
    expect(storage.getItem(SESSION_KEY)).toBe(user.id);
    expect(isAdmin(user)).toBe(false);
  });

  it('a failed registration leaves the guest signed out', async () => {
    await register();
    await useAuthStore.getState().signOut();
    await expect(register()).rejects.toMatchObject({ code: 'email-already-in-use' });
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('sign out forgets the user and the session; sign in brings them back', async () => {
    const user = await register();
    await useAuthStore.getState().signOut();
    expect(useAuthStore.getState().user).toBeNull();
    expect(storage.getItem(SESSION_KEY)).toBeNull();

    await useAuthStore.getState().signIn(' sailor@ship.test ', 'secret-pass');
    expect(useAuthStore.getState().user).toEqual(user);
  });

  it('a wrong password keeps the guest signed out', async () => {
    await register();
    await useAuthStore.getState().signOut();
    await expect(
      useAuthStore.getState().signIn('sailor@ship.test', 'wrong-pass'),
    ).rejects.toMatchObject({ code: 'invalid-credential' });
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('an e-mail address alone makes no admin in the local edition', async () => {
    expect(isAdmin(await register('captain@ship.test'))).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

describe('profile and settings', () => {
  it('updateName and updateSettings change the signed-in user and the stored record', async () => {
    const user = await register();
    await useAuthStore.getState().updateName('Пётр');
    await useAuthStore.getState().updateSettings({ dailyGoal: 20 });
    expect(useAuthStore.getState().user).toMatchObject({
      fullName: 'Пётр',
      settings: { ...SETTINGS, dailyGoal: 20 },
    });
    expect(await getUser(db, user.id)).toMatchObject({
      fullName: 'Пётр',
      settings: { dailyGoal: 20 },
    });
  });

  it('an unchanged name asks nothing of the provider (the cloud one would need the network)', async () => {
    const user = await register();
    const rename = vi.spyOn(useAuthStore.getState().provider, 'updateName');
    expect(await useAuthStore.getState().updateName('  Иван Петров ')).toEqual(user);
    expect(rename).not.toHaveBeenCalled();
    await useAuthStore.getState().updateName('Пётр');
    expect(rename).toHaveBeenCalledTimes(1);
  });

  it('a guest has no settings to save and no name to change', async () => {
    expect(await useAuthStore.getState().updateSettings({ dailyGoal: 20 })).toBeNull();
    await expect(useAuthStore.getState().updateName('X')).rejects.toThrow('No signed-in user');
  });
});

describe('the cloud edition at sea', () => {
  it('remembers on the device what the token last said of admin rights, for an offline start', async () => {
    const { getDB, resetDB } = await import('@/db/instance');
    const { putUser: putRecord } = await import('@/db/users-repo');
    await resetDB();
    const sailor = {
      id: 'cloud-uid',
      email: 'mate@ship.test',
      fullName: 'Mate',
      isAdmin: false,
      createdAt: 1,
      settings: SETTINGS,
    };
    // On this device since before the claim was given.
    await putRecord(await getDB(), sailor);
    const cloud = {
      ...createLocalAuth({ getDB: async () => db, storage }),
      kind: 'firebase' as const,
      restore: async () => ({ ...sailor, isAdmin: true }),
    };
    useAuthStore.setState({ status: 'loading', user: null, provider: cloud });
    await useAuthStore.getState().init();
    expect(useAuthStore.getState().user?.isAdmin).toBe(true);
    expect((await getUser(await getDB(), sailor.id))?.isAdmin).toBe(true);
    await resetDB();
  });
});
