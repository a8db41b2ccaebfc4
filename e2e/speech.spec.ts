/**
 * Pronunciation and listening questions with a scripted `speechSynthesis` installed in the page
 * (Chromium in CI has no voices): which text is spoken, with which voice and at which rate; the
 * listen buttons of the dictionary, quiz, spelling and results; the listening question; and a
 * device with no English voice.
 */
import type { Page } from '@playwright/test';
import { readVocabulary } from './study-helpers';
import { expect, expectAccessible, test } from './support/fixtures';
import { SAVED } from './support/saved-state';

interface Spoken {
  text: string;
  voice: string | null;
  lang: string;
  rate: number;
}

interface FakeVoice {
  name: string;
  voiceURI: string;
  lang: string;
  localService: boolean;
  default: boolean;
}

const DEVICE_VOICES: FakeVoice[] = [
  { name: 'Milena', voiceURI: 'milena', lang: 'ru-RU', localService: true, default: true },
  // A network voice of the preferred accent: a voice on the device goes first.
  {
    name: 'Google UK English',
    voiceURI: 'g-uk',
    lang: 'en-GB',
    localService: false,
    default: false,
  },
  { name: 'Daniel', voiceURI: 'daniel', lang: 'en-GB', localService: true, default: false },
  { name: 'Samantha', voiceURI: 'samantha', lang: 'en-US', localService: true, default: false },
];

/** Installs a scripted speechSynthesis with `voices` (delivered late, as Chromium does). */
async function installSpeech(page: Page, voices: FakeVoice[]) {
  await page.addInitScript((list) => {
    const w = window as unknown as { __spoken: unknown[] };
    w.__spoken = [];
    let delivered: typeof list = [];
    const listeners: (() => void)[] = [];
    class FakeUtterance {
      voice: { name: string } | null = null;
      lang = '';
      rate = 1;
      constructor(readonly text: string) {}
    }
    const synth = {
      getVoices: () => delivered,
      speak(u: FakeUtterance) {
        w.__spoken.push({ text: u.text, voice: u.voice?.name ?? null, lang: u.lang, rate: u.rate });
      },
      cancel() {},
      pause() {},
      resume() {},
      speaking: false,
      pending: false,
      paused: false,
      addEventListener(type: string, listener: () => void) {
        if (type === 'voiceschanged') listeners.push(listener);
      },
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      value: FakeUtterance,
      configurable: true,
    });
    setTimeout(() => {
      delivered = list;
      for (const listener of listeners) listener();
    }, 50);
  }, voices);
}

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken);

test.describe('as a learner', () => {
  test.use({ storageState: SAVED.learner });

  test('the dictionary and settings speak with the device’s own English voice, at the chosen rate and accent', async ({
    page,
  }) => {
    await installSpeech(page, DEVICE_VOICES);
    await page.goto('/dictionary');
    await page.getByLabel('Поиск слов').fill('кнехт');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: 'кнехт' }).first();
    const english = (await row.locator('.dict-en [lang="en"]').first().textContent()) ?? '';
    await row.getByRole('button', { name: `Прослушать: ${english}` }).click();
    expect(await spoken(page)).toEqual([
      { text: english, voice: 'Daniel', lang: 'en-GB', rate: 1 },
    ]);
    await expectAccessible(page);

    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Произношение' });
    await expect(card.getByTestId('speech-voice')).toHaveText(
      'Голос: Daniel (en-GB) · работает без сети',
    );
    await card.getByRole('radio', { name: 'Американский' }).check();
    await card.getByRole('checkbox', { name: 'Говорить медленнее (для изучения)' }).check();
    await expect(card.getByTestId('speech-voice')).toHaveText(
      'Голос: Samantha (en-US) · работает без сети',
    );
    await card.getByRole('button', { name: 'Прослушать пример' }).click();
    expect((await spoken(page)).at(-1)).toEqual({
      text: 'Let go port anchor!',
      voice: 'Samantha',
      lang: 'en-US',
      rate: 0.7,
    });
    await expectAccessible(page);

    // Remembered for this user on this device.
    await page.reload();
    await expect(card.getByRole('radio', { name: 'Американский' })).toBeChecked();
    await expect(card.getByRole('checkbox', { name: /медленнее/ })).toBeChecked();
  });
});

