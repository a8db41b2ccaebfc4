/**
 * Helpers of the study specs: they answer as a learner who knows the words would, by reading the
 * prompt on screen and looking its pair up in the vocabulary the app keeps in IndexedDB.
 */
import { expect, type Page } from '@playwright/test';
import {
  CHOICE_ADVANCE_MS,
  SPELLING_ADVANCE_CORRECT_MS,
  SPELLING_ADVANCE_FAILED_MS,
  SPELLING_ADVANCE_SKIPPED_MS,
} from '../src/domain/constants';
import { phraseWords, productionQuestion } from '../src/domain/word-order';

export interface Pair {
  id: string;
  ru: string;
  en: string;
  topic: string;
  division: string;
  /** The letter-tile text when it is not the English (false: no letters; word order instead). */
  spell?: string | false;
}

/** The longest a quiz holds an answer's result on screen before it moves on (SPEC §4, §9). */
const LONGEST_PAUSE_MS = Math.max(
  CHOICE_ADVANCE_MS,
  SPELLING_ADVANCE_CORRECT_MS,
  SPELLING_ADVANCE_FAILED_MS,
  SPELLING_ADVANCE_SKIPPED_MS,
);

/**
 * Moves the quiz on from a result the test has seen, without sitting through its pause: jumps the
 * page's clock over it. Install the clock (`page.clock.install()`) before the page opens; it runs
 * as usual between jumps. (A page opened without it gets it at the first jump, so that pause and
 * the timers the page had set already run in real time.) Call it only once the result is on
 * screen: a jump taken before the quiz has set its timer leaves the pause to run in real time.
 * The pauses themselves are checked to the millisecond by study.spec.
 */
export async function skipPause(page: Page): Promise<void> {
  await page.clock.fastForward(LONGEST_PAUSE_MS);
}

/** Every record of a MarineDB store, read in the page. */
export async function readStore<T>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('MarineDB');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction(name, 'readonly').objectStore(name).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => reject(request.error);
        };
      }),
    store,
  );
}

/**
 * The vocabulary in the page's database; with `topic`, only that topic's words (the same pair may
 * live in two divisions, e.g. a hammer on deck and in the engine room: a session of one topic
 * asks the one of its topic).
 */
export async function readVocabulary(
  page: Page,
  scope: { topic?: string; division?: string } = {},
): Promise<Pair[]> {
  // A first visit installs the words beside a usable home screen, in one transaction: the store
  // is either empty or whole.
  await expect.poll(async () => (await readStore(page, 'vocab')).length).toBeGreaterThan(0);
  const items = await readStore<{
    id: string;
    langA: string;
    langB: string;
    topic: string;
    division: string;
    spell?: string | false;
  }>(page, 'vocab');
  const inScope = items.filter(
    (v) =>
      (!scope.topic || v.topic === scope.topic) &&
      (!scope.division || v.division === scope.division),
  );
  return inScope.map((v) => ({
    id: v.id,
    ru: v.langA,
    en: v.langB,
    topic: v.topic,
    division: v.division,
    ...(v.spell !== undefined ? { spell: v.spell } : {}),
  }));
}

/**
 * The spelling target as SPEC §4 states it: upper case, spaces as `_`, other non-letters dropped;
 * a hyphen or slash separates words like a space.
 */
export function target(text: string): string {
  return text
    .toUpperCase()
    .replace(/[-/\\]/g, ' ')
    .replace(/[^A-ZА-ЯЁ\s]/g, '')
    .trim()
    .replace(/\s+/g, '_');
}

const prompt = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

/** The options of the current question and the one that is right. */
export async function currentQuestion(page: Page, vocab: readonly Pair[]) {
  const shown = (await prompt(page).textContent())?.trim() ?? '';
  const options = (await page
    .getByRole('radio')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))) as string[];
  const pairs = new Set(
    vocab.flatMap((v) => (v.ru === shown ? [v.en] : v.en === shown ? [v.ru] : [])),
  );
  const right = options.findIndex((option) => pairs.has(option));
  expect(right, `an option pairs with "${shown}"`).toBeGreaterThanOrEqual(0);
  return { prompt: shown, options, right, answer: options[right] as string };
}

/** Whether a pair's production question is word order (a phrase, or English with an apostrophe). */
export function isPhrase(pair: Pair): boolean {
  return productionQuestion({ langB: pair.en, spell: pair.spell }) === 'word-order';
}

