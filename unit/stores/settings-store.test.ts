import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalAuth } from '@/auth/local-auth';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
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

// The words store and the refold reach the database through the app's connection: this test's.
vi.mock('@/db/instance', () => ({ getDB: async () => db, openDB: async () => db }));

type Stores = typeof import('@/stores/settings-store') &
  typeof import('@/stores/auth-store') &
  typeof import('@/stores/words-store');

let db: MarineDB;

/** Loads the stores afresh, as a page load does, over the test database. */
async function loadPage(): Promise<Stores> {
  vi.resetModules();
  const stores = {
    ...(await import('@/stores/settings-store')),
    ...(await import('@/stores/auth-store')),
    ...(await import('@/stores/words-store')),
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

afterEach(async () => {
  vi.useRealTimers();
  // The words store's start-up upkeep runs in the background: let it end before the database closes.
  await new Promise((resolve) => setTimeout(resolve, 100));
  db.close();
});

/** The zone this test machine's runtime reports (what a registration saves as the home zone). */
const DEVICE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 12, 9, 0);

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
    storage.setItem('marine.lang', 'qaa');
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
    const expected = {
      ...SETTINGS,
      theme: 'system',
      uiLang: 'en',
      dailyGoal: 15,
      homeZone: DEVICE_ZONE,
    };
    expect(stores.useAuthStore.getState().user?.settings).toEqual(expected);
    expect((await getUser(db, user.id))?.settings).toEqual(expected);
  });
});

describe('the review schedule', () => {
  /**
   * A registered learner (home zone UTC) who answered one word right at NOW (the standard
   * schedule: due in a day).
   */
  async function learnerWithAnAnswer() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const stores = await loadPage();
    const user = await register(stores, { homeZone: 'UTC' });
    await stores.useWordsStore.getState().recordAnswer('dk002', true);
    const due = () => stores.useWordsStore.getState().words.get('dk002')?.nextReviewAt;
    const stored = async () => (await getUserWord(db, user.id, 'dk002'))?.nextReviewAt;
    expect(due()).toBe(NOW + DAY);
    return { stores, user, due, stored };
  }

  it('FSRS refolds the words at once: the first right answer is due in 3 days, not 1', async () => {
    const { stores, user, due, stored } = await learnerWithAnAnswer();
    const settings = stores.useSettingsStore.getState();

    expect(await settings.setSchedule('fsrs')).toBe(1);
    expect((await getUser(db, user.id))?.settings.schedule).toBe('fsrs');
    expect(due()).toBe(NOW + 3 * DAY);
    expect(await stored()).toBe(NOW + 3 * DAY);

    // A lower retention asks for the word later; a value out of bounds is kept within them.
    expect(await settings.setRetention(0.8)).toBe(1);
    expect(due()).toBe(NOW + 8 * DAY);
    await settings.setRetention(0.99);
    expect(stores.useAuthStore.getState().user?.settings.retention).toBe(0.95);

    // Back to the standard schedule: the specification's day again.
    expect(await settings.setSchedule('standard')).toBe(1);
    expect(due()).toBe(NOW + DAY);
    expect(await stored()).toBe(NOW + DAY);
  });

  it('refolds only when the fold changes: the same schedule again, or the goal, refold nothing', async () => {
    const { stores } = await learnerWithAnAnswer();
    const settings = stores.useSettingsStore.getState();
    const refold = vi.spyOn(stores.useWordsStore.getState(), 'refold');
    expect(await settings.setSchedule('standard')).toBeNull();
    expect(await settings.saveSettings({ dailyGoal: 20 })).toBeNull();
    expect(refold).not.toHaveBeenCalled();
    expect(await settings.saveSettings({ schedule: 'fsrs', dailyGoal: 25 })).toBe(1);
    expect(refold).toHaveBeenCalledTimes(1);
  });

  it('a schedule change takes the words from its refold, reading none again; a change from elsewhere reloads them', async () => {
    const { stores, due } = await learnerWithAnAnswer();
    const load = vi.spyOn(stores.useWordsStore.getState(), 'load');
    expect(await stores.useSettingsStore.getState().setSchedule('fsrs')).toBe(1);
    expect(due()).toBe(NOW + 3 * DAY);
    expect(load).not.toHaveBeenCalled();
    // Settings taken in without a refold of this store's own (a cloud profile's, say) still
    // show the words as stored.
    await stores.useAuthStore.getState().updateSettings({ schedule: 'standard' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('quick changes, one taken back at once, end as the last one says', async () => {
    const { stores, user, due, stored } = await learnerWithAnAnswer();
    const settings = stores.useSettingsStore.getState();
    await Promise.all([
      settings.setSchedule('fsrs'),
      settings.setRetention(0.8),
      settings.setSchedule('standard'),
      settings.setSchedule('fsrs'),
    ]);
    expect((await getUser(db, user.id))?.settings).toMatchObject({
      schedule: 'fsrs',
      retention: 0.8,
    });
    expect(due()).toBe(NOW + 8 * DAY);
    expect(await stored()).toBe(NOW + 8 * DAY);
  });

  it('sets the home time zone to a zone the device knows, and refolds under it', async () => {
    const { stores, user } = await learnerWithAnAnswer();
    const settings = stores.useSettingsStore.getState();
    await expect(settings.setHomeZone('Mars/Olympus_Mons')).rejects.toThrow(RangeError);
    const day = Math.floor(NOW / DAY);
    expect(stores.useWordsStore.getState().words.get('dk002')?.stepDay).toBe(day);
    expect(await settings.setHomeZone('Pacific/Honolulu')).toBe(1);
    expect((await getUser(db, user.id))?.settings.homeZone).toBe('Pacific/Honolulu');
    // NOW (09:00 UTC on 12 January) is 23:00 on the 11th in Honolulu: the step's day moved back.
    expect((await getUserWord(db, user.id, 'dk002'))?.stepDay).toBe(day - 1);
    expect(stores.useWordsStore.getState().words.get('dk002')?.stepDay).toBe(day - 1);
  });

  it('a guest’s schedule change saves and refolds nothing', async () => {
    const stores = await loadPage();
    expect(await stores.useSettingsStore.getState().setSchedule('fsrs')).toBeNull();
    expect(await db.count('users')).toBe(0);
  });
});
