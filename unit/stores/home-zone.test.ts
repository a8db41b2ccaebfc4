/**
 * The learner's home time zone (auth-store): saved once from the device at registration, or for an
 * account of an older version at its next start, with the words refolded under it; in the cloud
 * edition taken from the profile when another device settled it; and never changed by itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthProvider } from '@/auth/auth-provider';
import { createLocalAuth } from '@/auth/local-auth';
import { recordChange } from '@/db/history-append';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
import { getUser, putUser, updateUser, updateUserSettings } from '@/db/users-repo';
import type { User, UserSettings } from '@/domain/types';
import type { ProfileRead } from '@/sync/cloud-remote';
import { openTestDB } from '../db/helpers';

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

/** The cloud profile as this test says it reads, and what was pushed. */
const cloud = vi.hoisted(() => ({
  read: { ok: true, profile: null } as ProfileRead,
  pushed: [] as unknown[],
}));

vi.mock('@/db/instance', () => ({ getDB: async () => db, openDB: async () => db }));
vi.mock('@/sync/cloud-remote', () => ({
  readProfileChecked: vi.fn(async () => cloud.read),
  pushProfile: vi.fn(async (_userId: string, patch: unknown) => {
    cloud.pushed.push(patch);
    return true;
  }),
}));

const SETTINGS: UserSettings = { dailyGoal: 10, division: 'deck', uiLang: 'ru', theme: 'light' };
const HOUR = 3_600_000;
/** 13:00 and 15:00 UTC on one day: in Vladivostok (UTC+10) 23:00 and 01:00, two days. */
// 03:00 and 05:00 in Vladivostok: two study days there (they begin at 04:00), one in UTC.
const FIRST = Date.UTC(2026, 0, 12, 17);
const SECOND = FIRST + 2 * HOUR;

let db: MarineDB;
let stores: typeof import('@/stores/auth-store');

/** What this runtime says the device's zone is. */
function deviceZoneIs(zone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...original.call(this), timeZone: zone };
  });
}

beforeEach(async () => {
  storage.clear();
  cloud.read = { ok: true, profile: null };
  cloud.pushed = [];
  db = await openTestDB();
  vi.resetModules();
  stores = await import('@/stores/auth-store');
});

afterEach(() => {
  vi.restoreAllMocks();
  db.close();
});

function localEdition(): AuthProvider {
  return createLocalAuth({ getDB: async () => db, storage, iterations: 1_000 });
}

/** A cloud provider whose session is `user` (its settings are saved as Firebase's are). */
function cloudEdition(user: User): AuthProvider {
  return {
    ...localEdition(),
    kind: 'firebase',
    restore: async () => user,
    signIn: async () => user,
    async updateSettings(userId, patch) {
      const record = (await updateUserSettings(db, userId, patch)) as User;
      return { ...user, settings: record.settings };
    },
  };
}

function startWith(provider: AuthProvider) {
  stores.useAuthStore.setState({ status: 'loading', user: null, provider });
}

/** Two right answers on one word, 13:00 and 15:00 UTC, folded with the user's settings now. */
async function answerTwice(userId: string) {
  await recordChange(db, userId, 'dk002', { kind: 'answer', correct: true }, FIRST);
  await recordChange(db, userId, 'dk002', { kind: 'answer', correct: true }, SECOND);
}

describe('the local edition', () => {
  it('a registration saves the device’s zone as the home zone', async () => {
    deviceZoneIs('Asia/Vladivostok');
    startWith(localEdition());
    const user = await stores.useAuthStore.getState().register({
      email: 'sailor@ship.test',
      password: 'secret-pass',
      fullName: '',
      settings: SETTINGS,
    });
    expect(user.settings.homeZone).toBe('Asia/Vladivostok');
    expect((await getUser(db, user.id))?.settings.homeZone).toBe('Asia/Vladivostok');
  });

  it('an older account gets the device’s zone once, its words refolded; a ship’s new zone moves nothing', async () => {
    deviceZoneIs('Asia/Vladivostok');
    startWith(localEdition());
    const user = await stores.useAuthStore.getState().register({
      email: 'sailor@ship.test',
      password: 'secret-pass',
      fullName: '',
      settings: SETTINGS,
    });
    // As an older version left it: no home zone, so the two answers fell on one (UTC) day.
    await updateUser(db, user.id, (record) => ({ ...record, settings: SETTINGS }));
    await answerTwice(user.id);
    expect((await getUserWord(db, user.id, 'dk002'))?.streak).toBe(1);

    startWith(localEdition());
    await stores.useAuthStore.getState().init();
    expect(stores.useAuthStore.getState().user?.settings.homeZone).toBe('Asia/Vladivostok');
    expect((await getUser(db, user.id))?.settings.homeZone).toBe('Asia/Vladivostok');
    // Refolded: in Vladivostok they were answers of two days, two steps.
    expect((await getUserWord(db, user.id, 'dk002'))?.streak).toBe(2);

    // The ship sails on to Riga's zone: the learner's day stays where it was.
    vi.restoreAllMocks();
    deviceZoneIs('Europe/Riga');
    await stores.useAuthStore.getState().signOut();
    await stores.useAuthStore.getState().signIn('sailor@ship.test', 'secret-pass');
    expect(stores.useAuthStore.getState().user?.settings.homeZone).toBe('Asia/Vladivostok');
    expect((await getUser(db, user.id))?.settings.homeZone).toBe('Asia/Vladivostok');
  });
});

