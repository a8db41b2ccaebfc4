/// <reference lib="webworker" />
/** The service worker: precaches the build, serves every navigation from the app shell, and waits for SKIP_WAITING. */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { BACKGROUND_SYNC_TAG } from '@/domain/constants';
import { handleBackgroundSync, type SyncEvent } from './background-sync';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every route of the single-page app is answered with the cached shell, so a deep link opens offline;
// robots.txt is a file of the server, not a route of the app.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/robots\.txt$/] }),
);

// A first install controls the open page at once; a later version waits until the user accepts it.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync (sw/background-sync.ts): the page registers the tag when a change is queued
// offline; back online, an open window is asked to sync, and with none open the worker syncs itself.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== BACKGROUND_SYNC_TAG) return;
  sync.waitUntil(
    handleBackgroundSync().catch((error: unknown) => {
      console.warn('[sw] background sync failed; the browser retries it later', error);
      throw error;
    }),
  );
});
