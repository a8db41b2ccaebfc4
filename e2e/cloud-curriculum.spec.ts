/**
 * The shared curriculum in the cloud edition: an admin (the `admin` custom claim, set in the real
 * Auth emulator) adds a topic with words and renames a role on a laptop in port; a crew member
 * signed in on another device gets them at the next sync, then studies them offline. Every name
 * the test creates carries this run's tag: a repeat (or another test) sharing the cloud never
 * meets it, and the figures it checks count only what this run shared.
 */
import type { Page } from '@playwright/test';
import { currentQuestion } from './study-helpers';
import { firestore, uidOf } from './support/cloud';
import {
  expect,
  expectAccessible,
  loginViaUi,
  registerViaUi,
  renameTo,
  signOutViaUi,
  test,
  uniqueEmail,
  untilControlled,
} from './support/fixtures';
import { AUTH_EMULATOR_HOST } from './support/ports';

// The service worker is part of what this spec tests (the default blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const AUTH_EMULATOR = `http://${AUTH_EMULATOR_HOST}`;
const PROJECT = 'demo-marine';
/** This run's tag (letters only: a role's name is a lower-case code). */
const RUN = [
  ...`${Date.now().toString(36)}${process.pid.toString(36)}${Math.random().toString(36).slice(2, 6)}`,
]
  .map((char) => (/[0-9]/.test(char) ? String.fromCharCode(97 + Number(char)) : char))
  .join('');
const TOPIC = `Company Knots ${RUN}`;
const ROLE = `cadet${RUN}`;
const RENAMED = `deck cadet${RUN}`;
const KNOTS = [
  { ru: `беседочный узел ${RUN}`, en: 'bowline' },
  { ru: `выбленочный узел ${RUN}`, en: 'clove hitch' },
];
/** This run's documents in the cloud's curriculum. */
const ours = async () =>
  (await firestore.documents('curriculum/')).filter((doc) =>
    JSON.stringify(doc.data).includes(RUN),
  );

/** Sets the `admin` custom claim as the Admin SDK would (the emulator's owner credentials). */
async function grantAdmin(uid: string): Promise<void> {
  const response = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify({ admin: true }) }),
    },
  );
  expect(response.ok).toBe(true);
}

async function syncNow(page: Page) {
  await page
    // Home by the logo: the bar's own «Главная» shows only on the widest screens.
    .getByRole('banner')
    .getByRole('link', { name: 'Морской английский' })
    .click();
  await page.getByRole('button', { name: 'Синхронизировать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Данные синхронизированы' })).toBeVisible(
    { timeout: 15_000 },
  );
}

