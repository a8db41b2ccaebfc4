/** Behaviour of the divisions repository, including the cascading delete. */
import { describe, expect, it } from 'vitest';
import { deleteDivision, listDivisions, putDivision } from '@/db/divisions-repo';
import { listRolesByDivision } from '@/db/roles-repo';
import { listTopicsByDivision } from '@/db/topics-repo';
import { vocab, withDB } from './helpers';

const items = [
  vocab('m1', { topic: 'Mooring', roles: ['os'] }),
  vocab('m2', { topic: 'Mooring', roles: ['os', 'bosun'] }),
  vocab('s1', { topic: 'Safety' }),
  vocab('e1', { topic: 'Mooring', division: 'engine', roles: ['ce'] }),
  vocab('e2', { topic: 'Pumps', division: 'engine' }),
];
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('divisions repository', () => {
  it('lists, puts and gets divisions', async () => {
    await withDB([], async (db) => {
      await putDivision(db, { id: 'cargo', name: 'Cargo' });
      expect(await db.get('divisions', 'cargo')).toEqual({ id: 'cargo', name: 'Cargo' });
      expect(ids(await listDivisions(db))).toEqual(['bridge', 'cargo', 'deck', 'engine', 'galley']);
    });
  });

  it('deletes a division with its roles, topics and vocabulary, and nothing else', async () => {
    await withDB(items, async (db) => {
      const before = { roles: await db.count('roles'), topics: await db.count('topics') };
      const { changes } = await deleteDivision(db, 'engine');
      expect(changes.divisions.deleted).toEqual(['engine']);
      expect([changes.roles, changes.topics, changes.vocab].map((c) => c.deleted.length)).toEqual([
        7, 2, 2,
      ]);
      expect(changes.vocab.deleted).toEqual(['e1', 'e2']);
      expect(await db.get('divisions', 'engine')).toBeUndefined();
      expect(await listRolesByDivision(db, 'engine')).toEqual([]);
      expect(await listTopicsByDivision(db, 'engine')).toEqual([]);
      expect(ids(await db.getAll('vocab'))).toEqual(['m1', 'm2', 's1']);
      expect(await db.count('roles')).toBe(before.roles - 7);
      expect(await db.count('topics')).toBe(before.topics - 2);
    });
  });
});
