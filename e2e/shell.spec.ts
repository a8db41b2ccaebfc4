/** The app shell: the start-up splash, the mobile menu, and the Loading screen with its reset. */
import { claimAdminViaUi, expect, expectAccessible, registerViaUi, test } from './support/fixtures';
import { SAVED } from './support/saved-state';

const START = Date.parse('2025-06-01T08:00:00Z');

test.describe('splash', () => {
  test.beforeEach(async ({ page }) => {
    // The fixture switches the splash off unless this session asks for it; whichever init
    // script runs first, the splash ends up on for this visitor.
    await page.addInitScript(() => {
      sessionStorage.setItem('e2e.splash', 'on');
      localStorage.removeItem('marine.splash');
    });
    // A paused clock keeps the 3 s timer from ending the splash on its own (no page is loaded
    // yet, so the jump forward fires nothing).
    await page.clock.install({ time: START });
    await page.clock.pauseAt(START + 60_000);
  });

  test('shows at start and a key press skips it', async ({ page }) => {
    await page.goto('/');
    const splash = page.getByRole('button', { name: 'Морской английский запускается' });
    await expect(splash).toBeVisible();
    await expect(splash).toContainText('Коснитесь или нажмите любую клавишу, чтобы пропустить');
    await page.keyboard.press('Enter');
    await expect(splash).toBeHidden();
    await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();
  });

  test('a tap skips it', async ({ page }) => {
    await page.goto('/login');
    const splash = page.getByRole('button', { name: 'Морской английский запускается' });
    await expect(splash).toBeVisible();
    await splash.click();
    await expect(splash).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  });

  test('ends by itself after 3 seconds', async ({ page }) => {
    await page.goto('/');
    const splash = page.getByRole('button', { name: 'Морской английский запускается' });
    await expect(splash).toBeVisible();
    await page.clock.runFor(2_500);
    await expect(splash).toBeVisible();
    await page.clock.runFor(600);
    await expect(splash).toBeHidden();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a guest opens the menu and its links work', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Меню', exact: true });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Меню' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Закрыть меню' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(menu.getByRole('link')).toHaveText([
      'Главная',
      'Темы',
      'Словарь',
      'Радиообмен',
      'Войти',
      'Регистрация',
    ]);

    await menu.getByRole('link', { name: 'Словарь' }).click();
    await expect(page).toHaveURL(/\/dictionary$/);
    await expect(menu).toBeHidden();

    await menuButton.click();
    await menu.getByRole('link', { name: 'Регистрация' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  });

  test.describe('as a learner', () => {
    test.use({ storageState: SAVED.learner });

    test('a signed-in user reaches profile and logs out from the menu', async ({ page }) => {
      await page.goto('/');
      const menuButton = page.getByRole('button', { name: 'Меню', exact: true });
      await menuButton.click();
      const menu = page.getByRole('navigation', { name: 'Меню' });
      await expect(menu.getByRole('link', { name: 'Прогресс' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Настройки' })).toBeVisible();
      await menu.getByRole('link', { name: 'Профиль' }).click();
      await expect(page).toHaveURL(/\/profile$/);

      await menuButton.click();
      await menu.getByRole('button', { name: 'Выйти' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await menuButton.click();
      await expect(menu.getByRole('link', { name: 'Войти' })).toBeVisible();
    });
  });
});

test('the Loading screen asks to close the other tabs that block the upgrade, and goes on when they close', async ({
  page,
  context,
}) => {
  // Page A holds MarineDB open at version 1 and ignores requests to close it, so the app in
  // page B cannot upgrade the database and authentication keeps loading.
  const holder = await context.newPage();
  await holder.route('**/db-holder', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>holder</title>' }),
  );
  await holder.goto('/db-holder');
  await holder.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        // A remembered session makes the app read the user from the database at start.
        localStorage.setItem('marine.lastUserId', 'someone');
        const open = indexedDB.open('MarineDB', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          (window as unknown as { heldDB: IDBDatabase }).heldDB = open.result;
          resolve();
        };
      }),
  );

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка…' })).toBeVisible();
  const closeOthers =
    'Приложение открыто в другой вкладке или окне с прежней версией. Закройте другие вкладки приложения — загрузка продолжится сама.';
  await expect(page.getByText(closeOthers)).toBeVisible();
  await expectAccessible(page);
  // The reset cannot read the queue of a blocked database: it says what helps, not "nothing queued".
  await page.getByRole('button', { name: 'Сбросить локальную БД' }).click();
  await expect(page.getByRole('status')).toHaveText(closeOthers);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Once the other page lets go, the app finishes loading (the remembered user no longer exists).
  await holder.evaluate(() => (window as unknown as { heldDB: IDBDatabase }).heldDB.close());
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка…' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();
});

// The entry holds React and the start screen only; everything else is the app chunk. Without
// the entry, index.html shows the same message (rendered at build time), not a picture of home.
for (const [part, chunk] of [
  ['the app chunk', /\/assets\/app-[\w-]+\.js$/],
  ['the entry itself', /\/assets\/index-[\w-]+\.js$/],
] as const) {
  test(`the start screen says so, in both languages, when ${part} cannot be loaded`, async ({
    page,
  }) => {
    await page.route(chunk, (route) => route.abort());
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Не удалось загрузить приложение' }),
    ).toBeVisible();
    await expect(page.getByText('The app could not be loaded.')).toBeVisible();
    await expect(page.locator('#picture > .home-snapshot')).toHaveCount(0);
    await expectAccessible(page);

    // A reload once the network is back starts the app.
    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Перезагрузить / Reload' }).click();
    await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Добро пожаловать на борт!' }),
    ).toBeVisible();
  });
}

test('nothing scrolls sideways on a 320 px phone, and the menu button is whole', async ({
  page,
}) => {
  test.slow(); // many screens
  await page.setViewportSize({ width: 320, height: 640 });
  const sideways = () =>
    page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  for (const path of [
    '/',
    '/login',
    '/register',
    '/topics',
    '/select-topic?division=deck&role=all',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    expect(await sideways(), path).toBe(0);
  }
  await registerViaUi(page, { fullName: 'Александр Константинопольский' });
  for (const path of [
    '/',
    '/dictionary',
    '/progress',
    '/settings',
    '/profile',
    '/select-topic?division=deck&role=all',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    expect(await sideways(), path).toBe(0);
    const menu = await page.getByRole('button', { name: 'Меню' }).boundingBox();
    expect((menu?.x ?? 999) + (menu?.width ?? 0), path).toBeLessThanOrEqual(320);
  }
  await claimAdminViaUi(page);
  await page.goto('/admin/roles');
  await expect(
    page.getByRole('button', { name: 'Восстановить встроенную программу' }),
  ).toBeVisible();
  expect(await sideways(), '/admin/roles').toBe(0);
});
