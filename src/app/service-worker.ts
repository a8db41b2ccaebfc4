/**
 * Registers the service worker of the production build. Updates wait for the user (prompt mode):
 * a waiting worker raises the update banner, whose button sends SKIP_WAITING; the page reloads
 * when the new worker takes control, but never in the middle of a quiz. Every hour the
 * registration checks for a new version, except while the device is offline.
 */
import { registerSW } from 'virtual:pwa-register';
import { isQuizPath, useUpdateStore } from '@/stores/update-store';

/** How often an open app asks the server for a new service worker. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

let reloading = false;

/** The new version controls the page: reload now, or once the running quiz is left. */
function reloadWhenSafe(): void {
  if (reloading) return;
  if (isQuizPath(window.location.pathname)) {
    useUpdateStore.getState().markReloadPending();
    return;
  }
  reloading = true;
  window.location.reload();
}

export function registerServiceWorker(): void {
  // The build's label (VITE_BUILD_ID, 'dev' by default), so a test can tell two builds apart.
  document.documentElement.dataset.build =
    (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev';
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;

  // The plugin reloads on `controlling` only when the page was already controlled at load; a
  // page whose first visit installed the worker would keep running the old version after the
  // update. So every change of controller after the first one reloads the page (safely).
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) reloadWhenSafe();
    controlled = true;
  });

  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      useUpdateStore.getState().markUpdateAvailable(() => updateSW(true));
    },
    onNeedReload: reloadWhenSafe,
    onOfflineReady() {
      useUpdateStore.getState().markOfflineReady();
    },
    onRegisteredSW(_swUrl, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine === false || registration.installing) return;
        registration.update().catch(() => {
          // A failed check (server unreachable) is retried at the next interval.
        });
      }, UPDATE_CHECK_MS);
    },
  });
}
