/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

/** A hash of the code that works the progress figures out (vite.config.ts `FIGURES_CODE`). */
declare const __FIGURES_CODE__: string;

interface ImportMetaEnv {
  /** The e-mail address whose account is an admin. */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** host:port of the Auth emulator, for development and tests. */
  readonly VITE_FIREBASE_AUTH_EMULATOR?: string;
  /** host:port of the Firestore emulator or REST test server, for development and tests. */
  readonly VITE_FIRESTORE_EMULATOR?: string;
}
