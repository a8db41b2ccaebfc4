/** Accounts: register, stay signed in across a reload, log out, log in, errors, reset, admin. */
import {
  claimAdminViaUi,
  expect,
  expectAccessible,
  loginViaUi,
  registerViaUi,
  signOutViaUi,
  test,
  uniqueEmail,
} from './support/fixtures';

const CREDENTIALS_REQUIRED = 'Введите e\u2011mail и пароль';
const INVALID_CREDENTIAL = 'Неверный e\u2011mail или пароль';
const EMAIL_IN_USE = 'Этот e\u2011mail уже зарегистрирован';
const FORGOT_SENT =
  'В онлайн-версии на этот адрес отправлена ссылка для сброса пароля. В локальной версии обратитесь к администратору.';

test('a new account stays signed in after a reload and logs out to /login', async ({ page }) => {
  const account = await registerViaUi(page, { fullName: 'Иван Петров' });
  const profile = page.getByRole('link', { name: 'Профиль: Иван Петров' });
  await expect(profile).toBeVisible();
  await expect(profile).toHaveAttribute('href', '/profile');
  await expect(profile.getByText('ИП')).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Профиль: Иван Петров' })).toBeVisible();

  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Профиль/ })).toHaveCount(0);

  // The account is still there: it can sign in again.
  await loginViaUi(page, account);
  await expect(page.getByRole('link', { name: 'Профиль: Иван Петров' })).toBeVisible();
});

test('login with a wrong password shows the error in red and keeps the form', async ({ page }) => {
  const account = await registerViaUi(page);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Пароль').fill('not-my-password');
  await page.locator('form').getByRole('button', { name: 'Войти' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(INVALID_CREDENTIAL);
  await expect(alert).toHaveCSS('color', 'rgb(180, 35, 24)');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
  await expectAccessible(page);
});

test('login needs both e-mail and password', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('someone@ship.test');
  await page.locator('form').getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText(CREDENTIALS_REQUIRED);
  await expect(page).toHaveURL(/\/login$/);
});

test('the login button is disabled while the password is checked', async ({ page }) => {
  const account = await registerViaUi(page);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Пароль').fill(account.password);
  const submit = page.locator('form').getByRole('button', { name: 'Войти' });
  // Observe the button from inside the page, so the short busy moment cannot be missed.
  const sawDisabled = page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const button = document.querySelector('form button[type="submit"]');
        if (!button) return resolve(false);
        new MutationObserver(() => {
          if ((button as HTMLButtonElement).disabled) resolve(true);
        }).observe(button, { attributes: true });
      }),
  );
  await submit.click();
  expect(await sawDisabled).toBe(true);
  await expect(page).toHaveURL(/\/$/);
});

test('registration explains what is missing and keeps what was typed', async ({ page }) => {
  await page.goto('/register');
  await expectAccessible(page);
  const submit = page.getByRole('button', { name: 'Зарегистрироваться' });

  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(CREDENTIALS_REQUIRED);

  const email = uniqueEmail();
  await page.getByLabel('E-mail').fill(email);
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(CREDENTIALS_REQUIRED);

  await page.getByLabel('Пароль', { exact: true }).fill('secret-pass');
  await page.getByLabel('Повторите пароль').fill('secret-pasz');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Пароли не совпадают');
  await expect(page.getByLabel('Повторите пароль')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  await page.getByLabel('Повторите пароль').fill('secret-pass');
  await submit.click();
  await expect(page).toHaveURL(/\/$/);
});

test('registering an address twice shows the duplicate e-mail error', async ({ page }) => {
  const account = await registerViaUi(page);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/register');
  await page.getByLabel('E-mail').fill(account.email.toUpperCase());
  await page.getByLabel('Пароль', { exact: true }).fill('other-pass');
  await page.getByLabel('Повторите пароль').fill('other-pass');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('alert')).toHaveText(EMAIL_IN_USE);
  await expect(page).toHaveURL(/\/register$/);
});

test('a too short password shows the provider rule', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(uniqueEmail());
  await page.getByLabel('Пароль', { exact: true }).fill('abc');
  await page.getByLabel('Повторите пароль').fill('abc');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Слишком простой пароль: нужно не меньше 6 символов',
  );
});

