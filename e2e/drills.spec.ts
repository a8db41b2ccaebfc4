/**
 * The VHF exchange drills: the list by situation, a drill played by keyboard on a 390 px phone with
 * no network (the other station's words shown, the learner's replies chosen with 1-3 and sent with
 * Enter, where the options differ marked, «Ответить» in reach; a wrong one corrected),
 * the exchange read back, the replies kept in the answer history and the progress on the list; in
 * English with a voice, the other station's turns and the whole exchange are heard.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { Drill } from '../src/domain/drills';
import { readStore } from './study-helpers';
import { fakeEnglishVoice, forgetSpoken, spokenTexts } from './support/fake-voice';
import { expect, expectAccessible, registerViaUi, test, untilControlled } from './support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const DRILLS = JSON.parse(
  readFileSync(new URL('../src/data/drills.json', import.meta.url), 'utf8'),
) as Drill[];

/** A drill that opens with the other station and asks the learner for two replies or more. */
function twoReplyDrill(situation?: string): Drill {
  const drill = DRILLS.find(
    (d) =>
      (!situation || d.situation === situation) &&
      d.turns[0]?.station === 'other' &&
      d.turns.filter((turn) => turn.station === 'self').length >= 2,
  );
  expect(drill, `a ${situation ?? ''} drill with two replies`).toBeTruthy();
  return drill as Drill;
}

/** The reply options on screen, in order. */
async function optionTexts(page: Page, legend: string): Promise<string[]> {
  const options = page.getByRole('group', { name: legend }).getByRole('radio');
  return options.evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
}

