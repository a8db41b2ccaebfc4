/**
 * The accessibility tour: every screen of the route tree (src/routes/tree.ts) and its dialogs, as
 * a guest, a learner and an administrator (the saved states), on a 390 px phone, checked by axe
 * once per screen state; the screens the dark theme changes most (the account forms, home,
 * settings, progress, profile) once more in dark. On a 1024 px tablet, again each state whose
 * layout there is another (the header's links in place of its menu, the grids and form columns
 * of home, the account forms, the study set-up, the quiz, the spelling tiles, topics, the
 * dictionary, drills, settings, progress, profile, fleet and the admin's columns), and home in
 * dark (the header's links in dark); the rest are marked `atTablet`. SCREEN_STATES below is
 * the list it scans; the other specs keep a scan only for a state reached deep in a flow (an
 * exam's result and certificate, a quiz's results and end, a drill's end, the fleet dashboard
 * with its crew, the start screen's failures, a spoken question).
 */
import type { Page } from '@playwright/test';
import { skipPause } from './study-helpers';
import { expect, expectAccessible, test } from './support/fixtures';
import { LEARNER, SAVED } from './support/saved-state';

type Role = keyof typeof SAVED;

interface ScreenState {
  /** What is on screen, as the report of a failure names it. */
  name: string;
  /** Brings the page to the state from the one before it in the list, and waits for it. */
  reach: (page: Page) => Promise<void>;
  /** Only on the phone (the header's menu exists only there). */
  phoneOnly?: boolean;
  /**
   * At 1024 px the state looks as it does at 390 px apart from the header, whose wide form every
   * 1024 px leg scans elsewhere: its screen has no rule that depends on the width (no media query,
   * no grid that fills the width), or it is a dark repeat of a screen scanned at 1024 px in light
   * whose width rules change no colour. 'pass': it is reached (the next state builds on it) but not
   * scanned again; 'skip': neither. Every state is scanned at 390 px.
   */
  atTablet?: 'pass' | 'skip';
}

interface Leg {
  role: Role;
  title: string;
  states: ScreenState[];
}

const h1 = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** A page load in the dark theme as a guest picks it (local storage, read before sign-in). */
async function darkForGuest(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('marine.theme', 'dark'));
}

async function isDark(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

const GUEST_ACCOUNT: ScreenState[] = [
  {
    name: 'home (guest)',
    reach: async (page) => {
      await page.goto('/');
      await h1(page, 'Добро пожаловать на борт!');
    },
  },
  {
    name: 'home: the rank card’s dialog',
    atTablet: 'skip',
    reach: async (page) => {
      await page.getByRole('region', { name: 'Ваше звание' }).getByRole('button').click();
      await expect(page.getByRole('dialog', { name: 'Юнга' })).toBeVisible();
    },
  },
  {
    name: 'the header’s menu, open',
    phoneOnly: true,
    reach: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Меню', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
    },
  },
  {
    name: 'login with its message',
    reach: async (page) => {
      await page.goto('/login');
      await page.locator('form').getByRole('button', { name: 'Войти' }).click();
      await expect(page.getByRole('alert')).toHaveText('Введите e\u2011mail и пароль');
    },
  },
  {
    name: 'registration with a mismatched password',
    reach: async (page) => {
      await page.goto('/register');
      await page.getByLabel('E-mail').fill('sailor@ship.test');
      await page.getByLabel('Пароль', { exact: true }).fill('secret-pass');
      await page.getByLabel('Повторите пароль').fill('secret-pasz');
      await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await expect(page.getByRole('alert')).toHaveText('Пароли не совпадают');
    },
  },
  {
    name: 'password reset, sent',
    reach: async (page) => {
      await page.goto('/forgot');
      await page.getByLabel('E-mail').fill('sailor@ship.test');
      await page.getByRole('button', { name: 'Отправить ссылку' }).click();
      await expect(page.getByRole('status').filter({ hasText: /администратору/ })).toBeVisible();
    },
  },
  ...['/login', '/register', '/forgot', '/'].map(
    (path): ScreenState => ({
      name: `${path} in dark`,
      // Home in dark keeps the header's wide links (shown only above 760 px) in dark at 1024 px.
      ...(path === '/' ? {} : { atTablet: 'skip' as const }),
      reach: async (page) => {
        await darkForGuest(page);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await isDark(page);
      },
    }),
  ),
];

