/** A guest's study session: division, role, topics, setup, quiz, spelling, the end screen; nothing saved. */
import type { Locator, Page } from '@playwright/test';
import {
  CHOICE_ADVANCE_MS,
  SPELLING_ADVANCE_CORRECT_MS,
  SPELLING_ADVANCE_SKIPPED_MS,
} from '../src/domain/constants';
import {
  answerWrong,
  currentQuestion,
  currentSpelling,
  readStore,
  readVocabulary,
  skipPause,
  typeAnswer,
} from './study-helpers';
import { expect, expectAccessible, test } from './support/fixtures';
import { topicSize } from './support/vocabulary';

// The tests move the quiz on from each result by jumping the clock (`skipPause`).
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** Stops the page's clock: from now on it moves only when the test moves it. */
async function holdClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/**
 * With the clock held (`holdClock`) before an answer: its result stays on screen exactly `ms`
 * (SPEC §9), and then `next` is shown; the clock runs as usual again after.
 */
async function expectResultHeld(page: Page, ms: number, result: Locator, next: Locator) {
  await expect(result).toBeVisible();
  await page.clock.runFor(ms - 1);
  // The quiz moves on in a task after its timer: give an early move the time to show.
  await page.waitForTimeout(300);
  await expect(result).toBeVisible();
  await expect(next).toBeHidden();
  await page.clock.runFor(1);
  await expect(next).toBeVisible();
  await page.clock.resume();
}

