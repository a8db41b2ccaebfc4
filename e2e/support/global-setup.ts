/**
 * Starts the Firebase Auth emulator for the cloud project without holding the run back. Its start
 * takes some 18 s; as a `webServer` it made every test wait for it, though only the cloud specs
 * (run after the local ones) use it. Those wait for it themselves (`fixtures.ts`). The emulator
 * `npm test` started for the whole run is used as it is, and so, outside CI, is any emulator
 * already answering on the port.
 */
import { answers, sharedAuthEmulator, startAuthEmulator } from './auth-emulator';
import { AUTH_EMULATOR_HOST, AUTH_EMULATOR_PORT } from './ports';

/** How long the cloud specs wait for the emulator: a loaded machine starts it slowly. */
export const AUTH_EMULATOR_START_MS = 170_000;

/** The cloud build's project: its client's calls name none, so they are the emulator's own. */
export const PROJECT = 'demo-marine';

export const AUTH_EMULATOR_URL = `http://127.0.0.1:${AUTH_EMULATOR_PORT}/`;

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  // The emulator `npm test` started for the whole run (scripts/test.ts), on this port.
  const shared = await sharedAuthEmulator();
  if (shared?.host === AUTH_EMULATOR_HOST && shared.projectId === PROJECT) return undefined;
  if (!process.env.CI && (await answers(AUTH_EMULATOR_URL))) return undefined;
  const starting = startAuthEmulator({
    port: AUTH_EMULATOR_PORT,
    projectId: PROJECT,
    timeoutMs: AUTH_EMULATOR_START_MS,
  });
  // A failed start is reported here; the cloud specs then fail on their wait, saying so too.
  starting.catch((error: unknown) => console.error('The Auth emulator did not start:', error));
  return async () => {
    const emulator = await starting.catch(() => undefined);
    await emulator?.stop();
  };
}
