/** Settings, progress and profile of a signed-in user. */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './support/fixtures';
import { LEARNER, SAVED } from './support/saved-state';

test.use({ storageState: SAVED.learner });

const DAY_MS = 24 * 60 * 60 * 1000;
const WORD_RU = 'Приготовиться к швартовке!';
const WORD_EN = 'Stand by for mooring!';
const VERIFY_UNAVAILABLE = 'Подтверждение e\u2011mail недоступно в офлайн\u2011режиме';

/** Export JSON with one learned built-in word (os001), as another device would have written it. */
function learnedWordJson(): string {
  const now = Date.now();
  return JSON.stringify({
    user: { email: 'someone@ship.test' },
    userWords: [
      {
        userId: 'another-user',
        vocabId: 'os001',
        status: 'learned',
        attempts: 4,
        correct: 4,
        streak: 5,
        strength: 1,
        lastSeenAt: now,
        nextReviewAt: now + 60 * DAY_MS,
        updatedAt: now,
      },
    ],
  });
}

const list = (page: Page, name: RegExp) => page.getByRole('region', { name });
const LEARNED = /^Выучено/;
const LEARNING = /^В процессе/;
const DUE = /^К повторению сегодня/;

async function importJson(page: Page, text: string) {
  await page.getByLabel('JSON для импорта').fill(text);
  await page.getByRole('button', { name: 'Импортировать' }).click();
}

test('the theme applies at once and survives a reload', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Светлая' })).toBeChecked();

  await page.getByRole('radio', { name: 'Тёмная' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('radio', { name: 'Тёмная' })).toBeChecked();

  await page.getByRole('radio', { name: 'Светлая' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('English switches the whole interface, persists, and says Invalid JSON', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'English' }).check();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();

  await page.getByLabel('JSON to import').fill('{"user": {}, "userWords": [');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid JSON');
  await expect(page.getByLabel('JSON to import')).toHaveValue('{"user": {}, "userWords": [');
  await expectAccessible(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome aboard/ })).toBeVisible();
  await expect(page.getByText('0 of 10 words')).toBeVisible();
});

test('a malformed import is refused with the text kept', async ({ page }) => {
  await page.goto('/settings');
  await importJson(page, 'not json at all');
  await expect(page.getByRole('alert')).toHaveText('Неверный JSON');
  await expect(page.getByLabel('JSON для импорта')).toHaveValue('not json at all');

  // A record that fails the check is set aside and said so; the text stays to be corrected.
  await importJson(page, '{"user": {}, "userWords": [{"vocabId": "os001"}]}');
  await expect(page.getByRole('alert')).toHaveText(
    'Импортировано записей: 0. Записей, не прошедших проверку: 1. Они не импортированы — см. «Записи с ошибками» ниже.',
  );
  const letters = page.getByRole('region', { name: 'Записи с ошибками: 1' });
  await expect(letters.getByText('unknown status undefined')).toBeVisible();
  await expectAccessible(page);
  await letters.getByRole('button', { name: 'Забыть эти записи' }).click();
  await expect(letters).toHaveCount(0);
  await page.goto('/progress');
  await expect(
    list(page, LEARNED).getByText('Выученных слов пока нет.', { exact: false }),
  ).toBeVisible();
});

