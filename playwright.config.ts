import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error: a plain ES module shared with the npm script, without type declarations.
import { findChromium, INSTALL_HINT } from './e2e/support/find-chromium.mjs';

const executablePath: string | null = findChromium();
if (!executablePath) throw new Error(INSTALL_HINT);

/** E2E_PORT and E2E_DIST let several checkouts or builds be tested side by side. */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ru-RU',
    trace: 'retain-on-failure',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The production build (made by `npm run test:e2e` before this runs, with the e2e owner
    // address of .env.e2e), served as `npm start` serves it.
    command: `npx vite preview --mode e2e --port ${PORT} --strictPort --outDir ${DIST}`,
    url: `http://localhost:${PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