const GUEST_STUDY: ScreenState[] = [
  {
    name: 'topics (guest)',
    reach: async (page) => {
      await page.goto('/topics');
      await h1(page, 'Темы');
      await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
    },
  },
  {
    name: 'dictionary (guest), searched',
    reach: async (page) => {
      await page.goto('/dictionary');
      await expect(page.getByText('Вы гость: отметки не сохраняются.')).toBeVisible();
      await page.getByLabel('Поиск слов').fill('кнехт');
      await expect(page.getByRole('checkbox', { name: 'Выучено: кнехт' })).toBeVisible();
    },
  },
  {
    name: 'division choice',
    reach: async (page) => {
      await page.goto('/select-division');
      await h1(page, 'Выберите службу');
    },
  },
  {
    name: 'role choice',
    reach: async (page) => {
      await page.getByRole('button', { name: /Палуба/ }).click();
      await h1(page, 'Выберите должность');
    },
  },
  {
    name: 'topic choice, one ticked',
    reach: async (page) => {
      await page.getByRole('button', { name: /Матрос \(OS\)/ }).click();
      await page.getByRole('checkbox', { name: /^Швартовка/ }).check();
      await expect(page.getByText('Выбрано: 1')).toBeVisible();
    },
  },
  {
    name: 'session set-up',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Продолжить' }).click();
      await expect(page).toHaveURL(/\/session-setup$/);
      await page.getByRole('button', { name: 'Меньше слов' }).click();
      await expect(page.getByRole('status').filter({ hasText: /слов$/ })).toHaveText('5 слов');
    },
  },
  {
    name: 'quiz: a question',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Начать' }).click();
      await expect(page.getByText('Вопрос 1 из 5')).toBeVisible();
    },
  },
  {
    name: 'spelling: the first word',
    reach: async (page) => {
      for (let n = 1; n <= 5; n++) {
        await expect(page.getByText(`Вопрос ${n} из 5`)).toBeVisible();
        await page.keyboard.press('s');
        await expect(page.getByText('Пропущено')).toBeVisible();
        await skipPause(page);
      }
      await expect(page).toHaveURL(/\/quiz\/spelling$/);
      await expect(page.getByText('Слово 1 из 5')).toBeVisible();
    },
  },
  {
    name: 'radio drills',
    reach: async (page) => {
      await page.goto('/drills');
      await h1(page, 'Радиообмен на УКВ');
    },
  },
  {
    name: 'a radio drill',
    atTablet: 'skip',
    reach: async (page) => {
      await page.locator('.drills-item').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/drills\/[^/]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('На устройстве нет английского голоса')).toBeVisible();
    },
  },
];

