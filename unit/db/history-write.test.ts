/**
 * The history's write side (history-append, history-merge, history-import, history-push): one
 * transaction per change, merges by id, push bookkeeping, dead letters.
 */
import { describe, expect, it } from 'vitest';
import { deviceId } from '@/db/device-clock';
import { recordChange } from '@/db/history-append';
import { importBaselines } from '@/db/history-import';
import { mergeEntries } from '@/db/history-merge';
import { markSent, takePushBatches } from '@/db/history-push';
import { countUnsent, deleteDeadLetters, listDeadLetters, listHistory } from '@/db/history-queries';
import { getUserWord } from '@/db/user-words-repo';
import { DAY_MS } from '@/domain/constants';
import type { HistoryEntry } from '@/domain/history';
import { foldWord } from '@/domain/history-fold';
import { userWord, withDB } from './helpers';

const NOW = Date.UTC(2026, 10, 23, 8);
const U = 'u1';

function remoteEntry(id: string, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    userId: U,
    vocabId: 'w1',
    kind: 'answer',
    correct: true,
    hlc: NOW * 1000,
    wall: NOW,
    device: 'tablet',
    ...overrides,
  };
}

const merge = (db: Parameters<typeof countUnsent>[0], records: unknown[], sent = true) =>
  mergeEntries(db, U, records, { sent, source: sent ? 'pull' : 'import', now: NOW });

describe('recordChange', () => {
  it('appends an unsent entry and stores the new state in the same transaction', async () => {
    await withDB([], async (db) => {
      const state = await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, NOW);
      expect(state).toMatchObject({ attempts: 1, correct: 1, streak: 1, lastSeenAt: NOW });
      expect(await getUserWord(db, U, 'w1')).toEqual(state);
      expect(await listHistory(db, U)).toEqual([
        {
          id: expect.any(String),
          userId: U,
          vocabId: 'w1',
          kind: 'answer',
          correct: true,
          hlc: NOW * 1000,
          wall: NOW,
          device: await deviceId(db),
        },
      ]);
      expect(await countUnsent(db, U)).toBe(1);
    });
  });

  it('unticking «Выучено» right after ticking gives the stored word its earlier state back', async () => {
    await withDB([], async (db) => {
      await recordChange(db, U, 'w1', { kind: 'answer', correct: false }, NOW - 60_000);
      const studied = await getUserWord(db, U, 'w1');
      await recordChange(db, U, 'w1', { kind: 'learn' }, NOW);
      expect(await getUserWord(db, U, 'w1')).toMatchObject({ status: 'learned', correct: 3 });
      const unticked = await recordChange(db, U, 'w1', { kind: 'unlearn' }, NOW + 1000);
      expect(unticked).toEqual({ ...studied, updatedAt: NOW + 1000 });
      expect(await getUserWord(db, U, 'w1')).toEqual(unticked);
      // The stored state is the fold of the word's history.
      expect(foldWord(U, 'w1', await listHistory(db, U))).toEqual(unticked);
    });
  });

  it('stamps keep increasing when the wall clock goes back', async () => {
    await withDB([], async (db) => {
      await recordChange(db, U, 'w1', { kind: 'skip' }, NOW);
      await recordChange(db, U, 'w1', { kind: 'skip' }, NOW - 3_600_000);
      await recordChange(db, U, 'w2', { kind: 'learn' }, NOW - 7_200_000);
      const stamps = (await listHistory(db, U)).map((e) => e.hlc).sort((a, b) => a - b);
      expect(stamps).toEqual([NOW * 1000, NOW * 1000 + 1, NOW * 1000 + 2]);
    });
  });

  it('three changes started at once on one word all count (each reads the stored state)', async () => {
    await withDB([], async (db) => {
      await Promise.all(
        [true, true, false].map((correct) =>
          recordChange(db, U, 'w1', { kind: 'answer', correct }, NOW),
        ),
      );
      expect(await getUserWord(db, U, 'w1')).toMatchObject({ attempts: 3, correct: 2 });
      expect(await listHistory(db, U)).toHaveLength(3);
    });
  });
});

