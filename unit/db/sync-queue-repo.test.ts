/** Behaviour of the sync-queue repository: order and deletion. */
import { describe, expect, it } from 'vitest';
import { clearQueue, countQueue, deleteQueueEntries, listQueue } from '@/db/sync-queue-repo';
import { saveUserWord } from '@/db/user-words-repo';
import { userWord, withDB } from './helpers';

describe('sync queue repository', () => {
  it('lists by createdAt, ties by id, and deletes chosen entries together', async () => {
    await withDB([], async (db) => {
      await saveUserWord(db, userWord('a'), { enqueue: true, now: 300, id: 'q-late' });
      await saveUserWord(db, userWord('b'), { enqueue: true, now: 100, id: 'q-z' });
      await saveUserWord(db, userWord('c'), { enqueue: true, now: 100, id: 'q-a' });
      await saveUserWord(db, userWord('a'), { enqueue: true, now: 200, id: 'q-mid' });
      expect((await listQueue(db)).map((e) => e.id)).toEqual(['q-a', 'q-z', 'q-mid', 'q-late']);
      expect(await countQueue(db)).toBe(4);
      await deleteQueueEntries(db, ['q-z', 'q-late', 'unknown']);
      expect((await listQueue(db)).map((e) => e.id)).toEqual(['q-a', 'q-mid']);
      await clearQueue(db);
      expect(await countQueue(db)).toBe(0);
      expect(await db.count('userWords')).toBe(3);
    });
  });
});
