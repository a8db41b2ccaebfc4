/** Behaviour of the topics repository, including deletion with vocabulary. */
import { describe, expect, it } from 'vitest';
import {
  deleteTopic,
  getTopic,
  listTopics,
  listTopicsByDivision,
  putTopic,
} from '@/db/topics-repo';
import { vocab, withDB } from './helpers';

const items = [
  vocab('m1', { topic: 'Mooring', roles: ['os'] }),
  vocab('m2', { topic: 'Mooring', roles: ['os', 'bosun'] }),
  vocab('s1', { topic: 'Safety' }),
  vocab('e1', { topic: 'Mooring', division: 'engine', roles: ['ce'] }),
  vocab('e2', { topic: 'Pumps', division: 'engine' }),
];
const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('topics repository', () => {
  it('lists topics, per division and per role', async () => {
    await withDB(items, async (db) => {
      expect(ids(await listTopics(db))).toEqual([
        'deck::Mooring',
        'deck::Safety',
        'engine::Mooring',
        'engine::Pumps',
      ]);
      expect(ids(await listTopicsByDivision(db, 'engine'))).toEqual([
        'engine::Mooring',
        'engine::Pumps',
      ]);
    });
  });

  it('puts a topic with normalised roles and gets it', async () => {
    await withDB([], async (db) => {
      await putTopic(db, {
        id: 't',
        name: 'Custom',
        division: 'deck',
        roles: ['OS', 'all'],
        source: 'user',
        createdBy: 'u1',
      });
      expect(await getTopic(db, 't')).toEqual({
        id: 't',
        name: 'Custom',
        division: 'deck',
        roles: ['os'],
        source: 'user',
        createdBy: 'u1',
      });
    });
  });

  it('deletes a topic alone, or with its vocabulary in its own division', async () => {
    await withDB(items, async (db) => {
      const gone = (result: { changes: { vocab: { deleted: string[] } } }) =>
        result.changes.vocab.deleted;
      expect(gone(await deleteTopic(db, 'deck::Safety'))).toEqual([]);
      expect(ids(await db.getAll('vocab'))).toContain('s1');
      expect(gone(await deleteTopic(db, 'deck::Mooring', { withVocabulary: true }))).toEqual([
        'm1',
        'm2',
      ]);
      expect(ids(await db.getAll('vocab'))).toEqual(['e1', 'e2', 's1']);
      expect(await getTopic(db, 'deck::Mooring')).toBeUndefined();
      expect((await deleteTopic(db, 'nope', { withVocabulary: true })).result).toEqual({
        ok: false,
        code: 'not-found',
      });
    });
  });
});
