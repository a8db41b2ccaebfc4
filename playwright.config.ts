import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error: a plain ES module shared with the npm script, without type declarations.
import { findChromium, INSTALL_HINT } from './e2e/support/find-chromium.mjs';

const executablePath: string | null = findChromium();
if (!executablePath) throw new Error(INSTALL_HINT);

/** E2E_PORT and E2E_DIST let several checkouts or builds be tested side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist';
/** The cloud edition's build, the Auth emulator and the Firestore REST test server (.env.e2e-cloud). */
const CLOUD_PORT = Number(process.env.E2E_CLOUD_PORT ?? 4174);
const CLOUD_DIST = process.env.E2E_CLOUD_DIST ?? 'dist-cloud';

import { AUTH_EMULATOR_PORT, FIRESTORE_TEST_PORT } from './e2e/support/ports';

const CLOUD_SPECS = /cloud.*\.spec\.ts$/;

/**
 * ` --config <file>` for an Auth emulator on a port other than firebase.json's: a throw-away
 * firebase.json with that port and the next two for the emulators' hub and logging (firebase.json's
 * defaults, 4400 and 4500, would collide with another run's); '' for the default port.
 */
function authEmulatorConfig(): string {
  if (AUTH_EMULATOR_PORT === 9099) return '';
  const dir = mkdtempSync(join(tmpdir(), 'e2e-auth-'));
  const file = join(dir, 'firebase.json');
  const at = (port: number) => ({ host: '127.0.0.1', port });
  writeFileSync(
    file,
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: at(AUTH_EMULATOR_PORT),
        hub: at(AUTH_EMULATOR_PORT + 1),
        logging: at(AUTH_EMULATOR_PORT + 2),
        ui: { enabled: false },
      },
    }),
  );
  return ` --config ${file}`;
}

const desktop = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // The run is bound by the processor on two cores: a third worker made it slower (docs/testing.md).
  workers: 2,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    locale: 'ru-RU',
    // A failed test keeps its trace with DOM snapshots; the screencast cost a sixth of the run.
    trace: { mode: 'retain-on-failure', screenshots: false },
    serviceWorkers: 'allow',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'local',
      testIgnore: CLOUD_SPECS,
      use: { ...desktop, baseURL: `http://localhost:${PORT}` },
    },
    {
      name: 'cloud',
      testMatch: CLOUD_SPECS,
      use: { ...desktop, baseURL: `http://localhost:${CLOUD_PORT}` },
    },
  ],
  webServer: [
    {
      // The local edition's production build (made by `npm run test:e2e` before this runs, with
      // the e2e owner address of .env.e2e), served as `npm start` serves it.
      command: `npx vite preview --mode e2e --port ${PORT} --strictPort --outDir ${DIST}`,
      url: `http://localhost:${PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The cloud edition's production build, pointed at the two servers below.
      command: `npx vite preview --mode e2e-cloud --port ${CLOUD_PORT} --strictPort --outDir ${CLOUD_DIST}`,
      url: `http://localhost:${CLOUD_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The real Firebase Auth emulator (firebase-tools; it runs offline).
      // With E2E_AUTH_PORT set, a throw-away firebase.json moves it (and its hub and logging ports).
      command: `npx firebase emulators:start --only auth --project demo-marine${authEmulatorConfig()}`,
      url: `http://127.0.0.1:${AUTH_EMULATOR_PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      // The Firestore REST test server (the official emulator needs Java and a download).
      command: `npx tsx e2e/support/firestore-rest-server.ts --port ${FIRESTORE_TEST_PORT}`,
      url: `http://127.0.0.1:${FIRESTORE_TEST_PORT}/__test/stats`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
