/**
 * Storage that survives: whether the browser keeps this origin's data under storage pressure
 * (`navigator.storage.persisted()`), how much is used (`estimate()`), and one request for
 * persistence (`persist()`) as soon as there is something worth keeping: a user signed in.
 * Every StorageManager call is feature-detected; where it is missing the figures stay null.
 */
import { create } from 'zustand';
import { useAuthStore } from './auth-store';

interface StorageState {
  /** null until read, or where the browser cannot tell. */
  persisted: boolean | null;
  /** Bytes used and available to this origin, or null where unknown. */
  usage: number | null;
  quota: number | null;
  /** Whether `requestPersistence()` has asked the browser already in this page. */
  requested: boolean;
  /** Reads persistence and the usage estimate again. */
  refresh(): Promise<void>;
  /**
   * Asks for persistent storage once per page (`force` asks again, e.g. from a button the user
   * pressed). Resolves to the persistence state afterwards, null where unsupported.
   */
  requestPersistence(force?: boolean): Promise<boolean | null>;
}

/** The StorageManager, or undefined where the browser (or a test) has none. */
function storageManager(): Partial<StorageManager> | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

async function readPersisted(): Promise<boolean | null> {
  const storage = storageManager();
  if (typeof storage?.persisted !== 'function') return null;
  try {
    return await storage.persisted();
  } catch {
    return null;
  }
}

async function readEstimate(): Promise<{ usage: number | null; quota: number | null }> {
  const storage = storageManager();
  if (typeof storage?.estimate !== 'function') return { usage: null, quota: null };
  try {
    const estimate = await storage.estimate();
    return { usage: estimate.usage ?? null, quota: estimate.quota ?? null };
  } catch {
    return { usage: null, quota: null };
  }
}

export const useStorageStore = create<StorageState>()((set, get) => ({
  persisted: null,
  usage: null,
  quota: null,
  requested: false,

  async refresh() {
    const [persisted, estimate] = await Promise.all([readPersisted(), readEstimate()]);
    set({ persisted, ...estimate });
  },

  async requestPersistence(force = false) {
    if (get().requested && !force) return get().persisted;
    set({ requested: true });
    const storage = storageManager();
    if (typeof storage?.persist !== 'function') return null;
    // Already persistent: nothing to ask (Firefox would show its prompt again).
    if ((await readPersisted()) === true) {
      set({ persisted: true });
      return true;
    }
    let persisted: boolean | null;
    try {
      persisted = await storage.persist();
    } catch {
      persisted = await readPersisted();
    }
    set({ persisted });
    return persisted;
  },
}));

/** Sign-in (or a restored session) is when the data becomes worth keeping: ask then. */
function followAuth(): void {
  const ask = () => void useStorageStore.getState().requestPersistence();
  if (useAuthStore.getState().user) ask();
  useAuthStore.subscribe((state, previous) => {
    if (state.user && !previous.user) ask();
  });
}

followAuth();
