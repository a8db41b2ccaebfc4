// @vitest-environment happy-dom
/** Settings, progress and profile of a signed-in user: forms, import and export, messages. */
import { afterEach, describe, expect, it } from 'vitest';
import { go, type OpenedApp, openApp, registerViaUi, untilPath } from '../support/app';
import {
  allByRole,
  allByText,
  byLabel,
  byRole,
  byText,
  click,
  fill,
  textIn,
  until,
} from '../support/screen';

const DAY_MS = 24 * 60 * 60 * 1000;
const WORD_RU = 'Приготовиться к швартовке!';
const WORD_EN = 'Stand by for mooring!';
const VERIFY_UNAVAILABLE = 'Подтверждение e\u2011mail недоступно в офлайн\u2011режиме';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
});

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

const list = (name: RegExp) => byRole(app.host, 'region', { name });
const LEARNED = /^Выучено/;
const LEARNING = /^В процессе/;
const DUE = /^К повторению сегодня/;

const statusWith = (text: string) =>
  until(() => {
    const found = allByRole(app.host, 'status').filter((el) => textIn(el).includes(text));
    if (found.length === 0) throw new Error(`no status with ${text}`);
    return found[0] as HTMLElement;
  });
const alertText = () => until(() => textIn(byRole(app.host, 'alert')));

async function importJson(text: string, field = 'JSON для импорта', button = 'Импортировать') {
  await fill(await until(() => byLabel(app.host, field)), text);
  await click(byRole(app.host, 'button', { name: button }));
}

/** The export as the settings screen shows it to copy (the download carries the same text). */
async function exportJson(): Promise<string> {
  await click(byRole(app.host, 'button', { name: 'Экспортировать JSON' }));
  return until(() => {
    const value = byLabel<HTMLTextAreaElement>(app.host, 'Экспортированные данные (JSON)').value;
    if (!value) throw new Error('no export yet');
    return value;
  });
}

async function openSettings() {
  await go(app, '/settings');
  await until(() => byRole(app.host, 'heading', { level: 1, name: 'Настройки' }));
}

