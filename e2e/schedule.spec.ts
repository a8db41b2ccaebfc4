/**
 * The review schedule in settings (local edition): FSRS with its desired retention, the standard
 * intervals, and the home time zone that is the schedule's day. A change refolds the learner's
 * words at once: the next review a right answer earns moves with it.
 */
import type { Page } from '@playwright/test';
import { readStore, studyFiveWordsRight } from './study-helpers';
import { expect, expectAccessible, registerViaUi, test } from './support/fixtures';

const DAY = 24 * 60 * 60 * 1000;
const HOME = 'Asia/Vladivostok';

// The learner's device is set to Vladivostok's time: registration makes it the home zone.
test.use({ timezoneId: HOME });

interface StoredUser {
  id: string;
  email: string;
  settings: { homeZone?: string; schedule?: string; retention?: number };
}

interface StoredWord {
  userId: string;
  vocabId: string;
  nextReviewAt?: number;
  memory?: { last: number; due: number };
}

async function userOf(page: Page, email: string): Promise<StoredUser> {
  const users = await readStore<StoredUser>(page, 'users');
  return users.find((u) => u.email === email) as StoredUser;
}

/** Days from each word's first answer of the day (its FSRS review) to its next review. */
async function intervals(page: Page, userId: string): Promise<number[]> {
  const words = (await readStore<StoredWord>(page, 'userWords')).filter((w) => w.userId === userId);
  return words.map((w) => ((w.nextReviewAt ?? 0) - (w.memory?.last ?? 0)) / DAY);
}

/** A zone as settings names it (src/features/settings/zone-label.ts), by the page's Intl. */
function zoneLabel(page: Page, zone: string): Promise<string> {
  return page.evaluate((name) => {
    const part = (style: 'longGeneric' | 'shortOffset') =>
      new Intl.DateTimeFormat('ru-RU', { timeZone: name, timeZoneName: style })
        .formatToParts(Date.now())
        .find((p) => p.type === 'timeZoneName')?.value;
    const offset = part('shortOffset');
    const generic = part('longGeneric');
    if (!offset) return name;
    return !generic || /^(GMT|UTC)/.test(generic) ? offset : `${generic} (${offset})`;
  }, zone);
}

const card = (page: Page) => page.getByRole('region', { name: 'Расписание повторений' });