test('in the quiz the English is heard when it is no secret; listening holds the question', async ({
  page,
}) => {
  await installSpeech(page, DEVICE_VOICES);
  // A controllable clock: the quiz's move to the next question is a timer.
  await page.clock.install();
  await page.goto('/select-topic?division=deck&role=all');
  await page.getByRole('checkbox', { name: /^Швартовка/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('radio', { name: 'RU → EN' }).check();
  await page.getByRole('button', { name: 'Меньше слов' }).click();
  await page.getByRole('button', { name: 'Начать' }).click();
  await expect(page.getByText(/^Вопрос 1 из \d+$/)).toBeVisible();
  await expect(
    page.getByText('Клавиши 1–4 — ответ, S — пропустить, L — прослушать английский.'),
  ).toBeVisible();

  // RU→EN: the English is the answer, so nothing plays before the answer.
  await expect(page.getByRole('button', { name: /^Прослушать/ })).toHaveCount(0);
  await page.keyboard.press('l');
  expect(await spoken(page)).toEqual([]);
  await page.keyboard.press('s');
  const answer = await page.locator('.quiz-option.is-right .quiz-option-text').textContent();
  await page.keyboard.press('l');
  expect(await spoken(page)).toEqual([{ text: answer, voice: 'Daniel', lang: 'en-GB', rate: 1 }]);
  // Having listened, the learner moves on when ready (the 1.5 s move does not come).
  await page.clock.runFor(5_000);
  await expect(page.getByText(/^Вопрос 1 из \d+$/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText(/^Вопрос 2 из \d+$/)).toBeVisible();

  // The rest of the questions skipped; on to spelling.
  for (let i = 2; i <= 5; i++) {
    await expect(page.getByText(`Вопрос ${i} из 5`)).toBeVisible();
    await page.keyboard.press('s');
    await page.clock.runFor(2_000);
  }
  await expect(
    page.getByRole('heading', { level: 1, name: /^(Правописание|Порядок слов)$/ }),
  ).toBeVisible();
  // A finished word can be heard, and stays until «Далее».
  await expect(page.getByRole('button', { name: /^Прослушать:/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Пропустить' }).click();
  const listen = page.getByRole('button', { name: /^Прослушать: / });
  const word = ((await listen.getAttribute('aria-label')) ?? '').replace('Прослушать: ', '');
  await listen.click();
  expect((await spoken(page)).at(-1)).toEqual({
    text: word,
    voice: 'Daniel',
    lang: 'en-GB',
    rate: 1,
  });
  await page.clock.runFor(5_000);
  await expect(listen).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Далее' }).click();

  // Every other word skipped (twice: the second pass asks the failed ones again): the end screen
  // says so, without congratulations.
  const done = page.getByRole('heading', { level: 1, name: 'Сессия завершена' });
  for (let i = 0; i < 12 && !(await done.isVisible()); i++) {
    const skip = page.getByRole('button', { name: 'Пропустить' });
    if (await skip.isEnabled()) await skip.click();
    await page.clock.runFor(4_000);
  }
  await expect(done).toBeVisible();
  // The results: each word has its listen button.
  const results = page.getByRole('button', { name: /^Прослушать: / });
  await expect(results).toHaveCount(5);
  await results.first().click();
  expect((await spoken(page)).at(-1)?.voice).toBe('Daniel');
  await expectAccessible(page);
});

test('listening questions play the English, offer Russian options and show the text after the answer', async ({
  page,
}) => {
  await installSpeech(page, DEVICE_VOICES);
  // Every random draw low: every question of the session is a listening one.
  await page.addInitScript(() => {
    Math.random = () => 0.1;
  });
  await page.goto('/select-topic?division=deck&role=all');
  await page.getByRole('checkbox', { name: /^Швартовка/ }).check();
  await page.getByRole('button', { name: 'Продолжить' }).click();
  const option = page.getByRole('checkbox', { name: 'Вопросы на слух' });
  await expect(option).not.toBeChecked();
  await option.check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Начать' }).click();
  await expect(page.getByText(/^Вопрос 1 из \d+$/)).toBeVisible();
  await expect(page.getByText('Прослушайте и выберите перевод')).toBeVisible();
  // Nothing tells the word before the answer: no text, no named listen button.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Прослушать:/ })).toHaveCount(0);

  await expect.poll(async () => (await spoken(page)).length).toBe(1);
  const [played] = await spoken(page);
  expect(played).toMatchObject({ voice: 'Daniel', rate: 1 });
  await page.getByRole('button', { name: 'Прослушать ещё раз' }).click();
  expect((await spoken(page)).map((s) => s.text)).toEqual([played?.text, played?.text]);

  const vocab = await readVocabulary(page, { topic: 'Mooring' });
  const russian = vocab.find((pair) => pair.en === played?.text)?.ru as string;
  const options = await page
    .getByRole('radio')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(options).toContain(russian);
  await page.getByRole('radio', { name: russian }).check();
  await page.getByRole('button', { name: 'Ответить' }).click();
  await expect(page.getByText('Верно!')).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
    played?.text ?? '',
  );
  await expectAccessible(page);

  // The option stays chosen for the next session.
  await page.goto('/session-setup');
  await expect(page.getByRole('checkbox', { name: 'Вопросы на слух' })).toBeChecked();
});

test.describe('as a learner', () => {
  test.use({ storageState: SAVED.learner });

  test('with no English voice, nothing offers to speak and settings say how to add a voice', async ({
    page,
  }) => {
    await installSpeech(page, [DEVICE_VOICES[0] as FakeVoice]);
    await page.goto('/dictionary');
    await page.getByLabel('Поиск слов').fill('кнехт');
    await expect(
      page.getByRole('table').getByRole('row').filter({ hasText: 'кнехт' }).first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Прослушать/ })).toHaveCount(0);

    await page.goto('/select-topic?division=deck&role=all');
    await page.getByRole('checkbox', { name: /^Швартовка/ }).check();
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Настройка сессии' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Вопросы на слух' })).toHaveCount(0);

    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Произношение' });
    await expect(card.getByRole('status')).toHaveText(
      'На этом устройстве нет английского голоса, поэтому кнопки прослушивания и вопросы на слух скрыты. Как добавить голос:',
    );
    await expect(
      card.getByText(/^Android: Настройки → Специальные возможности → Синтез речи/),
    ).toBeVisible();
    await expect(
      card.getByText(/^iPhone и iPad: Настройки → Универсальный доступ → Устный контент/),
    ).toBeVisible();
    await expectAccessible(page);
  });
});
