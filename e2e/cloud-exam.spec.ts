/**
 * An exam result in the cloud edition: a learner sits an exam, the result syncs with the history,
 * and a company's administrator (the `admin` claim, set in the real Auth emulator) finds it on
 * «Проверить результат» by the certificate's code; a forged code finds nothing. A second device
 * of the learner lists the result.
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
import { AUTH_EMULATOR_HOST } from './support/ports';

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
  await page.getByRole('link', { name: 'Сертификат' }).click();
  const code =
    (await page.locator('.certificate-note .certificate-id').textContent())?.trim() ?? '';
  expect(code.startsWith(`${await uidOf(learner.email)}.`)).toBe(true);
  await expect(page.getByText(/После синхронизации этого устройства администратор/)).toBeVisible();
  await syncNow(page);

  // The learner's second device lists the result after its sync.
  const tablet = await browser.newContext({ locale: 'ru-RU' });
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
  const office = await browser.newContext({ locale: 'ru-RU' });
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
