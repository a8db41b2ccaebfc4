/** Behaviour of the vocab repository: queries, role filter, search, duplicates. */
import { describe, expect, it } from 'vitest';
import {
  addWordsWithTopics,
  deleteVocab,
  getVocab,
  listVocab,
  listVocabByDivision,
  listVocabByTopic,
  putVocab,
} from '@/db/vocab-repo';
import { vocab, withDB } from './helpers';

const items = [
  vocab('d1', { langA: 'Швартов', langB: 'Mooring line', topic: 'Mooring', roles: ['os'] }),
  vocab('d2', { langA: 'Кнехт', langB: 'Bollard', topic: 'Mooring', roles: ['bosun'] }),
  vocab('d3', { langA: 'Якорь', langB: 'Anchor', topic: 'Anchoring', tags: ['Windlass'] }),
  vocab('d4', { langA: 'Все', langB: 'Everyone', topic: 'Anchoring', roles: ['all'] }),
  vocab('e1', {
    langA: 'Насос',
    langB: 'Pump',
    topic: 'Mooring',
    division: 'engine',
    roles: ['ce'],
  }),
];
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('vocab repository', () => {
  it('lists, gets and filters by topic and division', async () => {
    await withDB(items, async (db) => {
      expect(ids(await listVocab(db))).toEqual(['d1', 'd2', 'd3', 'd4', 'e1']);
      expect((await getVocab(db, 'd3'))?.langB).toBe('Anchor');
      expect(ids(await listVocabByTopic(db, 'Mooring'))).toEqual(['d1', 'd2', 'e1']);
      expect(ids(await listVocabByTopic(db, 'Mooring', 'deck'))).toEqual(['d1', 'd2']);
      expect(ids(await listVocabByDivision(db, 'engine'))).toEqual(['e1']);
    });
  });

  it('lists a vocabulary larger than one read, every item once, in key order', async () => {
    // Keys whose string order differs from their numeric order, across several pages of a read.
    const many = Array.from({ length: 1203 }, (_, index) => vocab(`w${index}`));
    await withDB(many, async (db) => {
      const listed = ids(await listVocab(db));
      expect(listed).toHaveLength(1203);
      expect(new Set(listed).size).toBe(1203);
      expect(listed).toEqual(many.map((item) => item.id).sort());
    });
  });

  it('puts items with normalised roles and deletes them', async () => {
    await withDB([], async (db) => {
      const stored = await putVocab(
        db,
        vocab('x', { roles: [' Cook ', 'ALL'], source: 'user', createdBy: 'u1' }),
      );
      expect(stored.roles).toEqual(['cook']);
      expect(await getVocab(db, 'x')).toEqual(stored);
      expect(await db.getAllKeysFromIndex('vocab', 'roles', 'cook')).toEqual(['x']);
      await addWordsWithTopics(db, [], [vocab('y'), vocab('z')]);
      expect(await db.count('vocab')).toBe(3);
      await deleteVocab(db, 'x');
      expect(await getVocab(db, 'x')).toBeUndefined();
    });
  });
});
