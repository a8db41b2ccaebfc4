/**
 * The review schedule across two devices of one learner (cloud edition): the phone chooses FSRS
 * and studies; a tablet in another time zone that signs in to the same account takes the
 * schedule and the home time zone from the cloud profile, and after its sync folds the same
 * answers to the same next reviews.
 */
import type { Page } from '@playwright/test';
import { readStore, studyFiveWordsRight } from './study-helpers';
import { firestore, uidOf } from './support/cloud';
import {
  expect,
  expectAccessible,
  loginViaUi,
  registerViaUi,
  test,
  uniqueEmail,
} from './support/fixtures';

const DAY = 24 * 60 * 60 * 1000;
const HOME = 'Asia/Vladivostok';

// The phone is set to Vladivostok's time: registration makes it the learner's home zone.
test.use({ timezoneId: HOME });

interface StoredUser {
  id: string;
  settings: { homeZone?: string; schedule?: string; retention?: number };
}

interface StoredWord {
  userId: string;
  vocabId: string;
  nextReviewAt?: number;
}

async function syncNow(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Синхронизировать' }).click();
  // A manual sync may queue behind the start-up run of the page just loaded.
  await expect(page.getByRole('status').filter({ hasText: 'Данные синхронизированы' })).toBeVisible(
    { timeout: 15_000 },
  );
}

/** The next review of each of the user's words on a device, by word. */
async function nextReviews(page: Page, uid: string): Promise<Record<string, number | undefined>> {
  const words = (await readStore<StoredWord>(page, 'userWords')).filter((w) => w.userId === uid);
  return Object.fromEntries(words.map((w) => [w.vocabId, w.nextReviewAt]));
}

async function profileOf(uid: string): Promise<Record<string, unknown> | undefined> {
  return (await firestore.documents(`users/${uid}`)).find((d) => d.id === uid)?.data;
}

test('FSRS chosen on one device schedules the same next reviews on a second device', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.clock.install();
  const account = await registerViaUi(page, { email: uniqueEmail('schedule') });
  const uid = await uidOf(account.email);
  await expect.poll(async () => (await profileOf(uid))?.homeZone).toBe(HOME);

  // The phone: FSRS, then a short session of right answers, then a sync.
  await page.goto('/settings');
  const schedule = page.getByRole('region', { name: 'Расписание повторений' });
  await schedule.getByRole('radio', { name: 'Адаптивный (FSRS)' }).check();
  await expect(schedule.getByRole('status')).toHaveText(
    'Сохранено. Даты повторений пересчитаны (слов: 0).',
  );
  await expect.poll(async () => (await profileOf(uid))?.schedule).toBe('fsrs');
  await studyFiveWordsRight(page, 'Есть прогресс!');
  await syncNow(page);
  const onPhone = await nextReviews(page, uid);
  expect(Object.keys(onPhone)).toHaveLength(5);
  for (const due of Object.values(onPhone)) {
    // FSRS's first Good at 90 %: three days away (the standard schedule says one).
    expect(due).toBeGreaterThan(Date.now() + 2 * DAY);
  }

  // The tablet: another time zone, the same account.
  const tablet = await browser.newContext({
    locale: 'ru-RU',
    timezoneId: 'Europe/Riga',
    serviceWorkers: 'block',
  });
  const second = await tablet.newPage();
  await second.addInitScript(() => localStorage.setItem('marine.splash', 'off'));
  await loginViaUi(second, account);
  await syncNow(second);
  await expect.poll(() => nextReviews(second, uid)).toEqual(onPhone);
  const users = await readStore<StoredUser>(second, 'users');
  expect(users.find((u) => u.id === uid)?.settings).toMatchObject({
    schedule: 'fsrs',
    homeZone: HOME,
  });

  // Its settings say so, and offer its own zone without taking it.
  await second.goto('/settings');
  const onTablet = second.getByRole('region', { name: 'Расписание повторений' });
  await expect(onTablet.getByRole('radio', { name: 'Адаптивный (FSRS)' })).toBeChecked();
  await expect(onTablet.getByText(/День считается по часовому поясу .*\(GMT[+-]\d/)).toBeVisible();
  await expect(onTablet.getByText(HOME)).toHaveCount(0);
  await expect(
    onTablet.getByRole('button', {
      name: /^Использовать часовой пояс устройства \(Восточная Европа.* \(GMT\+[23]\)\)$/,
    }),
  ).toBeVisible();
  await expectAccessible(second);
  expect((await profileOf(uid))?.homeZone).toBe(HOME);
  await tablet.close();
});
