/** Rename cascades: a role across its topics and words, a topic across its words, each at once. */
import { describe, expect, it, vi } from 'vitest';
import { renameRoleEverywhere, renameTopicEverywhere } from '@/db/catalog-renames';
import { putRole } from '@/db/roles-repo';
import { putTopic } from '@/db/topics-repo';
import { vocab, withDB } from './helpers';

describe('renameRoleEverywhere', () => {
  it('renames the role and its code in the topics and words of its division, in one transaction', async () => {
    await withDB(
      [
        vocab('a', { roles: ['bosun', 'os'] }),
        vocab('b', { roles: ['os'] }),
        vocab('c', { division: 'engine', roles: ['bosun'] }),
      ],
      async (db) => {
        await putRole(db, { id: 'r1', name: 'bosun', division: 'deck' });
        await putTopic(db, {
          id: 'deck::Mooring',
          name: 'Mooring',
          division: 'deck',
          roles: ['bosun'],
          source: 'builtin',
        });
        const transaction = vi.spyOn(db, 'transaction');
        const result = await renameRoleEverywhere(db, 'r1', 'boatswain');
        expect(transaction).toHaveBeenCalledTimes(1);
        expect(result).toEqual({
          status: 'renamed',
          value: { id: 'r1', name: 'boatswain', division: 'deck' },
        });
        expect((await db.get('vocab', 'a'))?.roles).toEqual(['boatswain', 'os']);
        expect((await db.get('vocab', 'b'))?.roles).toEqual(['os']);
        expect((await db.get('vocab', 'c'))?.roles).toEqual(['bosun']);
        expect((await db.get('topics', 'deck::Mooring'))?.roles).toEqual(['boatswain']);
      },
    );
  });

  it('refuses a code another role of the division has, changing nothing', async () => {
    await withDB([vocab('a', { roles: ['bosun'] })], async (db) => {
      await putRole(db, { id: 'r1', name: 'bosun', division: 'deck' });
      await putRole(db, { id: 'r2', name: 'os', division: 'deck' });
      expect(await renameRoleEverywhere(db, 'r1', 'os')).toEqual({ status: 'name-taken' });
      expect(await renameRoleEverywhere(db, 'missing', 'x')).toEqual({ status: 'not-found' });
      expect((await db.get('vocab', 'a'))?.roles).toEqual(['bosun']);
      expect((await db.get('roles', 'r1'))?.name).toBe('bosun');
    });
  });
});

describe('renameTopicEverywhere', () => {
  it('moves the words of the topic (in its division only) with it', async () => {
    await withDB(
      [vocab('a'), vocab('b', { division: 'engine' }), vocab('c', { topic: 'Anchoring' })],
      async (db) => {
        await putTopic(db, { id: 't1', name: 'Mooring', division: 'deck', source: 'builtin' });
        await putTopic(db, { id: 't2', name: 'Anchoring', division: 'deck', source: 'builtin' });
        expect(await renameTopicEverywhere(db, 't1', 'anchoring')).toEqual({
          status: 'name-taken',
        });
        const result = await renameTopicEverywhere(db, 't1', 'Mooring & Towing');
        expect(result).toMatchObject({ status: 'renamed', value: { name: 'Mooring & Towing' } });
        expect((await db.get('vocab', 'a'))?.topic).toBe('Mooring & Towing');
        expect((await db.get('vocab', 'b'))?.topic).toBe('Mooring');
        expect((await db.get('vocab', 'c'))?.topic).toBe('Anchoring');
        expect(await renameTopicEverywhere(db, 't1', 'Mooring & Towing')).toMatchObject({
          status: 'unchanged',
        });
      },
    );
  });
});
