/**
 * The cloud edition against the real Firebase Auth emulator and the Firestore REST test server:
 * progress made offline reaches the cloud once the device is online, and a second device of the
 * same user sees it.
 */
import { firestoreTestApi } from './support/firestore-rest-server';
import {
  expect,
  expectAccessible,
  loginViaUi,
  registerViaUi,
  test,
  uniqueEmail,
} from './support/fixtures';

const firestore = firestoreTestApi('http://127.0.0.1:8181');

/** The uid of the account whose cloud profile holds this e-mail (written at registration). */
async function uidOf(email: string): Promise<string> {
  let uid = '';
  await expect
    .poll(async () => {
      const docs = await firestore.documents('users/');
      const profile = docs.find((d) => d.data.email === email && d.path.split('/').length === 2);
      uid = profile?.id ?? '';
      return uid;
    })
    .not.toBe('');
  return uid;
}

async function cloudWord(uid: string, vocabId: string) {
  const docs = await firestore.documents(`users/${uid}/userWords/`);
  return docs.find((d) => d.id === vocabId)?.data;
}

test('progress made offline reaches the cloud and a second device sees it', async ({
  page,
  browser,
  context,
}) => {
  test.slow();
  const account = await registerViaUi(page, { email: uniqueEmail('cloud') });
  const uid = await uidOf(account.email);
  const profile = (await firestore.documents(`users/${uid}`)).find((d) => d.id === uid);
  expect(profile?.data).toMatchObject({
    email: account.email,
    fullName: account.fullName,
    dailyGoal: 10,
  });
  expect(profile?.data).not.toHaveProperty('isAdmin');

  // At sea: no network. Marking a word learned is saved on the device and queued.
  await page.goto('/dictionary');
  await page.getByLabel('Поиск слов').fill('кнехт');
  await context.setOffline(true);
  await page.getByRole('checkbox', { name: 'Выучено: кнехт' }).check();
  // Back home through the app: Chromium 150 reports navigator.onLine as true in a document
  // loaded while the emulated network is off, so a page.goto would not look offline to the app.
  await page
    .getByRole('navigation', { name: 'Основная навигация' })
    .getByRole('link', { name: 'Главная' })
    .click();
  await expect(page.getByText('Ждут отправки: 1')).toBeVisible();
  await page.getByRole('button', { name: 'Синхронизировать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'нет сети' })).toBeVisible();
  expect(await cloudWord(uid, 'dk002')).toBeUndefined();

  // In port: the online event triggers a sync and the queue drains.
  await context.setOffline(false);
  await expect
    .poll(() => cloudWord(uid, 'dk002'), { timeout: 15_000 })
    .toMatchObject({
      vocabId: 'dk002',
      status: 'learned',
      streak: 5,
      strength: 1,
    });
  await expect(page.getByText('Ждут отправки: 1')).toHaveCount(0);
  await page.getByRole('button', { name: 'Синхронизировать' }).click();
  // A manual sync queues behind a run the online event may still have in flight.
  await expect(page.getByRole('status').filter({ hasText: 'Данные синхронизированы' })).toBeVisible(
    { timeout: 15_000 },
  );
  await expectAccessible(page);
  await page.goto('/settings');
  const status = page.getByRole('region', { name: 'Синхронизация' });
  await expect(status.locator('dd').first()).toHaveText('В сети');
  await expect(status.locator('dd').nth(2)).toHaveText('0');
  await expectAccessible(page);

  // A second device (a fresh browser profile) signs in as the same user and gets the progress.
  const other = await browser.newContext({ locale: 'ru-RU' });
  const second = await other.newPage();
  await second.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  await loginViaUi(second, account);
  await second.goto('/progress');
  await expect(second.getByText('кнехт').first()).toBeVisible({ timeout: 15_000 });
  await second.goto('/dictionary');
  await second.getByLabel('Поиск слов').fill('кнехт');
  await expect(second.getByRole('checkbox', { name: 'Выучено: кнехт' })).toBeChecked();

  // The second device un-marks it; the first device picks that up on its next sync.
  await second.getByRole('checkbox', { name: 'Выучено: кнехт' }).uncheck();
  await expect
    .poll(async () => (await cloudWord(uid, 'dk002'))?.status, { timeout: 15_000 })
    .toBe('new');
  await page.goto('/');
  await page.getByRole('button', { name: 'Синхронизировать' }).click();
  // As above: the manual sync may queue behind the start-up run of the page just loaded.
  await expect(page.getByRole('status').filter({ hasText: 'Данные синхронизированы' })).toBeVisible(
    { timeout: 15_000 },
  );
  await page.goto('/dictionary');
  await page.getByLabel('Поиск слов').fill('кнехт');
  await expect(page.getByRole('checkbox', { name: 'Выучено: кнехт' })).not.toBeChecked();
  await other.close();
});

test('a wrong password against the Auth emulator shows the provider error', async ({ page }) => {
  const account = await registerViaUi(page, { email: uniqueEmail('cloud-login') });
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Пароль').fill('not-the-password');
  await page.getByRole('button', { name: 'Войти' }).last().click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