describe('the cloud edition', () => {
  const sailor: User = {
    id: 'cloud-uid',
    email: 'mate@ship.test',
    fullName: 'Mate',
    isAdmin: false,
    createdAt: 1_700_000_000_000,
    settings: SETTINGS,
  };

  it('a first sign-in on a device takes the schedule settings from the profile, and shares nothing', async () => {
    deviceZoneIs('Europe/Riga');
    cloud.read = {
      ok: true,
      profile: { dailyGoal: 20, homeZone: 'Asia/Vladivostok', schedule: 'fsrs', retention: 0.85 },
    };
    startWith(cloudEdition(sailor));
    await stores.useAuthStore.getState().signIn(sailor.email, 'secret-pass');
    const expected = {
      ...SETTINGS,
      dailyGoal: 20,
      homeZone: 'Asia/Vladivostok',
      schedule: 'fsrs',
      retention: 0.85,
    };
    expect(stores.useAuthStore.getState().user?.settings).toEqual(expected);
    expect((await getUser(db, sailor.id))?.settings).toEqual(expected);
    expect(cloud.pushed).toEqual([]);
  });

  it('a profile without a zone (an older version’s) gets the device’s, shared with the cloud', async () => {
    deviceZoneIs('Europe/Riga');
    cloud.read = { ok: true, profile: { dailyGoal: 20 } };
    startWith(cloudEdition(sailor));
    await stores.useAuthStore.getState().signIn(sailor.email, 'secret-pass');
    expect(stores.useAuthStore.getState().user?.settings.homeZone).toBe('Europe/Riga');
    expect(cloud.pushed).toEqual([expect.objectContaining({ homeZone: 'Europe/Riga' })]);
  });

  it('an account on this device since an older version takes the zone another device settled', async () => {
    deviceZoneIs('Europe/Riga');
    await putUser(db, sailor);
    await answerTwice(sailor.id);
    expect((await getUserWord(db, sailor.id, 'dk002'))?.streak).toBe(1);
    cloud.read = { ok: true, profile: { homeZone: 'Asia/Vladivostok', schedule: 'standard' } };
    startWith(cloudEdition(sailor));
    await stores.useAuthStore.getState().init();
    // Settled in the background (the profile is read over the network): the start did not wait.
    await vi.waitFor(() =>
      expect(stores.useAuthStore.getState().user?.settings.homeZone).toBe('Asia/Vladivostok'),
    );
    expect((await getUser(db, sailor.id))?.settings).toMatchObject({
      homeZone: 'Asia/Vladivostok',
      schedule: 'standard',
    });
    await vi.waitFor(async () =>
      expect((await getUserWord(db, sailor.id, 'dk002'))?.streak).toBe(2),
    );
    expect(cloud.pushed).toEqual([]);
  });

  it('offline, no zone is guessed: the next start asks the profile again', async () => {
    deviceZoneIs('Europe/Riga');
    await putUser(db, sailor);
    cloud.read = { ok: false };
    startWith(cloudEdition(sailor));
    await stores.useAuthStore.getState().init();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stores.useAuthStore.getState().user?.settings.homeZone).toBeUndefined();
    expect((await getUser(db, sailor.id))?.settings.homeZone).toBeUndefined();
    expect(cloud.pushed).toEqual([]);

    cloud.read = { ok: true, profile: {} };
    startWith(cloudEdition(sailor));
    await stores.useAuthStore.getState().init();
    await vi.waitFor(() =>
      expect(stores.useAuthStore.getState().user?.settings.homeZone).toBe('Europe/Riga'),
    );
    expect(cloud.pushed).toEqual([expect.objectContaining({ homeZone: 'Europe/Riga' })]);
  });
});
