import { expect, test } from './support/fixtures';

test('after the first visit the app starts offline, on any route', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();

  // Wait until the service worker has precached the build and controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();

  // A deep link is answered by the cached app shell, and the built-in vocabulary is there.
  await page.goto('/dictionary');
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();
});
