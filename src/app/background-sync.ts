/**
 * Background Sync, the page side (the worker side is sw/background-sync.ts and the `sync` listener
 * of sw/sw.ts). When a signed-in cloud user's change is queued while offline, the page registers
 * the one-shot sync tag 'marine-sync', so the browser wakes the service worker once the device is
 * online, even with the app closed. When the worker then finds this window open it asks it to
 * sync (`{ type: 'SYNC_REQUEST' }` with a MessageChannel port) and the page answers
 * `{ type: 'SYNC_DONE', ok }` after running the sync store's manual sync.
 *
 * Browsers without the Background Sync API (Firefox, Safari) register nothing: the page's own
 * triggers (coming online, focus, the 60 s interval, the sync button) push the queue instead.
 */
import { BACKGROUND_SYNC_TAG } from '@/domain/constants';
import { useAuthStore } from '@/stores/auth-store';
import { useSyncStore } from '@/stores/sync-store';

/** How long a SYNC_REQUEST waits for the auth state to settle after a cold start. */
const AUTH_READY_TIMEOUT_MS = 10_000;

/** The Background Sync part of a registration (not in TypeScript's DOM lib). */
interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

export interface SyncDoneMessage {
  type: 'SYNC_DONE';
  ok: boolean;
  reason?: string;
}

let started = false;

function backgroundSyncSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof ServiceWorkerRegistration !== 'undefined' &&
    'sync' in ServiceWorkerRegistration.prototype
  );
}

/** Registers the one-shot sync tag; any failure (no worker yet, permission) is ignored. */
export async function registerBackgroundSync(): Promise<boolean> {
  if (!backgroundSyncSupported()) return false;
  try {
    const registration = await navigator.serviceWorker.ready;
    const sync = (registration as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync;
    if (!sync) return false;
    await sync.register(BACKGROUND_SYNC_TAG);
    return true;
  } catch (error) {
    console.warn('Registering the background sync failed; the page triggers will sync', error);
    return false;
  }
}

/** Resolves once the auth store has settled (or after `timeoutMs`). */
function authSettled(timeoutMs: number): Promise<void> {
  if (useAuthStore.getState().status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = useAuthStore.subscribe((state) => {
      if (state.status === 'ready') done();
    });
  });
}

/** Runs the page's sync for the worker and reports the outcome through the port. */
async function answerSyncRequest(port: MessagePort | undefined): Promise<void> {
  let reply: SyncDoneMessage;
  try {
    await authSettled(AUTH_READY_TIMEOUT_MS);
    const outcome = await useSyncStore.getState().syncNow();
    reply = outcome.ok
      ? { type: 'SYNC_DONE', ok: true }
      : { type: 'SYNC_DONE', ok: false, reason: outcome.reason };
  } catch (error) {
    console.warn('The sync the service worker asked for failed', error);
    reply = { type: 'SYNC_DONE', ok: false, reason: 'error' };
  }
  port?.postMessage(reply);
}

/** Arms the page side once: the offline-queue watcher and the worker's SYNC_REQUEST listener. */
export function startBackgroundSync(): void {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;

  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type !== 'SYNC_REQUEST') return;
    void answerSyncRequest(event.ports[0]);
  });

  if (!backgroundSyncSupported()) return;
  useSyncStore.subscribe((state, previous) => {
    if (!state.userId || navigator.onLine !== false) return;
    if (state.pendingCount > previous.pendingCount) void registerBackgroundSync();
  });
}
