/**
 * The fleet in the cloud edition, with the real Auth emulator and the Firestore REST test server
 * (which holds every call to the rules' checks): an admin adds two vessels and makes a training
 * officer of one; two crew members study and join the first with its code; a third joins the
 * other vessel; a fourth joins and leaves, then meets the code the admin has since renewed. The
 * officer's dashboard shows exactly the two crew members of their vessel with their figures, at
 * a tablet's width and at 390 px, in Russian and English, axe clean.
 */
import type { Browser, Page } from '@playwright/test';
import { studyFiveWordsRight } from './study-helpers';
import { setCustomClaims, setEmailVerified } from './support/auth-emulator';
import { firestore, uidOf } from './support/cloud';
import {
  type Account,
  expect,
  expectAccessible,
  loginViaUi,
  registerViaUi,
  signOutViaUi,
  test,
  uniqueEmail,
} from './support/fixtures';
import { AUTH_EMULATOR_HOST } from './support/ports';
import { smallTargets } from './support/targets';

const PROJECT = 'demo-marine';

/**
 * A person on their own device. Only the officer's device opens the dashboard offline, from the
 * service worker; the others' workers are blocked (their install is not what this test checks).
 */
async function person(
  browser: Browser,
  fullName: string,
  prefix: string,
  serviceWorkers: 'allow' | 'block' = 'block',
) {
  const context = await browser.newContext({ locale: 'ru-RU', serviceWorkers });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  const account = await registerViaUi(page, { email: uniqueEmail(prefix), fullName });
  return { context, page, account };
}

/** Signs out and in again, so the new token carries what the emulator was told. */
async function signInAgain(page: Page, account: Account) {
  await signOutViaUi(page);
  await loginViaUi(page, account);
}

async function joinWithCode(page: Page, code: string, vessel: string) {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Моё судно' });
  await card.getByLabel('Код судна').fill(code.toLowerCase());
  await card.getByRole('button', { name: 'Найти судно' }).click();
  const consent = card.getByRole('region', { name: `Вступить в экипаж ${vessel}?` });
  await expect(consent).toContainText('Ваши отдельные ответы они не видят никогда');
  await consent.getByRole('button', { name: 'Согласен, вступить' }).click();
  // The join is a cloud call with the app's own time limit (REMOTE_CALL_TIMEOUT_MS); the card is
  // busy until it ends. A failure says what the learner saw instead (an error, another screen).
  await page.locator('.fleet-vessel[aria-busy]').waitFor({ state: 'detached', timeout: 35_000 });
  const current = card.getByTestId('vessel-current');
  const shown = await current.waitFor({ timeout: 7_000 }).then(
    () => true,
    () => false,
  );
  if (!shown) {
    // Read without waiting: the card (or the whole screen) may be gone.
    const alerts = await page.getByRole('alert').allTextContents();
    const seen = (await card.allInnerTexts())[0] ?? (await page.locator('main').allInnerTexts())[0];
    throw new Error(
      `No membership shown after joining, at ${page.url()}; alerts: ${JSON.stringify(alerts)}; ` +
        `on screen: ${(seen ?? '(nothing)').slice(0, 800)}`,
    );
  }
  await expect(current).toContainText(`Вы в экипаже судна ${vessel}`);
}

/** The crew documents of a vessel in the cloud. */
async function crewOf(vesselId: string) {
  return (await firestore.documents(`vessels/${vesselId}/crew/`)).filter(
    (doc) => doc.path.split('/').length === 4,
  );
}

