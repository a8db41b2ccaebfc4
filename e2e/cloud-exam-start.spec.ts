/**
 * The start of an exam in the cloud edition: the optional supervised sitting code, with its hint,
 * in Russian and English; a malformed code is said so and starts nothing; a code typed in lower
 * case with spaces and dashes starts the exam offline (it is checked only when the result syncs)
 * and is kept with the running exam.
 */
import { expect, expectAccessible, registerViaUi, test } from './support/fixtures';

// The service worker is part of what this spec tests (the default blocks it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('a supervised sitting code is offered, checked for its form, and kept offline', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerViaUi(page);
  await page.goto('/exam');
  await page.getByLabel('Служба').selectOption({ label: 'Палуба' });
  await page.getByLabel('Должность').selectOption({ label: 'Матрос (OS)' });
  const code = page.getByLabel('Код контролируемой сдачи');
  await expect(code).toHaveAccessibleDescription(
    'Если экзамен принимает офицер, введите выданный им код',
  );
  await expectAccessible(page);

  await page.context().setOffline(true);
  await code.fill('abcd-234');
  await page.getByRole('button', { name: 'Начать экзамен' }).click();
  const malformed = page.getByRole('alert').filter({ hasText: 'Код сдачи' });
  await expect(malformed).toHaveText(
    'Код сдачи — 8 букв и цифр (без 0, O, 1, I и L), например ABCD-2345.',
  );
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'Экзамен' })).toBeVisible();
  await expectAccessible(page);

  await code.fill(' abcd 23-45 ');
  await expect(malformed).toHaveCount(0);
  await page.getByRole('button', { name: 'Начать экзамен' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Вопрос 1 из 40' })).toBeVisible();
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('marine.exam.'))
      .map((key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { code?: string }).code),
  );
  expect(kept).toEqual(['ABCD2345']);
  await page.getByRole('button', { name: 'Завершить экзамен' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Завершить экзамен' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Экзамен не сдан' })).toBeVisible();
  await page.context().setOffline(false);

  await page.goto('/settings');
  await page.getByRole('radio', { name: 'English' }).check();
  await page.goto('/exam');
  await expect(page.getByLabel('Supervised sitting code')).toHaveAccessibleDescription(
    'If an officer supervises this sitting, enter the code they gave you',
  );
});
