/// <reference lib="webworker" />
/**
 * Background Sync, the worker side (the page side is src/app/background-sync.ts). The `sync` event
 * of the one-shot tag 'marine-sync' asks an open window to sync and waits for its answer; with no
 * window open the worker syncs itself (`syncInWorker`). The local edition has nothing to sync.
 */
import { firebaseSettings } from '@/firebase/config';

declare let self: ServiceWorkerGlobalScope;

/** How long an open window gets to answer a SYNC_REQUEST before the worker syncs itself. */
export const WINDOW_SYNC_TIMEOUT_MS = 20_000;

/** The `sync` event (not in TypeScript's WebWorker lib). */
export interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

interface SyncDone {
  type: 'SYNC_DONE';
  ok: boolean;
  reason?: string;
}

/**
 * Asks one window to sync and waits for its SYNC_DONE: the reply, or null when it did not answer
 * in time (an old page without the listener, a frozen tab).
 */
function askWindow(client: Client, timeoutMs: number): Promise<SyncDone | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      const data = event.data as Partial<SyncDone> | null;
      if (data?.type !== 'SYNC_DONE') return;
      clearTimeout(timer);
      channel.port1.close();
      resolve({ type: 'SYNC_DONE', ok: data.ok === true, reason: data.reason });
    };
    client.postMessage({ type: 'SYNC_REQUEST' }, [channel.port2]);
  });
}

/** The window to ask: a focused one, else a visible one, else any. */
function pickWindow(clients: readonly WindowClient[]): WindowClient | undefined {
  return (
    clients.find((c) => c.focused) ??
    clients.find((c) => c.visibilityState === 'visible') ??
    clients[0]
  );
}

/**
 * The sync with no page open: the worker pushes the queue itself (sw/worker-sync.ts). The local
 * edition (no Firebase configuration) has nothing to sync; the check is a build-time constant, so
 * its worker carries no Firebase code.
 */
export async function syncInWorker(): Promise<'not-configured' | 'signed-out' | 'synced'> {
  // Raw build-time constants first, so the local edition's bundler drops the Firebase branch;
  // then the settings as the page reads them (trimmed, blanks as missing).
  if (!import.meta.env.VITE_FIREBASE_API_KEY || !import.meta.env.VITE_FIREBASE_PROJECT_ID) {
    return 'not-configured';
  }
  const settings = firebaseSettings();
  if (!settings) return 'not-configured';
  const { syncFromWorker } = await import('./worker-sync');
  return syncFromWorker(settings);
}

/** The work of one `sync` event for the tag: an open window syncs, or the worker does. */
export async function handleBackgroundSync(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: false });
  const target = pickWindow(windows);
  if (target) {
    const reply = await askWindow(target, WINDOW_SYNC_TIMEOUT_MS);
    if (reply?.ok) return;
    // 'stopped': that window has nobody signed in to the cloud: nothing queued to push from it.
    if (reply && reply.reason === 'stopped') return;
    if (reply) throw new Error(`The page's sync failed (${reply.reason ?? 'unknown'})`);
    console.warn('[sw] background sync: the window did not answer; syncing in the worker');
  }
  await syncInWorker();
}