/**
 * The pair of the current production question: the English words whose letters are the tiles on
 * screen, or the phrase whose words are (word order).
 */
export async function currentSpelling(page: Page, vocab: readonly Pair[]) {
  const shown = (await prompt(page).textContent())?.trim() ?? '';
  if (await page.getByRole('group', { name: 'Слова' }).isVisible()) {
    const phrase = vocab.find((v) => v.ru === shown && isPhrase(v));
    expect(phrase, `a phrase for "${shown}" is built from the word tiles`).toBeTruthy();
    return phrase as Pair;
  }
  const tiles = await page
    .getByRole('group', { name: 'Буквы' })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ''));
  const letters = tiles
    .map((t) => (t === '␣' ? '_' : t))
    .sort()
    .join('');
  const pair = vocab.find(
    (v) => v.ru === shown && [...target(tileTextOf(v))].sort().join('') === letters,
  );
  expect(pair, `a word for "${shown}" matches the tiles`).toBeTruthy();
  return pair as Pair;
}

/** What a pair's tiles spell: its `spell` text when it has one, else its English. */
export function tileTextOf(pair: Pair): string {
  return typeof pair.spell === 'string' ? pair.spell : pair.en;
}

/** Types a spelling target with the keyboard; `_` is typed as a space. */
export async function typeTarget(page: Page, text: string): Promise<void> {
  for (const char of target(text)) {
    await page.keyboard.press(char === '_' ? 'Space' : char.toLowerCase());
  }
}

/**
 * Answers the current production question of `pair` right from the keyboard: its letters, or
 * (word order) its words, each followed by a space.
 */
export async function typeAnswer(page: Page, pair: Pair): Promise<void> {
  if (!isPhrase(pair)) return typeTarget(page, tileTextOf(pair));
  for (const word of phraseWords(pair.en)) {
    await page.keyboard.type(word);
    await page.keyboard.press('Space');
  }
}

/** One mistake in the production question of `pair`: a wrong letter, or a wrong word tile. */
export async function answerWrong(page: Page, pair: Pair): Promise<void> {
  if (!isPhrase(pair)) return page.keyboard.press(wrongLetter(tileTextOf(pair)));
  const next = phraseWords(pair.en)[0];
  const tiles = page.getByRole('group', { name: 'Слова' }).getByRole('button');
  const texts = await tiles.evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ''));
  await tiles.nth(texts.findIndex((text) => text !== next)).click();
}

/** A letter that is not the next one of the target. */
export function wrongLetter(text: string, typed = 0): string {
  const next = target(text)[typed];
  return next === 'Q' ? 'z' : 'q';
}

/**
 * Answers a started five-word session right, from the first multiple choice to the last spelling,
 * moving on from each result by the clock (`skipPause`); returns the vocabIds of the spelled words.
 */
export async function answerFiveRight(page: Page, vocab: readonly Pair[]): Promise<string[]> {
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Вопрос ${n} из 5`)).toBeVisible();
    const question = await currentQuestion(page, vocab);
    await page.keyboard.press(String(question.right + 1));
    await expect(page.getByText('Верно!')).toBeVisible();
    await skipPause(page);
  }
  const spelled: string[] = [];
  for (let n = 1; n <= 5; n++) {
    await expect(page.getByText(`Слово ${n} из 5`)).toBeVisible();
    const word = await currentSpelling(page, vocab);
    spelled.push(word.id);
    await typeAnswer(page, word);
    await expect(page.getByText('Верно!')).toBeVisible();
    await skipPause(page);
  }
  return spelled;
}

/**
 * A signed-in learner's session of five Mooring words (deck), every answer right: the multiple
 * choice, then the spelling; ends on home. Install the page's clock first (`skipPause`). The end
 * screen's heading follows the records: under FSRS one right answer is not yet a learned word, so
 * such a session ends on «Есть прогресс!».
 */
export async function studyFiveWordsRight(
  page: Page,
  heading: 'Поздравляем!' | 'Есть прогресс!' = 'Поздравляем!',
): Promise<void> {
  await page.goto('/select-topic?division=deck&role=all');
  await page.getByRole('checkbox', { name: /^Швартовка/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: 'Меньше слов' }).click();
  await page.getByRole('button', { name: 'Начать' }).click();
  await answerFiveRight(page, await readVocabulary(page, { topic: 'Mooring', division: 'deck' }));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.getByRole('button', { name: 'Завершить' }).click();
  await expect(page).toHaveURL(/\/$/);
}