async function expectPhoneTargets(page: Page): Promise<void> {
  const heights = await page
    .locator('.drill-option, .drill-reply button, .drill-turn-translation summary')
    .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('with no network', () => {
  // The service worker is part of what this test checks (the default blocks it).
  test.use({ serviceWorkers: 'allow' });

  test('a drill is played by keyboard on a phone with no network, read back and kept', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const drill = twoReplyDrill('distress');
    const own = drill.turns.flatMap((turn, index) => (turn.station === 'self' ? [index] : []));
    await registerViaUi(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await untilControlled(page);
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);

    await page
      .getByRole('navigation', { name: 'Быстрые переходы' })
      .getByRole('link', { name: 'Радиообмен' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Радиообмен на УКВ' })).toBeVisible();
    const items = page.locator('.drills-item');
    await expect(items).toHaveCount(DRILLS.length);
    await page.getByRole('button', { name: 'Бедствие' }).click();
    await expect(page.getByRole('button', { name: 'Бедствие' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(items).toHaveCount(DRILLS.filter((d) => d.situation === 'distress').length);
    await expect(items.filter({ hasText: drill.title.ru })).toContainText('Ещё не пройдено');
    await page.getByRole('link', { name: drill.title.ru }).click();

    await expect(page.getByRole('heading', { level: 1, name: drill.title.ru })).toBeVisible();
    await expect(page.getByText(drill.setting.ru)).toBeVisible();
    // The other station's opening words are on screen (this device has no voice: text only).
    await expect(page.getByText(drill.turns[0]?.en as string, { exact: true })).toBeVisible();
    await expect(page.getByText('На устройстве нет английского голоса')).toBeVisible();
    await expectPhoneTargets(page);

    // The first reply right by its number key, the second wrong: the right one is shown. A number
    // key only chooses (as the hint says); Enter sends.
    for (const [n, index] of own.entries()) {
      const turn = drill.turns[index] as Drill['turns'][number];
      await expect(page.getByText(turn.task?.ru as string)).toBeVisible();
      const options = await optionTexts(page, 'Варианты ответа');
      expect(options).toContain(turn.en);
      // Where the options differ is marked in each; «Ответить» is in reach below long options.
      await expect(page.locator('.drill-option mark')).not.toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Ответить', exact: true })).toBeInViewport();
      const right = options.indexOf(turn.en);
      const pick = n === 0 ? right : (right + 1) % options.length;
      await page.keyboard.press(String(pick + 1));
      await expect(page.getByRole('radio').nth(pick)).toBeChecked();
      await expect(page.getByRole('status').getByText('Верно.')).toHaveCount(0);
      await page.keyboard.press('Enter');
      if (n === 0) await expect(page.getByRole('status').getByText('Верно.')).toBeVisible();
      else {
        await expect(page.getByText('Неверно. Правильный ответ:')).toBeVisible();
        await expect(page.locator('.drill-feedback-slot')).toContainText(turn.en);
      }
      await expect(page.getByRole('button', { name: 'Далее' })).toBeFocused();
      await page.keyboard.press('Enter');
    }

    // The end: the whole exchange, every turn in English and Russian.
    await expect(page.getByRole('heading', { name: 'Радиообмен целиком' })).toBeFocused();
    await expect(
      page.getByText(`Верных ответов с первой попытки: 1 из ${own.length}`),
    ).toBeVisible();
    const readBack = page.locator('.drill-readback .drill-turn');
    await expect(readBack).toHaveCount(drill.turns.length);
    for (const [index, turn] of drill.turns.entries()) {
      await expect(readBack.nth(index)).toContainText(turn.en);
      await expect(readBack.nth(index)).toContainText(turn.ru);
    }
    await expectAccessible(page);

    // Every reply is an entry of the answer history, unsent until the next sync.
    const history = await readStore<{
      kind: string;
      vocabId: string;
      correct: boolean;
      sent: number;
    }>(page, 'history');
    const replies = history.filter((entry) => entry.kind === 'drill');
    expect(replies.map((entry) => entry.vocabId)).toEqual(own.map(() => `drill:${drill.id}`));
    expect(replies.map((entry) => entry.correct).sort()).toEqual(own.map((_, n) => n === 0).sort());

    // The list shows the progress, after a reload with no network too.
    await page
      .getByRole('region', { name: 'Радиообмен целиком' })
      .getByRole('link', { name: 'Все упражнения' })
      .click();
    const done = `Пройдено 1 раз · последний раз: 1 из ${own.length}`;
    await expect(page.locator('.drills-item').filter({ hasText: drill.title.ru })).toContainText(
      done,
    );
    await page.reload();
    await expect(page.locator('.drills-item').filter({ hasText: drill.title.ru })).toContainText(
      done,
    );
  });
});

test('in English with a voice, the other station is heard and the exchange played back whole', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('marine.lang', 'en'));
  await fakeEnglishVoice(page);
  const spoken = () => spokenTexts(page);
  const drill = twoReplyDrill();
  // A guest plays too: the replies live in memory for the visit.
  await page.goto(`/drills/${drill.id}`);
  await expect(page.getByRole('heading', { level: 1, name: drill.title.en })).toBeVisible();
  await expect.poll(spoken).toEqual([drill.turns[0]?.en]);
  await expect(page.getByText('This device has no English voice')).toHaveCount(0);

  for (const [index, turn] of drill.turns.entries()) {
    if (turn.station !== 'self') continue;
    await expect(page.getByText(turn.task?.en as string)).toBeVisible();
    // A tap on the right reply, then «Reply».
    await page.locator('.drill-option').filter({ hasText: turn.en }).first().click();
    await page.getByRole('button', { name: 'Reply' }).click();
    await expect(page.getByRole('status').getByText('Right.')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    // The other station's next words are heard as they appear.
    const heard = drill.turns.slice(index + 1).findIndex((later) => later.station === 'self');
    const next = drill.turns.slice(index + 1, heard === -1 ? undefined : index + 1 + heard);
    if (next.length > 0)
      await expect.poll(spoken).toEqual(expect.arrayContaining(next.map((t) => t.en)));
  }
  const own = drill.turns.filter((turn) => turn.station === 'self').length;
  await expect(page.getByText(`Replies right at the first try: ${own} of ${own}`)).toBeVisible();
  await forgetSpoken(page);
  await page.getByRole('button', { name: 'Play the whole exchange' }).click();
  await expect.poll(spoken).toEqual(drill.turns.map((turn) => turn.en));
  await expectAccessible(page);

  // Again: a fresh run of the same drill.
  await page.getByRole('button', { name: 'Again' }).click();
  await expect(
    page.getByText(drill.turns.find((t) => t.station === 'self')?.task?.en as string),
  ).toBeVisible();
});
