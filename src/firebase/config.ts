/**
 * The cloud configuration from build-time variables, and how its emulator addresses are read.
 * With no Firebase project configured the app is the local edition and never loads Firebase code;
 * this file imports none, so the local edition's start-up bundle may read it.
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

/** `host:port` (or a full URL) of the Auth emulator as the URL connectAuthEmulator wants. */
export function authEmulatorUrl(value: string): string {
  return /^https?:\/\//.test(value) ? value : `http://${value}`;
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
