/**
 * The schedule settings decide how the history folds, so a device already signed in takes another
 * device's change from the cloud profile at sync (at most every PROFILE_READ_INTERVAL_MS) and
 * refolds; a change made here and not yet sent is never overwritten.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import { refoldUser } from '@/db/history-refold';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
import { getUser, markProfileUnsent, updateUser } from '@/db/users-repo';
import { DAY_MS, PROFILE_READ_INTERVAL_MS } from '@/domain/constants';
import { syncOnce } from '@/sync/engine';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const USER = 'u-mate';
const NOW = Date.UTC(2026, 10, 24, 8);
const open: MarineDB[] = [];

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(USER);
  await updateUser(db, USER, (user) => ({
    ...user,
    settings: { ...user.settings, homeZone: 'Europe/Riga' },
  }));
  open.push(db);
  return db;
}

describe('schedule settings across devices', () => {
  it('a device already signed in takes FSRS from the profile at sync and refolds', async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const phone = await device();
    const tablet = await device();
    await recordChange(tablet, USER, 'w1', { kind: 'answer', correct: true }, NOW);
    await syncOnce({ db: tablet, remote, userId: USER, now: NOW });
    await syncOnce({ db: phone, remote, userId: USER, now: NOW });
    expect((await getUserWord(phone, USER, 'w1'))?.nextReviewAt).toBe(NOW + DAY_MS);

    // The phone's learner chooses FSRS; the phone sends its profile.
    await updateUser(phone, USER, (user) => ({
      ...user,
      settings: { ...user.settings, schedule: 'fsrs', retention: 0.9 },
    }));
    await markProfileUnsent(phone, USER);
    await refoldUser(phone, USER); // as the settings screen does
    await syncOnce({ db: phone, remote, userId: USER, now: NOW + 1000 });

    // Within the interval the tablet does not read the profile again...
    const early = await syncOnce({ db: tablet, remote, userId: USER, now: NOW + 2000 });
    expect(early.settingsApplied).toBeUndefined();
    // ...after it, it does, takes the schedule and refolds: both devices schedule alike.
    const later = NOW + PROFILE_READ_INTERVAL_MS + 1;
    const report = await syncOnce({ db: tablet, remote, userId: USER, now: later });
    expect(report.settingsApplied).toBe(true);
    expect((await getUser(tablet, USER))?.settings).toMatchObject({ schedule: 'fsrs' });
    const onTablet = await getUserWord(tablet, USER, 'w1');
    expect(onTablet?.nextReviewAt).toBeGreaterThan(NOW + 2 * DAY_MS);
    await syncOnce({ db: phone, remote, userId: USER, now: later });
    expect(await getUserWord(phone, USER, 'w1')).toEqual(onTablet);
  });

  it('a device whose clock was ahead reads the profile again as soon as its clock is set right', async () => {
    const YEAR = 365 * DAY_MS;
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const phone = await device();
    const tablet = await device();
    // The tablet's clock runs a year ahead at its first sync: it notes that it read the profile then.
    await syncOnce({ db: tablet, remote, userId: USER, now: NOW + YEAR, clock: () => NOW + YEAR });
    await syncOnce({ db: phone, remote, userId: USER, now: NOW, clock: () => NOW });
    await updateUser(phone, USER, (user) => ({
      ...user,
      settings: { ...user.settings, schedule: 'fsrs' },
    }));
    await markProfileUnsent(phone, USER);
    await syncOnce({ db: phone, remote, userId: USER, now: NOW + 1000, clock: () => NOW + 1000 });
    // The tablet's clock is set right; its next sync after the interval takes the phone's choice.
    const later = NOW + PROFILE_READ_INTERVAL_MS + 1;
    const report = await syncOnce({
      db: tablet,
      remote,
      userId: USER,
      now: later,
      clock: () => later,
    });
    expect(report.settingsApplied).toBe(true);
    expect((await getUser(tablet, USER))?.settings.schedule).toBe('fsrs');
  });

  it('a daily goal changed on one device does not revert the schedule another device chose', async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const phone = await device();
    const tablet = await device();
    // Both devices once sent their whole profile with the standard schedule.
    for (const db of [phone, tablet]) {
      await updateUser(db, USER, (user) => ({
        ...user,
        settings: { ...user.settings, schedule: 'standard' },
      }));
      await markProfileUnsent(db, USER);
      await syncOnce({ db, remote, userId: USER, now: NOW, clock: () => NOW });
    }
    // The tablet's learner chooses FSRS; the phone's changes the daily goal.
    await updateUser(tablet, USER, (user) => ({
      ...user,
      settings: { ...user.settings, schedule: 'fsrs' },
    }));
    await markProfileUnsent(tablet, USER, ['schedule']);
    await syncOnce({ db: tablet, remote, userId: USER, now: NOW + 1000, clock: () => NOW + 1000 });
    await updateUser(phone, USER, (user) => ({
      ...user,
      settings: { ...user.settings, dailyGoal: 30 },
    }));
    await markProfileUnsent(phone, USER, ['dailyGoal']);
    const later = NOW + PROFILE_READ_INTERVAL_MS + 1;
    const report = await syncOnce({
      db: phone,
      remote,
      userId: USER,
      now: later,
      clock: () => later,
    });
    expect(await remote.readProfile(USER)).toMatchObject({ schedule: 'fsrs', dailyGoal: 30 });
    // And the phone takes the tablet's choice: both fold alike.
    expect(report.settingsApplied).toBe(true);
    expect((await getUser(phone, USER))?.settings).toMatchObject({
      schedule: 'fsrs',
      dailyGoal: 30,
    });
  });

  it('the study day’s hour travels to another device; a write of only other fields keeps it', async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const phone = await device();
    const tablet = await device();
    for (const db of [phone, tablet]) {
      await markProfileUnsent(db, USER);
      await syncOnce({ db, remote, userId: USER, now: NOW, clock: () => NOW });
    }
    // 23:30 and 00:30 in Riga: one study day from 04:00, two from midnight.
    const evening = Date.UTC(2026, 10, 24, 21, 30);
    for (const at of [evening, evening + 3_600_000]) {
      await recordChange(phone, USER, 'dk002', { kind: 'answer', correct: true }, at);
    }
    expect((await getUserWord(phone, USER, 'dk002'))?.streak).toBe(1);
    // The tablet's learner sets the day to begin at midnight.
    await updateUser(tablet, USER, (user) => ({
      ...user,
      settings: { ...user.settings, dayStartHour: 0 },
    }));
    await markProfileUnsent(tablet, USER, ['dayStartHour']);
    await syncOnce({ db: tablet, remote, userId: USER, now: NOW + 1000, clock: () => NOW + 1000 });
    // The phone writes only the field it changed (the previous version writes the fields it
    // knows, never dayStartHour): the merge keeps the tablet's hour.
    await updateUser(phone, USER, (user) => ({
      ...user,
      settings: { ...user.settings, dailyGoal: 30 },
    }));
    await markProfileUnsent(phone, USER, ['dailyGoal']);
    const later = NOW + PROFILE_READ_INTERVAL_MS + 1;
    const report = await syncOnce({
      db: phone,
      remote,
      userId: USER,
      now: later,
      clock: () => later,
    });
    expect(await remote.readProfile(USER)).toMatchObject({ dayStartHour: 0, dailyGoal: 30 });
    expect(report.settingsApplied).toBe(true);
    expect((await getUser(phone, USER))?.settings.dayStartHour).toBe(0);
    // Refolded under it: the two answers are two study days now.
    expect((await getUserWord(phone, USER, 'dk002'))?.streak).toBe(2);
  });

  it('a schedule changed here and not yet sent is not overwritten by the profile', async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const phone = await device();
    const tablet = await device();
    // The cloud profile holds the standard schedule, sent by the tablet.
    await updateUser(tablet, USER, (user) => ({
      ...user,
      settings: { ...user.settings, schedule: 'standard' },
    }));
    await markProfileUnsent(tablet, USER, ['schedule']);
    await syncOnce({ db: tablet, remote, userId: USER, now: NOW });
    await syncOnce({ db: phone, remote, userId: USER, now: NOW });
    // The phone's learner chooses FSRS while the phone's sync reads the profile: the cloud's
    // standard schedule arrives when the choice here is not sent yet. (A failed profile write
    // ends the sync before the read, so only a change made during the sync meets the read.)
    const read = remote.readProfile.bind(remote);
    remote.readProfile = async (userId) => {
      const cloud = await read(userId);
      await updateUser(phone, USER, (user) => ({
        ...user,
        settings: { ...user.settings, schedule: 'fsrs' },
      }));
      await markProfileUnsent(phone, USER, ['schedule']);
      return cloud;
    };
    const later = NOW + PROFILE_READ_INTERVAL_MS + 1;
    const report = await syncOnce({ db: phone, remote, userId: USER, now: later });
    expect(await read(USER)).toMatchObject({ schedule: 'standard' });
    expect(report.settingsApplied).toBeUndefined();
    expect((await getUser(phone, USER))?.settings.schedule).toBe('fsrs');
    // The choice is sent with the next sync, and the cloud ends with it.
    remote.readProfile = read;
    await syncOnce({ db: phone, remote, userId: USER, now: later + 1000 });
    expect(await remote.readProfile(USER)).toMatchObject({ schedule: 'fsrs' });
    expect((await getUser(phone, USER))?.settings.schedule).toBe('fsrs');
  });
});