test('FSRS in settings: a right answer is due in 3 days at 90 %, 8 at 80 %, 1 with the standard schedule', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  const account = await registerViaUi(page);
  const user = await userOf(page, account.email);
  expect(user.settings).toMatchObject({ homeZone: HOME });
  expect(user.settings.schedule).toBeUndefined();

  await page.goto('/settings');
  const schedule = card(page);
  await expect(schedule.getByRole('heading', { level: 2 })).toHaveText('Расписание повторений');
  const standard = schedule.getByRole('radio', { name: 'Стандартный' });
  const fsrs = schedule.getByRole('radio', { name: 'Адаптивный (FSRS)' });
  await expect(standard).toBeChecked();
  await expect(schedule.getByText(/в днях: 1, 3, 7, 14, 30, 60, 90/)).toBeVisible();
  // The zone by its name and offset, not its IANA name.
  await expect(
    schedule.getByText(/День считается по часовому поясу Владивосток.* \(GMT\+10\)/),
  ).toBeVisible();
  await expect(schedule.getByText(HOME)).toHaveCount(0);
  // The device is in the home zone: nothing to switch to.
  await expect(schedule.getByRole('button', { name: /часовой пояс устройства/ })).toHaveCount(0);
  await expect(schedule.getByRole('group', { name: 'Целевое запоминание' })).toHaveCount(0);
  // Touch targets of 44 px.
  for (const radio of [standard, fsrs]) {
    expect((await radio.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  }

  // Chosen with the keyboard: the radio group moves with the arrow keys.
  await standard.focus();
  await page.keyboard.press('ArrowRight');
  await expect(fsrs).toBeChecked();
  await expect(schedule.getByRole('status')).toHaveText(
    'Сохранено. Даты повторений пересчитаны (слов: 0).',
  );
  const retention = schedule.getByRole('group', { name: 'Целевое запоминание' });
  await expect(retention.getByRole('radio', { name: /^90\s%$/ })).toBeChecked();
  await expect(
    schedule.getByText(
      'Доля слов, которые вы должны помнить к дню повторения. Выше — чаще повторения.',
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await expect.poll(async () => (await userOf(page, account.email)).settings.schedule).toBe('fsrs');

  // A short session, every answer right: FSRS's first Good at 90 % is three days away (the
  // standard schedule would ask again tomorrow).
  await studyFiveWordsRight(page, 'Есть прогресс!');
  expect(await intervals(page, user.id)).toEqual([3, 3, 3, 3, 3]);
  const words = (await readStore<StoredWord>(page, 'userWords')).filter(
    (w) => w.userId === user.id,
  );
  for (const word of words) {
    expect(word.nextReviewAt).toBe(word.memory?.due);
    expect(word.nextReviewAt).toBeGreaterThan(Date.now() + 2 * DAY);
  }

  // 80 %: the words are refolded at once, due later.
  await page.goto('/settings');
  await retention.getByRole('radio', { name: /^80\s%$/ }).check();
  await expect(schedule.getByRole('status')).toHaveText(
    'Сохранено. Даты повторений пересчитаны (слов: 5).',
  );
  expect(await intervals(page, user.id)).toEqual([8, 8, 8, 8, 8]);
  expect((await userOf(page, account.email)).settings.retention).toBe(0.8);

  // Back to the standard schedule: the specification's one day. The learned count changes (five
  // words right once are learned there, not yet under FSRS): asked first, with the numbers.
  await standard.check();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Выучено слов (MAST): сейчас 0, со стандартным — 5.');
  await ask.getByRole('button', { name: 'Переключить' }).click();
  await expect(retention).toHaveCount(0);
  await expect(schedule.getByRole('status')).toHaveText(
    'Сохранено. Даты повторений пересчитаны (слов: 5).',
  );
  await expect.poll(() => intervals(page, user.id)).toEqual([1, 1, 1, 1, 1]);

  // Kept across a reload.
  await page.reload();
  await expect(standard).toBeChecked();
});

test('the home time zone stays when the device’s changes, until the learner takes the new one', async ({
  browser,
}) => {
  // A device without this file's fixed zone, so the test can move its zone while the page runs.
  const device = await browser.newContext({
    locale: 'ru-RU',
    timezoneId: undefined,
    serviceWorkers: 'block',
  });
  const page = await device.newPage();
  await page.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  const account = await registerViaUi(page);
  const home = (await userOf(page, account.email)).settings.homeZone as string;
  expect(home).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));

  // The ship crosses into another zone: the device's clock follows, the learner's day does not.
  const moved = home === 'Europe/Riga' ? 'Asia/Tokyo' : 'Europe/Riga';
  const cdp = await device.newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: moved });
  await page.reload();
  await page.goto('/settings');
  const schedule = card(page);
  await expect(
    schedule.getByText(`День считается по часовому поясу ${await zoneLabel(page, home)}`),
  ).toBeVisible();
  expect((await userOf(page, account.email)).settings.homeZone).toBe(home);

  const use = schedule.getByRole('button', {
    name: `Использовать часовой пояс устройства (${await zoneLabel(page, moved)})`,
  });
  expect((await use.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await expectAccessible(page);
  await use.focus();
  await page.keyboard.press('Enter');
  await expect(
    schedule.getByText(`День считается по часовому поясу ${await zoneLabel(page, moved)}`),
  ).toBeVisible();
  await expect(use).toHaveCount(0);
  await expect(schedule.getByRole('status')).toHaveText(
    'Сохранено. Даты повторений пересчитаны (слов: 0).',
  );
  expect((await userOf(page, account.email)).settings.homeZone).toBe(moved);
  await device.close();
});