test('registration saves division, role, daily goal, language and theme', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(`  ${uniqueEmail('engineer')}  `);
  await page.getByLabel('Пароль', { exact: true }).fill('secret-pass');
  await page.getByLabel('Повторите пароль').fill('secret-pass');

  const division = page.getByRole('group', { name: 'Служба' });
  await expect(division.getByRole('radio')).toHaveCount(4);
  await expect(division.getByRole('radio', { name: 'Палуба' })).toBeChecked();
  await division.getByText('Машина').click();
  await expect(division.getByRole('radio', { name: 'Машина' })).toBeChecked();

  const role = page.getByLabel('Должность');
  await expect(role.locator('option')).toHaveText([
    'Все',
    'Вахтенный механик',
    '2-й механик (2E)',
    '3-й механик (3E)',
    'Старший механик (CE)',
    'Моторист',
    'Моторист-смазчик',
    'Слесарь (фиттер)',
  ]);
  await role.selectOption({ label: 'Моторист' });

  // The goal is clamped to 5..100.
  const goal = page.getByLabel('Цель на день (слов)');
  await expect(goal).toHaveValue('10');
  await goal.fill('500');
  await goal.blur();
  await expect(goal).toHaveValue('100');
  await goal.fill('15');

  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/$/);

  const settings = await page.evaluate(async () => {
    const id = localStorage.getItem('marine.lastUserId');
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('MarineDB');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const get = open.result
          .transaction('users')
          .objectStore('users')
          .get(id ?? '');
        get.onsuccess = () => {
          resolve({ email: get.result.email, settings: get.result.settings });
          open.result.close();
        };
      };
    });
  });
  // The device's time zone became the learner's home zone (the day of the review schedule).
  const homeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(settings).toEqual({
    email: expect.stringMatching(/^engineer-.*@ship\.test$/),
    settings: {
      dailyGoal: 15,
      division: 'engine',
      role: 'motorman',
      uiLang: 'ru',
      theme: 'light',
      homeZone,
    },
  });
});

test('an e-mail typed with spaces signs in', async ({ page }) => {
  const account = await registerViaUi(page);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginViaUi(page, { email: `   ${account.email}  `, password: account.password });
  await expect(page.getByRole('link', { name: /^Профиль:/ })).toBeVisible();
});

test('the login screen links to password reset and registration', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await page.getByRole('link', { name: 'Вернуться ко входу' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('main').getByRole('link', { name: 'Создать аккаунт' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
});

test('password reset in the local edition points to the administrator', async ({ page }) => {
  await page.goto('/forgot');
  await expect(page.getByRole('heading', { level: 1, name: 'Сброс пароля' })).toBeVisible();
  await expectAccessible(page);
  const send = page.getByRole('button', { name: 'Отправить ссылку' });

  await send.click();
  await expect(page.getByRole('alert')).toHaveText('Введите e\u2011mail');

  await page.getByLabel('E-mail').fill('  sailor@ship.test ');
  await send.click();
  await expect(page.getByRole('status')).toHaveText(FORGOT_SENT);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page);
});

test('the administrator code, and nothing else, gives the Admin link', async ({ page }) => {
  // An e-mail address proves nothing on a shared tablet: any address registers a plain account.
  await registerViaUi(page, { email: 'captain@ship.test', fullName: 'Капитан Немо' });
  await expect(page.getByRole('link', { name: 'Профиль: Капитан Немо' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Админ' })).toHaveCount(0);

  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Права администратора' });
  await form.getByRole('button', { name: 'Получить права администратора' }).click();
  await expect(form.getByRole('alert')).toHaveText('Введите код');
  await form.getByLabel('Код администратора').fill('harbour');
  await form.getByRole('button', { name: 'Получить права администратора' }).click();
  await expect(form.getByRole('alert')).toHaveText('Неверный код администратора');
  await expect(page.getByRole('link', { name: 'Админ' })).toHaveCount(0);
  await expectAccessible(page);

  await claimAdminViaUi(page);
  const admin = page.getByRole('link', { name: 'Админ' });
  await expect(admin.first()).toHaveAttribute('href', '/admin/roles');
  // The card is gone for an admin, and the rights stay after a reload.
  await expect(page.getByRole('form', { name: 'Права администратора' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Админ' }).first()).toBeVisible();
});

test('writing another user’s id into local storage signs nobody in', async ({ page }) => {
  await registerViaUi(page, { fullName: 'Капитан Немо' });
  const captain = await page.evaluate(() => localStorage.getItem('marine.lastUserId'));
  await signOutViaUi(page);
  await registerViaUi(page, { fullName: 'Иван Петров' });
  await page.evaluate((id) => localStorage.setItem('marine.lastUserId', id ?? ''), captain);
  await page.reload();
  // Nobody is signed in: neither the captain nor the account whose session it was.
  await expect(page.getByRole('link', { name: 'Войти' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Профиль/ })).toHaveCount(0);
});

test('the account screens pass axe in dark theme', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('marine.theme', 'dark'));
  for (const path of ['/login', '/register', '/forgot']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page);
  }
});

test('a daily goal outside the usual choices shows as chosen in settings and can be kept', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel('E-mail').fill(`goal-${Date.now()}@ship.test`);
  await page.getByLabel('Пароль', { exact: true }).fill('secret-pass');
  await page.getByLabel('Повторите пароль').fill('secret-pass');
  await page.getByLabel('Цель на день (слов)').fill('37');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings');
  const goals = page.getByRole('group', { name: 'Ежедневная цель' });
  await expect(goals.getByRole('radio', { checked: true })).toHaveAccessibleName(/^37 /);
  await expect(goals.getByRole('radio')).toHaveCount(5);
  // Choosing another goal, the usual four remain and the old one goes.
  await goals.getByRole('radio', { name: /^10 / }).check();
  await expect(goals.getByRole('radio')).toHaveCount(4);
});
