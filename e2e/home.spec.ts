/** The home dashboard: welcome, connection badge, sync, shortcuts, schedule, goal, tips and rank. */
import { expect, expectAccessible, test } from './support/fixtures';
import { LEARNER, SAVED } from './support/saved-state';

test.use({ storageState: SAVED.guest });

const SYNC_LOCAL =
  'Локальная версия: синхронизировать нечего — прогресс хранится на этом устройстве.';
const SYNC_GUEST =
  'Для синхронизации нужен аккаунт: войдите или зарегистрируйтесь, чтобы прогресс сохранялся.';
const L1_DESCRIPTION = 'Пока путаете бак с ютом — но швабра уже слушается вас.';

test('a guest is welcomed aboard and the badge follows the network', async ({ page, context }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Добро пожаловать на борт!' }),
  ).toBeVisible();
  const badge = page.getByRole('status', { name: /^Связь:/ });
  await expect(badge).toHaveText('В сети');

  await context.setOffline(true);
  await expect(badge).toHaveText('Офлайн');
  await expectAccessible(page);

  await context.setOffline(false);
  await expect(badge).toHaveText('В сети');
});

test('shortcut chips lead to their screens', async ({ page }) => {
  await page.goto('/');
  const shortcuts = page.getByRole('navigation', { name: 'Быстрые переходы' });

  await shortcuts.getByRole('link', { name: 'Начать занятие' }).click();
  await expect(page).toHaveURL(/\/select-division$/);

  await page.goto('/');
  await shortcuts.getByRole('link', { name: 'Словарь' }).click();
  await expect(page).toHaveURL(/\/dictionary$/);

  await page.goto('/');
  await shortcuts.getByRole('link', { name: 'Темы' }).click();
  await expect(page).toHaveURL(/\/topics$/);

  // Progress and settings are for signed-in users: a guest is sent to log in.
  await page.goto('/');
  await shortcuts.getByRole('link', { name: 'Прогресс' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/');
  await shortcuts.getByRole('link', { name: 'Настройки' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the schedule says coming soon and sync tells a guest to sign in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Добавить занятие' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Скоро будет' })).toBeVisible();

  await page.getByRole('button', { name: 'Синхронизировать' }).click();
  await expect(page.getByRole('status').filter({ hasText: SYNC_GUEST })).toBeVisible();
});

test('the rank card opens a humorous description, closed by button and by Escape', async ({
  page,
}) => {
  await page.goto('/');
  const rank = page.getByRole('region', { name: 'Ваше звание' });
  await expect(rank.getByText('Юнга', { exact: true })).toBeVisible();
  await expect(rank.getByText('0\u00a0MAST', { exact: true })).toBeVisible();
  await expect(rank.getByText('До звания «Матрос» — ещё 50\u00a0MAST')).toBeVisible();
  await expect(rank.getByRole('img')).toHaveCount(0); // decorative inside the button
  await expect(rank.locator('img')).toHaveAttribute('src', '/ranks/L1.svg');

  const open = rank.getByRole('button', { name: /Юнга/ });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Юнга' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(L1_DESCRIPTION)).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Юнга' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();

  await open.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the tip of the day moves on to the next tip', async ({ page }) => {
  await page.goto('/');
  const tips = page.getByRole('region', { name: 'Совет дня' });
  const text = tips.locator('.tip-text');
  const first = await text.textContent();
  expect(first?.length).toBeGreaterThan(10);
  await tips.getByRole('button', { name: 'Следующий совет' }).click();
  await expect(text).not.toHaveText(first ?? '');
});

test.describe('as a learner', () => {
  test.use({ storageState: SAVED.learner });

  test('a signed-in user is greeted by name and sees the daily goal', async ({ page }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: `Добро пожаловать, ${LEARNER.fullName}!` }),
    ).toBeVisible();
    // No guest notice for a signed-in user.
    await expect(page.getByText(/Вы занимаетесь как гость/)).toHaveCount(0);

    const goal = page.getByRole('region', { name: 'Цель на сегодня' });
    await expect(goal.getByText('0 из 10 слов')).toBeVisible();
    const bar = goal.getByRole('progressbar', { name: 'Изучено слов сегодня' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '10');
    await expect(goal.getByText('До цели осталось 10 слов.')).toBeVisible();

    await expect(
      page.getByRole('region', { name: 'Повторить сегодня' }).getByText('0', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Выучено слов' }).getByText('0', { exact: true }),
    ).toBeVisible();

    await expectAccessible(page);

    await page.getByRole('button', { name: 'Синхронизировать' }).click();
    await expect(page.getByRole('status').filter({ hasText: SYNC_LOCAL })).toBeVisible();
  });
});

test('the dashboard is accessible in dark theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('marine.theme', 'dark'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByText('0 из 10 слов')).toBeVisible();
  await expectAccessible(page);
});
