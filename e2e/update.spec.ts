/**
 * Updates in prompt mode: build A is served, then build B from the same origin. The banner offers
 * the new version and the reload shows B; during a quiz it only says the update comes after the
 * session, and the quiz goes on undisturbed until it is left.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { TOAST_MS } from '../src/domain/constants';
import { currentQuestion, readVocabulary, skipPause } from './study-helpers';
import { expect, test, untilControlled } from './support/fixtures';

// The service worker is part of what this spec tests (the default blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const REPO = fileURLToPath(new URL('..', import.meta.url));

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Always revalidated: the worker script and the app shell. */
const NO_CACHE = new Set(['/sw.js', '/index.html']);

let buildDir = '';
let root = '';
let server: Server | undefined;
let origin = '';

/**
 * Version A is the local build the run already made (`npm run test:e2e`: `vite build --mode e2e`,
 * no VITE_BUILD_ID, so its label is the default); only version B is built here.
 */
const DIST_A = resolve(REPO, process.env.E2E_DIST ?? 'dist');
const A = 'dev';
const B = 'B';

function buildB(): string {
  const outDir = join(buildDir, 'B');
  execSync(`npx vite build --mode e2e --outDir ${outDir} --emptyOutDir`, {
    cwd: REPO,
    env: { ...process.env, VITE_BUILD_ID: B },
    stdio: 'pipe',
  });
  return outDir;
}

/** A static server whose directory is `root`, switched between the two builds by the tests. */
function serve(): Promise<Server> {
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let path = decodeURIComponent(url.pathname);
    if (path.endsWith('/')) path += 'index.html';
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep)) {
      response.writeHead(403).end();
      return;
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      // The single-page app answers every route with its shell; a missing file stays a 404.
      if (extname(path) !== '') {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      path = '/index.html';
      file = join(root, path);
    }
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    };
    if (NO_CACHE.has(path)) headers['Cache-Control'] = 'no-cache';
    response.writeHead(200, headers).end(readFileSync(file));
  });
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(http)));
}

/** Loads `path` and waits until the service worker controls the page. */
async function openControlled(page: Page, path: string): Promise<void> {
  await page.goto(`${origin}${path}`);
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await untilControlled(page);
}

/** Serves build B and asks the registration to look for a new worker now. */
async function publishB(page: Page): Promise<void> {
  root = join(buildDir, 'B');
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Доступна новая версия' });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  buildDir = mkdtempSync(join(tmpdir(), 'upd-'));
  buildB();
  root = DIST_A;
  server = await serve();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

test.beforeEach(() => {
  root = DIST_A;
});

test('a new version is offered and the reload shows it', async ({ page }) => {
  test.slow();
  // The page's clock runs as usual; the banner's stay is checked by moving it (below).
  await page.clock.install();
  await openControlled(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-build', A);
  // The first install says once that the app works offline; the next start does not.
  const offlineReady = page.getByText('Приложение готово к работе без сети');
  await expect(offlineReady).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(offlineReady).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);

  await publishB(page);
  await expect(banner(page)).toBeVisible();
  const update = page.getByRole('button', { name: 'Обновить' });
  await expect(update).toBeVisible();
  // The banner stays until the user acts: past a toast's time (TOAST_MS), it is still there.
  await page.clock.runFor(TOAST_MS + 500);
  // A dismissal renders in a task after its timer: give it the time to show (as study.spec does).
  await page.waitForTimeout(300);
  await expect(banner(page)).toBeVisible();

  await update.click();
  await expect(page.locator('html')).toHaveAttribute('data-build', B);
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('a quiz in progress is not interrupted by an update', async ({ page }) => {
  test.slow();
  await page.clock.install();
  await openControlled(page, '/select-division');
  await page.getByRole('button', { name: /Палуба/ }).click();
  await page.getByRole('button', { name: /Матрос \(OS\)/ }).click();
  await page.getByRole('checkbox', { name: /Команды матросу/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/\/session-setup$/);
  await page.getByRole('button', { name: 'Начать' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByText(/Вопрос 1 из/)).toBeVisible();
  // A mark that a reload would wipe.
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });

  await publishB(page);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Новая версия будет установлена после занятия');
  await expect(page.getByRole('button', { name: 'Обновить' })).toHaveCount(0);

  // The quiz goes on.
  const vocab = await readVocabulary(page);
  const question = await currentQuestion(page, vocab);
  await page.getByRole('radio', { name: question.answer, exact: true }).check();
  await page.getByRole('button', { name: 'Ответить' }).click();
  await expect(page.getByText('Верно!')).toBeVisible();
  await skipPause(page);
  await expect(page.getByText(/Вопрос 2 из/)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-build', A);
  await expect(page.getByRole('button', { name: 'Обновить' })).toHaveCount(0);

  // Leaving the quiz brings the button, still without a reload.
  await page.getByRole('link', { name: 'Морской английский' }).click();
  await expect(page).toHaveURL(`${origin}/`);
  const update = page.getByRole('button', { name: 'Обновить' });
  await expect(update).toBeVisible();
  await expect(banner(page)).not.toContainText('после занятия');
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(
    true,
  );
  await expect(page.locator('html')).toHaveAttribute('data-build', A);

  await update.click();
  await expect(page.locator('html')).toHaveAttribute('data-build', B);
});

test('an update taken in another tab during a quiz: the quiz goes on to spelling offline, in the new version', async ({
  page,
  context,
}) => {
  test.slow();
  await page.clock.install();
  await openControlled(page, '/select-topic?division=deck&role=all');
  await page.getByRole('checkbox', { name: /^Швартовка/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: 'Меньше слов' }).click();
  await page.getByRole('button', { name: 'Начать' }).click();
  await expect(page.getByText('Вопрос 1 из 5')).toBeVisible();
  const vocab = await readVocabulary(page, { topic: 'Mooring' });

  // Another tab takes version B: its worker activates and removes version A's files, while this
  // page keeps running A's code (a quiz is never reloaded under the learner).
  await publishB(page);
  await expect(banner(page)).toBeVisible();
  const other = await context.newPage();
  await other.goto(`${origin}/`);
  await other.getByRole('button', { name: 'Обновить' }).click();
  await expect(other.locator('html')).toHaveAttribute('data-build', B);
  await other.close();
  await expect(page.locator('html')).toHaveAttribute('data-build', A);

  // At sea: the rest of the questions, then the spelling, whose screen A can no longer load.
  await context.setOffline(true);
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Вопрос ${n} из 5`)).toBeVisible();
    const question = await currentQuestion(page, vocab);
    await page.keyboard.press(String(question.right + 1));
    await expect(page.getByText('Верно!')).toBeVisible();
    await skipPause(page);
  }
  // The page reloads once into version B, and the session goes on where it was.
  await expect(
    page.getByRole('heading', { level: 1, name: /^(Правописание|Порядок слов)$/ }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator('html')).toHaveAttribute('data-build', B);
  // Letter tiles, or the word tiles of a phrase ("monkey's fist" is a Mooring word).
  await expect(page.getByRole('group', { name: /^(Буквы|Слова)$/ })).toBeVisible();
});
