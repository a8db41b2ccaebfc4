/**
 * Home is painted before any module has loaded: on a first visit the guest home the build drew,
 * at a later start the learner's own home from its snapshot, inert, until the live home takes its
 * place. The snapshot belongs to one user and one build: it is gone after a sign-out and not used
 * by another build; with the splash on, the splash is painted over it and a tap shows home at
 * once. (An entry that cannot load: shell.spec.ts.)
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, registerViaUi, test } from './support/fixtures';
import { holdBack } from './support/hold';

// Without a service worker, so that the held chunks come from the network where routes see them.
test.use({ serviceWorkers: 'block' });

/** The application chunks: while held, only index.html and the entry can draw the page. */
const APP_CHUNKS = /\/assets\/app-[^/]*\.js$/;

/** Holds the application chunks back until `release` is called. */
const holdApp = (page: Page) => holdBack(page, APP_CHUNKS);

const snapshot = (page: Page) => page.locator('#picture > .home-snapshot');
const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('marine.snapshot') ?? 'null'));

/** Waits until home has been still long enough for its snapshot to be kept. */
async function snapshotKept(page: Page) {
  await expect.poll(() => stored(page).then((record) => record?.html ?? '')).toContain('home-hero');
}

test('a first visit shows the guest home the build drew before the app has loaded', async ({
  page,
}) => {
  const release = await holdApp(page);
  await page.goto('/');
  await expect(snapshot(page)).toBeVisible();
  await expect(
    snapshot(page).getByText('Добро пожаловать на борт!', { exact: true }),
  ).toBeVisible();
  await expect(
    snapshot(page)
      .getByText(/Устанавливаем словарь/)
      .first(),
  ).toBeVisible();
  // A picture of home, hidden from assistive technology: no heading is offered yet.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  release();
  await expect(snapshot(page)).toHaveCount(0);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Добро пожаловать на борт!' }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('a later start shows the learner’s home from its snapshot before the app has loaded', async ({
  page,
}) => {
  await registerViaUi(page, { fullName: 'Анна Смирнова' });
  const welcome = page.getByRole('heading', { level: 1, name: /Анна Смирнова/ });
  await expect(welcome).toBeVisible();
  await snapshotKept(page);

  const release = await holdApp(page);
  await page.reload();
  // Painted by index.html, with the application held back: the user's home, greeting them.
  await expect(snapshot(page)).toBeVisible();
  await expect(snapshot(page).locator('h1', { hasText: 'Анна Смирнова' })).toBeVisible();
  await expect(snapshot(page)).toHaveAttribute('inert', '');
  expect(await page.evaluate(() => performance.getEntriesByName('app:snapshot').length)).toBe(1);
  // Inert: a tap does nothing, and the live home is not there yet.
  await expect(page.locator('main.home:not(.home-snapshot main)')).toHaveCount(0);

  release();
  await expect(snapshot(page)).toHaveCount(0);
  await expect(welcome).toBeVisible();
  await page.getByRole('link', { name: 'Профиль' }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a tap on the picture of home is kept and answered by the live home', async ({ page }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Добро пожаловать на борт!' }),
  ).toBeVisible();
  await snapshotKept(page);

  const release = await holdApp(page);
  await page.reload();
  const topics = snapshot(page).locator('.home-shortcuts a[href="/topics"]');
  await expect(topics).toBeVisible();
  // A finger on the picture (inert: the tap lands beside the link, where the page keeps it).
  const box = await topics.boundingBox();
  if (!box) throw new Error('the picture shows no link to the topics');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(topics).toHaveAttribute('data-kept-tap', '');
  await expect(page).toHaveURL(/\/$/);

  release();
  // The live home takes the picture's place and answers the tap: the topics open.
  await expect(page).toHaveURL(/\/topics$/);
  await expect(snapshot(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Темы' })).toBeVisible();
});

test('the snapshot is gone after a sign-out, and another build does not use it', async ({
  page,
}) => {
  await registerViaUi(page, { fullName: 'Олег Ветров' });
  await snapshotKept(page);

  // A record of another build (another entry script) is not painted. (Away from home: home
  // keeps its snapshot when the page is hidden.)
  await page.getByRole('link', { name: 'Профиль' }).first().click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.evaluate(() => {
    const record = JSON.parse(localStorage.getItem('marine.snapshot') ?? '{}');
    localStorage.setItem('marine.snapshot', JSON.stringify({ ...record, build: '/assets/old.js' }));
  });
  let release = await holdApp(page);
  await page.goto('/');
  await expect(page.locator('#root .spinner')).toBeAttached();
  await expect(snapshot(page)).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: /Олег Ветров/ })).toBeVisible();
  await snapshotKept(page);

  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$|\/$/);
  await expect
    .poll(() => stored(page).then((record) => record?.html ?? ''))
    .not.toContain('Олег Ветров');
  release = await holdApp(page);
  await page.goto('/');
  await expect(page.getByText('Олег Ветров')).toHaveCount(0);
  release();
});

