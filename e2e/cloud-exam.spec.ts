/**
 * An exam result in the cloud edition: a learner sits an exam, the result syncs with the history,
 * and a company's administrator (the `admin` claim, set in the real Auth emulator) finds it on
 * «Проверить результат» by the certificate's code; a forged code finds nothing. A second device
 * of the learner lists the result. A supervised sitting: the vessel's officer issues a one-time
 * code on the fleet dashboard, the learner sits with it, and the administrator's check names the
 * officer.
 */
import type { Page } from '@playwright/test';
import { uidOf } from './support/cloud';
import {
  expect,
  expectAccessible,
  loginViaUi,
  registerViaUi,
  signOutViaUi,
  test,
  uniqueEmail,
} from './support/fixtures';
import { AUTH_EMULATOR_HOST, FIRESTORE_TEST_ORIGIN } from './support/ports';

const PROJECT = 'demo-marine';

/** Sets the `admin` custom claim as the Admin SDK would (the emulator's owner credentials). */
async function grantAdmin(uid: string): Promise<void> {
  const response = await fetch(
    `http://${AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, customAttributes: JSON.stringify({ admin: true }) }),
    },
  );
  expect(response.ok).toBe(true);
}

async function syncNow(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Синхронизировать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Данные синхронизированы' })).toBeVisible(
    { timeout: 15_000 },
  );
}

test('a result syncs, a second device lists it, and an administrator verifies its code', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const learner = await registerViaUi(page, {
    email: uniqueEmail('exam'),
    fullName: 'Пётр Штурвалов',
  });
  await page.goto('/exam');
  await page.getByLabel('Служба').selectOption({ label: 'Палуба' });
  await page.getByLabel('Должность').selectOption({ label: 'Матрос (OS)' });
  await page.getByRole('button', { name: 'Начать экзамен' }).click();
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Вопрос 2 из 40' })).toBeVisible();
  await page.getByRole('button', { name: 'Завершить экзамен' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Завершить экзамен' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Экзамен не сдан' })).toBeVisible();
  await page.getByRole('link', { name: 'Лист результатов' }).click();
  const code =
    (await page.locator('.certificate-note .certificate-id').textContent())?.trim() ?? '';
  expect(code.startsWith(`${await uidOf(learner.email)}.`)).toBe(true);
  await expect(page.getByText(/После синхронизации этого устройства администратор/)).toBeVisible();
  await syncNow(page);

  // The learner's second device lists the result after its sync.
  const tablet = await browser.newContext({ locale: 'ru-RU', serviceWorkers: 'block' });
  const second = await tablet.newPage();
  await second.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  await loginViaUi(second, learner);
  await syncNow(second);
  await second.goto('/progress');
  await expect(
    second.getByRole('region', { name: 'Экзамены' }).getByRole('listitem').first(),
  ).toContainText('не сдан');
  await tablet.close();

  // A company's administrator checks the code.
  const office = await browser.newContext({ locale: 'ru-RU', serviceWorkers: 'block' });
  const desk = await office.newPage();
  await desk.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  const officer = await registerViaUi(desk, { email: uniqueEmail('officer') });
  await grantAdmin(await uidOf(officer.email));
  await signOutViaUi(desk);
  await loginViaUi(desk, officer);
  await desk.getByRole('link', { name: 'Админ' }).first().click();
  await desk.getByRole('link', { name: 'Проверить результат' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Проверить результат' })).toBeVisible();
  await desk.getByLabel('Код проверки').fill(code);
  await desk.getByRole('button', { name: 'Проверить' }).click();
  const found = desk.getByRole('region', { name: 'Экзамен не сдан' });
  await expect(found).toContainText('Найден: результат записан этой учётной записью');
  await expect(found).toContainText('Пётр Штурвалов');
  await expect(found).toContainText('Палуба, Матрос (OS)');
  await expect(found).toContainText(/\d+ % \(\d+\/40\)/);
  await expectAccessible(desk);

  // A forged code: the same learner, an exam id that was never sat.
  await desk.getByLabel('Код проверки').fill(`${code.split('.')[0]}.forged-exam-id`);
  await desk.getByRole('button', { name: 'Проверить' }).click();
  await expect(desk.getByRole('alert')).toHaveText(
    'Такого результата нет: код неверен, или устройство учащегося ещё не синхронизировало его.',
  );
  await desk.getByLabel('Код проверки').fill('nonsense');
  await desk.getByRole('button', { name: 'Проверить' }).click();
  await expect(desk.getByRole('alert')).toHaveText(
    'Это не код проверки: он выглядит как «uid.номер-экзамена».',
  );
  await office.close();
});

/** A Firestore REST value of a plain one (what the seeding below needs). */
function restValue(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (Array.isArray(value)) return { arrayValue: { values: value.map(restValue) } };
  return {
    mapValue: {
      fields: Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, restValue(v)]),
      ),
    },
  };
}

/**
 * Writes documents as the Admin SDK would (the emulator's owner token passes the rules), each with
 * `stamp` set to the server's time: the world an admin and a join would have made.
 */
async function seed(docs: { path: string; data: Record<string, unknown>; stamp: string }[]) {
  const root = `projects/${PROJECT}/databases/(default)/documents`;
  const response = await fetch(`${FIRESTORE_TEST_ORIGIN}/v1/${root}:commit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({
      writes: docs.map(({ path, data, stamp }) => ({
        update: {
          name: `${root}/${path}`,
          fields: (restValue(data) as { mapValue: { fields: unknown } }).mapValue.fields,
        },
        updateTransforms: [{ fieldPath: stamp, setToServerValue: 'REQUEST_TIME' }],
      })),
    }),
  });
  expect(response.ok).toBe(true);
}

