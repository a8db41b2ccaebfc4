/**
 * App updates (prompt mode): whether a new version waits for the user, how to apply it, and the
 * one-time 'ready to work offline' notice. The service-worker module fills it; the shell's
 * update banner reads it. A quiz is never reloaded: the banner holds the button back on the quiz
 * routes, and a new version that takes control while a quiz runs (accepted in another tab) reloads
 * the page only once the quiz is left.
 */
import { create } from 'zustand';

/** localStorage: set once the offline-ready notice has been shown, so it shows once per install. */
export const OFFLINE_READY_KEY = 'marine.offlineReadyShown';

/** The routes of a running quiz, where the app never reloads itself. */
export function isQuizPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === '/quiz' || path.startsWith('/quiz/');
}

function readFlag(): boolean {
  try {
    return localStorage.getItem(OFFLINE_READY_KEY) === '1';
  } catch {
    return false;
  }
}

function writeFlag(): void {
  try {
    localStorage.setItem(OFFLINE_READY_KEY, '1');
  } catch {
    // Private mode or storage full: the notice may show again, which is harmless.
  }
}

interface UpdateState {
  /** A new service worker is installed and waits for the user. */
  updateAvailable: boolean;
  /** The user closed the banner; it comes back with the next page load. */
  dismissed: boolean;
  /** The new worker took control while a quiz ran: reload as soon as the quiz is left. */
  reloadPending: boolean;
  /** The offline-ready notice is to be shown now. */
  offlineReady: boolean;
  /** Activates the waiting worker (SKIP_WAITING); the page reloads once it takes control. */
  apply: (() => Promise<void>) | null;
  markUpdateAvailable(apply: () => Promise<void>): void;
  /** Sends SKIP_WAITING to the waiting worker. */
  applyUpdate(): Promise<void>;
  dismissUpdate(): void;
  markReloadPending(): void;
  /** Shows the offline-ready notice unless it has been shown before on this install. */
  markOfflineReady(): void;
  dismissOfflineReady(): void;
}

export const useUpdateStore = create<UpdateState>()((set, get) => ({
  updateAvailable: false,
  dismissed: false,
  reloadPending: false,
  offlineReady: false,
  apply: null,
  markUpdateAvailable(apply) {
    set({ updateAvailable: true, dismissed: false, apply });
  },
  async applyUpdate() {
    await get().apply?.();
  },
  dismissUpdate() {
    set({ dismissed: true });
  },
  markReloadPending() {
    set({ reloadPending: true });
  },
  markOfflineReady() {
    if (readFlag()) return;
    writeFlag();
    set({ offlineReady: true });
  },
  dismissOfflineReady() {
    set({ offlineReady: false });
  },
}));