describe('mergeEntries', () => {
  it('adds new entries once, refolds their words, and moves the clock past them', async () => {
    await withDB([], async (db) => {
      const ahead = remoteEntry('r1', { hlc: (NOW + DAY_MS) * 1000, wall: NOW + DAY_MS });
      const result = await merge(db, [ahead, remoteEntry('r2'), ahead]);
      expect(result).toMatchObject({ added: 2, updated: 0, refolded: ['w1'], rejected: 0 });
      // The merge gives the refolded states as it stored them.
      expect(result.words).toEqual({ words: [await getUserWord(db, U, 'w1')], removed: [] });
      expect(await getUserWord(db, U, 'w1')).toMatchObject({ attempts: 2, correct: 2 });
      expect(await countUnsent(db, U)).toBe(0);
      // The next local change sorts after the far-ahead stamp it has seen.
      await recordChange(db, U, 'w1', { kind: 'answer', correct: false }, NOW);
      const mine = (await listHistory(db, U)).find((e) => e.device !== 'tablet');
      expect(mine?.hlc).toBe((NOW + DAY_MS) * 1000 + 1);
      expect(await getUserWord(db, U, 'w1')).toMatchObject({ attempts: 3, streak: 0 });
      // Merging the same entries again changes nothing.
      expect(await merge(db, [ahead, remoteEntry('r2')])).toEqual({
        added: 0,
        updated: 0,
        refolded: [],
        words: { words: [], removed: [] },
        rejected: 0,
      });
    });
  });

  it('an entry already here learns its receipt time, and its word is refolded when that moves it', async () => {
    await withDB([], async (db) => {
      // A device whose clock is a year ahead answered; the cloud received it now.
      const yearAhead = NOW + 365 * DAY_MS;
      await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, yearAhead);
      expect((await getUserWord(db, U, 'w1'))?.nextReviewAt).toBe(yearAhead + DAY_MS);
      const [own] = await listHistory(db, U);
      const result = await merge(db, [{ ...own, receivedAt: NOW }]);
      expect(result).toMatchObject({ added: 0, updated: 1, refolded: ['w1'] });
      expect((await getUserWord(db, U, 'w1'))?.nextReviewAt).toBe(NOW + DAY_MS);
      expect(await countUnsent(db, U)).toBe(0);
    });
  });

  it('sets records that fail the contract aside and merges the rest', async () => {
    await withDB([], async (db) => {
      const result = await merge(
        db,
        [
          remoteEntry('ok'),
          remoteEntry('bad', { vocabId: 'a/b' }),
          remoteEntry('other', { userId: 'someone-else' }),
          'not an entry',
        ],
        false,
      );
      expect(result).toMatchObject({ added: 1, rejected: 3 });
      const letters = await listDeadLetters(db, U);
      expect(letters.map((l) => [l.source, l.reason]).sort()).toEqual([
        ['import', 'an entry of another user'],
        ['import', 'invalid word id "a/b"'],
        ['import', 'not an object'],
      ]);
      expect(await countUnsent(db, U)).toBe(1);
      await deleteDeadLetters(
        db,
        letters.map((l) => l.id),
      );
      expect(await listDeadLetters(db, U)).toEqual([]);
    });
  });
});

describe('importBaselines', () => {
  it('makes the same entries from the same records: a second import changes nothing', async () => {
    await withDB([], async (db) => {
      const words = [userWord('w1', { attempts: 4, correct: 3 }), userWord('w2')];
      const first = await importBaselines(db, U, words, {
        prefix: 'import',
        sent: false,
        source: 'import',
        now: NOW,
      });
      expect(first).toMatchObject({ added: 2, rejected: 0 });
      expect(await getUserWord(db, U, 'w1')).toMatchObject({ attempts: 4, correct: 3 });
      const again = await importBaselines(db, U, words, {
        prefix: 'import',
        sent: false,
        source: 'import',
        now: NOW,
      });
      expect(again).toMatchObject({ added: 0, updated: 0, rejected: 0 });
      expect(await countUnsent(db, U)).toBe(2);
    });
  });

  it('gives the same file imported into two accounts of one device to both, once each', async () => {
    await withDB([], async (db) => {
      const words = [userWord('w1', { attempts: 4, correct: 3 })];
      const answer = remoteEntry('shared-1', { userId: 'someone', vocabId: 'w2' });
      const options = { prefix: 'import', sent: false, source: 'import' as const, now: NOW };
      for (const user of [U, 'u2', 'u2']) {
        await importBaselines(db, user, words, {
          ...options,
          history: [{ ...answer, userId: user }],
        });
      }
      for (const user of [U, 'u2']) {
        expect(await getUserWord(db, user, 'w1'), user).toMatchObject({ attempts: 4, correct: 3 });
        expect(await getUserWord(db, user, 'w2'), user).toMatchObject({ attempts: 1, correct: 1 });
        expect(await listHistory(db, user), user).toHaveLength(2);
        expect(await countUnsent(db, user), user).toBe(2);
      }
    });
  });
});

