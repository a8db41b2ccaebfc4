/**
 * Sign-in in the browser: what a component test cannot see. The forms, their messages, the
 * session kept over a page load, the administrator code and the guards are proven in happy-dom by
 * unit/screens/auth.test.tsx (and unit/screens/guards.test.tsx); the screens' axe checks are in
 * a11y-tour.spec.ts.
 */
import { expect, signOutViaUi, test } from './support/fixtures';
import { LEARNER, SAVED } from './support/saved-state';

test.use({ storageState: SAVED.learner });

test('login with a wrong password shows the error in red and keeps the form', async ({ page }) => {
  await page.goto('/');
  await signOutViaUi(page);

  await page.getByLabel('E-mail').fill(LEARNER.email);
  await page.getByLabel('Пароль').fill('not-my-password');
  await page.locator('form').getByRole('button', { name: 'Войти' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Неверный e\u2011mail или пароль');
  await expect(alert).toHaveCSS('color', 'rgb(180, 35, 24)');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('E-mail')).toHaveValue(LEARNER.email);
});
