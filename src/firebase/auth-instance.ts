/**
 * The Auth instance of a Firebase app, started the one way the page (src/auth) and the service
 * worker (sw/worker-sync.ts) both use: `initializeAuth` with IndexedDB persistence only (no popup
 * or redirect resolvers), pointed at the Auth emulator when the build names one, and settled (the
 * stored session read) before anyone asks who is signed in. Page and worker share that persisted
 * session. `firebase/auth` is loaded with `import()` on first use only.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { loadFirebaseApp } from './app';
import { authEmulatorUrl, type FirebaseSettings } from './config';

export type AuthModule = typeof import('firebase/auth');

/** A started Auth instance with the module whose functions act on it. */
export interface StartedAuth {
  fb: AuthModule;
  auth: Auth;
}

/** Where the Firebase app comes from: the one default app unless a caller (a test) has its own. */
export type LoadFirebaseApp = (settings: FirebaseSettings) => Promise<FirebaseApp>;

let authModule: Promise<AuthModule> | undefined;

/** The cached `firebase/auth` module; a failed chunk load is retried on the next call. */
export function loadFirebaseAuthModule(): Promise<AuthModule> {
  if (!authModule) {
    authModule = import('firebase/auth');
    authModule.catch(() => {
      authModule = undefined;
    });
  }
  return authModule;
}

/**
 * The Auth instance of each app started so far: Firebase allows one `initializeAuth` with given
 * options and one emulator connection per app, so a second start (another provider, the next
 * background sync of the worker) takes the first one's instance.
 */
const started = new WeakMap<FirebaseApp, Auth>();

/** Starts (once per app) and settles the Auth instance of the app for these settings. */
export async function startFirebaseAuth(
  settings: FirebaseSettings,
  loadApp: LoadFirebaseApp = loadFirebaseApp,
): Promise<StartedAuth> {
  const [fb, app] = await Promise.all([loadFirebaseAuthModule(), loadApp(settings)]);
  let auth = started.get(app);
  if (!auth) {
    // (Firebase's Node build aliases indexedDBLocalPersistence to in-memory persistence.)
    auth = fb.initializeAuth(app, { persistence: fb.indexedDBLocalPersistence });
    if (settings.authEmulator && !auth.emulatorConfig) {
      fb.connectAuthEmulator(auth, authEmulatorUrl(settings.authEmulator), {
        disableWarnings: true,
      });
    }
    started.set(app, auth);
  }
  await auth.authStateReady();
  return { fb, auth };
}
