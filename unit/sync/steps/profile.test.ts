/**
 * The profile steps on their own: the push sends what changed here and changes nothing here; the
 * read takes another device's schedule settings and returns them, as stored, with every word it
 * refolded under them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import type { MarineDB } from '@/db/schema';
import { getUserWord } from '@/db/user-words-repo';
import { getUser, markProfileUnsent, updateUser } from '@/db/users-repo';
import { PROFILE_READ_INTERVAL_MS } from '@/domain/constants';
import { pushProfile } from '@/sync/steps/profile-push';
import { readProfileSettings } from '@/sync/steps/profile-read';
import { openDeviceOf } from '../../db/helpers';
import { MemoryRemote } from '../support/memory-remote';
import { contextOf } from './support';

const USER = 'u-profile';
const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);

const open: MarineDB[] = [];
async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(USER);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

describe('the profile-push step', () => {
  it('sends the fields changed here once and reports it', async () => {
    const remote = new MemoryRemote();
    const db = await device();
    await updateUser(db, USER, (user) => ({
      ...user,
      settings: { ...user.settings, schedule: 'fsrs', retention: 0.85 },
    }));
    await markProfileUnsent(db, USER, ['schedule', 'retention']);
    expect(await pushProfile(contextOf(db, remote, USER, NOW))).toEqual({
      changes: [],
      report: { profileSent: true },
    });
    expect(await remote.readProfile(USER)).toMatchObject({ schedule: 'fsrs', retention: 0.85 });
    expect((await getUser(db, USER))?.profileUnsent).toBeUndefined();
    remote.resetCounters();
    expect(await pushProfile(contextOf(db, remote, USER, NOW + 1))).toEqual({
      changes: [],
      report: {},
    });
    expect(remote.counters.writes).toBe(0);
  });
});

describe('the profile-read step', () => {
  it('returns the settings it took and the words it refolded, as stored', async () => {
    const remote = new MemoryRemote();
    await remote.writeProfile(USER, { schedule: 'fsrs', retention: 0.9 });
    const db = await device();
    await recordChange(db, USER, 'w1', { kind: 'answer', correct: true }, NOW - 1000);
    const result = await readProfileSettings(contextOf(db, remote, USER, NOW));
    const user = await getUser(db, USER);
    expect(user?.settings).toMatchObject({ schedule: 'fsrs', retention: 0.9 });
    expect(result).toEqual({
      changes: [
        { kind: 'settings', userId: USER, settings: user?.settings },
        { kind: 'words', userId: USER, words: [await getUserWord(db, USER, 'w1')], removed: [] },
      ],
      report: { refolded: 1, settingsApplied: true },
    });
    // Read again only after the interval; the same settings then change nothing.
    remote.resetCounters();
    expect(await readProfileSettings(contextOf(db, remote, USER, NOW + 1000))).toEqual({
      changes: [],
      report: {},
    });
    expect(remote.counters.reads).toBe(0);
    const later = NOW + PROFILE_READ_INTERVAL_MS;
    expect(await readProfileSettings(contextOf(db, remote, USER, later))).toEqual({
      changes: [],
      report: {},
    });
    expect(remote.counters.reads).toBe(1);
  });

  it('never takes a field over a change made here that the cloud lacks', async () => {
    const remote = new MemoryRemote();
    await remote.writeProfile(USER, { schedule: 'fsrs' });
    const db = await device();
    await updateUser(db, USER, (user) => ({
      ...user,
      settings: { ...user.settings, schedule: 'standard' },
    }));
    await markProfileUnsent(db, USER, ['schedule']);
    expect(await readProfileSettings(contextOf(db, remote, USER, NOW))).toEqual({
      changes: [],
      report: {},
    });
    expect((await getUser(db, USER))?.settings.schedule).toBe('standard');
  });
});
