import { expect, test, untilControlled } from './support/fixtures';

// The service worker is part of what this spec tests (the default blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('after the first visit the app starts offline, on any route', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();

  // Wait until the service worker has precached the build and controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await untilControlled(page);

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
  await untilControlled(page);
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

test('on a phone the first-visit toast never covers the sticky primary button; the topic list is wide', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/select-topic?division=deck&role=all');
  await page.getByRole('checkbox', { name: /^Швартовка/ }).check();
  const toast = page.getByText('Приложение готово к работе без сети');
  await expect(toast).toBeVisible({ timeout: 15_000 });
  const button = page.getByRole('button', { name: 'Продолжить' });
  const [a, b] = [await toast.boundingBox(), await button.boundingBox()];
  expect(a && b).toBeTruthy();
  if (a && b) {
    const overlap = a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `toast ${JSON.stringify(a)} over button ${JSON.stringify(b)}`).toBe(false);
  }

  // The dictionary's topic list takes the width of the screen, its button goes below it.
  await page.goto('/dictionary');
  const select = page.getByRole('combobox', { name: 'Тема', exact: true });
  const box = await select.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
});
