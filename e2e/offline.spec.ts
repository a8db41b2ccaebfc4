import { expect, test } from '@playwright/test';

test('after the first visit the app starts offline, on any route', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Морской английский' })).toBeVisible();
  // The built-in vocabulary was seeded into the real IndexedDB.
  await expect(page.getByTestId('db-ready')).toContainText(/Слов\s*\d{3}/);

  // Wait until the service worker has precached the build and controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Морской английский' })).toBeVisible();
  await expect(page.getByTestId('db-ready')).toContainText(/Слов\s*\d{3}/);

  // A deep link is answered by the cached app shell.
  await page.goto('/quiz');
  await expect(page.getByRole('heading', { name: 'Морской английский' })).toBeVisible();
});
