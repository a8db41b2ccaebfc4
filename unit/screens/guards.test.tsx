// @vitest-environment happy-dom
/** Route guards through the real route tree: who may open which screen, and where others land. */
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_CODE, go, type OpenedApp, openApp, registerViaUi, untilPath } from '../support/app';
import { byLabel, byRole, click, fill, until } from '../support/screen';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
});

/** Makes the signed-in account an admin with the administrator code, in the profile. */
async function claimAdmin() {
  await go(app, '/profile');
  await fill(await until(() => byLabel(app.host, 'Код администратора')), ADMIN_CODE);
  await click(byRole(app.host, 'button', { name: 'Получить права администратора' }));
  await until(() => byRole(app.host, 'link', { name: 'Админ' }));
}

describe('a guest', () => {
  for (const path of ['/settings', '/progress', '/profile', '/admin/roles']) {
    it(`opening ${path} lands on /login`, async () => {
      app = await openApp(path);
      await untilPath(app, '/login');
      await until(() => byRole(app.host, 'heading', { level: 1, name: 'Вход' }));
    });
  }

  it('opening an unknown path is sent to /login', async () => {
    app = await openApp('/no/such/place');
    await untilPath(app, '/login');
  });

  it('may open the public screens', async () => {
    for (const path of ['/', '/topics', '/dictionary', '/forgot', '/register']) {
      app = await openApp(path);
      await untilPath(app, path);
      await until(() => byRole(app.host, 'heading', { level: 1 }));
    }
  });
});

describe('a signed-in user', () => {
  it('who is not an admin is sent home from /admin/roles, and opens /settings', async () => {
    app = await registerViaUi();
    await go(app, '/admin/roles');
    await untilPath(app, '/');
    // The signed-in-only screens do open for this user.
    await go(app, '/settings');
    await untilPath(app, '/settings');
    await until(() => byRole(app.host, 'heading', { level: 1, name: 'Настройки' }));
  });

  it('who is an admin opens /admin/roles', async () => {
    app = await registerViaUi();
    await claimAdmin();
    await go(app, '/admin/roles');
    await untilPath(app, '/admin/roles');
    await until(() => byRole(app.host, 'heading', { level: 1, name: 'Службы, роли и темы' }));
  });

  it('opening an unknown path is sent home', async () => {
    await registerViaUi();
    app = await openApp('/no/such/place');
    await untilPath(app, '/');
  });

  it('opening /login or /register is sent home', async () => {
    await registerViaUi();
    app = await openApp('/login');
    await untilPath(app, '/');
    app = await openApp('/register');
    await untilPath(app, '/');
  });

  it('is sent home by a link to /login inside the app too', async () => {
    app = await registerViaUi();
    await go(app, '/login');
    expect(app.path()).toBe('/');
  });
});
