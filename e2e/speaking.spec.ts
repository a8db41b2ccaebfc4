/**
 * Spoken replies in a real Chromium at 390 px, with a scripted `SpeechRecognition` installed before
 * the app runs (each `start()` plays the next scripted outcome: words heard, no match, or an
 * error) and a fake microphone (a tone through the page's real MediaRecorder) for record and compare:
 * - Russian, by keyboard, on-device recognition: nothing recognised, a refused microphone and a
 *   language the device cannot recognise are said in plain words; a reply heard right is marked
 *   word by word and counted as a spoken answer; one said with "Out" for "Over" is marked wrong.
 * - English, a guest, a browser whose recognition works only online: offline it records and
 *   compares (the recording played, the learner judges), online it asks before anything is sent.
 * A learner's answers are history entries with their mode; axe is clean on the marked reply and on
 * the judged recording.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Drill } from '../src/domain/drills';
import { spokenForm } from '../src/domain/spoken';
import { readStore } from './study-helpers';
import { expect, expectAccessible, test, untilControlled } from './support/fixtures';
import { SAVED } from './support/saved-state';

test.use({ viewport: { width: 390, height: 844 }, storageState: SAVED.learner });

const DRILLS = JSON.parse(
  readFileSync(new URL('../src/data/drills.json', import.meta.url), 'utf8'),
) as Drill[];

/** A drill that opens with the other station and asks the learner for two replies or more. */
const drill = DRILLS.find(
  (d) =>
    d.turns[0]?.station === 'other' &&
    d.turns.filter((turn) => turn.station === 'self').length >= 2,
) as Drill;
const own = drill.turns.filter((turn) => turn.station === 'self');
const first = own[0] as Drill['turns'][number];
const second = own[1] as Drill['turns'][number];

/** What the scripted recogniser does at each `start()`, in order. */
type Scripted = { heard: string[] } | { nomatch: true } | { error: string };

interface FakeSpeech {
  /** `available()` answers this; absent: the browser has no such check (online only). */
  availability?: string;
  script: Scripted[];
  starts: { lang: string; processLocally: boolean }[];
}

/** Installs the scripted recogniser before any script of the page runs. */
async function fakeRecognition(page: Page, availability?: string): Promise<void> {
  await page.addInitScript((availability) => {
    const speech: FakeSpeech = { availability, script: [], starts: [] };
    (window as unknown as { __speech: FakeSpeech }).__speech = speech;
    class FakeRecognition {
      lang = '';
      continuous = false;
      interimResults = false;
      maxAlternatives = 1;
      processLocally = false;
      onresult: ((event: unknown) => void) | null = null;
      onnomatch: (() => void) | null = null;
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      start() {
        speech.starts.push({ lang: this.lang, processLocally: this.processLocally });
        const next = speech.script.shift() ?? { nomatch: true };
        setTimeout(() => {
          if ('heard' in next) {
            const result = Object.assign(
              next.heard.map((transcript) => ({ transcript, confidence: 0.9 })),
              { isFinal: true },
            );
            this.onresult?.({ results: [result] });
          } else if ('error' in next) this.onerror?.({ error: next.error });
          else this.onnomatch?.();
          this.onend?.();
        }, 50);
      }
      stop() {}
      abort() {}
    }
    if (availability !== undefined) {
      Object.assign(FakeRecognition, {
        available: async () => speech.availability,
        install: async () => true,
      });
    }
    Object.defineProperty(window, 'SpeechRecognition', { value: FakeRecognition });
  }, availability);
}

/**
 * A microphone that hears a steady tone: getUserMedia gives a Web Audio oscillator's stream, which
 * the page's real MediaRecorder records and its real decoder plays back.
 */
async function fakeMicrophone(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __microphone: number };
    w.__microphone = 0;
    navigator.mediaDevices.getUserMedia = async () => {
      w.__microphone++;
      const context = new AudioContext();
      await context.resume();
      const tone = context.createOscillator();
      const sink = context.createMediaStreamDestination();
      tone.connect(sink);
      tone.start();
      return sink.stream;
    };
  });
}

