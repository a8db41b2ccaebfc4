/**
 * Settings of a signed-in user in the browser: what a component test cannot see (the theme and
 * language on the page's root element, a real page load, a real download). The forms, the import's
 * messages and records, the progress lists, relearning, the export's content and the profile are
 * proven in happy-dom by unit/screens/account.test.tsx; the screens' axe checks (light and dark)
 * are in a11y-tour.spec.ts.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from './support/fixtures';
import { LEARNER, SAVED } from './support/saved-state';

test.use({ storageState: SAVED.learner });

test('the theme applies to the page at once and survives a reload', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.getByRole('radio', { name: 'Тёмная' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('radio', { name: 'Светлая' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('English becomes the page’s language and stays after a reload', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('the export downloads a dated file, the same text as the copyable one', async ({ page }) => {
  await page.goto('/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспортировать JSON' }).click();
  const download = await downloading;
  const today = await page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
  expect(download.suggestedFilename()).toBe(`marine-english-export-${today}.json`);
  const file = await readFile(await download.path(), 'utf8');
  expect(JSON.parse(file).user.email).toBe(LEARNER.email);
  expect(file).not.toMatch(/password/i);
  await expect(page.getByLabel('Экспортированные данные (JSON)')).toHaveValue(file);
});

test('an import’s dark theme applies to the page at once', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // Settings as another device's export carries them (the rest of what an import brings is
  // proven in happy-dom).
  const settings = { dailyGoal: 25, theme: 'dark', division: 'engine', role: 'motorman' };
  await page
    .getByLabel('JSON для импорта')
    .fill(JSON.stringify({ user: { settings }, userWords: [] }));
  await page.getByRole('button', { name: 'Импортировать' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Импортировано записей: 0' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
