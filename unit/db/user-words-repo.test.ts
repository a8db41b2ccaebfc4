/**
 * The user-words repository's queries: flags, lists, due words, counts. (Its records are written
 * only by the history's write side, in the transaction that changed the history; see
 * history-write.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { countByStatus, getUserWord, listDueUserWords, listUserWords } from '@/db/user-words-repo';
import { putWords, userWord, withDB } from './helpers';

const NOW = 10_000;

describe('user words repository', () => {
  it('stores flags as 0/1 and returns booleans', async () => {
    await withDB([], async (db) => {
      await putWords(db, [userWord('a', { hidden: true }), userWord('b', { deleted: undefined })]);
      expect(await db.get('userWords', ['u1', 'a'])).toMatchObject({ deleted: 0, hidden: 1 });
      expect(await db.get('userWords', ['u1', 'b'])).toMatchObject({ deleted: 0 });
      expect(await getUserWord(db, 'u1', 'a')).toEqual(userWord('a', { hidden: true }));
      expect(await getUserWord(db, 'u1', 'b')).toEqual(userWord('b', { deleted: false }));
      expect(await getUserWord(db, 'u1', 'missing')).toBeUndefined();
    });
  });

  it('lists a user’s words, soft-deleted ones only when asked', async () => {
    await withDB([], async (db) => {
      await putWords(db, [
        userWord('a'),
        userWord('b', { deleted: true }),
        userWord('c', { userId: 'u2' }),
      ]);
      expect((await listUserWords(db, 'u1')).map((w) => w.vocabId)).toEqual(['a']);
      expect(
        (await listUserWords(db, 'u1', { includeDeleted: true })).map((w) => w.vocabId),
      ).toEqual(['a', 'b']);
    });
  });

  it('lists due words: past or missing nextReviewAt, never hidden, deleted or another user’s', async () => {
    await withDB([], async (db) => {
      await putWords(db, [
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
      ]);
      const due = await listDueUserWords(db, 'u1', NOW);
      expect(due.map((w) => w.vocabId)).toEqual(['past', 'exactly-now', 'unscheduled']);
      expect(due.every((w) => w.deleted === false)).toBe(true);
    });
  });

  it('counts by status, ignoring soft-deleted words', async () => {
    await withDB([], async (db) => {
      await putWords(db, [
        userWord('a', { status: 'new' }),
        userWord('b', { status: 'learned' }),
        userWord('c', { status: 'learned' }),
        userWord('d', { status: 'learned', deleted: true }),
        userWord('e', { status: 'learning', userId: 'u2' }),
      ]);
      expect(await countByStatus(db, 'u1')).toEqual({ new: 1, learning: 0, learned: 2 });
    });
  });
});
