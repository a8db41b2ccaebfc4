/**
 * A profile change goes to the cloud as the fields it changed (auth-store `shareProfile`): a
 * daily-goal change writes the daily goal alone, so the schedule another device chose stays.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthProvider } from '@/auth/auth-provider';
import { createLocalAuth } from '@/auth/local-auth';
import type { MarineDB } from '@/db/schema';
import { getUser, putUser, updateUserSettings } from '@/db/users-repo';
import type { User } from '@/domain/types';
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

/** What reached the cloud, and whether the next push fails (offline). */
const cloud = vi.hoisted(() => ({ pushed: [] as unknown[], offline: false }));

vi.mock('@/db/instance', () => ({ getDB: async () => db, openDB: async () => db }));
vi.mock('@/sync/cloud-remote', () => ({
  readProfileChecked: vi.fn(async () => ({ ok: true, profile: null })),
  pushProfile: vi.fn(async (_userId: string, patch: unknown) => {
    if (cloud.offline) return false;
    cloud.pushed.push(patch);
    return true;
  }),
}));

const sailor: User = {
  id: 'cloud-uid',
  email: 'mate@ship.test',
  fullName: 'Mate',
  isAdmin: false,
  createdAt: 1_700_000_000_000,
  settings: {
    dailyGoal: 10,
    uiLang: 'ru',
    theme: 'light',
    homeZone: 'Europe/Riga',
    schedule: 'standard',
  },
};

let db: MarineDB;
let stores: typeof import('@/stores/auth-store');

beforeEach(async () => {
  storage.clear();
  cloud.pushed = [];
  cloud.offline = false;
  db = await openTestDB();
  await putUser(db, sailor);
  vi.resetModules();
  stores = await import('@/stores/auth-store');
  const provider: AuthProvider = {
    ...createLocalAuth({ getDB: async () => db, storage, iterations: 1_000 }),
    kind: 'firebase',
    restore: async () => sailor,
    signIn: async () => sailor,
    async updateSettings(userId, patch) {
      const record = (await updateUserSettings(db, userId, patch)) as User;
      return { ...sailor, settings: record.settings };
    },
  };
  stores.useAuthStore.setState({ status: 'ready', user: sailor, provider });
});

afterEach(() => {
  vi.restoreAllMocks();
  db.close();
});

describe('a profile change', () => {
  it('writes only the daily goal when the daily goal changed', async () => {
    await stores.useAuthStore.getState().updateSettings({ dailyGoal: 30 });
    await vi.waitFor(() => expect(cloud.pushed).toHaveLength(1));
    expect(cloud.pushed[0]).toEqual({ dailyGoal: 30 });
    await vi.waitFor(async () =>
      expect((await getUser(db, sailor.id))?.profileUnsent).toBe(undefined),
    );
  });

  it('sent later, carries every field still unsent and nothing else', async () => {
    cloud.offline = true;
    await stores.useAuthStore.getState().updateSettings({ dailyGoal: 30 });
    cloud.offline = false;
    await stores.useAuthStore.getState().updateSettings({ theme: 'dark' });
    await vi.waitFor(() => expect(cloud.pushed).toHaveLength(1));
    expect(cloud.pushed[0]).toEqual({ dailyGoal: 30, theme: 'dark' });
  });
});
