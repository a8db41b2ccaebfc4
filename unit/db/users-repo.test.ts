/** Behaviour of the users repository: e-mail lookup, settings, sync cursor. */
import { describe, expect, it } from 'vitest';
import type { LocalUserRecord } from '@/db/schema';
import { getUser, getUserByEmail, putUser, updateUser, updateUserSettings } from '@/db/users-repo';
import { withDB } from './helpers';

const user: LocalUserRecord = {
  id: 'u1',
  email: '  Crew@Ship.Test ',
  fullName: 'Crew',
  isAdmin: false,
  createdAt: 1,
  settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
  passwordHash: 'h',
  passwordSalt: 's',
  passwordIterations: 210_000,
};

describe('users repository', () => {
  it('stores e-mails trimmed and lower-cased and finds them case-insensitively', async () => {
    await withDB([], async (db) => {
      const stored = await putUser(db, user);
      expect(stored.email).toBe('crew@ship.test');
      expect(await getUser(db, 'u1')).toEqual(stored);
      expect((await getUserByEmail(db, ' CREW@ship.test'))?.id).toBe('u1');
      expect(await getUserByEmail(db, 'other@ship.test')).toBeUndefined();
      expect(await getUserByEmail(db, '  ')).toBeUndefined();
    });
  });

  it('finds a legacy record whose e-mail was stored un-normalised', async () => {
    await withDB([], async (db) => {
      await db.put('users', { ...user, email: 'Legacy@Ship.Test' });
      expect((await getUserByEmail(db, 'legacy@ship.test'))?.id).toBe('u1');
    });
  });

  it('rejects a second user with the same e-mail', async () => {
    await withDB([], async (db) => {
      await putUser(db, user);
      await expect(putUser(db, { ...user, id: 'u2', email: 'CREW@ship.test' })).rejects.toThrow();
    });
  });

  it('merges settings and updates users in place', async () => {
    await withDB([], async (db) => {
      await putUser(db, user);
      const updated = await updateUserSettings(db, 'u1', { division: 'engine', role: 'ce' });
      expect(updated?.settings).toEqual({ ...user.settings, division: 'engine', role: 'ce' });
      expect((await getUser(db, 'u1'))?.settings.role).toBe('ce');
      expect(await updateUserSettings(db, 'nobody', { dailyGoal: 5 })).toBeUndefined();
      await updateUser(db, 'u1', (u) => ({ ...u, fullName: 'Bosun', id: 'hijack' }));
      expect((await getUser(db, 'u1'))?.fullName).toBe('Bosun');
      expect(await getUser(db, 'hijack')).toBeUndefined();
      await db.delete('users', 'u1');
      expect(await getUser(db, 'u1')).toBeUndefined();
    });
  });
});
