// @vitest-environment happy-dom
/**
 * The header's menu (a phone's every link; a tablet's settings, admin and logout): it says whose
 * account is signed in, since the bar then shows only the avatar (a shared bridge tablet).
 */
import { afterEach, expect, it } from 'vitest';
import { type OpenedApp, openApp, registerViaUi } from '../support/app';
import { byRole, click, textIn } from '../support/screen';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
});

it('names the signed-in learner in the menu, and no one for a guest', async () => {
  app = await openApp('/');
  await click(byRole(app.host, 'button', { name: 'Меню' }));
  const guestMenu = byRole(app.host, 'navigation', { name: 'Меню' });
  expect(textIn(guestMenu)).not.toContain('Вы вошли как');

  app = await registerViaUi({ fullName: 'Иван Петров' });
  await click(byRole(app.host, 'button', { name: 'Меню' }));
  const menu = byRole(app.host, 'navigation', { name: 'Меню' });
  expect(textIn(menu)).toContain('Вы вошли как Иван Петров');
});
