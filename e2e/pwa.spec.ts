/** Installability: the web app manifest, its icons and screenshots, Chromium's checks, the install button. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, untilControlled } from './support/fixtures';
import { holdBack } from './support/hold';

const NAVY = '#0b3d5c';

interface ManifestImage {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}

/** Width and height from a PNG's IHDR chunk (big-endian at bytes 16 and 20). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

async function loadManifest(page: Page) {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(new URL(href!, page.url()).href);
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, unknown> & {
    icons: ManifestImage[];
    screenshots: ManifestImage[];
  };
}

/** Fires a synthetic `beforeinstallprompt` whose prompt() is counted in window.__promptCalls. */
async function offerInstall(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as { __promptCalls: number };
    w.__promptCalls = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        w.__promptCalls += 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

const promptCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __promptCalls: number }).__promptCalls);

test('the manifest is served with the install fields, and every image has its stated size', async ({
  page,
}) => {
  const manifest = await loadManifest(page);
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Морской английский — тренажёр для экипажа',
    lang: 'ru',
    dir: 'ltr',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    background_color: NAVY,
    theme_color: NAVY,
    categories: ['education'],
  });
  expect(String(manifest.short_name).length).toBeLessThanOrEqual(15);
  expect(String(manifest.description)).toMatch(/без сети/);
  const metaTheme = await page.locator('meta[name="theme-color"]').getAttribute('content');
  expect(manifest.theme_color).toBe(metaTheme);

  const icons = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort();
  expect(icons).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of manifest.screenshots) expect(shot.label).toBeTruthy();

  const appleHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const apple: ManifestImage = { src: appleHref!, sizes: '180x180', type: 'image/png' };
  for (const image of [...manifest.icons, ...manifest.screenshots, apple]) {
    const response = await page.request.get(new URL(image.src, page.url()).href);
    expect(response.status(), image.src).toBe(200);
    expect(response.headers()['content-type'], image.src).toMatch(/^image\/png/);
    expect(pngSize(await response.body()), image.src).toBe(image.sizes);
  }
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute(
    'content',
    'yes',
  );

  // Maskable icons: everything outside the safe circle (radius 40 % of the side) is background.
  for (const icon of manifest.icons.filter((i) => i.purpose === 'maskable')) {
    const stray = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const size = img.naturalWidth;
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, size, size);
      let count = 0;
      for (let y = 0; y < size; y += 1) {
        for (let x = 0; x < size; x += 1) {
          if (Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) <= size * 0.4) continue;
          const i = (y * size + x) * 4;
          const [r = 0, g = 0, b = 0, a = 0] = data.subarray(i, i + 4);
          const distance = Math.abs(r - 0x0b) + Math.abs(g - 0x3d) + Math.abs(b - 0x5c);
          if (a < 255 || distance > 12) count += 1;
        }
      }
      return count;
    }, icon.src);
    expect(stray, icon.src).toBe(0);
  }
});

test("Chromium's installability checks find no error", async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // A persistent profile: Playwright's ordinary contexts are incognito, which Chromium never
  // lets install an app (error 'in-incognito'), whatever the manifest says.
  const profile = await mkdtemp(join(tmpdir(), 'pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    locale: 'ru-RU',
    // The run blocks service workers by default (playwright.config.ts), and that default reaches
    // a persistent context too; installability needs the worker.
    serviceWorkers: 'allow',
  });
  try {
    await context.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await untilControlled(page);
    const cdp = await context.newCDPSession(page);

    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}').short_name).toBeTruthy();

    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the install button appears when the browser offers the install, and prompts', async ({
  page,
}) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(page.getByRole('button', { name: 'Установить приложение' })).toHaveCount(0);

  expect(await offerInstall(page)).toBe(true); // the mini-infobar is suppressed
  const install = header.getByRole('button', { name: 'Установить приложение' });
  await expect(install).toBeVisible();
  await expectAccessible(page);
  await install.click();
  expect(await promptCalls(page)).toBe(1);
  await expect(install).toHaveCount(0); // one event prompts once

  // Offered again, then installed from the browser's own menu: the button goes.
  await offerInstall(page);
  await expect(install).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(install).toHaveCount(0);
});

test('an install offer made before the app has started is kept for it', async ({ page }) => {
  // The app's entry held back: the page shows home's picture, and no module has run.
  const release = await holdBack(page, /\/assets\/index-[^/]+\.js$/);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  expect(await offerInstall(page)).toBe(true);
  release();
  const install = page.getByRole('banner').getByRole('button', { name: 'Установить приложение' });
  await expect(install).toBeVisible();
  await install.click();
  expect(await promptCalls(page)).toBe(1);
  await expect(install).toHaveCount(0);
});

test('on a phone the install button is in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  expect(await offerInstall(page)).toBe(true);
  await page.getByRole('button', { name: 'Меню' }).click();
  const menu = page.getByRole('navigation', { name: 'Меню' });
  await menu.getByRole('button', { name: 'Установить приложение' }).click();
  expect(await promptCalls(page)).toBe(1);
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('a hint explains Add to Home Screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('button', { name: 'Как установить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Установка на iPhone и iPad' });
    await expect(dialog).toContainText(
      'Добавьте на экран «Домой»: нажмите «Поделиться», затем «На экран Домой».',
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dialog).toBeHidden();
  });
});

test("the local edition's service worker precaches no Firebase code, and no page asks for it", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto('/');
  const worker = await (await page.request.get('/sw.js')).text();
  // The precache lists the app's chunks, but none of Firebase's (e2e/cloud.spec.ts: the cloud
  // edition's lists them).
  expect(worker).toContain('assets/app-');
  expect(worker).not.toContain('firebase-sdk-');
  await page.goto('/dictionary');
  await expect(page.getByRole('heading', { level: 1, name: 'Словарь' })).toBeVisible();
  expect(requested.filter((url) => url.includes('firebase-sdk-'))).toEqual([]);
});