describe('settings', () => {
  it('the theme chosen is stored and checked again after a reload', async () => {
    app = await registerViaUi();
    await openSettings();
    expect(byRole(app.host, 'radio', { name: 'Светлая' })).toHaveProperty('checked', true);
    await click(byRole(app.host, 'radio', { name: 'Тёмная' }));
    await until(() =>
      expect(byRole(app.host, 'radio', { name: 'Тёмная' })).toHaveProperty('checked', true),
    );

    app = await openApp('/settings');
    expect(byRole(app.host, 'radio', { name: 'Тёмная' })).toHaveProperty('checked', true);
    await click(byRole(app.host, 'radio', { name: 'Светлая' }));
    await until(() =>
      expect(byRole(app.host, 'radio', { name: 'Светлая' })).toHaveProperty('checked', true),
    );
  });

  it('English switches the interface, persists, and says Invalid JSON', async () => {
    app = await registerViaUi();
    await openSettings();
    await click(byRole(app.host, 'radio', { name: 'English' }));
    await until(() => byRole(app.host, 'heading', { level: 1, name: 'Settings' }));
    byRole(app.host, 'heading', { name: 'Appearance' });

    app = await openApp('/settings');
    byRole(app.host, 'heading', { level: 1, name: 'Settings' });
    expect(byRole(app.host, 'radio', { name: 'English' })).toHaveProperty('checked', true);

    await importJson('{"user": {}, "userWords": [', 'JSON to import', 'Import');
    expect(await alertText()).toBe('Invalid JSON');
    expect(byLabel(app.host, 'JSON to import').value).toBe('{"user": {}, "userWords": [');

    await go(app, '/');
    await until(() => byRole(app.host, 'heading', { level: 1, name: /^Welcome aboard/ }));
    await until(() => byText(app.host, '0 of 10 words'));
  });

  it('a malformed import is refused with the text kept; bad records are set aside', async () => {
    app = await registerViaUi();
    await openSettings();
    await importJson('not json at all');
    expect(await alertText()).toBe('Неверный JSON');
    expect(byLabel(app.host, 'JSON для импорта').value).toBe('not json at all');

    // A record that fails the check is set aside and said so; the text stays to be corrected.
    await importJson('{"user": {}, "userWords": [{"vocabId": "os001"}]}');
    await until(() =>
      expect(textIn(byRole(app.host, 'alert'))).toBe(
        'Импортировано записей: 0. Записей, не прошедших проверку: 1. Они не импортированы — см. «Записи с ошибками» ниже.',
      ),
    );
    const letters = await until(() => byRole(app.host, 'region', { name: 'Записи с ошибками: 1' }));
    expect(allByText(letters, /unknown status undefined/)).not.toHaveLength(0);
    await click(byRole(letters, 'button', { name: 'Забыть эти записи' }));
    await until(() =>
      expect(allByRole(app.host, 'region', { name: /^Записи с ошибками/ })).toHaveLength(0),
    );
    await go(app, '/progress');
    await until(() =>
      expect(allByText(list(LEARNED), /Выученных слов пока нет\./)).not.toHaveLength(0),
    );
  });

  it('an import dated past the clock bound is refused and says why; its export counts once', async () => {
    app = await registerViaUi();
    await openSettings();
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
    await importJson(
      JSON.stringify({
        user: {},
        userWords: [],
        history: [
          answer('from-2199', far),
          answer('today-1', now - 2000),
          answer('today-2', now - 1000),
        ],
      }),
    );
    await until(() =>
      expect(textIn(byRole(app.host, 'alert'))).toBe(
        'Импортировано записей: 2. Записей, не прошедших проверку: 1. Они не импортированы — см. «Записи с ошибками» ниже. Из них датированы более чем на 400 дн. вперёд от часов этого устройства (файл повреждён или изменён): 1. Они отклонены, чтобы ни одно слово не было запланировано в будущее.',
      ),
    );

    // The app's own export of those two answers, imported again, adds nothing and counts twice.
    const exported = await exportJson();
    expect(JSON.parse(exported).userWords[0]).toMatchObject({ vocabId: 'os001', attempts: 2 });
    await importJson(exported);
    await statusWith('Импортировано записей: 0');
    await click(byRole(app.host, 'button', { name: 'Экспортировать JSON' }));
    await until(() =>
      expect(byLabel(app.host, 'Экспортированные данные (JSON)').value).toMatch(/"attempts": 2,/),
    );
  });

  it('the daily goal chosen in settings shows on home, and after a reload', async () => {
    app = await registerViaUi();
    await openSettings();
    await click(byRole(app.host, 'radio', { name: '15 слов в день' }));
    await until(() =>
      expect(byRole(app.host, 'radio', { name: '15 слов в день' })).toHaveProperty('checked', true),
    );
    await click(
      byRole(byRole(app.host, 'navigation', { name: 'Основная навигация' }), 'link', {
        name: 'Главная',
      }),
    );
    const goal = () => byRole(app.host, 'region', { name: 'Цель на сегодня' });
    await until(() => byText(goal(), '0 из 15 слов'));
    expect(byRole(goal(), 'progressbar').getAttribute('aria-valuemax')).toBe('15');

    app = await openApp('/');
    await until(() => byText(goal(), '0 из 15 слов'));
  });

  it('log out from settings goes to /login, and settings then asks to log in', async () => {
    app = await registerViaUi();
    await openSettings();
    await click(byRole(byRole(app.host, 'main'), 'button', { name: 'Выйти' }));
    await untilPath(app, '/login');
    await go(app, '/settings');
    await untilPath(app, '/login');
  });
});

