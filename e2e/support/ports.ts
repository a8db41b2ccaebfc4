/**
 * The ports of the cloud tests' two servers, each overridable so that two checkouts can run the
 * end-to-end tests side by side: E2E_AUTH_PORT (the Firebase Auth emulator, 9099 by default, as
 * firebase.json says) and E2E_FIRESTORE_PORT (the Firestore REST test server, 8181). The cloud
 * build takes the same values (package.json `test:e2e` passes them to `vite build`).
 */
const port = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 && parsed < 65536 ? parsed : fallback;
};

export const AUTH_EMULATOR_PORT = port(process.env.E2E_AUTH_PORT, 9099);
export const FIRESTORE_TEST_PORT = port(process.env.E2E_FIRESTORE_PORT, 8181);
/** host:port of the Auth emulator, as VITE_FIREBASE_AUTH_EMULATOR takes it. */
export const AUTH_EMULATOR_HOST = `127.0.0.1:${AUTH_EMULATOR_PORT}`;
export const FIRESTORE_TEST_ORIGIN = `http://127.0.0.1:${FIRESTORE_TEST_PORT}`;
