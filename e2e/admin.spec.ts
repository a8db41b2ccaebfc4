/**
 * The admin's tools in the browser: the long walks a component test does not take (a rename in
 * its dialog, an assignment kept over a reload and seen on the topics page, deleting every
 * division and restoring the built-in curriculum, a word added, edited and deleted). The forms'
 * messages, the confirmations' texts, cancelling, the cascade of a deletion, bulk import by lines
 * and by JSON and a non-admin's view are proven in happy-dom by unit/screens/admin.test.tsx; the
 * screens' and dialogs' axe checks are in a11y-tour.spec.ts.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, renameTo, test } from './support/fixtures';
import { ADMIN, SAVED } from './support/saved-state';
import { topicSize } from './support/vocabulary';

test.use({ storageState: SAVED.admin });

/**
 * An admin of the e2e build: an account that entered the administrator code (the saved state
 * SAVED.admin, made through the form and the code by e2e/saved-state.setup.ts).
 */
async function registerAdmin(page: Page) {
  await page.goto('/');
  return ADMIN;
}

/** Confirms the open confirmation dialog after checking its text exactly (double spaces too). */
async function confirmWith(page: Page, text: string) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  expect(await dialog.locator('p').first().textContent()).toBe(text);
  await dialog.getByRole('button', { name: 'Удалить' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('admin screen', () => {
  test('divisions, roles and topics: add, rename, assign, delete', async ({ page }) => {
    test.slow(); // a long walk through the whole screen
    await registerAdmin(page);
    await page.getByRole('link', { name: 'Админ' }).first().click();
    await expect(page).toHaveURL(/\/admin\/roles$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Службы, роли и темы');

    const divisions = page.getByRole('region', { name: 'Службы' });
    const roles = page.getByRole('region', { name: /^Роли/ });
    const topics = page.getByRole('region', { name: /^Темы/ });

    await divisions.getByLabel('Новая служба').fill('  Cargo  ');
    await divisions.getByRole('button', { name: 'Добавить' }).click();
    await expect(divisions.getByRole('button', { name: 'Cargo', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await renameTo(page, 'Переименовать «Cargo»', 'Cargo Hold');
    await expect(divisions.getByRole('button', { name: 'Cargo Hold', exact: true })).toBeVisible();
    await expect(roles.getByRole('heading')).toHaveText('Роли: Cargo Hold');
    await expect(roles.getByText('Для этой службы нет ролей.')).toBeVisible();

    await roles.getByLabel('Новая роль').fill(' Pump  Man ');
    await roles.getByRole('button', { name: 'Добавить' }).click();
    await expect(roles.getByRole('button', { name: 'pump man', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await expect(topics.getByText('В этой службе пока нет тем.')).toBeVisible();
    await topics.getByLabel('Новая тема').fill('Cargo Pumps');
    await topics.getByRole('button', { name: 'Добавить' }).click();
    const assign = topics.getByRole('checkbox', { name: 'Cargo Pumps' });
    await expect(assign).not.toBeChecked();
    await assign.check();
    await expect(assign).toBeChecked();

    // The assignment is stored: after a reload it is still ticked.
    await page.reload();
    await divisions.getByRole('button', { name: 'Cargo Hold', exact: true }).click();
    await roles.getByRole('button', { name: 'pump man', exact: true }).click();
    await expect(topics.getByRole('checkbox', { name: 'Cargo Pumps' })).toBeChecked();

    // The topics page shows it to that role.
    await page.getByRole('link', { name: 'Темы' }).first().click();
    await expect(page).toHaveURL(/\/topics$/);
    // The address changes before the topics screen replaces the admin's, which has buttons of
    // the same names: the chips are the topics screen's filters.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Темы');
    const filters = page.getByRole('region', { name: 'Поиск' });
    await filters.getByRole('button', { name: 'Cargo Hold', exact: true }).click();
    await filters.getByRole('button', { name: 'pump man', exact: true }).click();
    await expect(
      page.getByRole('main').getByRole('link').filter({ hasText: 'Cargo Pumps' }),
    ).toBeVisible();
    await page.goBack();
    await divisions.getByRole('button', { name: 'Cargo Hold', exact: true }).click();

    await roles.getByRole('button', { name: 'Удалить «pump man»' }).click();
    await confirmWith(page, 'Удалить роль «pump man»?  Она будет отвязана от всех тем и слов.');
    await expect(roles.getByText('Для этой службы нет ролей.')).toBeVisible();
    await expect(topics.getByText('Выберите роль, чтобы назначать ей темы.')).toBeVisible();

    await topics.getByRole('button', { name: 'Удалить «Cargo Pumps»' }).click();
    await confirmWith(page, 'Удалить тему «Cargo Pumps» и все связанные слова?');
    await expect(topics.getByText('В этой службе пока нет тем.')).toBeVisible();

    await divisions.getByRole('button', { name: 'Удалить «Cargo Hold»' }).click();
    await confirmWith(
      page,
      'Удалить службу «Cargo Hold»?  Все роли, темы и слова этой службы будут удалены.',
    );
    await expect(divisions.getByRole('button', { name: 'Cargo Hold', exact: true })).toHaveCount(0);
    await expect(divisions.getByRole('button', { name: 'Палуба', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test("deleting every division leaves 'No divisions defined.'; the built-in curriculum comes back with progress", async ({
    page,
  }) => {
    test.slow();
    await registerAdmin(page);
    // Progress made before: a word ticked as learned.
    await page.goto('/dictionary');
    await page.getByLabel('Поиск слов').fill('кнехт');
    await page.getByRole('checkbox', { name: 'Выучено: кнехт' }).check();
    await expect(page.getByRole('checkbox', { name: 'Выучено: кнехт' })).toBeChecked();
    // Stored once home counts it (reached in the app: a reload could cut the write short).
    await page
      // Home by the logo: the bar's own «Главная» shows only on the widest screens.
      .getByRole('banner')
      .getByRole('link', { name: 'Морской английский' })
      .click();
    await expect(
      page.getByRole('region', { name: 'Выучено слов' }).locator('.tile-value'),
    ).toHaveText('1');

    await page.goto('/admin/roles');
    const divisions = page.getByRole('region', { name: 'Службы' });
    for (const name of ['Палуба', 'Машина', 'Мостик', 'Камбуз', 'Общий курс']) {
      await divisions.getByRole('button', { name: `Удалить «${name}»` }).click();
      await confirmWith(
        page,
        `Удалить службу «${name}»?  Все роли, темы и слова этой службы будут удалены.`,
      );
      await expect(divisions.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await expect(divisions.getByText('Службы не заданы.')).toBeVisible();
    await expectAccessible(page);
    // With no division left, no topic is left to study either.
    await page.goto('/select-topic?division=deck');
    await expect(page.getByText('Нет тем для этой службы/должности.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Продолжить' })).toHaveCount(0);
    await expectAccessible(page);

    // A start that finds no division seeds the four (SPEC §3); their words are the admin's to restore.
    await page.goto('/admin/roles');
    for (const name of ['Палуба', 'Машина', 'Мостик', 'Камбуз']) {
      await expect(divisions.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(divisions.getByRole('button', { name: 'Общий курс', exact: true })).toHaveCount(0);
    const builtin = page.getByRole('region', { name: 'Встроенная программа' });
    await builtin.getByRole('button', { name: 'Восстановить встроенную программу' }).click();
    await expect(
      page.getByText(/^Восстановлено: служб — 1, ролей — \d+, тем — \d+, слов — \d+\.$/),
    ).toBeVisible();
    await expect(divisions.getByRole('button', { name: 'Общий курс', exact: true })).toBeVisible();

    await page.goto('/dictionary');
    await page.getByLabel('Поиск слов').fill('кнехт');
    await expect(page.getByRole('checkbox', { name: 'Выучено: кнехт' })).toBeChecked();
    await page.getByLabel('Поиск слов').fill('fire blanket');
    await expect(
      page.getByRole('checkbox', { name: 'Выучено: противопожарное покрывало' }),
    ).toBeVisible();

    // A second restore finds the curriculum whole.
    await page.goto('/admin/roles');
    await page.getByRole('button', { name: 'Восстановить встроенную программу' }).click();
    await expect(
      page.getByText('Восстанавливать нечего: встроенная программа на месте.'),
    ).toBeVisible();
  });
});

test.describe('topics page for admins', () => {
  test('renames a user topic in its dialog and deletes it by its new name', async ({ page }) => {
    test.slow();
    await registerAdmin(page);
    await page.goto('/topics');

    const form = page.locator('form').filter({ hasText: 'Название темы' });
    await form.getByLabel('Название темы').fill('Bosun Notes');
    await form.getByRole('checkbox', { name: 'Боцман' }).check();
    await form.getByRole('button', { name: 'Добавить тему' }).click();
    const links = page.getByRole('main').getByRole('link');
    await expect(links.filter({ hasText: 'Bosun Notes' })).toContainText('0 слов');

    await renameTo(page, 'Переименовать тему «Bosun Notes»', 'Bosun Notes & Tips');
    await expect(links.filter({ hasText: 'Bosun Notes & Tips' })).toBeVisible();

    await page.getByRole('button', { name: 'Удалить тему «Bosun Notes & Tips»' }).click();
    await confirmWith(page, 'Удалить эту тему и все связанные слова?');
    await expect(links.filter({ hasText: 'Bosun Notes' })).toHaveCount(0);
  });
});

test.describe('dictionary for admins', () => {
  test('adds, edits and deletes a word; duplicates are silently ignored', async ({ page }) => {
    test.slow();
    await registerAdmin(page);
    await page.goto('/dictionary?topic=Mooring');
    const rows = page.getByRole('table').getByRole('row');
    const mooring = topicSize('Mooring');
    await expect(rows).toHaveCount(mooring + 1);

    await page.getByText('Добавить слово', { exact: true }).first().click();
    const form = page.locator('details').filter({ hasText: 'Добавить слово' });
    await expect(form.getByLabel('Тема')).toHaveValue('Mooring');

    await form.getByRole('button', { name: 'Добавить слово' }).click();
    await expect(form.getByRole('alert')).toHaveText('Заполните обе стороны: русскую и английскую');

    await form.getByLabel('Русский (RU)').fill(' вьюшка ');
    await form.getByLabel('Английский (EN)').fill('rope reel');
    await form.getByRole('button', { name: 'Добавить слово' }).click();
    await expect(rows.filter({ hasText: 'вьюшка' })).toContainText('rope reel');
    await expect(rows).toHaveCount(mooring + 2);
    await expect(form.getByLabel('Русский (RU)')).toHaveValue('');

    await form.getByLabel('Русский (RU)').fill('ВЬЮШКА');
    await form.getByLabel('Английский (EN)').fill('Rope Reel');
    await form.getByRole('button', { name: 'Добавить слово' }).click();
    await expect(form.getByLabel('Русский (RU)')).toHaveValue('');
    await expect(rows).toHaveCount(mooring + 2);

    await page.getByRole('button', { name: 'Изменить «вьюшка»' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Русский (RU)')).toHaveValue('вьюшка');
    await dialog.getByLabel('Английский (EN)').fill('storage reel');
    await dialog.getByLabel('Роли через запятую (необязательно)').fill('Bosun, OS');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toBeHidden();
    const edited = rows.filter({ hasText: 'вьюшка' });
    await expect(edited).toContainText('storage reel');
    await expect(edited).toContainText('Боцман');
    await expect(edited).toContainText('Матрос (OS)');

    // Built-in words may be edited by admins too.
    await expect(page.getByRole('button', { name: 'Изменить «кнехт»' })).toBeVisible();

    await page.getByRole('button', { name: 'Удалить «вьюшка»' }).click();
    await confirmWith(page, 'Удалить слово «вьюшка — storage reel»?');
    await expect(rows.filter({ hasText: 'вьюшка' })).toHaveCount(0);
    await expect(rows).toHaveCount(mooring + 1);
  });
});
