/**
 * One tap from home: after a session chosen through the steps, home resumes it with a single tap
 * after the app was closed too (unit/screens/resume-session.test.tsx: at the question it stopped
 * at, and «Новое занятие» from the last choice once it ended); the steps remain for a change.
 */
import { expect, test } from './support/fixtures';
import { SAVED } from './support/saved-state';

test.use({ storageState: SAVED.learner });

test.use({ viewport: { width: 390, height: 844 } });

test('home starts the next session with the last choice in one tap, after a restart', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  // No session yet: nothing to continue.
  await expect(page.getByRole('button', { name: /Продолжить занятие/ })).toHaveCount(0);

  await page.goto('/select-topic?division=deck&role=all');
  await page.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page).toHaveURL(/\/session-setup/);
  // From the default ten words to five.
  await page.getByRole('button', { name: 'Меньше слов' }).click();
  const size = 5;
  await expect(page.locator('.stepper-value')).toHaveText(`${size} слов`);
  await page.getByRole('button', { name: 'Начать' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  const first = page.getByText(/^Вопрос 1 из \d+$/);
  await expect(first).toBeVisible();
  const total = Number((await first.textContent())?.match(/из (\d+)/)?.[1]);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeGreaterThan(1);
  expect(total).toBeLessThanOrEqual(size);
  // The first question answered; the quiz moves on to the second by itself.
  await page.getByRole('group', { name: 'Варианты ответа' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Ответить' }).click();
  await expect(page.getByText(`Вопрос 2 из ${total}`)).toBeVisible();

  // The app closed and opened again (a new tab: the page's session storage is gone).
  await page.close();
  const again = await context.newPage();
  await again.goto('/');
  // The unfinished session is resumed where it stopped (a new one would ask question 1).
  const resume = again.getByRole('button', { name: /Продолжить занятие/ });
  await expect(resume).toContainText('Палуба');
  await expect(resume).toContainText(`Вопрос 2 из ${total}`);
  await resume.click();
  await expect(again).toHaveURL(/\/quiz$/);
  await expect(again.getByText(`Вопрос 2 из ${total}`)).toBeVisible();
  // The steps remain for a change.
  await again.goto('/');
  await expect(again.getByRole('link', { name: 'Начать занятие' })).toBeVisible();
});