test('an admin’s topic, words and role rename reach a crew device, which studies them offline', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The training officer: an account with the admin claim (a token refresh brings it in).
  const officer = await registerViaUi(page, { email: uniqueEmail('officer') });
  await grantAdmin(await uidOf(officer.email));
  await signOutViaUi(page);
  await loginViaUi(page, officer);
  await page.getByRole('link', { name: 'Админ' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Службы, роли и темы');

  // A role of the deck, then a topic with two words (a JSON import names the topic).
  const roles = page.getByRole('region', { name: /^Роли/ });
  await roles.getByLabel('Новая роль').fill(ROLE);
  await roles.getByRole('button', { name: 'Добавить' }).click();
  await expect(roles.getByRole('button', { name: ROLE, exact: true })).toBeVisible();
  await page.goto('/dictionary');
  await page.getByText('Массовый импорт', { exact: true }).click();
  const form = page.locator('details').filter({ hasText: 'Массовый импорт' });
  await form
    .getByLabel(/^Слова: по одному в строке ru=en/)
    .fill(
      JSON.stringify([
        ...KNOTS.map((pair) => ({ ...pair, topic: TOPIC, division: 'deck', ref: 'industry' })),
      ]),
    );
  await form.getByRole('button', { name: 'Импортировать' }).click();
  await expect(form.getByRole('status')).toContainText('Добавлено 2');

  // The topic goes to the new role, then the role is renamed: every change is queued.
  await page.getByRole('link', { name: 'Админ' }).first().click();
  await roles.getByRole('button', { name: ROLE, exact: true }).click();
  const topics = page.getByRole('region', { name: /^Темы/ });
  await topics.getByRole('checkbox', { name: TOPIC }).check();
  await renameTo(page, `Переименовать «${ROLE}»`, RENAMED);
  await expect(page.getByText(/Ещё не отправлено в облако изменений: \d+/)).toBeVisible();
  // What waits is listed on demand: what the crew will get.
  await page.getByText('Показать, что ждёт отправки').click();
  const waiting = page.locator('.admin-pending-list');
  // Each change is listed until it is sent; the app's own sync (1.5 s after a change) may send
  // the earlier ones first on a slow machine, so a change counts when listed or in the cloud.
  // The list is read without waiting for it: once everything is sent it is gone from the page.
  const listedOrShared = (line: string, kind: string, name: string) =>
    expect
      .poll(
        async () =>
          (await waiting.allTextContents()).join('\n').includes(line) ||
          (await ours()).some(
            (doc) => doc.data.kind === kind && JSON.stringify(doc.data).includes(name),
          ),
      )
      .toBe(true);
  await listedOrShared(`Роль: ${RENAMED}`, 'role', RENAMED);
  await listedOrShared(`Тема: ${TOPIC}`, 'topic', TOPIC);
  await listedOrShared(`Слово: ${KNOTS[0]?.ru} — bowline`, 'word', KNOTS[0]?.ru ?? '');
  await expectAccessible(page);
  await syncNow(page);
  await page.getByRole('link', { name: 'Админ' }).first().click();
  await expect(
    page.getByText('Все изменения в облаке: экипаж получит их при следующей синхронизации.'),
  ).toBeVisible();
  await expectAccessible(page);
  expect((await ours()).map((doc) => doc.data.kind).sort()).toEqual([
    'role',
    'topic',
    'word',
    'word',
  ]);
  // What a new device gets: this run's words and those other runs shared (before it, or, in a
  // repeat running beside it, while it syncs).
  const wordsInCloud = async () =>
    (await firestore.documents('curriculum/')).filter((doc) => doc.data.kind === 'word').length;
  const before = await wordsInCloud();

  // A crew member on another device: the next sync brings the curriculum.
  const phone = await browser.newContext({ locale: 'ru-RU' });
  const crew = await phone.newPage();
  await crew.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  await registerViaUi(crew, { email: uniqueEmail('deckhand') });
  await syncNow(crew);
  // Through the app, no reload: the new words show at once.
  const nav = crew.getByRole('navigation', { name: 'Основная навигация' });
  await nav.getByRole('link', { name: 'Настройки' }).click();
  const synced = crew
    .getByRole('region', { name: 'Синхронизация' })
    .getByText(/^обновлена .+; новых слов: \d+$/);
  await expect(synced).toBeVisible();
  const got = Number(/новых слов: (\d+)$/.exec((await synced.textContent()) ?? '')?.[1]);
  expect(got).toBeGreaterThanOrEqual(before);
  expect(got).toBeLessThanOrEqual(await wordsInCloud());
  await nav.getByRole('link', { name: 'Темы' }).click();
  await crew.getByRole('button', { name: RENAMED, exact: true }).click();
  await expect(crew.getByRole('main').getByRole('link').filter({ hasText: TOPIC })).toBeVisible();

  // At sea: the new words are studied with no network (once the worker holds the app, as after
  // any first visit: a screen not yet loaded comes from its cache).
  await crew.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await untilControlled(crew);
  await phone.setOffline(true);
  await crew.getByRole('main').getByRole('link').filter({ hasText: TOPIC }).click();
  const rows = crew.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: KNOTS[0]?.ru ?? '' })).toContainText('bowline');
  await crew.getByRole('button', { name: 'Учить эту тему' }).click();
  await expect(crew.getByText('Доступно слов: 2', { exact: true })).toBeVisible();
  await crew.getByRole('button', { name: 'Начать' }).click();
  await expect(crew.getByText('Вопрос 1 из 2')).toBeVisible();
  const question = await currentQuestion(
    crew,
    KNOTS.map((pair, i) => ({ ...pair, id: `k${i}`, topic: TOPIC, division: 'deck' })),
  );
  await crew.keyboard.press(String(question.right + 1));
  await expect(crew.getByText('Верно!')).toBeVisible();
  await phone.close();
});
