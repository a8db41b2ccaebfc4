/**
 * Catalogue edits in one transaction (`editCatalog`), and the rename cascades built on it: a role
 * across its topics and words, a topic across its words, each at once.
 */
import { describe, expect, it, vi } from 'vitest';
import { editCatalog, renameRoleEverywhere, renameTopicEverywhere } from '@/db/catalog-edits';
import { countOutbox, takeOutbox } from '@/db/curriculum-repo';
import { putRole } from '@/db/roles-repo';
import { putTopic } from '@/db/topics-repo';
import { succeeded } from '@/domain/catalog-edits';
import type { Topic, VocabItem } from '@/domain/types';
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
        expect(result.result).toEqual({
          ok: true,
          created: true,
          value: { id: 'r1', name: 'boatswain', division: 'deck' },
        });
        // What changed comes back as stored, for the screens' store.
        expect(result.changes.topics.put.map((t) => [t.id, t.roles])).toEqual([
          ['deck::Mooring', ['boatswain']],
        ]);
        expect(result.changes.vocab.put.map((item) => [item.id, item.roles])).toEqual([
          ['a', ['boatswain', 'os']],
        ]);
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
      expect((await renameRoleEverywhere(db, 'r1', 'os')).result).toEqual({
        ok: false,
        code: 'name-taken',
      });
      expect((await renameRoleEverywhere(db, 'missing', 'x')).result).toEqual({
        ok: false,
        code: 'not-found',
      });
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
        expect((await renameTopicEverywhere(db, 't1', 'anchoring')).result).toEqual({
          ok: false,
          code: 'name-taken',
        });
        const { result } = await renameTopicEverywhere(db, 't1', 'Mooring & Towing');
        expect(result).toMatchObject({
          ok: true,
          created: true,
          value: { name: 'Mooring & Towing' },
        });
        expect((await db.get('vocab', 'a'))?.topic).toBe('Mooring & Towing');
        expect((await db.get('vocab', 'b'))?.topic).toBe('Mooring');
        expect((await db.get('vocab', 'c'))?.topic).toBe('Anchoring');
        expect(await renameTopicEverywhere(db, 't1', 'Mooring & Towing')).toMatchObject({
          result: { ok: true, created: false },
        });
        // SPEC §5: an empty name is ignored.
        expect(await renameTopicEverywhere(db, 't1', '')).toMatchObject({
          result: { ok: true, created: false, value: { name: 'Mooring & Towing' } },
        });
      },
    );
  });
});

describe('editCatalog', () => {
  const share = { by: 'admin', now: 1_000 };
  const knots: Topic = { id: 'deck::Knots', name: 'Knots', division: 'deck', source: 'user' };

  it('writes the decided changes as stored and queues them for the cloud, in the one transaction', async () => {
    await withDB([vocab('a'), vocab('b')], async (db) => {
      const transaction = vi.spyOn(db, 'transaction');
      const edit = await editCatalog(db, ['topics', 'vocab'], share, async (tx) => {
        const a = await tx.objectStore('vocab').get('a');
        return succeeded('done', true, {
          topics: { put: [{ ...knots, roles: [' OS ', 'all'] }] },
          vocab: { put: [{ ...(a as VocabItem), topic: 'Knots' }], deleted: ['b'] },
        });
      });
      expect(transaction).toHaveBeenCalledTimes(1);
      expect(edit.result).toEqual({ ok: true, value: 'done', created: true });
      // The records as stored: roles normalised.
      expect(edit.changes.topics.put).toEqual([{ ...knots, roles: ['os'] }]);
      expect(await db.get('topics', knots.id)).toEqual({ ...knots, roles: ['os'] });
      expect((await db.get('vocab', 'a'))?.topic).toBe('Knots');
      expect(await db.get('vocab', 'b')).toBeUndefined();
      // Parents first: the topic, then the word deleted, then the word written.
      expect(
        (await takeOutbox(db, 10, 'admin')).map((r) => [r.doc.kind, r.doc.id, r.doc.deleted]),
      ).toEqual([
        ['topic', knots.id, false],
        ['word', 'b', true],
        ['word', 'a', false],
      ]);
    });
  });

  it('a write that cannot be made undoes the ones before it, the outbox included', async () => {
    await withDB([vocab('a')], async (db) => {
      await expect(
        editCatalog(db, ['topics', 'vocab'], share, async () =>
          succeeded('done', true, {
            topics: { put: [knots] },
            // No id: the record cannot be stored.
            vocab: { put: [{ ...vocab('a'), id: undefined as unknown as string }] },
          }),
        ),
      ).rejects.toThrow();
      expect(await db.get('topics', knots.id)).toBeUndefined();
      expect(await countOutbox(db, 'admin')).toBe(0);
    });
  });

  it('a rule that refuses writes nothing', async () => {
    await withDB([vocab('a')], async (db) => {
      const edit = await renameTopicEverywhere(db, 'missing', 'Other', share);
      expect(edit.result).toEqual({ ok: false, code: 'not-found' });
      expect(edit.changes.topics.put).toEqual([]);
      expect(await countOutbox(db, 'admin')).toBe(0);
    });
  });
});
