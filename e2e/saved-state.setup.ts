/**
 * Makes the saved states of e2e/support/saved-state.ts once per run (the `setup` project, which
 * the local project depends on): a first visit that installs the vocabulary, then a registration
 * through the form, then the administrator code, each saved with its IndexedDB.
 */
import type { Page } from '@playwright/test';
import { readStore } from './study-helpers';
import { claimAdminViaUi, expect, registerViaUi, test } from './support/fixtures';
import { ADMIN, LEARNER, SAVED } from './support/saved-state';
import { BUILTIN_ROWS } from './support/vocabulary';

/** Opens home and waits until the whole built-in vocabulary is in the database. */
async function installed(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Морской английский' })).toBeVisible();
  await expect
    .poll(async () => (await readStore(page, 'vocab')).length, { timeout: 20_000 })
    .toBe(BUILTIN_ROWS.length);
  await expect(page.getByRole('status').filter({ hasText: /^Устанавливаем словарь/ })).toHaveCount(
    0,
  );
}

test('a guest with the vocabulary installed', async ({ page }) => {
  await installed(page);
  await page.context().storageState({ path: SAVED.guest, indexedDB: true });
});

test('a signed-in learner', async ({ page }) => {
  await installed(page);
  await registerViaUi(page, LEARNER);
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await page.context().storageState({ path: SAVED.learner, indexedDB: true });
});

test('a signed-in administrator', async ({ page }) => {
  await installed(page);
  await registerViaUi(page, ADMIN);
  await claimAdminViaUi(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Админ' })).toBeVisible();
  await page.context().storageState({ path: SAVED.admin, indexedDB: true });
});
