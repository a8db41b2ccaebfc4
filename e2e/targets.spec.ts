/**
 * Every screen on a 390 px phone: each control is at least 44 x 44 px (e2e/support/targets.ts),
 * signed out, signed in as an administrator, and through a whole session's screens; and the
 * header on a bridge tablet (768-1280 px): 44 px, the drills and the exam in its bar, one row
 * that does not scroll sideways, the rest in its menu.
 */
import type { Page } from '@playwright/test';
import { skipPause } from './study-helpers';
import { expect, test } from './support/fixtures';
import { SAVED } from './support/saved-state';
import { smallTargets } from './support/targets';

test.use({ viewport: { width: 390, height: 844 } });

async function expectBigTargets(page: Page, screen: string): Promise<void> {
  expect(await smallTargets(page), `controls under 44 px on ${screen}`).toEqual([]);
}

/**
 * How the header's bar is laid out: how far it or the page scrolls sideways, and its controls that
 * wrapped (taller than a 44-48 px target) or left its one row.
 */
function headerLayout(page: Page): Promise<{ sideways: number; offRow: string[] }> {
  return page.evaluate(() => {
    const inner = document.querySelector('.header-inner') as HTMLElement;
    const sideways = Math.max(
      document.documentElement.scrollWidth - document.documentElement.clientWidth,
      inner.scrollWidth - inner.clientWidth,
    );
    const row = inner.getBoundingClientRect();
    const offRow = [...inner.querySelectorAll<HTMLElement>('a[href], button')]
      .filter((control) => control.getBoundingClientRect().width > 0)
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return box.height > 48 || box.top < row.top || box.bottom > row.bottom;
      })
      .map((control) => (control.textContent ?? '').trim());
    return { sideways, offRow };
  });
}

/** The header at `widths`: `inBar` in its bar, `inMenu` in its menu where the bar has a menu. */
async function expectTabletHeader(
  page: Page,
  widths: readonly number[],
  inBar: readonly string[],
  inMenu: readonly string[],
): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Основная навигация' });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const name of inBar) {
      await expect(
        bar.getByRole('link', { name, exact: true }),
        `${name} at ${width} px`,
      ).toBeVisible();
    }
    expect(await headerLayout(page), `the header at ${width} px`).toEqual({
      sideways: 0,
      offRow: [],
    });
    await expectBigTargets(page, `/ at ${width} px`);
    const menuButton = page.getByRole('button', { name: 'Меню', exact: true });
    if (!(await menuButton.isVisible())) continue;
    await menuButton.click();
    const menu = page.getByRole('navigation', { name: 'Меню' });
    for (const name of inMenu) await expect(menu.getByText(name, { exact: true })).toBeVisible();
    await expectBigTargets(page, `the menu at ${width} px`);
    await page.getByRole('button', { name: 'Закрыть меню' }).click();
  }
}

/** The widths of bridge tablets and small laptops, with the header's breakpoints on each side. */
const TABLETS = [768, 900, 901, 1024, 1180, 1181, 1280] as const;

