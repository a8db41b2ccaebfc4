/**
 * The one Firebase app of the page (named '[DEFAULT]'), shared by the Firestore Lite adapter and the
 * Firebase auth provider so that Firestore picks up the signed-in user's token. `firebase/app` is
 * loaded with `import()` on first use only: nothing Firebase lands in the start-up bundle.
 */
import type { FirebaseApp } from 'firebase/app';
import type { FirebaseSettings } from '@/auth/firebase-config';

export const FIREBASE_APP_NAME = '[DEFAULT]';

let appModule: Promise<typeof import('firebase/app')> | undefined;
let app: Promise<FirebaseApp> | undefined;

/** The cached `firebase/app` module. */
export function loadFirebaseAppModule(): Promise<typeof import('firebase/app')> {
  if (!appModule) {
    appModule = import('firebase/app');
    // A failed chunk load (offline start) must not poison the cache for the next attempt.
    appModule.catch(() => {
      appModule = undefined;
    });
  }
  return appModule;
}

/**
 * The default Firebase app for these settings, created once. A second call returns the same app
 * (settings given later are ignored: there is one cloud configuration per build).
 */
export function loadFirebaseApp(settings: FirebaseSettings): Promise<FirebaseApp> {
  if (!app) {
    app = loadFirebaseAppModule().then(({ getApps, initializeApp }) => {
      const existing = getApps().find((candidate) => candidate.name === FIREBASE_APP_NAME);
      if (existing) return existing;
      return initializeApp(
        {
          apiKey: settings.apiKey,
          projectId: settings.projectId,
          ...(settings.authDomain ? { authDomain: settings.authDomain } : {}),
          ...(settings.appId ? { appId: settings.appId } : {}),
        },
        FIREBASE_APP_NAME,
      );
    });
    app.catch(() => {
      app = undefined;
    });
  }
  return app;
}

/** host:port (also [ipv6]:port) of an emulator setting. */
export function parseEmulatorHost(value: string): { host: string; port: number } {
  const colon = value.lastIndexOf(':');
  const host = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const port = Number(value.slice(colon + 1));
  if (colon <= 0 || !host || !Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`Invalid emulator address "${value}": expected host:port`);
  }
  return { host, port };
}
