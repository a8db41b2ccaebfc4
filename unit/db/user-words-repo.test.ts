/** Behaviour of the user-words repository: flags, due words, atomic queueing, remote merges. */
import { describe, expect, it } from 'vitest';
import { listQueue } from '@/db/sync-queue-repo';
import {
  countByStatus,
  getUserWord,
  listDueUserWords,
  listUserWords,
  listUserWordsUpdatedSince,
  mergeRemoteUserWords,
  putRemoteUserWord,
  saveUserWord,
  saveUserWords,
  setUserWordRemoteId,
} from '@/db/user-words-repo';
import { userWord, withDB } from './helpers';

const NOW = 10_000;

describe('user words repository', () => {
  it('stores flags as 0/1 and returns booleans', async () => {
    await withDB([], async (db) => {
      await saveUserWord(db, userWord('a', { hidden: true }), { enqueue: false });
      await saveUserWord(db, userWord('b', { deleted: undefined }), { enqueue: false });
      expect(await db.get('userWords', ['u1', 'a'])).toMatchObject({ deleted: 0, hidden: 1 });
      expect(await db.get('userWords', ['u1', 'b'])).toMatchObject({ deleted: 0 });
      expect(await getUserWord(db, 'u1', 'a')).toEqual(userWord('a', { hidden: true }));
      expect(await getUserWord(db, 'u1', 'b')).toEqual(userWord('b', { deleted: false }));
      expect(await getUserWord(db, 'u1', 'missing')).toBeUndefined();
    });
  });

  it('lists a user’s words, soft-deleted ones only when asked', async () => {
    await withDB([], async (db) => {
      await saveUserWords(
        db,
        [userWord('a'), userWord('b', { deleted: true }), userWord('c', { userId: 'u2' })],
        { enqueue: false },
      );
      expect((await listUserWords(db, 'u1')).map((w) => w.vocabId)).toEqual(['a']);
      expect(
        (await listUserWords(db, 'u1', { includeDeleted: true })).map((w) => w.vocabId),
      ).toEqual(['a', 'b']);
    });
  });

  it('lists due words: past or missing nextReviewAt, never hidden, deleted or another user’s', async () => {
    await withDB([], async (db) => {
      await saveUserWords(
        db,
        [
          userWord('past', { nextReviewAt: NOW - 1 }),
          userWord('exactly-now', { nextReviewAt: NOW }),
          userWord('future', { nextReviewAt: NOW + 1 }),
          userWord('unscheduled'),
          userWord('hidden-past', { nextReviewAt: 1, hidden: true }),
          userWord('hidden-unscheduled', { hidden: true }),
          userWord('deleted-past', { nextReviewAt: 1, deleted: true }),
          userWord('deleted-unscheduled', { deleted: true }),
          userWord('other-user', { userId: 'u2', nextReviewAt: 1 }),
          userWord('other-user-unscheduled', { userId: 'u2' }),
        ],
        { enqueue: false },
      );
      const due = await listDueUserWords(db, 'u1', NOW);
      expect(due.map((w) => w.vocabId)).toEqual(['past', 'exactly-now', 'unscheduled']);
      expect(due.every((w) => w.deleted === false)).toBe(true);
    });
  });

  it('lists words updated strictly after a time, deleted included, in updatedAt order', async () => {
    await withDB([], async (db) => {
      await saveUserWords(
        db,
        [
          userWord('old', { updatedAt: 100 }),
          userWord('late', { updatedAt: 300 }),
          userWord('edge', { updatedAt: 200 }),
          userWord('gone', { updatedAt: 250, deleted: true }),
          userWord('other', { userId: 'u2', updatedAt: 400 }),
        ],
        { enqueue: false },
      );
      const since = await listUserWordsUpdatedSince(db, 'u1', 200);
      expect(since.map((w) => [w.vocabId, w.deleted])).toEqual([
        ['gone', true],
        ['late', false],
      ]);
    });
  });

  it('counts by status, ignoring soft-deleted words', async () => {
    await withDB([], async (db) => {
      await saveUserWords(
        db,
        [
          userWord('a', { status: 'new' }),
          userWord('b', { status: 'learned' }),
          userWord('c', { status: 'learned' }),
          userWord('d', { status: 'learned', deleted: true }),
          userWord('e', { status: 'learning', userId: 'u2' }),
        ],
        { enqueue: false },
      );
      expect(await countByStatus(db, 'u1')).toEqual({ new: 1, learning: 0, learned: 2 });
    });
  });

  it('with enqueue writes the word and its queue entry together', async () => {
    await withDB([], async (db) => {
      const word = userWord('a', { remoteId: 'r-a' });
      await saveUserWord(db, word, { enqueue: true, now: NOW, id: 'q1' });
      expect(await getUserWord(db, 'u1', 'a')).toEqual(word);
      expect(await listQueue(db)).toEqual([
        {
          id: 'q1',
          entity: 'userWords',
          op: 'upsert',
          payload: word,
          remoteId: 'r-a',
          createdAt: NOW,
        },
      ]);
      await saveUserWord(db, userWord('b'), { enqueue: true, now: NOW + 1 });
      const queue = await listQueue(db);
      expect(queue).toHaveLength(2);
      expect(queue[1]?.id).toMatch(/^[\w-]{21}$/);
      expect(queue[1]).not.toHaveProperty('remoteId');
    });
  });

  it('without enqueue writes no queue entry', async () => {
    await withDB([], async (db) => {
      await saveUserWord(db, userWord('a'), { enqueue: false });
      await putRemoteUserWord(db, userWord('b'));
      expect(await db.count('userWords')).toBe(2);
      expect(await db.count('syncQueue')).toBe(0);
    });
  });

  it('is atomic: a failing queue write leaves the word unchanged', async () => {
    await withDB([], async (db) => {
      await saveUserWord(db, userWord('a', { streak: 1 }), { enqueue: true, now: NOW, id: 'dup' });
      await expect(
        saveUserWord(db, userWord('a', { streak: 9 }), { enqueue: true, now: NOW, id: 'dup' }),
      ).rejects.toThrow();
      expect((await getUserWord(db, 'u1', 'a'))?.streak).toBe(1);
      expect(await db.count('syncQueue')).toBe(1);
    });
  });

  it('saves many at once with given queue ids, in one transaction', async () => {
    await withDB([], async (db) => {
      const words = [userWord('a'), userWord('b'), userWord('c')];
      await saveUserWords(db, words, { enqueue: true, now: NOW, ids: ['1', '2', '3'] });
      expect((await listQueue(db)).map((e) => [e.id, e.payload.vocabId])).toEqual([
        ['1', 'a'],
        ['2', 'b'],
        ['3', 'c'],
      ]);
      await expect(
        saveUserWords(db, words, { enqueue: true, now: NOW, ids: ['x'] }),
      ).rejects.toThrow();
      await expect(saveUserWords(db, words, { enqueue: true })).rejects.toThrow(/now/);
    });
  });

  it('keeps a stored remoteId when a word is saved without one', async () => {
    await withDB([], async (db) => {
      await putRemoteUserWord(db, userWord('a', { remoteId: 'r-a' }));
      const saved = await saveUserWord(db, userWord('a', { streak: 3 }), {
        enqueue: true,
        now: NOW,
        id: 'q',
      });
      expect(saved).toMatchObject({ remoteId: 'r-a', streak: 3 });
      expect((await listQueue(db))[0]).toMatchObject({
        remoteId: 'r-a',
        payload: { remoteId: 'r-a' },
      });
    });
  });

  it('merges remote words only over missing or older local ones', async () => {
    await withDB([], async (db) => {
      await saveUserWords(
        db,
        [
          userWord('older', { updatedAt: 100 }),
          userWord('newer', { updatedAt: 500 }),
          userWord('same', { updatedAt: 300 }),
        ],
        { enqueue: false },
      );
      const applied = await mergeRemoteUserWords(db, [
        userWord('older', { updatedAt: 200, streak: 7 }),
        userWord('newer', { updatedAt: 400, streak: 7 }),
        userWord('same', { updatedAt: 300, streak: 7 }),
        userWord('missing', { updatedAt: 1, streak: 7 }),
      ]);
      expect(applied.map((w) => w.vocabId)).toEqual(['older', 'missing']);
      const streaks = (await listUserWords(db, 'u1')).map((w) => [w.vocabId, w.streak]);
      expect(streaks).toEqual([
        ['missing', 7],
        ['newer', 1],
        ['older', 7],
        ['same', 1],
      ]);
      expect(await db.count('syncQueue')).toBe(0);
    });
  });

  it('sets a remote id without touching anything else', async () => {
    await withDB([], async (db) => {
      await saveUserWord(db, userWord('a'), { enqueue: false });
      expect(await setUserWordRemoteId(db, 'u1', 'a', 'r')).toBe(true);
      expect(await setUserWordRemoteId(db, 'u1', 'zz', 'r')).toBe(false);
      expect(await getUserWord(db, 'u1', 'a')).toEqual(userWord('a', { remoteId: 'r' }));
      expect(await db.getAllKeysFromIndex('userWords', 'remoteId', 'r')).toEqual([['u1', 'a']]);
    });
  });
});
