import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error: a plain ES module shared with the npm script, without type declarations.
import { findChromium, findHeadlessShell, INSTALL_HINT } from './e2e/support/find-chromium.mjs';

const browserPath: string | null = findChromium();
if (!browserPath) throw new Error(INSTALL_HINT);
/** Where installed, the headless shell of the same Chromium: a sixth less time a test (docs/testing.md). */
const shellPath: string = findHeadlessShell() ?? browserPath;

/** E2E_PORT and E2E_DIST let several checkouts or builds be tested side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist';
/** The cloud edition's build, the Auth emulator and the Firestore REST test server (.env.e2e-cloud). */
const CLOUD_PORT = Number(process.env.E2E_CLOUD_PORT ?? 4174);
const CLOUD_DIST = process.env.E2E_CLOUD_DIST ?? 'dist-cloud';

import { FIRESTORE_TEST_PORT } from './e2e/support/ports';

const CLOUD_SPECS = /cloud.*\.spec\.ts$/;
/** Background Sync exists in the full browser only (the headless shell refuses to register). */
const FULL_BROWSER_SPECS = /cloud-background-sync\.spec\.ts$/;

const desktop = { ...devices['Desktop Chrome'], channel: undefined };

const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // The run is bound by the processor on two cores: a third worker made it slower (docs/testing.md).
  workers: 2,
  // Each test as it ends, then the time each spec took (e2e/support/spec-times.ts).
  reporter: [['list'], ['./e2e/support/spec-times.ts']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    locale: 'ru-RU',
    // A failed test keeps its trace (actions, console, network), without the screencast (a sixth
    // of the run) or DOM snapshots (four specs: 196-204 s with them, 186 s without); the
    // error-context.md that .ci/run prints for a failure is the same either way.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    // The service worker (its install, its precache) is blocked unless a spec tests it: those
    // say `test.use({ serviceWorkers: 'allow' })` (offline, install, update, first visit, sync).
    serviceWorkers: 'block',
    launchOptions: { executablePath: shellPath, args: LAUNCH_ARGS },
  },
  projects: [
    {
      // The saved states the local tests start from (e2e/support/saved-state.ts), once per run.
      name: 'setup',
      testMatch: /saved-state\.setup\.ts$/,
      use: { ...desktop, baseURL: `http://localhost:${PORT}` },
    },
    {
      name: 'local',
      testIgnore: CLOUD_SPECS,
      dependencies: ['setup'],
      use: { ...desktop, baseURL: `http://localhost:${PORT}` },
    },
    {
      name: 'cloud',
      testMatch: CLOUD_SPECS,
      testIgnore: FULL_BROWSER_SPECS,
      // It uses no saved state; the dependency puts it in the local project's phase (Playwright
      // runs a phase to its end before the next one): the workers share one queue, local tests
      // first, so no worker sits out the Auth emulator's start and a phase's last test alone.
      dependencies: ['setup'],
      use: { ...desktop, baseURL: `http://localhost:${CLOUD_PORT}` },
    },
    {
      // The cloud specs that need the full browser (Background Sync).
      name: 'cloud-browser',
      testMatch: FULL_BROWSER_SPECS,
      dependencies: ['setup'],
      use: {
        ...desktop,
        baseURL: `http://localhost:${CLOUD_PORT}`,
        launchOptions: { executablePath: browserPath, args: LAUNCH_ARGS },
      },
    },
  ],
  // The real Firebase Auth emulator (firebase-tools; it runs offline) is started by the global
  // setup, not as a web server: the local project's tests need not wait for its start.
  globalSetup: './e2e/support/global-setup.ts',
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
      // The Firestore REST test server (the official emulator needs Java and a download).
      command: `npx tsx e2e/support/firestore-rest-server.ts --port ${FIRESTORE_TEST_PORT}`,
      url: `http://127.0.0.1:${FIRESTORE_TEST_PORT}/__test/stats`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