test('the sign-in screens have 44 px targets', async ({ page }) => {
  for (const [path, heading] of [
    ['/login', 'Вход'],
    ['/register', 'Регистрация'],
    ['/forgot', 'Сброс пароля'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectBigTargets(page, path);
  }
});

test.describe('as an administrator', () => {
  test.use({ storageState: SAVED.admin });

  test('every screen of a signed-in administrator has 44 px targets', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    const screens: [string, RegExp | string][] = [
      ['/', /Добро пожаловать/],
      ['/select-division', 'Выберите службу'],
      ['/select-role?division=deck', 'Выберите должность'],
      ['/select-topic?division=deck&role=all', 'Выберите темы'],
      ['/topics', 'Темы'],
      ['/dictionary', 'Словарь'],
      ['/drills', 'Радиообмен на УКВ'],
      ['/admin/roles', 'Службы, роли и темы'],
      ['/settings', 'Настройки'],
      ['/progress', 'Прогресс'],
      ['/profile', 'Профиль'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectBigTargets(page, path);
    }
    // The phone menu, the drills and the exam in it.
    await page.goto('/');
    await page.getByRole('button', { name: 'Меню' }).click();
    const menu = page.getByRole('navigation', { name: 'Меню' });
    await expect(menu.getByRole('link', { name: 'Радиообмен' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Экзамен' })).toBeVisible();
    await expectBigTargets(page, 'the menu');
  });

  test('on a tablet the header holds the drills and the exam in one 44 px row', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Добро пожаловать/ })).toBeVisible();
    await expectTabletHeader(
      page,
      TABLETS,
      ['Темы', 'Словарь', 'Радиообмен', 'Экзамен', 'Прогресс'],
      ['Настройки', 'Админ', 'Профиль', 'Выйти'],
    );
  });
});

test('on a tablet a guest’s header holds the drills in one 44 px row', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Добро пожаловать/ })).toBeVisible();
  await expectTabletHeader(
    page,
    [768, 1024],
    ['Темы', 'Словарь', 'Радиообмен', 'Войти', 'Регистрация'],
    ['Главная', 'Войти', 'Регистрация'],
  );
});

test('a session’s screens have 44 px targets', async ({ page }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await page.goto('/select-topic?division=deck&role=all');
  await page.getByRole('checkbox').first().check();
  await expectBigTargets(page, '/select-topic');
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/\/session-setup/);
  await expectBigTargets(page, '/session-setup');
  await page.getByRole('button', { name: 'Начать' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  const first = page.getByText(/^Вопрос 1 из \d+$/);
  await expect(first).toBeVisible();
  await expectBigTargets(page, '/quiz');
  const total = Number((await first.textContent())?.replace(/^Вопрос 1 из /, ''));
  for (let n = 1; n <= total; n++) {
    await expect(page.getByText(`Вопрос ${n} из ${total}`)).toBeVisible();
    await page.keyboard.press('s');
    await expect(page.getByText('Пропущено')).toBeVisible();
    await skipPause(page);
  }
  await expect(page.getByText(/^Слово 1 из/)).toBeVisible();
  await expectBigTargets(page, '/quiz/spelling');
  await page.goto('/drills');
  await page.locator('.drills-item a').first().click();
  await expect(page.getByText('Ваш ответ')).toBeVisible();
  await expectBigTargets(page, 'a drill');
});

test.describe('as a learner', () => {
  test.use({ storageState: SAVED.learner });

  test('the exam’s screens have 44 px targets', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/exam');
    await page.getByLabel('Служба').selectOption({ label: 'Палуба' });
    await page.getByLabel('Должность').selectOption({ label: 'Матрос (OS)' });
    await expectBigTargets(page, '/exam');
    await page.getByRole('button', { name: 'Начать экзамен' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Вопрос 1 из 40' })).toBeVisible();
    await page.keyboard.press('1');
    await expectBigTargets(page, 'an exam question');
    await page.getByRole('button', { name: 'Завершить экзамен' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Завершить экзамен' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Экзамен не сдан' })).toBeVisible();
    await expectBigTargets(page, 'the exam result');
    // A failed exam's sheet is a result sheet, not a certificate.
    await page.getByRole('link', { name: 'Лист результатов' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Лист результатов/ })).toBeVisible();
    await expectBigTargets(page, 'the result sheet');
    // Each value stands under its label, as wide as the sheet (beside the labels it had 91 px).
    const widths = await page
      .locator('.certificate-fields dd')
      .evaluateAll((values) => values.map((value) => value.getBoundingClientRect().width));
    expect(Math.min(...widths), 'the narrowest value of the sheet, px').toBeGreaterThanOrEqual(250);
    await page.goto('/progress');
    await expect(page.getByRole('region', { name: 'Экзамены' }).getByRole('listitem')).toHaveCount(
      1,
    );
    await expectBigTargets(page, '/progress with an exam');
  });
});
