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

/** Closes the toasts, so a check of the screen sees the screen only. */
async function dismissToasts(page: Page) {
  const close = page.locator('.toasts').getByRole('button', { name: 'Закрыть' });
  while ((await close.count()) > 0) await close.first().click();
}

test.describe('admin screen', () => {
  test('divisions, roles and topics: add, rename, assign, delete', async ({ page }) => {
    test.slow(); // a long walk through the whole screen
    await registerAdmin(page);
    await page.getByRole('link', { name: 'Админ' }).first().click();
    await expect(page).toHaveURL(/\/admin\/roles$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Службы, роли и темы');
    await expectAccessible(page);

    const divisions = page.getByRole('region', { name: 'Службы' });
    const roles = page.getByRole('region', { name: /^Роли/ });
    const topics = page.getByRole('region', { name: /^Темы/ });

    // An empty name is refused with the specification's message.
    await divisions.getByRole('button', { name: 'Добавить' }).click();
    await expect(divisions.getByRole('alert')).toHaveText('Название службы не может быть пустым');

    await divisions.getByLabel('Новая служба').fill('  Cargo  ');
    await divisions.getByRole('button', { name: 'Добавить' }).click();
    await expect(divisions.getByRole('button', { name: 'Cargo', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // A duplicate, ignoring case, reuses the division.
    await divisions.getByLabel('Новая служба').fill('cARGO');
    await divisions.getByRole('button', { name: 'Добавить' }).click();
    await expect(divisions.getByLabel('Новая служба')).toHaveValue('');
    await expect(divisions.getByRole('button', { name: 'Cargo', exact: true })).toHaveCount(1);

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
    await roles.getByLabel('Новая роль').fill('PUMP MAN');
    await roles.getByRole('button', { name: 'Добавить' }).click();
    await expect(roles.getByRole('button', { name: 'pump man', exact: true })).toHaveCount(1);

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
    await page.getByRole('button', { name: 'Cargo Hold', exact: true }).click();
    await page.getByRole('button', { name: 'pump man', exact: true }).click();
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

  test('cancelling a deletion keeps everything; deleting a built-in division cascades', async ({
    page,
  }) => {
    await registerAdmin(page);
    await page.goto('/admin/roles');
    const divisions = page.getByRole('region', { name: 'Службы' });
    await divisions.getByRole('button', { name: 'Удалить «Камбуз»' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Отмена' }).click();
    await expect(divisions.getByRole('button', { name: 'Камбуз', exact: true })).toBeVisible();

    await divisions.getByRole('button', { name: 'Удалить «Камбуз»' }).click();
    await confirmWith(
      page,
      'Удалить службу «Камбуз»?  Все роли, темы и слова этой службы будут удалены.',
    );
    await expect(divisions.getByRole('button', { name: 'Камбуз', exact: true })).toHaveCount(0);

    await page.goto('/dictionary');
    await page.getByLabel('Поиск слов').fill('fire blanket');
    await expect(page.getByRole('status').filter({ hasText: 'Слова не найдены.' })).toBeVisible();
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
      .getByRole('navigation', { name: 'Основная навигация' })
      .getByRole('link', { name: 'Главная' })
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
    await expectAccessible(page);

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
  test('adds, renames and deletes a user topic; built-in topics cannot be deleted', async ({
    page,
  }) => {
    test.slow();
    await registerAdmin(page);
    await page.goto('/topics');
    await expect(
      page.getByRole('button', { name: 'Переименовать тему «Швартовка»' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Удалить тему «Швартовка»' })).toHaveCount(0);

    const form = page.locator('form').filter({ hasText: 'Название темы' });
    await form.getByRole('button', { name: 'Добавить тему' }).click();
    await expect(form.getByRole('alert')).toHaveText('Название темы не может быть пустым');

    await form.getByLabel('Название темы').fill('Bosun Notes');
    await form.getByRole('checkbox', { name: 'Боцман' }).check();
    await form.getByRole('button', { name: 'Добавить тему' }).click();
    const links = page.getByRole('main').getByRole('link');
    await expect(links.filter({ hasText: 'Bosun Notes' })).toContainText('0 слов');
    await expect(links.filter({ hasText: 'Bosun Notes' })).toContainText('Для: Боцман');

    // The same name again is reused (its roles merged), not duplicated.
    await form.getByLabel('Название темы').fill('bosun notes');
    await form.getByRole('checkbox', { name: 'Матрос (OS)' }).check();
    await form.getByRole('button', { name: 'Добавить тему' }).click();
    await expect(links.filter({ hasText: 'Bosun Notes' })).toHaveCount(1);
    await expect(links.filter({ hasText: 'Bosun Notes' })).toContainText(
      'Для: Боцман, Матрос (OS)',
    );
    await dismissToasts(page);
    await expectAccessible(page);

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
    await dismissToasts(page);
    await expectAccessible(page);

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

  test('bulk import adds the good lines and lists the skipped ones by line', async ({ page }) => {
    await registerAdmin(page);
    await page.goto('/dictionary?topic=Mooring');
    await page.getByText('Массовый импорт', { exact: true }).click();
    const form = page.locator('details').filter({ hasText: 'Массовый импорт' });
    await expect(form.getByLabel('Тема')).toHaveValue('Mooring');
    const box = form.getByLabel(/^Слова: по одному в строке ru=en/);
    // A slash no longer splits a line: "lockout/tagout" is one pair. Two pairs run into one line,
    // or Russian on the English side, are reported rather than imported as one wrong word.
    await box.fill(
      [
        'трап=gangway ladder',
        'без знака',
        'бухта = coil',
        '=пусто',
        'кнехт=bitts',
        'блокировка и маркировка=lockout/tagout',
        'клапан=valve\\задвижка=gate valve',
        'клапан=клапан',
      ].join('\n'),
    );
    await form.getByRole('button', { name: 'Импортировать' }).click();

    const result = form.getByRole('status');
    await expect(result).toContainText('Добавлено 3, уже есть 1, пропущено 4');
    await expect(result.getByRole('listitem')).toHaveText([
      'Строка 2: нет знака «=» между русским и английским. без знака',
      'Строка 4: русская часть пуста. =пусто',
      'Строка 7: больше одного знака «=» — по одной паре ru=en в строке. клапан=valve\\задвижка=gate valve',
      'Строка 8: в английской части есть русские буквы. клапан=клапан',
    ]);
    // The skipped lines stay in the box to be fixed.
    await expect(box).toHaveValue(
      'без знака\n=пусто\nклапан=valve\\задвижка=gate valve\nклапан=клапан',
    );
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: 'трап' })).toContainText('gangway ladder');
    await expect(rows.filter({ hasText: 'бухта' })).toContainText('coil');
    await expect(rows.filter({ hasText: 'блокировка' })).toContainText('lockout/tagout');
    await expect(rows).toHaveCount(topicSize('Mooring') + 4);
    await expectAccessible(page);
  });

  test('bulk import takes JSON rows of the data format and reports bad rows', async ({ page }) => {
    await registerAdmin(page);
    await page.goto('/dictionary');
    await page.getByText('Массовый импорт', { exact: true }).click();
    const form = page.locator('details').filter({ hasText: 'Массовый импорт' });
    await form.getByLabel(/^Слова: по одному в строке ru=en/).fill(
      JSON.stringify([
        {
          ru: 'вахтенный журнал машинного отделения',
          en: 'engine room log book',
          topic: 'Company Words',
          division: 'engine',
          roles: ['2e'],
          kind: 'term',
          ref: 'industry',
        },
        { ru: 'без английского' },
        { ru: 'роль', en: 'role', roles: ['wizard'] },
      ]),
    );
    await form.getByRole('button', { name: 'Импортировать' }).click();
    const result = form.getByRole('status');
    await expect(result).toContainText('Добавлено 1, уже есть 0, пропущено 2');
    await expect(result.getByRole('listitem')).toHaveText([
      'Строка 2: английская часть пуста.',
      'Строка 3: неизвестная роль wizard.',
    ]);
    // The same file again: the word is counted as already there, not silently dropped.
    await form.getByRole('button', { name: 'Импортировать' }).click();
    await expect(result).toContainText('Добавлено 0, уже есть 1, пропущено 2');
    await page.goto('/dictionary?topic=Company%20Words');
    const row = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: 'engine room log book' });
    await expect(row).toContainText('2-й механик (2E)');
    await expect(row).toContainText('industry');
  });

  test.describe('as a learner', () => {
    test.use({ storageState: SAVED.learner });

    test('a non-admin gets no edit, delete or add tools, and no admin screen', async ({ page }) => {
      await page.goto('/dictionary?topic=Mooring');
      await expect(page.getByRole('table').getByRole('row')).toHaveCount(topicSize('Mooring') + 1);
      await expect(page.getByRole('button', { name: /^Изменить/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Удалить/ })).toHaveCount(0);
      await expect(page.getByText('Добавить слово')).toHaveCount(0);

      await page.goto('/topics');
      await expect(page.getByRole('button', { name: 'Добавить тему' })).toHaveCount(0);

      await page.goto('/admin/roles');
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
