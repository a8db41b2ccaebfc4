/** The daily goal counts practice: answers, right or wrong; a skipped question is not practice. */
import type { Page } from '@playwright/test';
import { currentQuestion, readVocabulary, skipPause } from './study-helpers';
import { expect, test } from './support/fixtures';
import { SAVED } from './support/saved-state';

/** A five-word session of a topic whose every word has a spelling question. */
async function startSession(page: Page) {
  await page.goto('/select-topic?division=galley&role=cook');
  await page.getByRole('checkbox', { name: /^Способы приготовления/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  const size = page.getByRole('status').filter({ hasText: /слов$/ });
  // The size chosen for the first session is kept for the next.
  if ((await size.textContent()) === '10 слов') {
    await page.getByRole('button', { name: 'Меньше слов' }).click();
  }
  await expect(size).toHaveText('5 слов');
  await page.getByRole('button', { name: 'Начать' }).click();
}

async function skipQuestions(page: Page, from: number) {
  for (let n = from; n <= 5; n++) {
    await expect(page.getByText(`Вопрос ${n} из 5`)).toBeVisible();
    await page.keyboard.press('s');
    await expect(page.getByText('Пропущено')).toBeVisible();
    await skipPause(page);
  }
}

/** Skips every spelling of both passes (the spelling's Skip fails the word, SPEC §4). */
async function skipSpellings(page: Page) {
  for (const total of [5, 5]) {
    for (let n = 1; n <= total; n++) {
      await expect(page.getByText(`Слово ${n} из ${total}`)).toBeVisible();
      await page.getByRole('button', { name: 'Пропустить' }).click();
      await expect(page.getByText(/^Правильно: /)).toBeVisible();
      await skipPause(page);
    }
  }
}

// The tests move the quiz on from each result by jumping the clock (`skipPause`).
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

const goalOf = (page: Page) => page.getByRole('region', { name: 'Цель на сегодня' });

test.describe('as a learner', () => {
  test.use({ storageState: SAVED.learner });

  test('a session skipped from start to end does not count toward the day’s goal; answers do', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await expect(goalOf(page).getByText('0 из 10 слов')).toBeVisible();

    await startSession(page);
    await skipQuestions(page, 1);
    await skipSpellings(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Сессия завершена' })).toBeVisible();
    await page.getByRole('button', { name: 'Завершить' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(goalOf(page).getByText('До цели осталось 10 слов.')).toBeVisible();
    await expect(goalOf(page).getByText('0 из 10 слов')).toBeVisible();
    await expect(goalOf(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    // One right and one wrong answer are practice; the skips around them are not.
    await startSession(page);
    const vocab = await readVocabulary(page, { topic: 'Cooking Methods', division: 'galley' });
    await expect(page.getByText('Вопрос 1 из 5')).toBeVisible();
    let question = await currentQuestion(page, vocab);
    await page.keyboard.press(String(question.right + 1));
    await expect(page.getByText('Верно!')).toBeVisible();
    await skipPause(page);
    await expect(page.getByText('Вопрос 2 из 5')).toBeVisible();
    question = await currentQuestion(page, vocab);
    await page.keyboard.press(String(((question.right + 1) % question.options.length) + 1));
    await expect(page.getByText(/^Неверно/)).toBeVisible();
    await skipPause(page);
    await skipQuestions(page, 3);
    await skipSpellings(page);
    await page.getByRole('button', { name: 'Завершить' }).click();
    await expect(goalOf(page).getByText('2 из 10 слов')).toBeVisible();

    // Read again from the stored history.
    await page.reload();
    await expect(goalOf(page).getByText('2 из 10 слов')).toBeVisible();
  });
});

test.describe('as a guest', () => {
  test.use({ storageState: SAVED.guest });

  test('a guest’s skipped questions do not count toward the goal either', async ({ page }) => {
    await startSession(page);
    await skipQuestions(page, 1);
    await expect(page.getByText('Слово 1 из 5')).toBeVisible();
    // Home, reached in the app: a guest's study lives only in this page.
    await page
      // Home by the logo: the bar's own «Главная» shows only on the widest screens.
      .getByRole('banner')
      .getByRole('link', { name: 'Морской английский' })
      .click();
    await expect(goalOf(page).getByText('0 из 10 слов')).toBeVisible();
    await expect(goalOf(page).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });
});
