/** Behaviour of the roles repository, including detaching a deleted role. */
import { describe, expect, it } from 'vitest';
import { deleteRole, listRoles, listRolesByDivision, putRole } from '@/db/roles-repo';
import { getTopic } from '@/db/topics-repo';
import { vocab, withDB } from './helpers';

const items = [
  vocab('m1', { topic: 'Mooring', roles: ['os'] }),
  vocab('m2', { topic: 'Mooring', roles: ['os', 'bosun'] }),
  vocab('s1', { topic: 'Safety' }),
  vocab('e1', { topic: 'Mooring', division: 'engine', roles: ['ce'] }),
  vocab('e2', { topic: 'Pumps', division: 'engine' }),
];

describe('roles repository', () => {
  it('lists per division, puts and gets', async () => {
    await withDB([], async (db) => {
      expect((await listRolesByDivision(db, 'deck')).map((r) => r.name).sort()).toEqual([
        'ab',
        'bosun',
        'os',
      ]);
      await putRole(db, { id: 'deck::cadet', name: 'cadet', division: 'deck', createdBy: 'admin' });
      expect(await db.get('roles', 'deck::cadet')).toMatchObject({ name: 'cadet' });
      expect(await listRoles(db)).toHaveLength(17);
    });
  });

  it('deletes a role, detaching its code from its division’s topics and vocabulary when asked', async () => {
    await withDB(items, async (db) => {
      expect((await deleteRole(db, 'deck::bosun')).result).toMatchObject({ ok: true });
      expect((await db.get('vocab', 'm2'))?.roles).toEqual(['os', 'bosun']);
      const detached = await deleteRole(db, 'deck::os', { detach: true });
      expect(detached.changes.vocab.put.map((item) => item.id)).toEqual(['m1', 'm2']);
      expect((await db.get('vocab', 'm1'))?.roles).toEqual([]);
      expect((await db.get('vocab', 'm2'))?.roles).toEqual(['bosun']);
      expect((await getTopic(db, 'deck::Mooring'))?.roles).toEqual(['bosun']);
      expect((await db.get('vocab', 'e1'))?.roles).toEqual(['ce']);
      expect((await deleteRole(db, 'deck::os')).result).toEqual({ ok: false, code: 'not-found' });
    });
  });
});
