/**
 * The built-in vocabulary in the browser: every role has hundreds of words to study, and a
 * database made by the previous app version (MarineDB 5, the first 221 words, progress and an
 * admin's edit in it) takes on the new vocabulary at the next start with its progress intact.
 */
import { readFileSync } from 'node:fs';
import { deriveTopics } from '../src/domain/topics';
import type { VocabItem } from '../src/domain/types';
import { readStore } from './study-helpers';
import { expect, test } from './support/fixtures';
import { topicSize } from './support/vocabulary';

/** The first built-in vocabulary, as the previous app version installed it. */
const FIRST: VocabItem[] = JSON.parse(
  readFileSync(new URL('../unit/fixtures/vocabulary-v1.json', import.meta.url), 'utf8'),
);

test('a cook and an OS each have at least 300 words to study, the common core included', async ({
  page,
}) => {
  for (const [division, role] of [
    ['Камбуз', 'Повар'],
    ['Палуба', 'Матрос (OS)'],
  ] as const) {
    await page.goto('/select-division');
    await page.getByRole('button', { name: new RegExp(division) }).click();
    await page.getByRole('button', { name: new RegExp(role.replace(/[()]/g, '\\$&')) }).click();
    await expect(page).toHaveURL(/\/select-topic/);
    // The common core's topics are listed with the division's own, marked as such.
    await expect(page.getByText('Общий курс', { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: 'Выбрать все' }).click();
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await expect(page).toHaveURL(/\/session-setup$/);
    const available = page.getByText(/^Доступно слов: \d+$/);
    await expect(available).toBeVisible();
    const count = Number((await available.textContent())?.replace(/\D/g, ''));
    expect(count, `${division} / ${role}`).toBeGreaterThanOrEqual(300);
  }
});

test('any topic of any division can be studied from the dictionary', async ({ page }) => {
  await page.goto(`/dictionary?topic=${encodeURIComponent('Allergens')}`);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(topicSize('Allergens') + 1);
  // Each pair shows where it comes from.
  const gluten = rows.filter({ has: page.getByRole('cell', { name: 'глютен', exact: true }) });
  await expect(gluten).toContainText('EU FIC');
  await page.getByRole('button', { name: 'Учить эту тему' }).click();
  await expect(page).toHaveURL(/\/session-setup$/);
  await expect(page.getByText(`Доступно слов: ${topicSize('Allergens')}`)).toBeVisible();
});

test('a database of the previous vocabulary gains the new words and keeps its progress', async ({
  page,
}) => {
  // A page of the app's origin that runs none of its code: the database is built by hand, as
  // the previous version left it.
  await page.goto('/ranks/L1.svg');
  const learnedAt = Date.now() - 86_400_000;
  await page.evaluate(
    async ({ vocabulary, topics, learnedAt }) => {
      const request = indexedDB.open('MarineDB', 5);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore('users', { keyPath: 'id' }).createIndex('email', 'email', {
          unique: true,
        });
        const vocab = db.createObjectStore('vocab', { keyPath: 'id' });
        vocab.createIndex('topic', 'topic');
        vocab.createIndex('division', 'division');
        vocab.createIndex('roles', 'roles', { multiEntry: true });
        const words = db.createObjectStore('userWords', { keyPath: ['userId', 'vocabId'] });
        for (const index of [
          'userId',
          'vocabId',
          'status',
          'nextReviewAt',
          'updatedAt',
          'deleted',
          'remoteId',
        ]) {
          words.createIndex(index, index);
        }
        db.createObjectStore('topics', { keyPath: 'id' });
        db.createObjectStore('roles', { keyPath: 'id' });
        db.createObjectStore('divisions', { keyPath: 'id' });
        db.createObjectStore('syncQueue', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
      };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(
        ['users', 'vocab', 'userWords', 'topics', 'roles', 'divisions'],
        'readwrite',
      );
      for (const item of vocabulary) {
        // The admin of this ship had changed one built-in word.
        tx.objectStore('vocab').put(
          item.id === 'dk001' ? { ...item, langB: 'mooring rope' } : item,
        );
      }
      for (const topic of topics) tx.objectStore('topics').put(topic);
      for (const id of ['deck', 'engine', 'bridge', 'galley']) {
        tx.objectStore('divisions').put({ id, name: id });
      }
      for (const [division, codes] of [
        ['deck', ['bosun', 'os']],
        ['bridge', ['master', 'chief_officer', '2o', '3o']],
        ['galley', ['cook', 'steward']],
      ] as const) {
        for (const name of codes) {
          tx.objectStore('roles').put({ id: `${division}::${name}`, name, division });
        }
      }
      tx.objectStore('users').put({
        id: 'veteran',
        email: 'veteran@ship.test',
        fullName: 'Старый Моряк',
        isAdmin: false,
        createdAt: learnedAt,
        settings: { dailyGoal: 10, division: 'bridge', role: '3o', uiLang: 'ru', theme: 'light' },
      });
      tx.objectStore('userWords').put({
        userId: 'veteran',
        vocabId: 'br010',
        status: 'learned',
        attempts: 4,
        correct: 4,
        streak: 4,
        strength: 0.95,
        lastSeenAt: learnedAt,
        nextReviewAt: learnedAt + 14 * 86_400_000,
        updatedAt: learnedAt,
        deleted: 0,
      });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      localStorage.setItem('marine.lastUserId', 'veteran');
    },
    { vocabulary: FIRST, topics: deriveTopics(FIRST), learnedAt },
  );

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Старый Моряк/ })).toBeVisible();
  await expect(
    page.getByText('Ещё можно выучить во всех разделах:', { exact: false }),
  ).toBeVisible();

  // The progress is intact, now on the corrected pair (SMCP "Steady!" instead of "Meet her!").
  await page.goto('/progress');
  const learned = page.getByRole('region', { name: /^Выучено/ });
  await expect(learned.getByText('Steady!', { exact: true })).toBeVisible();
  const [record] = await readStore<{ vocabId: string; status: string; attempts: number }>(
    page,
    'userWords',
  );
  expect(record).toMatchObject({ vocabId: 'br010', status: 'learned', attempts: 4 });

  // The new words are there; the admin's edit is kept.
  const vocab = await readStore<VocabItem>(page, 'vocab');
  expect(vocab.length).toBeGreaterThanOrEqual(1500);
  expect(vocab.find((item) => item.id === 'dk001')?.langB).toBe('mooring rope');
  expect(vocab.find((item) => item.id === 'br010')?.langB).toBe('Steady!');
  // The meta store holds other records too (the progress figures the screen kept, say).
  const meta = (await readStore<{ key: string; version: number }>(page, 'meta')).find(
    (record) => record.key === 'vocabulary',
  );
  expect(meta?.version).toBeGreaterThanOrEqual(2);
  const roles = await readStore<{ id: string }>(page, 'roles');
  expect(roles.map((r) => r.id)).toContain('deck::ab');

  await page.goto('/dictionary');
  await page.getByLabel('Поиск слов').fill('Steady!');
  await expect(page.getByRole('cell', { name: /Steady!/ }).first()).toBeVisible();
});
