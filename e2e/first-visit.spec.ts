/**
 * A first visit on a slow link: home renders while the built-in vocabulary is still on its way
 * (the worker that installs it is held back here), says how far the install is, and the words
 * arrive whole; a tab closed during the install leaves nothing half-written and the next start
 * installs them all, once.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { readStore } from './study-helpers';
import { expect, expectAccessible, test } from './support/fixtures';
import { holdBack } from './support/hold';
import { BUILTIN_ROWS } from './support/vocabulary';

// The service worker is part of what this spec tests (the default blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const WORKER = /\/assets\/vocabulary-worker-[^/]*\.js$/;

/** Holds the vocabulary worker's script back until `release` is called. */
const holdWorker = (context: BrowserContext) => holdBack(context, WORKER);

const installing = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^Устанавливаем словарь: \d+ %/ });

/** The installed vocabulary's version and how many words the database holds. */
async function stored(page: Page): Promise<{ version: number; words: number }> {
  const meta = await readStore<{ key: string; version?: number }>(page, 'meta');
  return {
    version: meta.find((record) => record.key === 'vocabulary')?.version ?? 0,
    words: (await readStore(page, 'vocab')).length,
  };
}

test('home renders before the words are in, shows the install, and a session starts once they are', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdWorker(context);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Добро пожаловать на борт!' }),
  ).toBeVisible();
  await expect(installing(page)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /Устанавливаем словарь/ })).toBeVisible();
  await expect(page.getByText('Пока можно осмотреться')).toBeVisible();
  expect((await stored(page)).words).toBe(0);
  await expectAccessible(page);

  // The first step waits for the words and says why, instead of "no divisions".
  await page.getByRole('link', { name: 'Начать занятие' }).click();
  await expect(page).toHaveURL(/\/select-division$/);
  await expect(installing(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /Палуба/ })).toHaveCount(0);

  release();
  await expect(page.getByRole('button', { name: /Палуба/ })).toBeVisible();
  await expect(installing(page)).toHaveCount(0);
  expect(await stored(page)).toEqual({ version: expect.any(Number), words: BUILTIN_ROWS.length });
  expect((await stored(page)).version).toBeGreaterThan(0);

  await page.getByRole('button', { name: /Палуба/ }).click();
  await page.getByRole('button', { name: /Матрос \(OS\)/ }).click();
  await expect(page).toHaveURL(/\/select-topic\b/);
  await expect(page.getByRole('checkbox').first()).toBeVisible();
});

test('once the words are in, home’s rank card counts every one of them as still to learn', async ({
  page,
  context,
}) => {
  const release = await holdWorker(context);
  await page.goto('/');
  const rank = page.getByRole('region', { name: 'Ваше звание' });
  const learnable = (count: number) =>
    rank.getByText(`Ещё можно выучить во всех разделах: ${count}`, { exact: true });
  await expect(learnable(0)).toBeVisible();

  // The count is made in a render of its own after the vocabulary has loaded: it must arrive.
  release();
  await expect(learnable(BUILTIN_ROWS.length)).toBeVisible();
  await expect(installing(page)).toHaveCount(0);
});

test('a tab closed during the install leaves no half vocabulary, and the next start installs it once', async ({
  page,
  context,
}) => {
  const first = await holdWorker(context);
  await page.goto('/');
  await expect(installing(page)).toBeVisible();
  // Closed as soon as the install reports progress: its one transaction never commits (or, on a
  // fast machine, has just committed whole).
  first();
  await page.waitForFunction(
    () =>
      /: [1-9]\d* %/.test(document.querySelector('.vocabulary-progress p')?.textContent ?? '') ||
      performance.getEntriesByName('vocabulary:installed').length > 0,
    null,
    { polling: 'raf' },
  );
  await page.close();

  const release = await holdWorker(context);
  const next = await context.newPage();
  await next.goto('/');
  await expect(
    next.getByRole('heading', { level: 1, name: 'Добро пожаловать на борт!' }),
  ).toBeVisible();
  const between = await stored(next);
  expect([0, BUILTIN_ROWS.length]).toContain(between.words);
  expect(between.version > 0).toBe(between.words > 0);

  release();
  await expect(installing(next)).toHaveCount(0);
  await expect.poll(() => stored(next).then((s) => s.words)).toBe(BUILTIN_ROWS.length);
  await next.getByRole('link', { name: 'Словарь' }).first().click();
  await expect(next.getByText(`Показано 200 из ${BUILTIN_ROWS.length}`)).toBeVisible();
});

test('the scripts a start runs ask the engine to compile them whole; a screen loaded later does not', async ({
  page,
}) => {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const opensWithHint = async (url: string) =>
    (await (await page.request.get(url)).text()).startsWith(HINT);
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Добро пожаловать на борт!' }),
  ).toBeVisible();
  const entry = new URL(
    (await page.locator('link[data-entry]').getAttribute('href')) ?? '',
    page.url(),
  );
  const app = scripts.find((url) => /\/assets\/app-[^/]*\.js$/.test(url));
  expect(app).toBeDefined();
  expect(await opensWithHint(entry.href)).toBe(true);
  expect(await opensWithHint(app ?? '')).toBe(true);

  await page.goto('/dictionary');
  await expect(page.getByRole('heading', { level: 1, name: 'Словарь' })).toBeVisible();
  const screen = scripts.find((url) => /\/assets\/dictionary-screen-[^/]*\.js$/.test(url));
  expect(screen).toBeDefined();
  expect(await opensWithHint(screen ?? '')).toBe(false);
});
