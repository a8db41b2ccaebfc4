/**
 * At sea with no network (issue 5): after one online visit every route opens from the service
 * worker's cache, and a whole study session runs offline, for a signed-in user (progress saved
 * in IndexedDB) and for a guest.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { answerFiveRight, readStore, readVocabulary } from './study-helpers';
import { expect, registerViaUi, test, untilControlled } from './support/fixtures';

// The service worker is part of what this spec tests (the default blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface StoredUser {
  id: string;
  email: string;
}

interface StoredWord {
  userId: string;
  vocabId: string;
  status: string;
  attempts: number;
  correct: number;
}

/** The first online visit: the worker has precached the build and controls the page. */
async function installOnline(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await untilControlled(page);
}

async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

const HOME = /Добро пожаловать/;

/** Each route, where a signed-in non-admin lands, and the heading shown there. */
const ROUTES: readonly { path: string; lands: RegExp; heading: string | RegExp }[] = [
  { path: '/', lands: /\/$/, heading: HOME },
  { path: '/select-division', lands: /\/select-division$/, heading: 'Выберите службу' },
  {
    path: '/select-role?division=deck',
    lands: /\/select-role\?division=deck$/,
    heading: 'Выберите должность',
  },
  {
    path: '/select-topic?division=deck&role=os',
    lands: /\/select-topic\?division=deck&role=os$/,
    heading: 'Выберите темы',
  },
  { path: '/session-setup', lands: /\/session-setup$/, heading: 'Настройка сессии' },
  { path: '/topics', lands: /\/topics$/, heading: 'Темы' },
  { path: '/dictionary', lands: /\/dictionary$/, heading: 'Словарь' },
  { path: '/settings', lands: /\/settings$/, heading: 'Настройки' },
  { path: '/progress', lands: /\/progress$/, heading: 'Прогресс' },
  { path: '/profile', lands: /\/profile$/, heading: 'Профиль' },
  // Not an admin: sent home. Signed in: the login form sends home too.
  { path: '/admin/roles', lands: /\/$/, heading: HOME },
  { path: '/login', lands: /\/$/, heading: HOME },
  { path: '/forgot', lands: /\/forgot$/, heading: 'Сброс пароля' },
];

/**
 * A five-word session of the deck's OS commands, every answer right, from the division screen to
 * the end screen; returns the vocabIds of the spelled words. The page's clock must be installed
 * (`skipPause`).
 */
async function studyFiveWords(page: Page): Promise<string[]> {
  await page.goto('/select-division');
  await page.getByRole('button', { name: /Палуба/ }).click();
  await expect(page).toHaveURL(/\/select-role\?division=deck$/);
  await page.getByRole('button', { name: /Матрос \(OS\)/ }).click();
  await expect(page).toHaveURL(/\/select-topic\?division=deck&role=os$/);
  // Mooring: every word of it has a production question (letters, or word order), so the
  // spelling asks all five.
  await page.getByRole('checkbox', { name: /^Швартовка/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/\/session-setup$/);
  await expect(h1(page, 'Настройка сессии')).toBeVisible();
  await page.getByRole('button', { name: 'Меньше слов' }).click();
  await expect(page.getByRole('status').filter({ hasText: /слов$/ })).toHaveText('5 слов');
  await page.getByRole('radio', { name: 'EN → RU' }).check();
  await page.getByRole('button', { name: 'Начать' }).click();
  await expect(page).toHaveURL(/\/quiz$/);

  const studied = await answerFiveRight(
    page,
    await readVocabulary(page, { topic: 'Mooring', division: 'deck' }),
  );
  await expect(h1(page, 'Поздравляем!')).toBeVisible();
  await page.getByRole('button', { name: 'Завершить' }).click();
  await expect(page).toHaveURL(/\/$/);
  return studied;
}

test('offline, every route opens from the cache and a signed-in session is saved', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await installOnline(page);
  const account = await registerViaUi(page);
  await goOffline(page, context);

  for (const route of ROUTES) {
    await test.step(`offline: ${route.path}`, async () => {
      const response = await page.goto(route.path);
      // Answered by the worker, not the network (there is none) and not Chromium's error page.
      expect(response?.fromServiceWorker(), `${route.path} comes from the worker`).toBe(true);
      await expect(page).toHaveURL(route.lands);
      await expect(h1(page, route.heading)).toBeVisible();
    });
  }

  // A whole session with no network; the answers are saved on the device.
  const studied = await studyFiveWords(page);
  await page.reload();
  await expect(h1(page, HOME)).toBeVisible();
  const user = (await readStore<StoredUser>(page, 'users')).find(
    (u) => u.email === account.email,
  ) as StoredUser;
  expect(user).toBeTruthy();
  const words = (await readStore<StoredWord>(page, 'userWords')).filter(
    (w) => w.userId === user.id,
  );
  expect(words.map((w) => w.vocabId).sort()).toEqual([...studied].sort());
  for (const word of words) {
    expect(word).toMatchObject({ status: 'learned', attempts: 2, correct: 2 });
  }
  // The progress screen lists them, still offline.
  await page.goto('/progress');
  await expect(h1(page, 'Прогресс')).toBeVisible();
  const vocab = await readVocabulary(page);
  const first = vocab.find((v) => v.id === studied[0]);
  await expect(page.getByText(first?.ru ?? '?', { exact: true }).first()).toBeVisible();
});

test('offline, a guest runs a whole session and nothing is saved', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.clock.install();
  await installOnline(page);
  await goOffline(page, context);

  await page.goto('/');
  await expect(h1(page, 'Добро пожаловать на борт!')).toBeVisible();
  for (const path of ['/topics', '/dictionary', '/forgot']) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker()).toBe(true);
  }
  await studyFiveWords(page);
  expect(await readStore<StoredWord>(page, 'userWords')).toEqual([]);
  // The signed-in-only screens send a guest to the login form, offline as well.
  await page.goto('/progress');
  await expect(page).toHaveURL(/\/login$/);
  await expect(h1(page, 'Вход')).toBeVisible();
});
