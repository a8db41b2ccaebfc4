// @vitest-environment happy-dom
/**
 * Accounts on the screens: register, sign in and out, the forms' messages, the reset screen and
 * the administrator code, as a person uses them (the same texts as the end-to-end tests).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDB } from '@/db/instance';
import { getUser } from '@/db/users-repo';
import {
  ADMIN_CODE,
  go,
  type OpenedApp,
  openApp,
  registerViaUi,
  uniqueEmail,
  untilPath,
} from '../support/app';
import {
  allByRole,
  blur,
  byLabel,
  byRole,
  click,
  fill,
  selectOption,
  textIn,
  until,
} from '../support/screen';

const CREDENTIALS_REQUIRED = 'Введите e\u2011mail и пароль';
const INVALID_CREDENTIAL = 'Неверный e\u2011mail или пароль';
const EMAIL_IN_USE = 'Этот e\u2011mail уже зарегистрирован';
const FORGOT_SENT =
  'В онлайн-версии на этот адрес отправлена ссылка для сброса пароля. В локальной версии обратитесь к администратору.';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
});

const alertText = () => until(() => textIn(byRole(app.host, 'alert')));
const profileLinks = () => allByRole(app.host, 'link', { name: /^Профиль/ });

async function signOut() {
  await click(byRole(app.host, 'button', { name: 'Выйти' }));
  await untilPath(app, '/login');
}

async function logIn(email: string, password: string) {
  await fill(byLabel(app.host, 'E-mail'), email);
  await fill(byLabel(app.host, 'Пароль'), password);
  await click(byRole(app.host.querySelector('form') as HTMLElement, 'button', { name: 'Войти' }));
}

describe('register, log out, log in', () => {
  it('a new account stays signed in after a reload and logs out to /login', async () => {
    const account = await registerViaUi({ fullName: 'Иван Петров' });
    app = account;
    const profile = await until(() => byRole(app.host, 'link', { name: 'Профиль: Иван Петров' }));
    expect(profile.getAttribute('href')).toBe('/profile');
    expect(profile.textContent).toContain('ИП');

    // A reload: the session is restored from this device.
    app = await openApp('/');
    await until(() => byRole(app.host, 'link', { name: 'Профиль: Иван Петров' }));

    await signOut();
    expect(byRole(app.host, 'heading', { level: 1, name: 'Вход' })).toBeTruthy();
    expect(profileLinks()).toHaveLength(0);

    // The account is still there: it can sign in again.
    await logIn(account.email, account.password);
    await untilPath(app, '/');
    await until(() => byRole(app.host, 'link', { name: 'Профиль: Иван Петров' }));
  });

  it('login with a wrong password shows the error and keeps the form', async () => {
    const account = await registerViaUi();
    app = account;
    await signOut();
    await logIn(account.email, 'not-my-password');
    expect(await alertText()).toBe(INVALID_CREDENTIAL);
    expect(app.path()).toBe('/login');
    expect(byLabel(app.host, 'E-mail').value).toBe(account.email);
  });

  it('login needs both e-mail and password', async () => {
    app = await openApp('/login');
    await fill(byLabel(app.host, 'E-mail'), 'someone@ship.test');
    await click(byRole(app.host.querySelector('form') as HTMLElement, 'button', { name: 'Войти' }));
    expect(await alertText()).toBe(CREDENTIALS_REQUIRED);
    expect(app.path()).toBe('/login');
  });

  it('the login button is disabled while the password is checked', async () => {
    const account = await registerViaUi();
    app = account;
    await signOut();
    const submit = app.host.querySelector<HTMLButtonElement>('form button[type="submit"]');
    let sawDisabled = false;
    const observer = new MutationObserver(() => {
      if (submit?.disabled) sawDisabled = true;
    });
    if (submit) observer.observe(submit, { attributes: true });
    await logIn(account.email, account.password);
    await untilPath(app, '/');
    observer.disconnect();
    expect(sawDisabled).toBe(true);
  });

  it('an e-mail typed with spaces signs in', async () => {
    const account = await registerViaUi();
    app = account;
    await signOut();
    await logIn(`   ${account.email}  `, account.password);
    await untilPath(app, '/');
    await until(() => byRole(app.host, 'link', { name: /^Профиль:/ }));
  });
});

describe('registration form', () => {
  it('explains what is missing and keeps what was typed', async () => {
    app = await openApp('/register');
    const submit = byRole(app.host, 'button', { name: 'Зарегистрироваться' });

    await click(submit);
    expect(await alertText()).toBe(CREDENTIALS_REQUIRED);

    const email = uniqueEmail();
    await fill(byLabel(app.host, 'E-mail'), email);
    await click(submit);
    expect(await alertText()).toBe(CREDENTIALS_REQUIRED);

    await fill(byLabel(app.host, 'Пароль'), 'secret-pass');
    await fill(byLabel(app.host, 'Повторите пароль'), 'secret-pasz');
    await click(submit);
    expect(await alertText()).toBe('Пароли не совпадают');
    expect(byLabel(app.host, 'Повторите пароль').getAttribute('aria-invalid')).toBe('true');
    expect(byLabel(app.host, 'E-mail').value).toBe(email);

    await fill(byLabel(app.host, 'Повторите пароль'), 'secret-pass');
    await click(submit);
    await untilPath(app, '/');
  });

  it('registering an address twice shows the duplicate e-mail error', async () => {
    const account = await registerViaUi();
    app = account;
    await signOut();
    await go(app, '/register');
    await fill(byLabel(app.host, 'E-mail'), account.email.toUpperCase());
    await fill(byLabel(app.host, 'Пароль'), 'other-pass');
    await fill(byLabel(app.host, 'Повторите пароль'), 'other-pass');
    await click(byRole(app.host, 'button', { name: 'Зарегистрироваться' }));
    expect(await alertText()).toBe(EMAIL_IN_USE);
    expect(app.path()).toBe('/register');
  });

  it('a too short password shows the provider rule', async () => {
    app = await openApp('/register');
    await fill(byLabel(app.host, 'E-mail'), uniqueEmail());
    await fill(byLabel(app.host, 'Пароль'), 'abc');
    await fill(byLabel(app.host, 'Повторите пароль'), 'abc');
    await click(byRole(app.host, 'button', { name: 'Зарегистрироваться' }));
    expect(await alertText()).toBe('Слишком простой пароль: нужно не меньше 6 символов');
  });

  it('saves division, role, daily goal, language and theme', async () => {
    app = await openApp('/register');
    await fill(byLabel(app.host, 'E-mail'), `  ${uniqueEmail('engineer')}  `);
    await fill(byLabel(app.host, 'Пароль'), 'secret-pass');
    await fill(byLabel(app.host, 'Повторите пароль'), 'secret-pass');

    const division = byRole(app.host, 'group', { name: 'Служба' });
    expect(allByRole(division, 'radio')).toHaveLength(4);
    expect(byRole(division, 'radio', { name: 'Палуба' })).toHaveProperty('checked', true);
    await click(byRole(division, 'radio', { name: 'Машина' }));
    expect(byRole(division, 'radio', { name: 'Машина' })).toHaveProperty('checked', true);

    const role = byLabel<HTMLSelectElement>(app.host, 'Должность');
    expect([...role.options].map((option) => option.textContent)).toEqual([
      'Все',
      'Вахтенный механик',
      '2-й механик (2E)',
      '3-й механик (3E)',
      'Старший механик (CE)',
      'Моторист',
      'Моторист-смазчик',
      'Слесарь (фиттер)',
    ]);
    await selectOption(role, 'Моторист');

    // The goal is clamped to 5..100.
    const goal = byLabel(app.host, 'Цель на день (слов)');
    expect(goal.value).toBe('10');
    await fill(goal, '500');
    await blur(goal);
    expect(byLabel(app.host, 'Цель на день (слов)').value).toBe('100');
    await fill(byLabel(app.host, 'Цель на день (слов)'), '15');

    await click(byRole(app.host, 'button', { name: 'Зарегистрироваться' }));
    await untilPath(app, '/');

    const id = localStorage.getItem('marine.lastUserId') ?? '';
    const stored = await getUser(await openDB(), id);
    // The device's time zone became the learner's home zone (the day of the review schedule).
    const homeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect({ email: stored?.email, settings: stored?.settings }).toEqual({
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

  it('a daily goal outside the usual choices shows as chosen in settings and can be kept', async () => {
    app = await openApp('/register');
    await fill(byLabel(app.host, 'E-mail'), uniqueEmail('goal'));
    await fill(byLabel(app.host, 'Пароль'), 'secret-pass');
    await fill(byLabel(app.host, 'Повторите пароль'), 'secret-pass');
    await fill(byLabel(app.host, 'Цель на день (слов)'), '37');
    await click(byRole(app.host, 'button', { name: 'Зарегистрироваться' }));
    await untilPath(app, '/');
    await go(app, '/settings');
    const goals = await until(() => byRole(app.host, 'group', { name: 'Ежедневная цель' }));
    expect(
      allByRole(goals, 'radio', { checked: true }).map(
        (radio) => (radio as HTMLInputElement).value,
      ),
    ).toEqual(['37']);
    expect(byRole(goals, 'radio', { name: /^37 / })).toHaveProperty('checked', true);
    expect(allByRole(goals, 'radio')).toHaveLength(5);
    // Choosing another goal, the usual four remain and the old one goes.
    await click(byRole(goals, 'radio', { name: /^10 / }));
    await until(() =>
      expect(allByRole(app.host, 'radio', { name: /слов в день/ })).toHaveLength(4),
    );
  });
});

describe('login and reset screens', () => {
  it('the login screen links to password reset and registration', async () => {
    app = await openApp('/login');
    byRole(app.host, 'heading', { level: 1, name: 'Вход' });
    await click(byRole(app.host, 'link', { name: 'Забыли пароль?' }));
    await untilPath(app, '/forgot');
    await click(await until(() => byRole(app.host, 'link', { name: 'Вернуться ко входу' })));
    await untilPath(app, '/login');
    const main = await until(() => byRole(app.host, 'main'));
    await click(byRole(main, 'link', { name: 'Создать аккаунт' }));
    await untilPath(app, '/register');
    await until(() => byRole(app.host, 'heading', { level: 1, name: 'Регистрация' }));
  });

  it('password reset in the local edition points to the administrator', async () => {
    app = await openApp('/forgot');
    byRole(app.host, 'heading', { level: 1, name: 'Сброс пароля' });
    const send = byRole(app.host, 'button', { name: 'Отправить ссылку' });
    await click(send);
    expect(await alertText()).toBe('Введите e\u2011mail');

    await fill(byLabel(app.host, 'E-mail'), '  sailor@ship.test ');
    await click(send);
    expect(
      await until(() =>
        textIn(byRole(app.host, 'status', { name: /онлайн-версии/, exact: false })),
      ),
    ).toBe(FORGOT_SENT);
    expect(allByRole(app.host, 'alert')).toHaveLength(0);
  });
});

describe('the administrator code', () => {
  it('the code, and nothing else, gives the Admin link', async () => {
    // An e-mail address proves nothing on a shared tablet: any address registers a plain account.
    app = await registerViaUi({ email: 'captain@ship.test', fullName: 'Капитан Немо' });
    await until(() => byRole(app.host, 'link', { name: 'Профиль: Капитан Немо' }));
    expect(allByRole(app.host, 'link', { name: 'Админ' })).toHaveLength(0);

    await go(app, '/profile');
    const form = await until(() => byRole(app.host, 'form', { name: 'Права администратора' }));
    const claim = () => byRole(form, 'button', { name: 'Получить права администратора' });
    await click(claim());
    expect(await until(() => textIn(byRole(form, 'alert')))).toBe('Введите код');
    await fill(byLabel(form, 'Код администратора'), 'harbour');
    await click(claim());
    await until(() => expect(textIn(byRole(form, 'alert'))).toBe('Неверный код администратора'));
    expect(allByRole(app.host, 'link', { name: 'Админ' })).toHaveLength(0);

    await fill(byLabel(form, 'Код администратора'), ADMIN_CODE);
    await click(claim());
    const admin = await until(() => {
      const links = allByRole(app.host, 'link', { name: 'Админ' });
      if (links.length === 0) throw new Error('no Admin link');
      return links;
    });
    expect(admin[0]?.getAttribute('href')).toBe('/admin/roles');
    // The card is gone for an admin, and the rights stay after a reload.
    expect(allByRole(app.host, 'form', { name: 'Права администратора' })).toHaveLength(0);
    app = await openApp('/');
    await until(() =>
      expect(allByRole(app.host, 'link', { name: 'Админ' }).length).toBeGreaterThan(0),
    );
  });

  it('writing another user’s id into local storage signs nobody in', async () => {
    app = await registerViaUi({ fullName: 'Капитан Немо' });
    const captain = localStorage.getItem('marine.lastUserId');
    await signOut();
    app = await registerViaUi({ fullName: 'Иван Петров' });
    localStorage.setItem('marine.lastUserId', captain ?? '');
    app = await openApp('/');
    // Nobody is signed in: neither the captain nor the account whose session it was.
    await until(() =>
      expect(allByRole(app.host, 'link', { name: 'Войти' }).length).toBeGreaterThan(0),
    );
    expect(profileLinks()).toHaveLength(0);
  });
});
