/**
 * Home in the browser: what a component test cannot see. The welcome, shortcuts, schedule and
 * sync notices, the rank card's content, the tips and the daily goal are proven in happy-dom by
 * unit/screens/home.test.tsx; home's axe checks (light, dark, the rank card's dialog) are in
 * a11y-tour.spec.ts.
 */
import { expect, test } from './support/fixtures';
import { SAVED } from './support/saved-state';

test.use({ storageState: SAVED.guest });

test('the connection badge follows the browser’s own network detection', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const badge = page.getByRole('status', { name: /^Связь:/ });
  await expect(badge).toHaveText('В сети');

  await context.setOffline(true);
  await expect(badge).toHaveText('Офлайн');

  await context.setOffline(false);
  await expect(badge).toHaveText('В сети');
});

test('the rank card’s dialog is shown and hidden, by its button and by the Escape key', async ({
  page,
}) => {
  await page.goto('/');
  const open = page.getByRole('region', { name: 'Ваше звание' }).getByRole('button', {
    name: /Юнга/,
  });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Юнга' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  await expect(dialog).toBeHidden();

  await open.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
