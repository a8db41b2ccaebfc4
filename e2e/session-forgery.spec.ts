/**
 * The local edition's session cannot be forged: once everyone has signed out (the end of a
 * shift), writing the admin's id into local storage and reloading signs nobody in.
 */
import { claimAdminViaUi, expect, registerViaUi, test } from './support/fixtures';

test('an admin’s id written into local storage after every sign-out signs nobody in', async ({
  page,
}) => {
  await registerViaUi(page, { fullName: 'Капитан Немо' });
  await claimAdminViaUi(page);
  await expect(page.getByRole('link', { name: 'Админ' }).first()).toBeVisible();
  const admin = await page.evaluate(() => localStorage.getItem('marine.lastUserId'));
  expect(admin).toBeTruthy();
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await registerViaUi(page, { fullName: 'Иван Петров' });
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Every account has signed out: no session secret is left anywhere on the device.
  const secrets = await page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('MarineDB');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('users').objectStore('users').getAll();
          all.onsuccess = () => {
            resolve(all.result.map((user: { sessionSecret?: string }) => user.sessionSecret));
            open.result.close();
          };
        };
      }),
  );
  expect(secrets).toEqual([undefined, undefined]);

  // The forgery: the admin's id as the remembered session, then a start of the app.
  await page.evaluate((id) => localStorage.setItem('marine.lastUserId', id ?? ''), admin);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Профиль/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Админ' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('marine.lastUserId'))).toBeNull();

  // A second start is no different, and the admin area stays closed.
  await page.evaluate((id) => localStorage.setItem('marine.lastUserId', id ?? ''), admin);
  await page.goto('/admin/roles');
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Профиль/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Админ' })).toHaveCount(0);
});