const script = (page: Page, outcomes: Scripted[]) =>
  page.evaluate((outcomes) => {
    (window as unknown as { __speech: FakeSpeech }).__speech.script.push(...outcomes);
  }, outcomes);

const starts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __speech: FakeSpeech }).__speech.starts);

/** The drill replies recorded so far: right or wrong, and how they were given. */
async function replies(page: Page) {
  const history = await readStore<{ kind: string; correct: boolean; mode?: string }>(
    page,
    'history',
  );
  return history
    .filter((entry) => entry.kind === 'drill')
    .map((entry) => ({ correct: entry.correct, mode: entry.mode }));
}

/** As a recogniser writes it: lower case, no punctuation. */
const asHeard = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

test('in Russian by keyboard: on-device recognition, its failures said, a reply marked word by word', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await fakeRecognition(page, 'available');
  await page.goto(`/drills/${drill.id}`);
  await expect(page.getByText(first.task?.ru as string)).toBeVisible();

  // Nothing is asked of the microphone before the learner chooses to speak.
  await page.getByRole('button', { name: 'Ответить голосом' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Скажите вслух' });
  await expect(
    panel.getByText('Речь распознаётся на этом устройстве, без интернета.'),
  ).toBeVisible();
  expect(await starts(page)).toEqual([]);
  const speak = panel.getByRole('button', { name: 'Говорить' });

  await script(page, [
    { nomatch: true },
    { error: 'not-allowed' },
    { heard: [asHeard(first.en).replace(/\bover$/, 'out'), asHeard(first.en)] },
  ]);
  await speak.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('alert')).toHaveText(
    'Ничего не распознано. Говорите чётко и попробуйте ещё раз.',
  );
  await speak.press('Enter');
  await expect(panel.getByRole('alert')).toContainText('Доступ к микрофону запрещён');
  expect(await replies(page)).toEqual([]);

  // Heard right (the recogniser's second guess is the reply): every word marked said.
  await speak.press('Enter');
  await expect(panel.locator('.speak-verdict')).toBeFocused();
  await expect(panel.locator('.speak-verdict')).toHaveText('Верно: все слова сказаны по порядку.');
  await expect(page.locator('.drill-feedback-slot')).toContainText('Верно.');
  await expect(panel.locator('.speak-word.is-said')).not.toHaveCount(0);
  await expect(panel.locator('.speak-word:not(.is-said):not(.is-dropped)')).toHaveCount(0);
  expect(await starts(page)).toEqual([
    { lang: 'en-US', processLocally: true },
    { lang: 'en-US', processLocally: true },
    { lang: 'en-US', processLocally: true },
  ]);
  await expect.poll(() => replies(page)).toEqual([{ correct: true, mode: 'spoken' }]);
  await expectAccessible(page);

  // Enter goes on from the verdict, as from «Далее».
  await page.keyboard.press('Enter');
  await expect(page.getByText(second.task?.ru as string)).toBeVisible();
  await script(page, [
    { error: 'language-not-supported' },
    {
      heard: [asHeard(second.en).replace(/\b(over|out)$/, (w) => (w === 'over' ? 'out' : 'over'))],
    },
  ]);
  await page.getByRole('button', { name: 'Ответить голосом' }).click();
  await panel.getByRole('button', { name: 'Говорить' }).click();
  await expect(panel.getByRole('alert')).toContainText(
    'Распознавание английской речи на этом устройстве недоступно',
  );
  // The device cannot hear this language: record and compare is what is left.
  await expect(panel.getByRole('button', { name: 'Записать', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Говорить' })).toHaveCount(0);
});

test('the language pack installed first, a reply heard wrong is marked wrong, the wrong word named', async ({
  page,
}) => {
  await fakeRecognition(page, 'downloadable');
  await page.goto(`/drills/${drill.id}`);
  await script(page, [
    { heard: [asHeard(first.en).replace(/\b(over|out)$/, (w) => (w === 'over' ? 'out' : 'over'))] },
  ]);
  await page.getByRole('button', { name: 'Ответить голосом' }).click();
  const panel = page.getByRole('region', { name: 'Скажите вслух' });
  // The pack can be installed: its size is not told, so the panel says when to download it.
  await expect(
    panel.getByText(/Его размер браузер не сообщает: загружайте через Wi-Fi или в порту/),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Загрузить языковой пакет' }).click();
  await expect(
    panel.getByText('Речь распознаётся на этом устройстве, без интернета.'),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Говорить' }).click();
  await expect(panel.getByText('Неверно: пропущено 0, неверно 1, лишних 0.')).toBeVisible();
  const ending = /\b(Over|Out)\.$/.exec(first.en)?.[1] as string;
  await expect(panel.locator('.speak-word.is-wrong')).toHaveText(
    `${ending}${ending}: неверно, услышано «${ending === 'Over' ? 'out' : 'over'}»`,
  );
  await expect(page.locator('.drill-feedback-slot')).toContainText('Неверно. Правильный ответ:');
  await expect.poll(() => replies(page)).toEqual([{ correct: false, mode: 'spoken' }]);
});

test.describe('a browser that recognises only online, with a microphone', () => {
  test.use({
    // A guest (the replies stay in memory for the visit); the service worker serves offline.
    storageState: SAVED.guest,
    serviceWorkers: 'allow',
  });

  test('in English: offline it records and compares; online it asks before sending', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.addInitScript(() => localStorage.setItem('marine.lang', 'en'));
    await fakeRecognition(page);
    await fakeMicrophone(page);
    await page.goto(`/drills/${drill.id}`);
    await untilControlled(page);
    await expect(page.getByText(first.task?.en as string)).toBeVisible();
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

    await page.getByRole('button', { name: 'Answer aloud' }).click();
    const panel = page.getByRole('region', { name: 'Say it aloud' });
    await expect(
      panel.getByText(
        'Without the internet this browser cannot recognise speech: record yourself and compare with the model.',
      ),
    ).toBeVisible();
    // The model as it is said on the radio: figures digit by digit, call signs spelled.
    await expect(panel.locator('.speak-model [lang="en"]')).toHaveText(spokenForm(first.en));
    // The microphone is asked for when the learner first chooses to record, not before.
    expect(
      await page.evaluate(() => (window as unknown as { __microphone: number }).__microphone),
    ).toBe(0);
    await panel.getByRole('button', { name: 'Record' }).click();
    await expect(panel.getByText('Recording… say the reply, then press Stop.')).toBeVisible();
    await page.waitForTimeout(600);
    await panel.getByRole('button', { name: 'Stop' }).click();
    await expect(
      panel.getByText('Compare your recording with the model. Did you say it right?'),
    ).toBeFocused();
    await panel.getByRole('button', { name: 'Play my recording' }).click();
    await expect(panel.getByRole('alert')).toBeEmpty();
    await panel.getByRole('button', { name: 'I said it right' }).click();
    await expect(page.locator('.drill-feedback-slot')).toContainText('Right.');
    expect(await starts(page)).toEqual([]);
    await expectAccessible(page);

    // Online again: the online service is offered, and nothing is sent before the learner allows it.
    await page.getByRole('button', { name: 'Next' }).click();
    await context.setOffline(false);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
    await page.getByRole('button', { name: 'Answer aloud' }).click();
    await expect(panel.getByText(/your voice is sent to the browser maker’s server/)).toBeVisible();
    expect(await starts(page)).toEqual([]);
    await script(page, [{ heard: [second.en] }]);
    await panel.getByRole('button', { name: 'Allow and speak' }).click();
    await expect(panel.getByText('Right: every word said, in order.')).toBeVisible();
    await expect(
      panel.getByText(
        'Your speech is recognised by the browser’s online service (you allowed it).',
      ),
    ).toBeVisible();
    expect(await starts(page)).toEqual([{ lang: 'en-US', processLocally: false }]);
    await expect(page.locator('.drill-feedback-slot')).toContainText('Right.');
  });
});