test('a guest studies a whole session and nothing is saved', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/select-division');
  await expect(page.getByRole('heading', { level: 1, name: 'Выберите службу' })).toBeVisible();
  await page.getByRole('button', { name: /Палуба/ }).click();

  await expect(page).toHaveURL(/\/select-role\?division=deck$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Выберите должность' })).toBeVisible();
  await page.getByRole('button', { name: /Матрос \(OS\)/ }).click();

  await expect(page).toHaveURL(/\/select-topic\?division=deck&role=os$/);
  const proceed = page.getByRole('button', { name: 'Продолжить' });
  await expect(proceed).toBeDisabled();
  // The deck list never shows engine topics; the OS sees the OS commands.
  await expect(page.getByRole('checkbox', { name: /engine/i })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /Команды матросу/ })).toBeVisible();
  // Mooring: every word of it has a production question (letters; word order for "monkey's
  // fist"), so the spelling below asks all five.
  await page.getByRole('checkbox', { name: /^Швартовка/ }).check();
  await expect(page.getByText('Выбрано: 1')).toBeVisible();
  await proceed.click();

  await expect(page).toHaveURL(/\/session-setup$/);
  await expect(page.getByText('Вы не вошли: прогресс не будет сохранён.')).toBeVisible();
  await expect(page.getByText(`Доступно слов: ${topicSize('Mooring')}`)).toBeVisible();
  const size = page.getByRole('status').filter({ hasText: /слов$/ });
  await expect(size).toHaveText('10 слов');
  await page.getByRole('button', { name: 'Меньше слов' }).click();
  await expect(size).toHaveText('5 слов');
  await expect(page.getByRole('button', { name: 'Меньше слов' })).toBeDisabled();
  await expect(page.getByRole('radio', { name: /Смешанный/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Случайно' })).toBeChecked();
  await page.getByRole('button', { name: 'Начать' }).click();

  // The multiple choice: right, wrong on purpose, a digit key, S to skip, right again.
  const vocab = await readVocabulary(page, { topic: 'Mooring', division: 'deck' });
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByText('Вопрос 1 из 5')).toBeVisible();
  let question = await currentQuestion(page, vocab);
  const answerButton = page.getByRole('button', { name: 'Ответить' });
  await expect(answerButton).toBeDisabled();
  await page.getByRole('radio', { name: question.answer, exact: true }).check();
  await answerButton.click();
  await expect(page.getByText('Верно!')).toBeVisible();
  await expectAccessible(page);
  await skipPause(page);

  await expect(page.getByText('Вопрос 2 из 5')).toBeVisible();
  question = await currentQuestion(page, vocab);
  const wrong = question.options.find((o) => o !== question.answer) as string;
  await page.getByRole('radio', { name: wrong, exact: true }).check();
  await answerButton.click();
  await expect(page.getByText('Неверно')).toBeVisible();
  await expect(page.getByText(`Правильный ответ: ${question.answer}`)).toBeVisible();
  await expectAccessible(page);
  await skipPause(page);

  await expect(page.getByText('Вопрос 3 из 5')).toBeVisible();
  question = await currentQuestion(page, vocab);
  await holdClock(page);
  await page.keyboard.press(String(question.right + 1));
  await expectResultHeld(
    page,
    CHOICE_ADVANCE_MS,
    page.getByText('Верно!'),
    page.getByText('Вопрос 4 из 5'),
  );

  await page.keyboard.press('s');
  await expect(page.getByText('Пропущено')).toBeVisible();
  await skipPause(page);

  await expect(page.getByText('Вопрос 5 из 5')).toBeVisible();
  question = await currentQuestion(page, vocab);
  await page.getByRole('radio', { name: question.answer, exact: true }).check();
  await answerButton.click();
  await expect(page.getByText('Верно!')).toBeVisible();
  await skipPause(page);

  // Spelling: three mistakes fail the first word, the others are typed on the keyboard.
  await expect(page).toHaveURL(/\/quiz\/spelling$/);
  await expect(page.getByText('Слово 1 из 5')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Ошибки: 0 из 3' })).toBeVisible();
  const failed = await currentSpelling(page, vocab);
  for (let mistakes = 1; mistakes <= 3; mistakes++) {
    await answerWrong(page, failed);
    await expect(page.getByRole('img', { name: `Ошибки: ${mistakes} из 3` })).toBeVisible();
  }
  await expect(page.getByText(`Правильно: ${failed.en}`)).toBeVisible();
  // axe waits on the page's timers, so this pause runs in real time (the others are held below).
  await expectAccessible(page);

  for (let n = 2; n <= 5; n++) {
    await expect(page.getByText(`Слово ${n} из 5`)).toBeVisible();
    const pair = await currentSpelling(page, vocab);
    if (n === 2) {
      await holdClock(page);
      await typeAnswer(page, pair);
      await expectResultHeld(
        page,
        SPELLING_ADVANCE_CORRECT_MS,
        page.getByText('Верно!'),
        page.getByText('Слово 3 из 5'),
      );
    } else {
      await typeAnswer(page, pair);
      await expect(page.getByText('Верно!')).toBeVisible();
      await skipPause(page);
    }
  }

  // The failed word comes back in a second pass.
  await expect(page.getByText('Второй круг: слова с ошибками')).toBeVisible();
  await expect(page.getByText('Слово 1 из 1')).toBeVisible();
  expect((await currentSpelling(page, vocab)).id).toBe(failed.id);
  await typeAnswer(page, failed);
  await expect(page.getByText('Верно!')).toBeVisible();
  await skipPause(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Поздравляем!' })).toBeVisible();
  await expectAccessible(page);
  const learned = page.getByRole('region', { name: 'Выученные слова' }).getByRole('listitem');
  await expect(learned).toHaveCount(5);
  // Exactly the word, not a command that contains it («stern line» in «Let go the stern line!»).
  await expect(learned.filter({ has: page.getByText(failed.en, { exact: true }) })).toHaveCount(1);
  const repeat = page.getByRole('button', { name: 'Повторить выбранные' });
  await expect(repeat).toBeDisabled();
  // The failed word's own box: its name is exactly the word (another word's text may contain it,
  // as «шпринг» is in «…носового шпринга»).
  const quoted = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('group', { name: 'Слова для повторения' })
    .getByRole('checkbox', {
      name: new RegExp(`^${quoted(failed.en)}( ${quoted(failed.ru)})?$`),
    })
    .check();
  await expect(repeat).toBeEnabled();
  await page.getByRole('button', { name: 'Завершить' }).click();
  await expect(page).toHaveURL(/\/$/);

  // Nothing of the guest's study is kept.
  await page.reload();
  expect(await readStore(page, 'userWords')).toEqual([]);
  expect(await readStore(page, 'history')).toEqual([]);
  await page.goto('/progress');
  await expect(page).toHaveURL(/\/login$/);
});

test('repeat selected starts a new session of the chosen words', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/select-topic?division=galley&role=cook');
  // A topic whose every word has a spelling question.
  await page.getByRole('checkbox', { name: /^Способы приготовления/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: 'Меньше слов' }).click();
  await page.getByRole('radio', { name: 'RU → EN' }).check();
  await page.getByRole('button', { name: 'Начать' }).click();
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Вопрос ${n} из 5`)).toBeVisible();
    await page.keyboard.press('s');
    await expect(page.getByText('Пропущено')).toBeVisible();
    await skipPause(page);
  }
  // Skipping every word of both passes; the first skip's result stays its time on screen.
  await expect(page.getByText('Слово 1 из 5')).toBeVisible();
  await holdClock(page);
  await page.getByRole('button', { name: 'Пропустить' }).click();
  await expectResultHeld(
    page,
    SPELLING_ADVANCE_SKIPPED_MS,
    page.getByText(/^Правильно: /),
    page.getByText('Слово 2 из 5'),
  );
  for (const [first, total] of [
    [2, 5],
    [1, 5],
  ] as const) {
    for (let n = first; n <= total; n++) {
      await expect(page.getByText(`Слово ${n} из ${total}`)).toBeVisible();
      await page.getByRole('button', { name: 'Пропустить' }).click();
      await expect(page.getByText(/^Правильно: /)).toBeVisible();
      await skipPause(page);
    }
  }
  // Nothing was answered: no congratulations, and the screen says what happened.
  await expect(page.getByRole('heading', { level: 1, name: 'Сессия завершена' })).toBeVisible();
  await expect(
    page.getByText(
      'Все слова пропущены. Попробуйте отвечать: даже ошибка помогает запомнить слово.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/Поздравляем|Отличная работа/)).toHaveCount(0);
  await expect(page.getByText('В этот раз без выученных слов — попробуйте ещё раз!')).toBeVisible();
  await expectAccessible(page);

  // Every word starts ticked; keep two.
  const boxes = page.getByRole('checkbox');
  await expect(boxes).toHaveCount(5);
  for (let i = 2; i < 5; i++) await boxes.nth(i).uncheck();
  await page.getByRole('button', { name: 'Повторить выбранные' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByText('Вопрос 1 из 2')).toBeVisible();
  await expect(page.getByText('Переведите на английский')).toBeVisible();
});

test('a reload in the middle of the quiz keeps the session', async ({ page }) => {
  await page.goto('/select-topic?division=deck&role=bosun');
  await page.getByRole('checkbox', { name: /Швартовка/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: 'Начать' }).click();
  const vocab = await readVocabulary(page);
  await expect(page.getByText(/^Вопрос 1 из \d+$/)).toBeVisible();
  const question = await currentQuestion(page, vocab);
  await page.keyboard.press(String(question.right + 1));
  await expect(page.getByText('Верно!')).toBeVisible();
  await skipPause(page);
  await expect(page.getByText('Вопрос 2 из')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Вопрос 2 из')).toBeVisible();
});

test('empty states', async ({ page }) => {
  await page.goto('/select-role');
  await expect(page.getByRole('status').filter({ hasText: 'Служба не выбрана.' })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/select-topic');
  await expect(page.getByText('Служба не выбрана.')).toBeVisible();

  // (A division without topics, the common core included, is checked in the admin spec.)
  await page.goto('/quiz');
  await expect(page.getByText('Для сессии не выбраны слова.')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/quiz/spelling');
  await expect(page.getByText('Для сессии не выбраны слова.')).toBeVisible();

  // A guest has no words to review: the review mode would prepare an empty session, so Start is
  // off and says why; the other modes still start.
  await page.goto('/select-topic?division=engine&role=all');
  await page.getByRole('button', { name: 'Выбрать все' }).click();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  const start = page.getByRole('button', { name: 'Начать' });
  const why = 'Нет слов для повторения. Чтобы учить новые слова, выберите «Новые» или «Смешанный».';
  await expect(start).toBeEnabled();
  await page.getByRole('radio', { name: /Повторение/ }).check();
  await expect(page.getByRole('status').filter({ hasText: why })).toBeVisible();
  await expect(start).toBeDisabled();
  await expect(start).toHaveAccessibleDescription(why);
  await expectAccessible(page);
  await page.getByRole('radio', { name: /Смешанный/ }).check();
  await expect(start).toBeEnabled();
  await page.getByRole('radio', { name: /Новые/ }).check();
  await expect(page.getByText(why)).toHaveCount(0);
  await start.click();
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByText(/^Вопрос 1 из \d+$/)).toBeVisible();
});
