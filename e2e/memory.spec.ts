/**
 * What the progress screen says of memory: the learned words the learner probably recalls today
 * (FSRS recall calibrated on the learner's own answers; not before there are enough of them) and
 * the hard words failed on 8 days or more, with a session of their own.
 */
import type { Page } from '@playwright/test';
import { readStore } from './study-helpers';
import { expect, expectAccessible, test } from './support/fixtures';
import { SAVED } from './support/saved-state';

test.use({ storageState: SAVED.learner });

const DAY_MS = 24 * 60 * 60 * 1000;

/** An export whose history answers os001 right on four days and os002 wrong on nine. */
function historyJson(now: number): string {
  const entries: object[] = [];
  let n = 0;
  const answer = (vocabId: string, correct: boolean, daysAgo: number) => {
    n++;
    const wall = now - daysAgo * DAY_MS;
    entries.push({
      id: `mem-${n}`,
      userId: 'someone',
      vocabId,
      kind: 'answer',
      correct,
      mode: 'choice',
      hlc: wall * 1000 + n,
      wall,
      device: 'oldphone',
    });
  };
  for (const daysAgo of [40, 30, 20, 2]) answer('os001', true, daysAgo);
  for (let daysAgo = 12; daysAgo >= 4; daysAgo--) answer('os002', false, daysAgo);
  return JSON.stringify({ user: {}, userWords: [], history: entries });
}

const region = (page: Page, name: RegExp) => page.getByRole('region', { name });

/** The id of the progress figures' checkpoint kept in the page's database (db/history-figures.ts). */
async function checkpointId(page: Page): Promise<string | undefined> {
  const meta = await readStore<{ key: string; id?: string }>(page, 'meta');
  return meta.find((record) => record.key.startsWith('progress-fold:'))?.id;
}

test('progress shows the learned words probably recalled today and the hard words', async ({
  page,
}) => {
  await page.goto('/settings');
  await page.getByLabel('JSON для импорта').fill(historyJson(Date.now()));
  await page.getByRole('button', { name: 'Импортировать' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Импортировано записей: 13' }),
  ).toBeVisible();

  await page.goto('/progress');
  const memory = region(page, /^Что вы, вероятно, помните сегодня/);
  // One learned word, but too few answers yet to calibrate the estimate on the learner's own.
  await expect(memory.getByTestId('recall-figure')).toContainText('Пока без оценки');

  const hard = region(page, /^Трудные слова/);
  await expect(hard.getByText('Ошибки в 8 и более днях: повторите их отдельно.')).toBeVisible();
  await expect(hard.getByRole('listitem')).toHaveCount(1);
  await expect(hard.getByText('Have heaving lines ready!')).toBeVisible();
  // Failed last four days ago, due already: relearn would change nothing, so it is not offered.
  await expect(hard.getByText('дней с ошибками: 9 · к повторению сейчас')).toBeVisible();
  await expect(hard.getByRole('button', { name: /^Повторить заново/ })).toHaveCount(0);
  await expectAccessible(page);

  // The answers of the last 30 days as a table: a row a day answered (kept, with the history's
  // checkpoint at the study day's start, by the history worker).
  const answers = region(page, /^Ответы за 30 дней/);
  await answers.getByText('Показать таблицей').click();
  // The header, and the 11 days of the last 30 the file answered on.
  await expect(answers.getByRole('row')).toHaveCount(1 + 11);
  const kept = await checkpointId(page);
  expect(kept).toBeTruthy();

  await hard.getByRole('button', { name: 'Учить эти слова (1)' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByText('Вопрос 1 из 1')).toBeVisible();
  await page.keyboard.press('1');
  await expect(page.getByText(/^(Верно!|Неверно)$/)).toBeVisible();
  // The answer is kept in the background: leave the page (a new load) only once it is stored.
  await expect.poll(async () => (await readStore(page, 'history')).length).toBe(14);

  // Today's answer joins the figures, folded on from the checkpoint: a row for today.
  await page.goto('/progress');
  const after = region(page, /^Ответы за 30 дней/);
  await after.getByText('Показать таблицей').click();
  await expect(after.getByRole('row')).toHaveCount(1 + 12);
  await expect(after.getByRole('row').last().getByRole('cell')).toHaveText([/^[01]$/, /^[01]$/]);
  // Gone on from, not worked out whole: the same checkpoint, not written again on the same day.
  expect(await checkpointId(page)).toBe(kept);
});