test('vessels, crew that join by code, and an officer who sees exactly their crew', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Every run owns its vessels (the cloud keeps earlier runs' data; repeats may run side by side).
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
  const NORTH = `Северная Звезда ${run}`;
  const SOUTH = `Южный Крест ${run}`;

  // The admin (the claim, as the Admin SDK sets it) and the officer-to-be.
  const admin = await person(browser, 'Анна Адмиралова', 'fleet-admin');
  await setCustomClaims(AUTH_EMULATOR_HOST, PROJECT, await uidOf(admin.account.email), {
    admin: true,
  });
  await signInAgain(admin.page, admin.account);
  const officer = await person(browser, 'Олег Инспекторов', 'fleet-officer', 'allow');

  await admin.page.getByRole('link', { name: 'Админ' }).first().click();
  await admin.page.getByRole('link', { name: 'Флот' }).click();
  const manage = admin.page.getByRole('region', { name: 'Суда и инспекторы' });
  const ours = () => manage.getByTestId('admin-vessel').filter({ hasText: run });
  // A wrong IMO number is refused in the admin's language; nothing is added.
  await manage.getByLabel('Название судна').fill(NORTH);
  await manage.getByLabel('Номер ИМО').fill('9074728');
  await manage.getByRole('button', { name: 'Добавить судно' }).click();
  await expect(manage.getByRole('alert')).toContainText('Номер ИМО — 7 цифр');
  await manage.getByLabel('Номер ИМО').fill('IMO 9074729');
  await manage.getByRole('button', { name: 'Добавить судно' }).click();
  await expect(ours()).toHaveCount(1);
  await manage.getByLabel('Название судна').fill(SOUTH);
  await manage.getByLabel('Номер ИМО').fill('9176187');
  await manage.getByLabel('Флаг (необязательно)').fill('Мальта');
  await manage.getByRole('button', { name: 'Добавить судно' }).click();
  await expect(ours()).toHaveCount(2);
  const north = ours().filter({ hasText: NORTH });
  const south = ours().filter({ hasText: SOUTH });
  const northCode = (await north.getByTestId('join-code').textContent()) ?? '';
  const southCode = (await south.getByTestId('join-code').textContent()) ?? '';
  expect(northCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  const vessels = await firestore.documents('vessels/');
  const northId = vessels.find((doc) => doc.data.name === NORTH)?.id ?? '';
  expect(northId).not.toBe('');

  // The officer of the northern vessel only. Rights go to the account that verified the
  // address: until the officer has, the admin is told so and nothing is granted.
  await manage.getByLabel('E-mail пользователя').fill(officer.account.email);
  await manage.getByRole('checkbox', { name: NORTH }).check();
  await manage.getByRole('button', { name: 'Назначить инспектором' }).click();
  await expect(manage.getByRole('alert')).toContainText(
    'Ни одна учётная запись не подтвердила этот e-mail',
  );
  const officerUid = await uidOf(officer.account.email);
  await setEmailVerified(AUTH_EMULATOR_HOST, PROJECT, officerUid);
  // The officer's next token says so, and their device marks the profile verified.
  await signInAgain(officer.page, officer.account);
  await expect
    .poll(
      async () =>
        (await firestore.documents(`users/${officerUid}`)).find(
          (doc) => doc.path === `users/${officerUid}`,
        )?.data.emailVerified,
      { timeout: 15_000 },
    )
    .toBe(true);
  await manage.getByRole('button', { name: 'Назначить инспектором' }).click();
  await expect(
    manage.getByRole('listitem').filter({ hasText: 'Олег Инспекторов' }).filter({ hasText: NORTH }),
  ).toBeVisible();
  await expectAccessible(admin.page);
  // An admin with a long name: the header still holds «Выйти» whole at 1280 px.
  const logout = await admin.page.getByRole('button', { name: 'Выйти' }).boundingBox();
  expect((logout?.x ?? 0) + (logout?.width ?? Infinity)).toBeLessThanOrEqual(1280);
  // On a phone too, every control of the admins' screen is a 44 px target.
  await admin.page.setViewportSize({ width: 390, height: 844 });
  expect(await smallTargets(admin.page)).toEqual([]);
  await expectAccessible(admin.page);
  await admin.page.setViewportSize({ width: 1280, height: 720 });

  // Two crew members of the northern vessel: one studies five words, one ticks a word learned.
  const bosun = await person(browser, 'Борис Боцманов', 'fleet-bosun');
  await bosun.page.clock.install();
  await studyFiveWordsRight(bosun.page);
  await bosun.page.setViewportSize({ width: 390, height: 844 });
  await joinWithCode(bosun.page, northCode, NORTH);
  await expectAccessible(bosun.page);
  expect(await smallTargets(bosun.page)).toEqual([]);

  const cook = await person(browser, 'Вера Коком', 'fleet-cook');
  await cook.page.goto('/dictionary');
  await cook.page.getByLabel('Поиск слов').fill('кнехт');
  await cook.page.getByRole('checkbox', { name: 'Выучено: кнехт' }).check();
  await expect(cook.page.getByRole('checkbox', { name: 'Выучено: кнехт' })).toBeChecked();
  await joinWithCode(cook.page, northCode.replace('-', ' '), NORTH);

  // A crew member of the other vessel, and one who joins the northern vessel and leaves it.
  const other = await person(browser, 'Глеб Другов', 'fleet-other');
  await joinWithCode(other.page, southCode, SOUTH);
  const leaver = await person(browser, 'Денис Ушедший', 'fleet-leaver');
  await joinWithCode(leaver.page, northCode, NORTH);
  await expect.poll(async () => (await crewOf(northId)).length, { timeout: 30_000 }).toBe(3);
  await leaver.page.getByRole('button', { name: 'Покинуть судно' }).click();
  await leaver.page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Покинуть судно' })
    .click();
  await expect(leaver.page.getByText('Вы покинули судно.').first()).toBeVisible();
  await expect.poll(async () => (await crewOf(northId)).length, { timeout: 30_000 }).toBe(2);

  // The admin renews the northern code: the old one is refused, in the learner's language.
  await north.getByRole('button', { name: 'Новый код' }).click();
  await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Новый код' }).click();
  await expect(north.getByTestId('join-code')).not.toHaveText(northCode);
  const card = leaver.page.getByRole('region', { name: 'Моё судно' });
  await card.getByLabel('Код судна').fill(northCode);
  await card.getByRole('button', { name: 'Найти судно' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'Этот код отозван. Попросите у инспектора новый.',
  );
  await card.getByLabel('Код судна').fill('ZZZZ-ZZZZ');
  await card.getByRole('button', { name: 'Найти судно' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'Судна с таким кодом нет. Сверьте код с инспектором.',
  );

  // The officer, on a tablet: their vessel only, its two crew members with their figures.
  await officer.page.setViewportSize({ width: 1024, height: 768 });
  await signInAgain(officer.page, officer.account);
  await officer.page.goto('/profile');
  await officer.page.getByRole('link', { name: 'Панель флота' }).click();
  await expect(officer.page.getByRole('heading', { level: 1, name: 'Флот' })).toBeVisible();
  const cards = officer.page.getByRole('region', { name: 'Суда' }).getByRole('listitem');
  await expect(cards.filter({ hasText: 'IMO' })).toHaveCount(1);
  const card1 = cards.filter({ hasText: NORTH });
  await expect(card1).toContainText('Экипаж: 2');
  await expect(card1).toContainText('Занимались на этой неделе: 2');
  await expect(officer.page.getByText(SOUTH)).toHaveCount(0);
  await expect(officer.page.getByTestId('fleet-copy')).toContainText('Копия от');
  await expectAccessible(officer.page);

  await officer.page.getByRole('button', { name: `Открыть ${NORTH}` }).click();
  const rows = officer.page.getByTestId('crew-row');
  await expect(rows).toHaveCount(2);
  // Most learned first: the five words the bosun answered right, the one word the cook ticked.
  await officer.page.getByRole('button', { name: 'Сортировать: MAST' }).click();
  await expect(rows.first()).toContainText('Борис Боцманов');
  await expect(rows.first().getByRole('cell').nth(2)).toHaveText('5');
  await expect(rows.nth(1)).toContainText('Вера Коком');
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('1');
  // A second click turns the order.
  await officer.page.getByRole('button', { name: 'Сортировать: MAST' }).click();
  await expect(rows.first()).toContainText('Вера Коком');
  await expect(officer.page.getByText('Денис Ушедший')).toHaveCount(0);
  await expect(officer.page.getByTestId('weak-topics')).toContainText('100% верно из 10');
  await expect(officer.page.getByText('Все синхронизировались за последние 7 дн.')).toBeVisible();
  const download = officer.page.waitForEvent('download');
  await officer.page.getByRole('button', { name: 'Выгрузить CSV' }).click();
  const file = await (await download).createReadStream();
  let csv = '';
  for await (const chunk of file) csv += chunk.toString('utf8');
  expect(csv).toContain('Имя,Должность,Звание,MAST,К повторению,Синхронизация');
  expect(csv).toContain('Вера Коком');
  expect(csv).not.toContain('Денис Ушедший');
  await expectAccessible(officer.page);

  // Offline, the dashboard opens from its copy; at 390 px, in English.
  await officer.page.setViewportSize({ width: 390, height: 844 });
  await officer.page.goto('/settings');
  await officer.page.getByRole('radio', { name: 'English' }).check();
  await officer.page.goto('/profile');
  // (Offline before moving within the app: Chromium reports navigator.onLine as true in a
  // document loaded while the emulated network is off.)
  await officer.context.setOffline(true);
  await officer.page.getByRole('link', { name: 'Fleet dashboard' }).click();
  await expect(officer.page.getByRole('heading', { level: 1, name: 'Fleet' })).toBeVisible();
  await expect(officer.page.getByTestId('fleet-copy')).toContainText('Copy of');
  await expect(officer.page.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  await officer.page.getByRole('button', { name: `Open ${NORTH}` }).click();
  await expect(officer.page.getByTestId('crew-row')).toHaveCount(2);
  await expectAccessible(officer.page);
  expect(await smallTargets(officer.page)).toEqual([]);
  // Opened afresh with no network (from the service worker), it still shows the copy.
  await officer.page.reload();
  await expect(officer.page.getByTestId('fleet-copy')).toContainText('Copy of');
  await officer.page.getByRole('button', { name: `Open ${NORTH}` }).click();
  await expect(officer.page.getByTestId('crew-row')).toHaveCount(2);
  await officer.context.setOffline(false);

  // A learner who is not an officer is told the dashboard is not theirs.
  await bosun.page.goto('/fleet');
  await expect(bosun.page.getByText('Панель флота — для инспекторов')).toBeVisible();

  for (const who of [admin, officer, bosun, cook, other, leaver]) await who.context.close();
});
