/**
 * Route guards: signed-in-only screens, the admin screen, unknown paths and the guest-only forms.
 * Each test starts from a saved state (e2e/support/saved-state.ts): a guest's, a learner's or an
 * administrator's browser with the vocabulary installed.
 */
import { expect, test } from './support/fixtures';
import { SAVED } from './support/saved-state';

test.describe('a guest', () => {
  test.use({ storageState: SAVED.guest });

  for (const path of ['/settings', '/progress', '/profile', '/admin/roles']) {
    test(`a guest opening ${path} lands on /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
    });
  }

  test('an unknown path sends a guest to /login', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a guest may open the public screens', async ({ page }) => {
    for (const path of ['/', '/topics', '/dictionary', '/forgot', '/register']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}$`));
    }
  });
});

test.describe('a learner', () => {
  test.use({ storageState: SAVED.learner });

  test('a signed-in user who is not an admin is sent home from /admin/roles', async ({ page }) => {
    await page.goto('/admin/roles');
    await expect(page).toHaveURL(/\/$/);
    // The signed-in-only screens do open for this user.
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('an unknown path sends a signed-in user home', async ({ page }) => {
    await page.goto('/no/such/place');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in user opening /login or /register is sent home', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('an administrator', () => {
  test.use({ storageState: SAVED.admin });

  test('an admin opens /admin/roles', async ({ page }) => {
    await page.goto('/admin/roles');
    await expect(page).toHaveURL(/\/admin\/roles$/);
  });
});
