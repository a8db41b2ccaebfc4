import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalAuth } from '@/auth/local-auth';
import type { MarineDB } from '@/db/schema';
import { getUser } from '@/db/users-repo';
import type { User, UserSettings } from '@/domain/types';
import { openTestDB } from '../db/helpers';

// Theme and language live in localStorage; the stores read it when their module loads.
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

type Stores = typeof import('@/stores/settings-store') & typeof import('@/stores/auth-store');

let db: MarineDB;

/** Loads the stores afresh, as a page load does, over the test database. */
async function loadPage(): Promise<Stores> {
  vi.resetModules();
  const stores = {
    ...(await import('@/stores/settings-store')),
    ...(await import('@/stores/auth-store')),
  };
  stores.useAuthStore.setState({
    status: 'ready',
    provider: createLocalAuth({ getDB: async () => db, storage, iterations: 1_000 }),
  });
  return stores;
}

const SETTINGS: UserSettings = {
  dailyGoal: 10,
  division: 'deck',
  role: 'all',
  uiLang: 'ru',
  theme: 'light',
};

function register(stores: Stores, settings: Partial<UserSettings> = {}): Promise<User> {
  return stores.useAuthStore.getState().register({
    email: `sailor-${Math.random().toString(36).slice(2)}@ship.test`,
    password: 'secret-pass',
    fullName: '',
    settings: { ...SETTINGS, ...settings },
  });
}

beforeEach(async () => {
  storage.clear();
  db = await openTestDB();
});

afterEach(() => db.close());

describe('before sign-in', () => {
  it('starts light and Russian on a first visit', async () => {
    const { useSettingsStore } = await loadPage();
    expect(useSettingsStore.getState()).toMatchObject({ theme: 'light', lang: 'ru' });
  });

  it('keeps the chosen theme and language in localStorage across a reload', async () => {
    const first = await loadPage();
    await first.useSettingsStore.getState().setTheme('dark');
    await first.useSettingsStore.getState().setLang('en');
    expect(storage.getItem(first.THEME_KEY)).toBe('dark');
    expect(storage.getItem(first.LANG_KEY)).toBe('en');

    const { useSettingsStore } = await loadPage();
    expect(useSettingsStore.getState()).toMatchObject({ theme: 'dark', lang: 'en' });
  });

  it('ignores stored values it does not know', async () => {
    storage.setItem('marine.theme', 'purple');
    storage.setItem('marine.lang', 'de');
    const { useSettingsStore } = await loadPage();
    expect(useSettingsStore.getState()).toMatchObject({ theme: 'light', lang: 'ru' });
  });

  it('a guest changing the daily goal saves nothing', async () => {
    const stores = await loadPage();
    await stores.useSettingsStore.getState().setDailyGoal(20);
    expect(stores.useAuthStore.getState().user).toBeNull();
    expect(await db.count('users')).toBe(0);
  });
});

describe('signed in', () => {
  it('takes the user’s saved theme and language at sign-in', async () => {
    const stores = await loadPage();
    const user = await register(stores, { theme: 'dark', uiLang: 'en' });
    await stores.useAuthStore.getState().signOut();
    await stores.useSettingsStore.getState().setTheme('light');
    await stores.useSettingsStore.getState().setLang('ru');

    await stores.useAuthStore.getState().signIn(user.email, 'secret-pass');
    expect(stores.useSettingsStore.getState()).toMatchObject({ theme: 'dark', lang: 'en' });
    expect(storage.getItem('marine.theme')).toBe('dark');
    expect(storage.getItem('marine.lang')).toBe('en');
  });

  it('saves theme, language and daily goal to the user’s settings', async () => {
    const stores = await loadPage();
    const user = await register(stores);
    await stores.useSettingsStore.getState().setTheme('system');
    await stores.useSettingsStore.getState().setLang('en');
    await stores.useSettingsStore.getState().setDailyGoal(15);
    const expected = { ...SETTINGS, theme: 'system', uiLang: 'en', dailyGoal: 15 };
    expect(stores.useAuthStore.getState().user?.settings).toEqual(expected);
    expect((await getUser(db, user.id))?.settings).toEqual(expected);
  });
});
