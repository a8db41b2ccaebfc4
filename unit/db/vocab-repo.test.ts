/** Behaviour of the vocab repository: queries, role filter, search, duplicates. */
import { describe, expect, it } from 'vitest';
import {
  deleteVocab,
  deleteVocabByTopic,
  findDuplicateWord,
  getVocab,
  listVocab,
  listVocabByDivision,
  listVocabByTopic,
  listVocabForRole,
  putVocab,
  putVocabItems,
  searchVocab,
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

  it('filters by role: no roles, all, or the role itself', async () => {
    await withDB(items, async (db) => {
      expect(ids(await listVocabForRole(db, 'deck', 'os'))).toEqual(['d1', 'd3', 'd4']);
      expect(ids(await listVocabForRole(db, 'deck', 'BOSUN'))).toEqual(['d2', 'd3', 'd4']);
      expect(ids(await listVocabForRole(db, 'deck', 'all'))).toEqual(['d1', 'd2', 'd3', 'd4']);
      expect(ids(await listVocabForRole(db, 'deck', undefined))).toEqual(['d1', 'd2', 'd3', 'd4']);
    });
  });

  it('searches langA, langB and tags case-insensitively, with filters', async () => {
    await withDB(items, async (db) => {
      expect(ids(await searchVocab(db, 'швартов'))).toEqual(['d1']);
      expect(ids(await searchVocab(db, ' BOLL '))).toEqual(['d2']);
      expect(ids(await searchVocab(db, 'windlass'))).toEqual(['d3']);
      expect(ids(await searchVocab(db, 'o', { division: 'deck', role: 'os' }))).toEqual([
        'd1',
        'd3',
        'd4',
      ]);
      expect(ids(await searchVocab(db, '', { topic: 'Mooring', division: 'engine' }))).toEqual([
        'e1',
      ]);
      expect(ids(await searchVocab(db, 'zzz'))).toEqual([]);
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
      await putVocabItems(db, [vocab('y'), vocab('z')]);
      expect(await db.count('vocab')).toBe(3);
      await deleteVocab(db, 'x');
      expect(await getVocab(db, 'x')).toBeUndefined();
    });
  });

  it('deletes a topic’s vocabulary only in the given division', async () => {
    await withDB(items, async (db) => {
      expect(await deleteVocabByTopic(db, 'deck', 'Mooring')).toBe(2);
      expect(ids(await listVocab(db))).toEqual(['d3', 'd4', 'e1']);
    });
  });

  it('finds a duplicate word by topic, langA and langB, ignoring case and padding', async () => {
    await withDB(items, async (db) => {
      const hit = await findDuplicateWord(db, {
        topic: 'Mooring',
        langA: ' кнехт',
        langB: 'BOLLARD ',
      });
      expect(hit?.id).toBe('d2');
      expect(
        await findDuplicateWord(db, { topic: 'Anchoring', langA: 'кнехт', langB: 'bollard' }),
      ).toBeUndefined();
      expect(
        await findDuplicateWord(db, { topic: 'Mooring', langA: 'кнехт', langB: 'bitt' }),
      ).toBeUndefined();
      expect(
        await findDuplicateWord(db, {
          topic: 'Mooring',
          langA: 'насос',
          langB: 'pump',
          division: 'deck',
        }),
      ).toBeUndefined();
    });
  });
});
