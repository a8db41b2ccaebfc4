/**
 * Cloud configuration from build-time variables. With no Firebase project configured the app is
 * the local edition and never loads Firebase code.
 */
export interface FirebaseSettings {
  apiKey: string;
  authDomain?: string;
  projectId: string;
  appId?: string;
  /** host:port of the Auth emulator (development and tests). */
  authEmulator?: string;
  /** host:port of the Firestore emulator or the Firestore REST test server. */
  firestoreEmulator?: string;
}

const env = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

export function firebaseSettings(): FirebaseSettings | null {
  const apiKey = env(import.meta.env.VITE_FIREBASE_API_KEY);
  const projectId = env(import.meta.env.VITE_FIREBASE_PROJECT_ID);
  if (!apiKey || !projectId) return null;
  return {
    apiKey,
    projectId,
    authDomain: env(import.meta.env.VITE_FIREBASE_AUTH_DOMAIN),
    appId: env(import.meta.env.VITE_FIREBASE_APP_ID),
    authEmulator: env(import.meta.env.VITE_FIREBASE_AUTH_EMULATOR),
    firestoreEmulator: env(import.meta.env.VITE_FIRESTORE_EMULATOR),
  };
}