test('an import dated past the clock bound is refused and says why; its export counts once', async ({
  page,
}) => {
  await page.goto('/settings');
  const now = Date.now();
  const answer = (id: string, wall: number) => ({
    id,
    userId: 'another-user',
    vocabId: 'os001',
    kind: 'answer',
    correct: true,
    hlc: wall * 1000,
    wall,
    device: 'phone',
  });
  const far = Date.UTC(2199, 0, 1);
  const file = JSON.stringify({
    user: {},
    userWords: [],
    history: [
      answer('from-2199', far),
      answer('today-1', now - 2000),
      answer('today-2', now - 1000),
    ],
  });
  await importJson(page, file);
  await expect(page.getByRole('alert')).toHaveText(
    'Импортировано записей: 2. Записей, не прошедших проверку: 1. Они не импортированы — см. «Записи с ошибками» ниже. Из них датированы более чем на 400 дн. вперёд от часов этого устройства (файл повреждён или изменён): 1. Они отклонены, чтобы ни одно слово не было запланировано в будущее.',
  );
  await expectAccessible(page);

  // The app's own export of those two answers, imported again, adds nothing and counts twice.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспортировать JSON' }).click();
  const exported = await readFile(await (await downloading).path(), 'utf8');
  expect(JSON.parse(exported).userWords[0]).toMatchObject({ vocabId: 'os001', attempts: 2 });
  await importJson(page, exported);
  await expect(
    page.getByRole('status').filter({ hasText: 'Импортировано записей: 0' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Экспортировать JSON' }).click();
  await expect(page.getByLabel('Экспортированные данные (JSON)')).toHaveValue(/"attempts": 2,/);
});

test('the daily goal chosen in settings shows on home', async ({ page }) => {
  await page.goto('/settings');
  await page.getByRole('radio', { name: '15 слов в день' }).check();
  await expect(page.getByRole('radio', { name: '15 слов в день' })).toBeChecked();

  // Home, reached in the app, shows the goal once the write is stored; then a reload keeps it.
  await page
    .getByRole('navigation', { name: 'Основная навигация' })
    .getByRole('link', { name: 'Главная' })
    .click();
  const goal = page.getByRole('region', { name: 'Цель на сегодня' });
  await expect(goal.getByText('0 из 15 слов')).toBeVisible();
  await expect(goal.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '15');

  await page.reload();
  await expect(goal.getByText('0 из 15 слов')).toBeVisible();
});

test('import, progress lists, relearn and export round trip', async ({ page }) => {
  // The longest flow here: four screens, two imports and a download.
  test.setTimeout(60_000);
  const account = LEARNER;
  await page.goto('/progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Прогресс' })).toBeVisible();
  await expect(page.getByText('Всего слов: 0')).toBeVisible();
  await expect(list(page, LEARNED).getByRole('status')).toHaveText(
    'Выученных слов пока нет. Пройдите занятие — и они появятся здесь.',
  );
  await expect(list(page, LEARNING).getByRole('status')).toHaveText(
    'Слов в процессе изучения нет.',
  );
  await expect(list(page, DUE).getByRole('status')).toHaveText('На сегодня повторять нечего.');
  await expectAccessible(page);

  // Import one learned word.
  await page.goto('/settings');
  await importJson(page, learnedWordJson());
  await expect(
    page.getByRole('status').filter({ hasText: 'Импортировано записей: 1' }),
  ).toBeVisible();

  await page.goto('/progress');
  const learned = list(page, LEARNED);
  await expect(learned.getByRole('listitem')).toHaveCount(1);
  await expect(learned.getByText(WORD_RU)).toBeVisible();
  await expect(learned.getByText(WORD_EN)).toBeVisible();
  await expect(page.getByText('Всего слов: 1')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Итоги' }).getByText('1\u00a0MAST', { exact: true }),
  ).toBeVisible();
  await expect(list(page, DUE).getByRole('listitem')).toHaveCount(0);

  // Export contains it: the download and the copyable text agree.
  await page.goto('/settings');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Экспортировать JSON' }).click();
  const download = await downloading;
  const today = await page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
  expect(download.suggestedFilename()).toBe(`marine-english-export-${today}.json`);
  const file = await readFile(await download.path(), 'utf8');
  const exported = JSON.parse(file);
  expect(exported.user.email).toBe(account.email);
  expect(file).not.toMatch(/password/i);
  expect(exported.userWords).toHaveLength(1);
  expect(exported.userWords[0]).toMatchObject({ vocabId: 'os001', status: 'learned' });
  await expect(page.getByLabel('Экспортированные данные (JSON)')).toHaveValue(file);

  // Relearn moves the word from learned to due (and into study).
  await page.goto('/progress');
  await learned.getByRole('button', { name: `Повторить заново: ${WORD_RU}` }).click();
  await expect(learned.getByRole('listitem')).toHaveCount(0);
  await expect(list(page, DUE).getByText(WORD_RU)).toBeVisible();
  await expect(list(page, LEARNING).getByText(WORD_RU)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Итоги' }).getByText('0\u00a0MAST', { exact: true }),
  ).toBeVisible();

  // The export carries the history: importing it merges, and everything in it is already here,
  // so nothing changes (the relearn, made after the export, stays).
  expect(exported.history.map((e: { kind: string }) => e.kind)).toEqual(['baseline']);
  await page.goto('/settings');
  await importJson(page, file);
  await expect(
    page.getByRole('status').filter({ hasText: 'Импортировано записей: 0' }),
  ).toBeVisible();
  await page.goto('/progress');
  await expect(learned.getByRole('listitem')).toHaveCount(0);
  await expect(list(page, DUE).getByText(WORD_RU)).toBeVisible();
});

test('the due list relearns a word and keeps it due', async ({ page }) => {
  await page.goto('/settings');
  const now = Date.now();
  await importJson(
    page,
    JSON.stringify({
      user: {},
      userWords: [
        {
          userId: 'x',
          vocabId: 'os002',
          status: 'learned',
          attempts: 5,
          correct: 4,
          streak: 2,
          strength: 0.6,
          lastSeenAt: now - 5 * DAY_MS,
          nextReviewAt: now - DAY_MS,
          updatedAt: now - 5 * DAY_MS,
        },
      ],
    }),
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Импортировано записей: 1' }),
  ).toBeVisible();
  await page.goto('/progress');
  // A learned word whose review date has passed is in both lists.
  await expect(list(page, LEARNED).getByText('Приготовить бросательные концы!')).toBeVisible();
  const due = list(page, DUE);
  await expect(due.getByText('Have heaving lines ready!')).toBeVisible();
  await due.getByRole('button', { name: /^Повторить заново/ }).click();
  await expect(list(page, LEARNED).getByRole('listitem')).toHaveCount(0);
  await expect(due.getByText('Приготовить бросательные концы!')).toBeVisible();
  await expect(list(page, LEARNING).getByText('Приготовить бросательные концы!')).toBeVisible();
});

test('profile: save updates the header, the goal clamps at 200, values persist', async ({
  page,
}) => {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expect(page.getByText(VERIFY_UNAVAILABLE)).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Отправить письмо для подтверждения' }),
  ).toBeDisabled();
  await expectAccessible(page);

  await page.getByLabel('Полное имя').fill('Пётр Сидоров');
  const engine = page.getByRole('button', { name: 'Машина' });
  await engine.click();
  await expect(engine).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Палуба' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.getByLabel('Должность (роль)').fill('  Motorman ');
  await page.getByLabel('Ежедневная цель').fill('200');
  await page.getByRole('button', { name: 'Сохранить' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Профиль обновлён' })).toBeVisible();
  await expect(page.getByLabel('Ежедневная цель')).toHaveValue('200');
  await expect(page.getByRole('link', { name: 'Профиль: Пётр Сидоров' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Полное имя')).toHaveValue('Пётр Сидоров');
  await expect(page.getByRole('button', { name: 'Машина' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Должность (роль)')).toHaveValue('motorman');
  await expect(page.getByLabel('Ежедневная цель')).toHaveValue('200');

  await page.goto('/');
  await expect(page.getByText('0 из 200 слов')).toBeVisible();
});

test('a profile daily goal outside 5..200 is refused at the field, never changed silently', async ({
  page,
}) => {
  await page.goto('/profile');
  const goal = page.getByLabel('Ежедневная цель');
  for (const typed of ['3', '250']) {
    await goal.fill(typed);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Введите целое число от 5 до 200: ничего не сохранено.',
    );
    await expect(goal).toBeFocused();
    await expect(goal).toHaveValue(typed);
    await expect(page.getByRole('status').filter({ hasText: 'Профиль обновлён' })).toHaveCount(0);
  }
  await expectAccessible(page);
  await page.reload();
  await expect(goal).toHaveValue('10');
});

test('account screens are accessible in dark theme', async ({ page }) => {
  test.slow(); // three full axe scans
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Тёмная' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Экспортировать JSON' }).click();
  await expect(page.getByLabel('Экспортированные данные (JSON)')).toBeVisible();
  await expectAccessible(page);

  await page.goto('/progress');
  await expect(page.getByRole('heading', { level: 1, name: 'Прогресс' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Профиль' })).toBeVisible();
  await expectAccessible(page);
});

test('log out from settings goes to /login', async ({ page }) => {
  await page.goto('/settings');
  await page.locator('main').getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('an import brings the user’s name and settings back too, never the e-mail or admin rights', async ({
  page,
}) => {
  const account = LEARNER;
  await page.goto('/settings');
  // A bad field in the user part refuses the whole file, and nothing changes.
  await importJson(page, JSON.stringify({ user: { settings: { dailyGoal: 500 } }, userWords: [] }));
  await expect(page.getByRole('alert')).toHaveText('Неверный JSON');

  await importJson(
    page,
    JSON.stringify({
      user: {
        id: 'someone-else',
        email: 'boss@ship.test',
        isAdmin: true,
        fullName: 'Пётр Импортов',
        settings: {
          dailyGoal: 25,
          theme: 'dark',
          division: 'engine',
          role: 'motorman',
          schedule: 'fsrs',
          retention: 0.85,
        },
      },
      userWords: [],
    }),
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Импортировано записей: 0' }),
  ).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('link', { name: 'Профиль: Пётр Импортов' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Админ' })).toHaveCount(0);

  await page.goto('/profile');
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByLabel('Ежедневная цель')).toHaveValue('25');
  await expect(page.getByLabel('Должность (роль)')).toHaveValue('motorman');

  // The review schedule of the file too.
  await page.goto('/settings');
  const schedule = page.getByRole('region', { name: 'Расписание повторений' });
  await expect(schedule.getByRole('radio', { name: 'Адаптивный (FSRS)' })).toBeChecked();
  await expect(schedule.getByRole('radio', { name: /^85\s%$/ })).toBeChecked();
});
