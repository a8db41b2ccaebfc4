/**
 * The word-order question, the production question of a phrase: a session of a topic with
 * phrases asks every word a production question; the phrases are built from word tiles, by
 * keyboard and by tapping, on a 390 px phone and offline, in Russian and in English.
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { phraseWords, productionQuestion } from '../src/domain/word-order';
import {
  currentQuestion,
  currentSpelling,
  type Pair,
  readVocabulary,
  skipPause,
  tileTextOf,
  typeTarget,
} from './study-helpers';
import { fakeEnglishVoice, spokenTexts } from './support/fake-voice';
import { expect, expectAccessible, test, untilControlled } from './support/fixtures';
import { BUILTIN_ROWS } from './support/vocabulary';

test.use({ viewport: { width: 390, height: 844 } });

/** The session size the set-up starts with. */
const SIZE = 10;

/**
 * A deck topic a ten-word session takes whole, with the most pairs in word order (at least two):
 * every phrase of it is then in the session.
 */
function phraseTopic(): { topic: string; size: number; phrases: number } {
  const topics = new Map<string, { size: number; phrases: number }>();
  for (const row of BUILTIN_ROWS.filter((r) => r.division === 'deck')) {
    const figures = topics.get(row.topic) ?? { size: 0, phrases: 0 };
    figures.size += 1;
    if (productionQuestion({ langB: row.en, spell: row.spell }) === 'word-order') {
      figures.phrases += 1;
    }
    topics.set(row.topic, figures);
  }
  const fitting = [...topics]
    .filter(([, f]) => f.size <= SIZE && f.phrases >= 2)
    .sort((a, b) => b[1].phrases - a[1].phrases);
  const [best] = fitting;
  expect(best, 'a deck topic of at most ten words with two phrases').toBeTruthy();
  const [topic, figures] = best as [string, { size: number; phrases: number }];
  return { topic, ...figures };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The Russian names the Russian interface shows for built-in topics. */
const RUSSIAN_TOPICS = JSON.parse(
  readFileSync(new URL('../src/data/vocabulary/topic-names.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** The topic's checkbox on the topic choice, by its name in the interface language. */
const topicBox = (page: Page, topic: string, lang: 'ru' | 'en') =>
  page.getByRole('checkbox', {
    // The name, then its word count (not a longer name that begins alike).
    name: new RegExp(
      `^${escapeRegExp(lang === 'ru' ? (RUSSIAN_TOPICS[topic] ?? topic) : topic)}\\s+\\d`,
    ),
  });

/** The tiles of the word-order question on screen, and the phrase they build. */
async function currentPhrase(page: Page, tiles: Locator, vocab: readonly Pair[]) {
  const shown =
    (await page.getByRole('main').getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  const pair = vocab.find(
    (v) => v.ru === shown && productionQuestion({ langB: v.en, spell: v.spell }) === 'word-order',
  );
  expect(pair, `a phrase for "${shown}"`).toBeTruthy();
  const words = phraseWords((pair as Pair).en);
  const texts = await tiles
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ''));
  // The extra words: the tiles that are not words of the answer.
  const extras = [...texts];
  for (const word of words) extras.splice(extras.indexOf(word), 1);
  expect(extras.length, 'one or two extra words').toBeGreaterThanOrEqual(1);
  expect(extras.length).toBeLessThanOrEqual(2);
  return { pair: pair as Pair, words, texts, extras };
}

/** The shortest beginning of `word` that no other tile's word shares, if there is one. */
function uniquePrefix(word: string, texts: readonly string[]): string | null {
  const key = word.toLowerCase();
  for (let length = 1; length < key.length; length++) {
    const start = key.slice(0, length);
    const matching = texts.filter((t) => t.toLowerCase().startsWith(start));
    if (matching.every((t) => t.toLowerCase() === key)) return start;
  }
  return null;
}

/** Tiles at least 44 px tall, and nothing wider than the phone. */
async function expectPhoneLayout(page: Page, tiles: Locator) {
  const heights = await tiles
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().height));
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('with no network', () => {
  // The service worker is part of what this test checks (the default blocks it).
  test.use({ serviceWorkers: 'allow' });

  test('phrases are built from word tiles by keyboard and by tapping, on a phone, offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    await page.clock.install();
    const { topic, size, phrases } = phraseTopic();
    // The first visit installs the app; the session then runs with no network.
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await untilControlled(page);
    await page.goto('/select-topic?division=deck&role=all');
    await topicBox(page, topic, 'ru').check();
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await expect(page.getByText(`Доступно слов: ${size}`)).toBeVisible();
    await page.getByRole('button', { name: 'Начать' }).click();
    await expect(page).toHaveURL(/\/quiz$/);
    const vocab = await readVocabulary(page, { topic, division: 'deck' });
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

    for (let n = 1; n <= size; n++) {
      await expect(page.getByText(`Вопрос ${n} из ${size}`)).toBeVisible();
      const question = await currentQuestion(page, vocab);
      await page.keyboard.press(String(question.right + 1));
      await expect(page.getByText('Верно!')).toBeVisible();
      await skipPause(page);
    }

    // Every word has a production question: letters for words, word order for phrases.
    const built: string[] = [];
    for (let n = 1; n <= size; n++) {
      await expect(page.getByText(`Слово ${n} из ${size}`)).toBeVisible();
      const tiles = page.getByRole('group', { name: 'Слова' });
      if (await page.getByRole('group', { name: 'Буквы' }).isVisible()) {
        await typeTarget(page, tileTextOf(await currentSpelling(page, vocab)));
        await expect(page.getByText('Верно!')).toBeVisible();
        await skipPause(page);
        continue;
      }
      await expect(page.getByText('Соберите фразу по-английски')).toBeVisible();
      const { pair, words, texts, extras } = await currentPhrase(page, tiles, vocab);
      await expectPhoneLayout(page, tiles);
      const mistakes = (count: number) => page.getByRole('img', { name: `Ошибки: ${count} из 3` });
      const extra = extras[0] as string;

      if (built.length === 0) {
        await expectAccessible(page);
        // By keyboard: typing anywhere writes into the field; Space places the word typed.
        await page.keyboard.type(extra);
        await page.keyboard.press('Space');
        await expect(mistakes(1)).toBeVisible();
        await expect(page.getByText(`Не «${extra}». Ошибки: 1 из 3`)).toBeAttached();
        // A word no tile has is said so, and is no mistake.
        await page.keyboard.type('zzz');
        await page.keyboard.press('Enter');
        await expect(page.getByText('Среди слов нет «zzz»')).toBeVisible();
        await expect(mistakes(1)).toBeVisible();
        await expectAccessible(page);
        const field = page.getByLabel('Напечатайте следующее слово');
        await expect(field).toBeFocused();
        await expect(field).toHaveValue('zzz');
        for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
        // The first word by its first letters and Enter, the others whole with a space after each.
        const [first, ...rest] = words as [string, ...string[]];
        await page.keyboard.type(uniquePrefix(first, texts) ?? first);
        await page.keyboard.press('Enter');
        await expect(page.getByText(`Верно: ${first}`)).toBeAttached();
        for (const word of rest) {
          await page.keyboard.type(word);
          await page.keyboard.press('Space');
        }
      } else {
        // By tapping: a wrong tile flashes and counts; Enter on a focused tile places it and moves
        // the focus to the next free tile.
        await tiles.getByRole('button', { name: extra, exact: true }).click();
        await expect(mistakes(1)).toBeVisible();
        const [first, ...rest] = words as [string, ...string[]];
        await tiles.getByRole('button', { name: first, exact: true }).first().focus();
        await page.keyboard.press('Enter');
        await expect(page.locator('.word-order-tile:focus')).toHaveCount(1);
        for (const word of rest) {
          await tiles.getByRole('button', { name: word, exact: true }).first().click();
        }
      }
      await expect(page.getByText('Верно!')).toBeVisible();
      await expect(page.getByText(`Собрано: ${words.join(' ')}`)).toBeAttached();
      await skipPause(page);
      built.push(pair.en);
    }
    expect(built).toHaveLength(phrases);

    // Nothing failed, so no second pass: the end screen counts the phrases as learned words.
    await expect(page.getByRole('heading', { level: 1, name: 'Поздравляем!' })).toBeVisible();
    const learned = page.getByRole('region', { name: 'Выученные слова' }).getByRole('listitem');
    await expect(learned).toHaveCount(size);
    for (const english of built) await expect(learned.filter({ hasText: english })).toHaveCount(1);
    await expectAccessible(page);
  });
});

test('in English the word-order question speaks English; a failed phrase is shown and heard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('marine.lang', 'en'));
  await fakeEnglishVoice(page);
  await page.clock.install();
  const { topic, size } = phraseTopic();
  await page.goto('/select-topic?division=deck&role=all');
  await topicBox(page, topic, 'en').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Start' }).click();
  const vocab = await readVocabulary(page, { topic, division: 'deck' });
  for (let n = 1; n <= size; n++) {
    await expect(page.getByText(`Question ${n} of ${size}`)).toBeVisible();
    await page.keyboard.press('s');
    await expect(page.getByText('Skipped')).toBeVisible();
    await skipPause(page);
  }

  // Letter words are skipped until the first phrase.
  const tiles = page.getByRole('group', { name: 'Words' });
  for (let n = 1; n <= size; n++) {
    await expect(page.getByText(`Word ${n} of ${size}`)).toBeVisible();
    if (await tiles.isVisible()) break;
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByText(/^The answer: /)).toBeVisible();
    await skipPause(page);
  }
  await expect(page.getByText('Put the words in order in English')).toBeVisible();
  await expect(page.getByLabel('Type the next word')).toBeVisible();
  await expect(
    page.getByText(
      'Tap the words in order, or type a word (or its first letters) and press Space or Enter.',
    ),
  ).toBeAttached();
  const { pair, words, extras } = await currentPhrase(page, tiles, vocab);
  await expectPhoneLayout(page, tiles);
  await expectAccessible(page);

  // The first word tapped, then three wrong ones fail the phrase: the answer is revealed.
  await tiles
    .getByRole('button', { name: words[0] as string, exact: true })
    .first()
    .click();
  await expect(page.getByText(`Built: ${words[0]}`)).toBeAttached();
  const extra = extras[0] as string;
  for (let count = 0; count < 3; count++) {
    await expect(page.getByRole('img', { name: `Mistakes: ${count} of 3` })).toBeVisible();
    await tiles.getByRole('button', { name: extra, exact: true }).click();
  }
  await expect(page.getByRole('img', { name: 'Mistakes: 3 of 3' })).toBeVisible();
  await expect(page.getByText(`The answer: ${pair.en}`)).toBeVisible();
  await expect(tiles.getByRole('button', { disabled: false })).toHaveCount(0);
  // Heard as the letter words are, and held on screen until Next.
  await page.getByRole('button', { name: `Listen: ${pair.en}` }).click();
  expect(await spokenTexts(page)).toEqual([pair.en]);
  await expectAccessible(page);
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
});