test('a supervised sitting: the officer issues a code, the learner sits with it, the check names the officer', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The officer of a vessel and a learner on its crew (as an admin's grant and a join made them).
  const office = await browser.newContext({ locale: 'ru-RU', serviceWorkers: 'block' });
  const bridge = await office.newPage();
  await bridge.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  const officer = await registerViaUi(bridge, {
    email: uniqueEmail('officer'),
    fullName: 'Капитан Немо',
  });
  const learner = await registerViaUi(page, {
    email: uniqueEmail('sailor'),
    fullName: 'Пётр Штурвалов',
  });
  const [officerUid, learnerUid] = [await uidOf(officer.email), await uidOf(learner.email)];
  // The learner's app is closed meanwhile: its sync would write its own summary (its profile's post).
  await page.goto('about:blank');
  const vessel = `v-${learnerUid.slice(0, 8)}`;
  const now = Date.now();
  await seed([
    {
      path: `vessels/${vessel}`,
      data: { name: 'Nautilus', imo: '9074729', code: 'NAUT2345', by: 'admin' },
      stamp: 'updatedAt',
    },
    {
      path: `officers/${officerUid}`,
      data: { vessels: [vessel], fleet: false, by: 'admin' },
      stamp: 'updatedAt',
    },
    {
      path: `users/${learnerUid}/memberships/${vessel}`,
      data: { vessel, vesselName: 'Nautilus', code: 'NAUT2345' },
      stamp: 'joinedAt',
    },
    {
      path: `vessels/${vessel}/crew/${learnerUid}`,
      data: {
        name: 'Пётр Штурвалов',
        division: 'deck',
        role: 'os',
        rank: 'L1',
        mast: 0,
        due: 0,
        overdue: 0,
        lastActive: now,
        version: 'test',
        s: '{}',
      },
      stamp: 'syncedAt',
    },
  ]);

  // The officer, in port: the crew table, the self-reported note, a code for the learner's post.
  await signOutViaUi(bridge);
  await loginViaUi(bridge, officer);
  await bridge.goto('/profile');
  await bridge.getByRole('link', { name: 'Панель флота' }).click();
  await bridge.getByRole('button', { name: 'Открыть Nautilus' }).click();
  await expect(bridge.getByTestId('fleet-self-reported')).toContainText(
    'сообщает устройство самого учащегося',
  );
  await bridge.getByRole('button', { name: 'Выдать код экзамена: Пётр Штурвалов' }).click();
  const issued = bridge.getByRole('region', { name: 'Код экзамена: Пётр Штурвалов' });
  await expect(issued).toContainText('Должность: Матрос (OS)');
  const code = ((await issued.getByTestId('sitting-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expectAccessible(bridge);

  // The learner sits the exam with the code (offline would do as well) and syncs.
  await page.goto('/exam');
  await page.getByLabel('Служба').selectOption({ label: 'Палуба' });
  await page.getByLabel('Должность').selectOption({ label: 'Матрос (OS)' });
  await page.getByLabel('Код контролируемой сдачи').fill(code);
  await page.getByRole('button', { name: 'Начать экзамен' }).click();
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Вопрос 2 из 40' })).toBeVisible();
  await page.getByRole('button', { name: 'Завершить экзамен' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Завершить экзамен' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Экзамен не сдан' })).toBeVisible();
  await page.getByRole('link', { name: 'Лист результатов' }).click();
  const check =
    (await page.locator('.certificate-note .certificate-id').textContent())?.trim() ?? '';
  await syncNow(page);
  await page.goto(`/exam/${check.split('.')[1]}`);
  await expect(page.locator('.exam-proof')).toContainText('Под контролем: Капитан Немо');

  await office.close();

  // The administrator's check says who supervised it.
  const ashore = await browser.newContext({ locale: 'ru-RU', serviceWorkers: 'block' });
  const desk = await ashore.newPage();
  await desk.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  const admin = await registerViaUi(desk, { email: uniqueEmail('admin') });
  await grantAdmin(await uidOf(admin.email));
  await signOutViaUi(desk);
  await loginViaUi(desk, admin);
  await desk.goto('/verify');
  await desk.getByLabel('Код проверки').fill(check);
  await desk.getByRole('button', { name: 'Проверить' }).click();
  const found = desk.getByRole('region', { name: 'Экзамен не сдан' });
  await expect(found).toContainText('Под контролем: Капитан Немо');
  await expect(found).toContainText('Пётр Штурвалов');
  await ashore.close();
});
