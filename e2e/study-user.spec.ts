/** A registered user's study: the division and role land in their settings, and progress survives a reload. */
import {
  currentQuestion,
  currentSpelling,
  readStore,
  readVocabulary,
  skipPause,
  typeAnswer,
} from './study-helpers';
import { expect, test } from './support/fixtures';
import { LEARNER, SAVED } from './support/saved-state';

test.use({ storageState: SAVED.learner });

interface StoredUser {
  id: string;
  email: string;
  settings: { division?: string; role?: string };
}

interface StoredWord {
  userId: string;
  vocabId: string;
  status: string;
  attempts: number;
  correct: number;
}

interface HistoryEntry {
  userId: string;
  vocabId: string;
  kind: string;
  correct?: boolean;
  sent: number;
}

test('a signed-in user keeps the chosen division and role and the progress of a session', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  const account = LEARNER;
  await page.goto('/');

  // Registration chose the deck; the division screen shows it as the current choice.
  await page.goto('/select-division');
  await expect(page.getByRole('button', { name: /Палуба/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('button', { name: /Машина/ }).click();
  await expect(page).toHaveURL(/\/select-role\?division=engine$/);
  const motorman = (on: typeof page) =>
    on.getByRole('button').filter({ has: on.getByText('Моторист', { exact: true }) });
  await motorman(page).click();
  await expect(page).toHaveURL(/\/select-topic\?division=engine&role=motorman$/);

  // Saved in the user's settings: a new tab (no session storage) shows the same choice.
  const users = await readStore<StoredUser>(page, 'users');
  const user = users.find((u) => u.email === account.email) as StoredUser;
  expect(user.settings).toMatchObject({ division: 'engine', role: 'motorman' });
  const tab = await context.newPage();
  await tab.goto('/select-division');
  await expect(tab.getByRole('button', { name: /Машина/ })).toHaveAttribute('aria-current', 'true');
  await expect(tab.getByRole('button', { name: /Палуба/ })).not.toHaveAttribute('aria-current');
  await tab.goto('/select-role');
  await expect(motorman(tab)).toHaveAttribute('aria-current', 'true');
  await tab.close();

  // A session of five words, every answer right (a topic whose every word has a spelling question).
  await page.getByRole('checkbox', { name: /^Инструмент и мастерская/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Настройка сессии' })).toBeVisible();
  await expect(page.getByText('Вы не вошли: прогресс не будет сохранён.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Меньше слов' }).click();
  await page.getByRole('radio', { name: 'EN → RU' }).check();
  await page.getByRole('button', { name: 'Начать' }).click();

  const vocab = await readVocabulary(page, { topic: 'Tools & Workshop', division: 'engine' });
  const studied: string[] = [];
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Вопрос ${n} из 5`)).toBeVisible();
    await expect(page.getByText('Переведите на русский')).toBeVisible();
    const question = await currentQuestion(page, vocab);
    await page.keyboard.press(String(question.right + 1));
    await expect(page.getByText('Верно!')).toBeVisible();
    await skipPause(page);
  }
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Слово ${n} из 5`)).toBeVisible();
    const word = await currentSpelling(page, vocab);
    studied.push(word.id);
    await typeAnswer(page, word);
    await expect(page.getByText('Верно!')).toBeVisible();
    await skipPause(page);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Поздравляем!' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Выученные слова' }).getByRole('listitem'),
  ).toHaveCount(5);
  await page.getByRole('button', { name: 'Завершить' }).click();
  await expect(page).toHaveURL(/\/$/);

  // After a reload the records are there: two right answers each, one history entry per answer.
  await page.reload();
  const words = (await readStore<StoredWord>(page, 'userWords')).filter(
    (w) => w.userId === user.id,
  );
  expect(words.map((w) => w.vocabId).sort()).toEqual([...studied].sort());
  for (const word of words) {
    expect(word).toMatchObject({ status: 'learned', attempts: 2, correct: 2 });
  }
  const history = await readStore<HistoryEntry>(page, 'history');
  for (const id of studied) {
    const entries = history.filter((e) => e.userId === user.id && e.vocabId === id);
    expect(entries.map((e) => [e.kind, e.correct, e.sent])).toEqual([
      ['answer', true, 0],
      ['answer', true, 0],
    ]);
  }

  // Review means due: due tomorrow, they are offered neither as review nor as new today.
  await page.goto('/session-setup');
  await expect(page.getByText(/^К повторению: 0 · новых: \d+$/)).toBeVisible();
});

test('an answer given just before the app is closed is kept, and counted once', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.goto('/select-topic?division=deck&role=all');
  await page.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: 'Начать' }).click();
  await expect(page.getByText(/^Вопрос 1 из \d+$/)).toBeVisible();
  const users = await readStore<StoredUser>(page, 'users');
  const userId = (users.find((u) => u.email === LEARNER.email) as StoredUser).id;

  // Another transaction holds the history, so the answer's write waits behind it: the app is
  // closed before that write can commit, as a page closed within milliseconds of an answer is.
  await page.evaluate(
    () =>
      new Promise<void>((held, failed) => {
        const open = indexedDB.open('MarineDB');
        open.onerror = () => failed(open.error);
        open.onsuccess = () => {
          const store = open.result.transaction('history', 'readwrite').objectStore('history');
          const hold = () => {
            store.get('none').onsuccess = hold;
          };
          hold();
          // The transaction is open (its first request made): the answer's write queues behind it.
          held();
        };
      }),
  );
  await page.getByRole('group', { name: 'Варианты ответа' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Ответить' }).click();
  // The answer is in the journal at once (stores/change-journal.ts), not yet in the database.
  const journal = () =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('marine.pendingChanges:'))
        .map((key) => JSON.parse(localStorage.getItem(key) ?? 'null').id as string),
    );
  await expect.poll(journal).toHaveLength(1);
  const [id] = await journal();
  // (The database cannot be read here: a read would queue behind the held write.)
  await page.close();

  // Opened again: the answer is stored from the journal, once, under the id it was given.
  const again = await context.newPage();
  await again.goto('/');
  await expect(again.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(async () =>
      (await readStore<HistoryEntry & { id: string }>(again, 'history'))
        .filter((e) => e.userId === userId && e.kind === 'answer')
        .map((e) => e.id),
    )
    .toEqual([id]);
  const words = (await readStore<StoredWord>(again, 'userWords')).filter(
    (w) => w.userId === userId && w.attempts > 0,
  );
  expect(words.map((w) => w.attempts)).toEqual([1]);
  expect(
    await again.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('marine.pendingChanges:')),
    ),
  ).toEqual([]);
});