const LEARNER_SCREENS: ScreenState[] = [
  {
    name: 'home (learner)',
    reach: async (page) => {
      await page.goto('/');
      await h1(page, `Добро пожаловать, ${LEARNER.fullName}!`);
      await expect(page.getByText('0 из 10 слов')).toBeVisible();
    },
  },
  {
    name: 'settings with the export shown',
    reach: async (page) => {
      await page.goto('/settings');
      await h1(page, 'Настройки');
      await page.getByRole('button', { name: 'Экспортировать JSON' }).click();
      await expect(page.getByLabel('Экспортированные данные (JSON)')).toBeVisible();
    },
  },
  {
    name: 'settings: an import with a record set aside',
    reach: async (page) => {
      await page
        .getByLabel('JSON для импорта')
        .fill('{"user": {}, "userWords": [{"vocabId": "os001"}]}');
      await page.getByRole('button', { name: 'Импортировать' }).click();
      await expect(page.getByRole('region', { name: 'Записи с ошибками: 1' })).toBeVisible();
    },
  },
  {
    name: 'progress, empty',
    reach: async (page) => {
      await page.goto('/progress');
      await h1(page, 'Прогресс');
      await expect(page.getByText('На сегодня повторять нечего.')).toBeVisible();
    },
  },
  {
    name: 'profile with a refused goal',
    reach: async (page) => {
      await page.goto('/profile');
      await h1(page, 'Профиль');
      await page.getByLabel('Ежедневная цель').fill('3');
      await page.getByRole('button', { name: 'Сохранить' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'Введите целое число от 5 до 200: ничего не сохранено.',
      );
    },
  },
  {
    name: 'exam start, a post chosen',
    atTablet: 'skip',
    reach: async (page) => {
      await page.goto('/exam');
      await h1(page, 'Экзамен');
      await page.getByLabel('Служба').selectOption({ label: 'Палуба' });
      await page.getByLabel('Должность').selectOption({ label: 'Матрос (OS)' });
      await expect(page.getByRole('button', { name: 'Начать экзамен' })).toBeEnabled();
    },
  },
  {
    name: 'a certificate this device does not hold',
    atTablet: 'skip',
    reach: async (page) => {
      await page.goto('/exam/not-an-exam');
      await expect(
        page.getByText('Результата экзамена с таким номером на этом устройстве нет.'),
      ).toBeVisible();
    },
  },
  {
    name: 'fleet (a learner)',
    reach: async (page) => {
      await page.goto('/fleet');
      await h1(page, 'Флот');
    },
  },
  {
    name: 'settings in dark',
    // Reached at 1024 px too: it turns the dark theme on for the states after it.
    atTablet: 'pass',
    reach: async (page) => {
      await page.goto('/settings');
      await page.getByRole('radio', { name: 'Тёмная' }).check();
      await isDark(page);
      await page.getByRole('button', { name: 'Экспортировать JSON' }).click();
      await expect(page.getByLabel('Экспортированные данные (JSON)')).toBeVisible();
    },
  },
  ...(
    [
      ['/', `Добро пожаловать, ${LEARNER.fullName}!`],
      ['/progress', 'Прогресс'],
      ['/profile', 'Профиль'],
    ] as const
  ).map(
    ([path, heading]): ScreenState => ({
      name: `${path} in dark`,
      ...(path === '/' ? {} : { atTablet: 'skip' as const }),
      reach: async (page) => {
        await page.goto(path);
        await h1(page, heading);
        await isDark(page);
      },
    }),
  ),
];

const ADMIN_SCREENS: ScreenState[] = [
  {
    // On a phone the menu holds every link; on a tablet the bar keeps the main ones and the
    // menu the rest (settings, admin, logout), a layout of its own at each width.
    name: 'the admin’s header menu, open',
    reach: async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Меню', exact: true }).click();
      const menu = page.getByRole('navigation', { name: 'Меню' });
      await expect(menu.getByRole('link', { name: 'Админ' })).toBeVisible();
    },
  },
  {
    name: 'admin: divisions, roles and topics',
    reach: async (page) => {
      await page.goto('/admin/roles');
      await h1(page, 'Службы, роли и темы');
    },
  },
  {
    name: 'admin: a deletion to confirm',
    atTablet: 'pass',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Удалить «Камбуз»' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
    },
  },
  {
    name: 'topics with the admin’s tools',
    reach: async (page) => {
      await page.getByRole('alertdialog').getByRole('button', { name: 'Отмена' }).click();
      await page.goto('/topics');
      await expect(page.getByRole('button', { name: 'Добавить тему' })).toBeVisible();
    },
  },
  {
    name: 'topics: the rename dialog',
    atTablet: 'pass',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Переименовать тему «Швартовка»' }).click();
      await expect(page.getByRole('dialog').getByLabel('Новое название')).toBeVisible();
    },
  },
  {
    name: 'dictionary with the admin’s add form',
    reach: async (page) => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.goto('/dictionary?topic=Mooring');
      await page.getByText('Добавить слово', { exact: true }).first().click();
      await expect(
        page.locator('details').filter({ hasText: 'Добавить слово' }).getByLabel('Русский (RU)'),
      ).toBeVisible();
    },
  },
  {
    name: 'dictionary: a word’s edit dialog',
    reach: async (page) => {
      await page.getByRole('button', { name: 'Изменить «кнехт»' }).click();
      await expect(page.getByRole('dialog').getByLabel('Русский (RU)')).toHaveValue('кнехт');
    },
  },
  {
    name: 'dictionary: a bulk import’s report',
    reach: async (page) => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.getByText('Массовый импорт', { exact: true }).click();
      const form = page.locator('details').filter({ hasText: 'Массовый импорт' });
      await form.getByLabel(/^Слова: по одному в строке ru=en/).fill('без знака');
      await form.getByRole('button', { name: 'Импортировать' }).click();
      await expect(form.getByRole('status')).toContainText('пропущено 1');
    },
  },
  {
    name: 'result check',
    atTablet: 'skip',
    reach: async (page) => {
      await page.goto('/verify');
      await h1(page, 'Проверить результат');
    },
  },
];

const LEGS: Leg[] = [
  { role: 'guest', title: 'a guest: home and the account forms', states: GUEST_ACCOUNT },
  { role: 'guest', title: 'a guest: library and study', states: GUEST_STUDY },
  { role: 'learner', title: 'a learner', states: LEARNER_SCREENS },
  { role: 'admin', title: 'an administrator', states: ADMIN_SCREENS },
];

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
] as const;

type Viewport = (typeof VIEWPORTS)[number];

/** Whether the state is scanned at this width (else, at 1024 px, it is reached or skipped). */
const scanned = (state: ScreenState, viewport: Viewport): boolean =>
  viewport.name === 'phone' || (!state.phoneOnly && state.atTablet === undefined);

/** Whether the state is reached at this width. */
const reached = (state: ScreenState, viewport: Viewport): boolean =>
  viewport.name === 'phone' || (!state.phoneOnly && state.atTablet !== 'skip');

/** Every screen state the tour scans, as `viewport › leg › state`. */
export const SCREEN_STATES: string[] = VIEWPORTS.flatMap((viewport) =>
  LEGS.flatMap((leg) =>
    leg.states
      .filter((state) => scanned(state, viewport))
      .map((state) => `${viewport.name} › ${leg.title} › ${state.name}`),
  ),
);

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const leg of LEGS) {
      test.describe(() => {
        test.use({ storageState: SAVED[leg.role] });

        test(`${leg.title}: every screen passes axe`, async ({ page }) => {
          test.setTimeout(120_000);
          // The quiz's pauses are jumped over (skipPause) rather than sat through.
          await page.clock.install();
          for (const state of leg.states) {
            if (!reached(state, viewport)) continue;
            await test.step(state.name, async () => {
              await state.reach(page);
              if (scanned(state, viewport)) await expectAccessible(page);
            });
          }
        });
      });
    }
  });
}