test('with the splash on, the splash is painted over the snapshot and a tap shows home', async ({
  page,
}) => {
  await registerViaUi(page, { fullName: 'Пётр Морской' });
  await snapshotKept(page);
  // The splash on from the next start (the fixtures switch it off at every navigation).
  await page.evaluate(() => {
    sessionStorage.setItem('e2e.splash', 'on');
    localStorage.removeItem('marine.splash');
  });
  // The splash's markup is kept when the app shows it: one start with the splash.
  await page.reload();
  await page.getByRole('button', { name: /Морской английский/ }).click();
  await snapshotKept(page);
  await expect.poll(() => stored(page).then((record) => record?.splash ?? '')).toContain('splash');

  const release = await holdApp(page);
  await page.reload();
  const splash = page.locator('#picture > .splash');
  await expect(splash).toBeVisible();
  await expect(splash).toContainText('Морской английский');
  await splash.click();
  await expect(splash).toHaveCount(0);
  await expect(snapshot(page).locator('h1', { hasText: 'Пётр Морской' })).toBeVisible();
  release();
  // The app does not bring the splash back: the learner skipped it.
  await expect(page.getByRole('heading', { level: 1, name: /Пётр Морской/ })).toBeVisible();
  await expect(page.locator('.splash')).toHaveCount(0);
});

test('a snapshot record planted in localStorage runs nothing, and the app starts under its policy', async ({
  page,
}) => {
  await page.goto('/');
  const guestHome = page.getByRole('heading', { level: 1, name: 'Добро пожаловать на борт!' });
  await expect(guestHome).toBeVisible();
  // The page carries its policy: scripts by hash, never inline or eval'd at will.
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
  expect(policy).not.toContain('unsafe-');

  // One same-origin write (a shared tablet's developer tools, a script injected once): a record
  // of this build whose markup would run script at every start. (Away from home: home keeps
  // its own snapshot when the page is hidden.)
  await page.getByRole('link', { name: 'Темы' }).first().click();
  await expect(page).toHaveURL(/\/topics$/);
  await page.evaluate(() => {
    const build = document.querySelector('link[data-entry]')?.getAttribute('href');
    const run = 'window.plantedRuns = (window.plantedRuns || 0) + 1';
    localStorage.setItem(
      'marine.snapshot',
      JSON.stringify({
        build,
        lang: 'ru',
        theme: '',
        user: '',
        html: `<main><h1>Подброшенный снимок</h1><img src="/planted.png" onerror="${run}"><svg onload="${run}"><path d="M0 0"/></svg><script>${run}</script><a href="javascript:${run}">Открыть</a><a href="https://evil.example/login">Войти</a><iframe srcdoc="<script>parent.${run}</script>"></iframe><form action="https://evil.example/"><input name="password"></form></main>`,
        splash: `<button class="splash" type="button" onclick="${run}">Морской английский</button><img src="/planted.png" onerror="${run}">`,
      }),
    );
    // The splash on from the next start, so the planted splash is painted too.
    sessionStorage.setItem('e2e.splash', 'on');
    localStorage.removeItem('marine.splash');
  });
  const planted = () => page.evaluate(() => (window as { plantedRuns?: number }).plantedRuns ?? 0);

  const release = await holdApp(page);
  await page.goto('/');
  // Painted as markup the app could have drawn: the text, without handlers, links or forms.
  await expect(snapshot(page).getByText('Подброшенный снимок')).toBeAttached();
  await expect(snapshot(page).locator('a[href], iframe, form, input, script')).toHaveCount(0);
  const splash = page.locator('#picture > .splash');
  await expect(splash).toBeVisible();
  await splash.click();
  await expect(splash).toHaveCount(0);
  expect(await planted()).toBe(0);
  release();
  await expect(guestHome).toBeVisible();
  await expect(snapshot(page)).toHaveCount(0);
  expect(await planted()).toBe(0);
});
