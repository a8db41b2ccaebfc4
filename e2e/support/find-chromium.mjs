// Finds the Chromium the end-to-end tests drive: CHROMIUM_PATH, then Debian's /usr/bin/chromium,
// then a browser Playwright already has. Never downloads one. `--check` prints the path or fails
// with the one line that installs it. Most tests run in Debian's headless shell of the same
// Chromium when it is installed (`findHeadlessShell`): a sixth less processor time a test.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const INSTALL_HINT =
  'Chromium not found: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary).';

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // playwright-core has no browser of its own here: fall through.
  }
  return null;
}

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`: the same engine, IndexedDB and
 * service workers, without the desktop browser's shell), which most tests run in; the full
 * Chromium where it is missing or CHROMIUM_PATH names a browser. It has no Background Sync: the
 * spec that tests it runs in the full browser.
 */
export function findHeadlessShell() {
  if (process.env.CHROMIUM_PATH) return findChromium();
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : findChromium();
}

export { INSTALL_HINT };

if (process.argv.includes('--check')) {
  const found = findChromium();
  if (!found) {
    console.error(INSTALL_HINT);
    process.exit(1);
  }
  console.log(`Chromium: ${found}`);
}