describe('push bookkeeping', () => {
  it('groups unsent entries into batches, keeps a batch id once given, and marks them sent', async () => {
    await withDB([], async (db) => {
      for (let i = 0; i < 5; i++) {
        await recordChange(db, U, `w${i}`, { kind: 'answer', correct: true }, NOW + i);
      }
      await recordChange(db, 'u2', 'w1', { kind: 'skip' }, NOW);
      const first = await takePushBatches(db, U, 2, NOW);
      expect(first.map((b) => [b.entries.length, b.inDoubt])).toEqual([
        [2, false],
        [2, false],
        [1, false],
      ]);
      expect(first.flatMap((b) => b.entries.map((e) => e.vocabId))).toEqual([
        'w0',
        'w1',
        'w2',
        'w3',
        'w4',
      ]);
      // The push failed without an answer: the same batches come back, in doubt.
      const again = await takePushBatches(db, U, 2, NOW);
      expect(again.map((b) => [b.id, b.entries.length, b.inDoubt])).toEqual(
        first.map((b) => [b.id, b.entries.length, true]),
      );
      await markSent(db, first[0]?.entries.map((e) => e.id) ?? []);
      expect(await countUnsent(db, U)).toBe(3);
      expect(await countUnsent(db, 'u2')).toBe(1);
    });
  });

  it('cuts batches by characters as well as by count, and sets aside an entry too long for any batch', async () => {
    await withDB([], async (db) => {
      for (let i = 0; i < 6; i++) {
        await recordChange(db, U, `w${i}`, { kind: 'answer', correct: true }, NOW + i);
      }
      await recordChange(db, U, 'long-word', { kind: 'answer', correct: true }, NOW + 10);
      // Each entry "weighs" 10 characters, the long word's 200; a batch may hold 30.
      const bounds = {
        maxChars: 30,
        sizeOf: (entry: HistoryEntry) => (entry.vocabId === 'long-word' ? 200 : 10),
      };
      const batches = await takePushBatches(db, U, 500, NOW, bounds);
      expect(batches.map((b) => b.entries.map((e) => e.vocabId))).toEqual([
        ['w0', 'w1', 'w2'],
        ['w3', 'w4', 'w5'],
      ]);
      // Set aside, never retried: the rest is not held back by it, and its word keeps the fold.
      expect((await listDeadLetters(db, U)).map((l) => [l.source, l.reason])).toEqual([
        ['push', '200 characters, over the 30 of a cloud batch'],
      ]);
      expect(await countUnsent(db, U)).toBe(6);
      expect(await getUserWord(db, U, 'long-word')).toBeUndefined();
      const again = await takePushBatches(db, U, 500, NOW, bounds);
      expect(again.map((b) => [b.id, b.inDoubt])).toEqual(batches.map((b) => [b.id, true]));
    });
  });

  it('moves an unsent entry that fails the contract to the dead letters instead of sending it', async () => {
    await withDB([], async (db) => {
      await recordChange(db, U, 'w1', { kind: 'answer', correct: true }, NOW);
      // A record written by an older build with a broken word id.
      await db.put('history', {
        ...remoteEntry('broken', { vocabId: 'a/b', device: 'old' }),
        sent: 0,
        t: NOW,
      });
      const batches = await takePushBatches(db, U, 500, NOW);
      expect(batches.flatMap((b) => b.entries.map((e) => e.vocabId))).toEqual(['w1']);
      expect((await listDeadLetters(db, U)).map((l) => [l.source, l.reason])).toEqual([
        ['push', 'invalid word id "a/b"'],
      ]);
      expect(await countUnsent(db, U)).toBe(1);
    });
  });
});
