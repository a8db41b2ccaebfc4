/** The storage store over a fake navigator.storage: persistence, estimate, the one request at sign-in. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/domain/types';
import { useAuthStore } from '@/stores/auth-store';
import { useStorageStore } from '@/stores/storage-store';

// The auth store builds its default provider over the browser's localStorage at import time.
vi.hoisted(() => {
  const data = new Map<string, string>();
  const memory = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: memory, configurable: true });
});

const USER: User = {
  id: 'u-crew',
  email: 'crew@ship.test',
  fullName: 'Crew',
  isAdmin: false,
  createdAt: 0,
  settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
};

/** A StorageManager that grants persistence when asked (or not, with `grant: false`). */
function fakeStorage({ persisted = false, grant = true } = {}) {
  const state = { persisted };
  return {
    persisted: vi.fn(async () => state.persisted),
    persist: vi.fn(async () => {
      if (grant) state.persisted = true;
      return state.persisted;
    }),
    estimate: vi.fn(async () => ({ usage: 1_258_291, quota: 2 * 1024 ** 3 })),
  };
}

const initial = useStorageStore.getState();

beforeEach(() => {
  useStorageStore.setState({
    ...initial,
    persisted: null,
    usage: null,
    quota: null,
    requested: false,
  });
  useAuthStore.setState({ user: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refresh', () => {
  it('reads persistence and the usage estimate', async () => {
    vi.stubGlobal('navigator', { storage: fakeStorage({ persisted: true }) });
    await useStorageStore.getState().refresh();
    expect(useStorageStore.getState()).toMatchObject({
      persisted: true,
      usage: 1_258_291,
      quota: 2 * 1024 ** 3,
    });
  });

  it('leaves everything unknown without a StorageManager', async () => {
    vi.stubGlobal('navigator', {});
    await useStorageStore.getState().refresh();
    expect(useStorageStore.getState()).toMatchObject({ persisted: null, usage: null, quota: null });
  });

  it('treats a failing API as unknown', async () => {
    vi.stubGlobal('navigator', {
      storage: {
        persisted: () => Promise.reject(new Error('denied')),
        estimate: () => Promise.reject(new Error('denied')),
      },
    });
    await useStorageStore.getState().refresh();
    expect(useStorageStore.getState()).toMatchObject({ persisted: null, usage: null, quota: null });
  });
});

describe('requestPersistence', () => {
  it('asks the browser once, however often it is called', async () => {
    const storage = fakeStorage();
    vi.stubGlobal('navigator', { storage });
    await expect(useStorageStore.getState().requestPersistence()).resolves.toBe(true);
    await expect(useStorageStore.getState().requestPersistence()).resolves.toBe(true);
    expect(storage.persist).toHaveBeenCalledTimes(1);
    expect(useStorageStore.getState().persisted).toBe(true);
  });

  it('records a refusal, and asks again only when forced', async () => {
    const storage = fakeStorage({ grant: false });
    vi.stubGlobal('navigator', { storage });
    await expect(useStorageStore.getState().requestPersistence()).resolves.toBe(false);
    await useStorageStore.getState().requestPersistence();
    expect(storage.persist).toHaveBeenCalledTimes(1);
    await useStorageStore.getState().requestPersistence(true);
    expect(storage.persist).toHaveBeenCalledTimes(2);
    expect(useStorageStore.getState().persisted).toBe(false);
  });

  it('does not ask when storage is already persistent', async () => {
    const storage = fakeStorage({ persisted: true });
    vi.stubGlobal('navigator', { storage });
    await expect(useStorageStore.getState().requestPersistence()).resolves.toBe(true);
    expect(storage.persist).not.toHaveBeenCalled();
  });

  it('resolves to null where persist() is missing', async () => {
    vi.stubGlobal('navigator', { storage: { estimate: fakeStorage().estimate } });
    await expect(useStorageStore.getState().requestPersistence()).resolves.toBeNull();
  });

  it('works with no navigator at all', async () => {
    vi.stubGlobal('navigator', undefined);
    await expect(useStorageStore.getState().requestPersistence()).resolves.toBeNull();
    await useStorageStore.getState().refresh();
    expect(useStorageStore.getState().persisted).toBeNull();
  });
});

describe('sign-in', () => {
  it('requests persistence when a user signs in, not when one signs out', async () => {
    const storage = fakeStorage();
    vi.stubGlobal('navigator', { storage });
    useAuthStore.setState({ user: USER });
    await vi.waitFor(() => expect(useStorageStore.getState().persisted).toBe(true));
    expect(storage.persist).toHaveBeenCalledTimes(1);

    useAuthStore.setState({ user: null });
    useAuthStore.setState({ user: { ...USER, id: 'u-other' } });
    await Promise.resolve();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('stays quiet for a guest', async () => {
    const storage = fakeStorage();
    vi.stubGlobal('navigator', { storage });
    useAuthStore.setState({ status: 'ready', user: null });
    await Promise.resolve();
    expect(storage.persist).not.toHaveBeenCalled();
  });
});
