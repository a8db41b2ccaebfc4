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

test('the precache holds the app but not the store screenshots; robots.txt is a text file', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    }
    return urls;
  });
  expect(cached.some((url) => url.includes('/index.html'))).toBe(true);
  expect(cached.some((url) => url.includes('/icons/'))).toBe(true);
  expect(cached.filter((url) => url.includes('/screenshots/'))).toEqual([]);

  // Typed into the address bar (a navigation the worker sees), it is still the server's file.
  const response = await page.goto('/robots.txt');
  expect(response?.headers()['content-type']).toContain('text/plain');
  expect(await page.textContent('body')).toContain('User-agent: *');
});
