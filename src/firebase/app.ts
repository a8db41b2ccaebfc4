/**
 * The one Firebase app of the page or the service worker (named '[DEFAULT]'), shared by the
 * Firestore Lite adapter and the Auth instance so that Firestore picks up the signed-in user's
 * token. `firebase/app` is loaded with `import()` on first use only: nothing Firebase lands in the
 * start-up bundle.
 */
import type { FirebaseApp } from 'firebase/app';
import type { FirebaseSettings } from './config';

export const FIREBASE_APP_NAME = '[DEFAULT]';

type AppModule = typeof import('firebase/app');

let appModule: Promise<AppModule> | undefined;
let app: Promise<FirebaseApp> | undefined;

/** The cached `firebase/app` module. */
export function loadFirebaseAppModule(): Promise<AppModule> {
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
