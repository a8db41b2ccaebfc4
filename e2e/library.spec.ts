import { expect, expectAccessible, test } from './support/fixtures';
import { SAVED } from './support/saved-state';
import { BUILTIN_ROWS, searchHits, topicSize } from './support/vocabulary';

test.use({ storageState: SAVED.guest });

test.describe('topics page', () => {
  test('a guest sees the deck topics, filtered by role chips and by search', async ({ page }) => {
    await page.goto('/topics');
    await expect(page.getByRole('heading', { level: 1, name: 'Темы' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Палуба' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const links = page.getByRole('main').getByRole('link');
    await expect(links.filter({ hasText: 'Швартовка' })).toBeVisible();
    await expect(links.filter({ hasText: 'Руководство и организация работ' })).toBeVisible();
    await expect(links.filter({ hasText: 'Швартовка' })).toContainText(
      `${topicSize('Mooring')} слов`,
    );
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Боцман' }).click();
    await expect(page.getByRole('button', { name: 'Боцман' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(links.filter({ hasText: 'Руководство и организация работ' })).toBeVisible();

    await page.getByRole('button', { name: 'Матрос (OS)' }).click();
    await expect(links.filter({ hasText: 'Команды матросу' })).toBeVisible();
    await expect(links.filter({ hasText: 'Швартовка' })).toBeVisible();
    await expect(links.filter({ hasText: 'Руководство и организация работ' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Все' }).click();
    await page.getByLabel('Поиск тем').fill('safe');
    await expect(links.filter({ hasText: 'Учебные тревоги' })).toBeVisible();
    await expect(links.filter({ hasText: 'Швартовка' })).toHaveCount(0);

    await page.getByLabel('Поиск тем').fill('zzz-no-such-topic');
    await expect(page.getByRole('status').filter({ hasText: 'Темы не найдены.' })).toBeVisible();
  });

  test('another division shows its own topics and roles', async ({ page }) => {
    await page.goto('/topics');
    await page.getByRole('button', { name: 'Камбуз' }).click();
    const links = page.getByRole('main').getByRole('link');
    await expect(links.filter({ hasText: 'Безопасность на камбузе' })).toBeVisible();
    await expect(links.filter({ hasText: 'Швартовка' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Повар' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Боцман' })).toHaveCount(0);
    // Guests get no admin tools.
    await expect(page.getByRole('button', { name: 'Добавить тему' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Переименовать тему/ })).toHaveCount(0);
  });

  test('in English the empty state is the specification text', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('marine.lang', 'en'));
    await page.goto('/topics');
    await page.getByLabel('Search topics').fill('zzz-no-such-topic');
    await expect(page.getByRole('status').filter({ hasText: 'No topics found.' })).toBeVisible();
  });

  test('opening a topic lists its words in the dictionary', async ({ page }) => {
    await page.goto('/topics');
    await page.getByRole('main').getByRole('link').filter({ hasText: 'Швартовка' }).click();
    await expect(page).toHaveURL(/\/dictionary\?topic=Mooring$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Словарь' })).toBeVisible();
    await expect(page.getByLabel('Тема', { exact: true })).toHaveValue('Mooring');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(topicSize('Mooring') + 1); // header + the topic's words
    await expect(
      rows.filter({ has: page.getByRole('cell', { name: 'кнехт', exact: true }) }),
    ).toContainText('bitts');

    await page.getByRole('button', { name: 'Показать все темы' }).click();
    await expect(page).toHaveURL(/\/dictionary$/);
    await expect(page.getByText(`Показано 200 из ${BUILTIN_ROWS.length}`)).toBeVisible();
    await expect(rows).toHaveCount(201);
    await page.getByRole('button', { name: 'Показать ещё' }).click();
    await expect(rows).toHaveCount(401);
    await expect(page.getByText(`Показано 400 из ${BUILTIN_ROWS.length}`)).toBeVisible();
  });
});

test.describe('dictionary', () => {
  test('search covers Russian and English; a guest can tick words but keeps nothing', async ({
    page,
  }) => {
    await page.goto('/dictionary');
    await expect(
      page.getByText('Вы гость: отметки не сохраняются.', { exact: false }),
    ).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    const search = page.getByLabel('Поиск слов');

    const bitts = rows.filter({ has: page.getByRole('cell', { name: 'кнехт', exact: true }) });
    await search.fill('BITTS');
    await expect(bitts).toBeVisible();
    await expect(page.getByText(`Слов: ${searchHits('bitts')}`)).toBeVisible();

    await search.fill('кнехт');
    await expect(bitts).toContainText('bitts');
    await expectAccessible(page);

    const learned = page.getByRole('checkbox', { name: 'Выучено: кнехт' });
    await learned.check();
    await expect(learned).toBeChecked();
    // No edit or delete for guests.
    await expect(page.getByRole('button', { name: 'Изменить «кнехт»' })).toHaveCount(0);
    await expect(page.getByText('Добавить слово')).toHaveCount(0);

    await page.reload();
    await page.getByLabel('Поиск слов').fill('кнехт');
    await expect(page.getByRole('checkbox', { name: 'Выучено: кнехт' })).not.toBeChecked();

    await page.getByLabel('Поиск слов').fill('qqqq-nothing');
    await expect(page.getByRole('status').filter({ hasText: 'Слова не найдены.' })).toBeVisible();
  });

  test.describe('as a learner', () => {
    test.use({ storageState: SAVED.learner });

    test('a signed-in user marks a word learned and it stays after a reload', async ({ page }) => {
      await page.goto('/dictionary');
      await expect(page.getByText('Вы гость', { exact: false })).toHaveCount(0);
      await page.getByLabel('Поиск слов').fill('кнехт');
      const learned = page.getByRole('checkbox', { name: 'Выучено: кнехт' });
      await expect(learned).not.toBeChecked();
      await learned.check();
      await expect(learned).toBeChecked();
      // Not an admin: no edit or delete on built-in words, no add forms.
      await expect(page.getByRole('button', { name: 'Изменить «кнехт»' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Удалить «кнехт»' })).toHaveCount(0);
      await expect(page.getByText('Массовый импорт')).toHaveCount(0);

      // Home counts the word once the write is stored (a reload before that would cut it short).
      const home = page
        .getByRole('navigation', { name: 'Основная навигация' })
        .getByRole('link', { name: 'Главная' });
      const tile = (name: string) => page.getByRole('region', { name }).locator('.tile-value');
      await home.click();
      await expect(tile('Выучено слов')).toHaveText('1');

      await page.goto('/dictionary');
      await page.getByLabel('Поиск слов').fill('кнехт');
      await expect(page.getByRole('checkbox', { name: 'Выучено: кнехт' })).toBeChecked();

      await page.getByRole('checkbox', { name: 'Выучено: кнехт' }).uncheck();
      await expect(page.getByRole('checkbox', { name: 'Выучено: кнехт' })).not.toBeChecked();
      // The word was never studied: unticking made it new again, with nothing to review.
      await home.click();
      await expect(tile('Выучено слов')).toHaveText('0');
      await expect(tile('Повторить сегодня')).toHaveText('0');

      await page.reload();
      await expect(tile('Повторить сегодня')).toHaveText('0');
      await page.goto('/dictionary');
      await page.getByLabel('Поиск слов').fill('кнехт');
      await expect(page.getByRole('checkbox', { name: 'Выучено: кнехт' })).not.toBeChecked();
    });
  });
});
