// Regenerates the PWA icons (public/icons/) and the manifest screenshots (public/screenshots/):
// `node scripts/make-icons.mjs`. The icons are the anchor of public/favicon.svg on full-bleed navy,
// rendered by the system Chromium; the screenshots are the home screen of a production build
// (built to /tmp/dist-pwa and served on port 4191, or PORT).
import { execSync, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { findChromium, INSTALL_HINT } from '../e2e/support/find-chromium.mjs';

const NAVY = '#0b3d5c';
// The favicon's anchor (64-unit box). Its farthest point lies 24 units from (32, 31).
const ANCHOR =
  '<g fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"><circle cx="32" cy="15" r="5"/><path d="M32 20v32M22 28h20M14 38c2 9 9 14 18 14s16-5 18-14"/></g>';
// 'any' shows the glyph as the favicon does; maskable shrinks it to a radius of 19.2 units, well
// inside the safe circle (40 % of the side, 25.6 units), so any mask shape keeps it whole.
const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 1.1 },
  { file: 'icon-512.png', size: 512, scale: 1.1 },
  { file: 'icon-maskable-192.png', size: 192, scale: 0.8 },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.8 },
  { file: 'apple-touch-icon-180.png', size: 180, scale: 1 },
];
const SCREENSHOTS = [
  { file: 'home-phone.png', width: 390, height: 844 },
  { file: 'home-tablet.png', width: 1024, height: 768 },
];
const PORT = Number(process.env.PORT ?? 4191);
const DIST = '/tmp/dist-pwa';

const svg = (size, scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${size}" height="${size}"><rect width="64" height="64" fill="${NAVY}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -31)">${ANCHOR}</g></svg>`;

const executablePath = findChromium();
if (!executablePath) throw new Error(INSTALL_HINT);
const browser = await chromium.launch({
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const server = { child: null };
try {
  mkdirSync('public/icons', { recursive: true });
  mkdirSync('public/screenshots', { recursive: true });
  for (const { file, size, scale } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<body style="margin:0">${svg(size, scale)}</body>`);
    const clip = { x: 0, y: 0, width: size, height: size };
    await page.screenshot({ path: `public/icons/${file}`, omitBackground: false, clip });
    await page.close();
    console.log(`public/icons/${file} ${size}x${size}`);
  }

  execSync(`npx vite build --mode e2e --outDir ${DIST}`, { stdio: 'ignore' });
  server.child = spawn(
    'npx',
    ['vite', 'preview', '--mode', 'e2e', '--port', String(PORT), '--strictPort', '--outDir', DIST],
    { stdio: 'ignore', detached: true },
  );
  const url = `http://localhost:${PORT}/`;
  for (let i = 0; ; i += 1) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 100) throw new Error(`no preview server on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  for (const { file, width, height } of SCREENSHOTS) {
    const context = await browser.newContext({
      viewport: { width, height },
      locale: 'ru-RU',
      colorScheme: 'light',
      serviceWorkers: 'block',
    });
    await context.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
    const page = await context.newPage();
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `public/screenshots/${file}`, omitBackground: false });
    await context.close();
    console.log(`public/screenshots/${file} ${width}x${height}`);
  }
} finally {
  await browser.close();
  // The preview server runs in its own process group: end exactly that group.
  if (server.child?.pid) process.kill(-server.child.pid, 'SIGTERM');
}