describe('progress', () => {
  it('import, progress lists, relearn and export round trip', async () => {
    const account = await registerViaUi();
    app = account;
    await go(app, '/progress');
    await until(() => byRole(app.host, 'heading', { level: 1, name: 'Прогресс' }));
    byText(app.host, 'Всего слов: 0');
    expect(textIn(byRole(list(LEARNED), 'status'))).toBe(
      'Выученных слов пока нет. Пройдите занятие — и они появятся здесь.',
    );
    expect(textIn(byRole(list(LEARNING), 'status'))).toBe('Слов в процессе изучения нет.');
    expect(textIn(byRole(list(DUE), 'status'))).toBe('На сегодня повторять нечего.');

    await openSettings();
    await importJson(learnedWordJson());
    await statusWith('Импортировано записей: 1');

    await go(app, '/progress');
    await until(() => expect(allByRole(list(LEARNED), 'listitem')).toHaveLength(1));
    byText(list(LEARNED), WORD_RU);
    byText(list(LEARNED), WORD_EN);
    byText(app.host, 'Всего слов: 1');
    byText(byRole(app.host, 'region', { name: 'Итоги' }), '1\u00a0MAST');
    expect(allByRole(list(DUE), 'listitem')).toHaveLength(0);

    await openSettings();
    const file = await exportJson();
    const exported = JSON.parse(file);
    expect(exported.user.email).toBe(account.email);
    expect(file).not.toMatch(/password/i);
    expect(exported.userWords).toHaveLength(1);
    expect(exported.userWords[0]).toMatchObject({ vocabId: 'os001', status: 'learned' });

    // Relearn moves the word from learned to due (and into study).
    await go(app, '/progress');
    await click(
      await until(() => byRole(list(LEARNED), 'button', { name: `Повторить заново: ${WORD_RU}` })),
    );
    await until(() => expect(allByRole(list(LEARNED), 'listitem')).toHaveLength(0));
    byText(list(DUE), WORD_RU);
    byText(list(LEARNING), WORD_RU);
    byText(byRole(app.host, 'region', { name: 'Итоги' }), '0\u00a0MAST');

    // The export carries the history: importing it merges, and everything in it is already here.
    expect(exported.history.map((e: { kind: string }) => e.kind)).toEqual(['baseline']);
    await openSettings();
    await importJson(file);
    await statusWith('Импортировано записей: 0');
    await go(app, '/progress');
    await until(() => byText(list(DUE), WORD_RU));
    expect(allByRole(list(LEARNED), 'listitem')).toHaveLength(0);
  });

  it('the due list relearns a word and keeps it due', async () => {
    app = await registerViaUi();
    await openSettings();
    const now = Date.now();
    await importJson(
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
    await statusWith('Импортировано записей: 1');
    await go(app, '/progress');
    // A learned word whose review date has passed is in both lists.
    await until(() => byText(list(LEARNED), 'Приготовить бросательные концы!'));
    byText(list(DUE), 'Have heaving lines ready!');
    await click(byRole(list(DUE), 'button', { name: /^Повторить заново/ }));
    await until(() => expect(allByRole(list(LEARNED), 'listitem')).toHaveLength(0));
    byText(list(DUE), 'Приготовить бросательные концы!');
    byText(list(LEARNING), 'Приготовить бросательные концы!');
  });
});

describe('progress of many words', () => {
  it('a list of a hundred learned words ends with every word and its button', async () => {
    app = await registerViaUi();
    await openSettings();
    const now = Date.now();
    const userWords = Array.from({ length: 100 }, (_, i) => ({
      userId: 'x',
      vocabId: `many-${String(i).padStart(3, '0')}`,
      status: 'learned',
      attempts: 3,
      correct: 3,
      streak: 3,
      strength: 1,
      lastSeenAt: now - i * 1000,
      nextReviewAt: now + 30 * DAY_MS,
      updatedAt: now - i * 1000,
    }));
    await importJson(JSON.stringify({ user: {}, userWords }));
    await statusWith('Импортировано записей: 100');
    await go(app, '/progress');
    // Drawn a slice a task, newest first: the last rows come a moment after the first.
    await until(() => expect(allByRole(list(LEARNED), 'listitem')).toHaveLength(100));
    const rows = allByRole(list(LEARNED), 'listitem').map(textIn);
    expect(rows[0]).toContain('many-000');
    expect(rows[99]).toContain('many-099');
    expect(allByRole(list(LEARNED), 'button')).toHaveLength(100);
    expect(textIn(byRole(list(LEARNED), 'heading'))).toContain('100');
  });
});

describe('profile', () => {
  it('save updates the header, the goal clamps at 200, values persist', async () => {
    app = await registerViaUi({ fullName: 'Иван Петров' });
    await go(app, '/profile');
    byRole(app.host, 'heading', { level: 1, name: 'Профиль' });
    expect(allByText(app.host, VERIFY_UNAVAILABLE)).not.toHaveLength(0);
    expect(
      byRole(app.host, 'button', { name: 'Отправить письмо для подтверждения' }),
    ).toHaveProperty('disabled', true);

    await fill(byLabel(app.host, 'Полное имя'), 'Пётр Сидоров');
    await click(byRole(app.host, 'button', { name: 'Машина' }));
    expect(byRole(app.host, 'button', { name: 'Машина' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(byRole(app.host, 'button', { name: 'Палуба' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await fill(byLabel(app.host, 'Должность (роль)'), '  Motorman ');
    await fill(byLabel(app.host, 'Ежедневная цель'), '200');
    await click(byRole(app.host, 'button', { name: 'Сохранить' }));

    await statusWith('Профиль обновлён');
    expect(byLabel(app.host, 'Ежедневная цель').value).toBe('200');
    await until(() => byRole(app.host, 'link', { name: 'Профиль: Пётр Сидоров' }));

    app = await openApp('/profile');
    expect(byLabel(app.host, 'Полное имя').value).toBe('Пётр Сидоров');
    expect(byRole(app.host, 'button', { name: 'Машина' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(byLabel(app.host, 'Должность (роль)').value).toBe('motorman');
    expect(byLabel(app.host, 'Ежедневная цель').value).toBe('200');

    await go(app, '/');
    await until(() => byText(app.host, '0 из 200 слов'));
  });

  it('a daily goal outside 5..200 is refused at the field, never changed silently', async () => {
    app = await registerViaUi();
    await go(app, '/profile');
    for (const typed of ['3', '250']) {
      await fill(byLabel(app.host, 'Ежедневная цель'), typed);
      await click(byRole(app.host, 'button', { name: 'Сохранить' }));
      await until(() =>
        expect(textIn(byRole(app.host, 'alert'))).toBe(
          'Введите целое число от 5 до 200: ничего не сохранено.',
        ),
      );
      const goal = byLabel(app.host, 'Ежедневная цель');
      expect(document.activeElement).toBe(goal);
      expect(goal.value).toBe(typed);
      expect(
        allByRole(app.host, 'status').filter((el) => textIn(el).includes('Профиль обновлён')),
      ).toHaveLength(0);
    }
    app = await openApp('/profile');
    expect(byLabel(app.host, 'Ежедневная цель').value).toBe('10');
  });

  it('an import brings the name and settings back too, never the e-mail or admin rights', async () => {
    const account = await registerViaUi({ fullName: 'Иван Петров' });
    app = account;
    await openSettings();
    // A bad field in the user part refuses the whole file, and nothing changes.
    await importJson(JSON.stringify({ user: { settings: { dailyGoal: 500 } }, userWords: [] }));
    expect(await alertText()).toBe('Неверный JSON');

    await importJson(
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
    await statusWith('Импортировано записей: 0');
    await until(() => byRole(app.host, 'link', { name: 'Профиль: Пётр Импортов' }));
    expect(byRole(app.host, 'radio', { name: 'Тёмная' })).toHaveProperty('checked', true);
    expect(allByRole(app.host, 'link', { name: 'Админ' })).toHaveLength(0);

    await go(app, '/profile');
    expect(allByText(app.host, account.email)).not.toHaveLength(0);
    expect(byLabel(app.host, 'Ежедневная цель').value).toBe('25');
    expect(byLabel(app.host, 'Должность (роль)').value).toBe('motorman');

    await openSettings();
    const schedule = byRole(app.host, 'region', { name: 'Расписание повторений' });
    expect(byRole(schedule, 'radio', { name: 'Адаптивный (FSRS)' })).toHaveProperty(
      'checked',
      true,
    );
    expect(byRole(schedule, 'radio', { name: /^85\s%$/ })).toHaveProperty('checked', true);
  });
});
