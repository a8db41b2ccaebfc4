/**
 * The dead letters stay small whatever an import holds: a bounded number per user and source,
 * each a bounded copy, and a record nested too deep to copy is set aside, not the whole import.
 * (Written against the merge alone, so it runs against any version of the dead-letter writer.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importBaselines } from '@/db/history-import';
import { mergeEntries } from '@/db/history-merge';
import { listDeadLetters, listHistory } from '@/db/history-queries';
import type { MarineDB } from '@/db/schema';
import type { HistoryEntry } from '@/domain/history';
import { userWord, withDB } from './helpers';

const NOW = Date.UTC(2026, 10, 23, 8);
const U = 'u1';

function entry(id: string, overrides: Record<string, unknown> = {}): HistoryEntry {
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
  } as HistoryEntry;
}

const importing = (db: MarineDB, records: unknown[]) =>
  mergeEntries(db, U, records, { sent: false, source: 'import', now: NOW });

/** `{ a: { a: ... { a: 1 } } }`, `depth` levels, built without recursion (JSON.parse accepts it). */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** Counts the writes a callback makes to the deadLetters store. */
function countDeadLetterWrites(): { count: () => number } {
  let writes = 0;
  for (const method of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[method];
    vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      if (this.name === 'deadLetters') writes++;
      return original.apply(this, args);
    });
  }
  return { count: () => writes };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('an import of 10,000 records that fail the contract', () => {
  it('keeps the newest 50, counts the rest, and writes no more than that', async () => {
    await withDB([], async (db) => {
      // ~1.2 KB each: the whole lot is ~12 MB of JSON.
      const bad = Array.from({ length: 10_000 }, (_, i) =>
        entry(`bad-${i}`, { vocabId: 'a/b', note: 'x'.repeat(1_100) }),
      );
      const writes = countDeadLetterWrites();
      const result = await importing(db, [entry('ok'), ...bad]);
      expect(result).toMatchObject({ added: 1, rejected: 10_000 });
      expect(await listHistory(db, U)).toHaveLength(1);

      // Written in the merge's own transaction: the kept letters and one summary, never 10,000.
      expect(writes.count()).toBeLessThanOrEqual(51);
      const letters = await listDeadLetters(db, U);
      expect(letters).toHaveLength(50);
      expect(
        letters.every((l) => l.source === 'import' && l.reason === 'invalid word id "a/b"'),
      ).toBe(true);
      const stored = await db.getAll('deadLetters');
      const summaries = stored.filter((l) => (l as { dropped?: number }).dropped !== undefined);
      expect(
        summaries.map((s) => [s.userId, s.source, (s as { dropped?: number }).dropped]),
      ).toEqual([[U, 'import', 9_950]]);
      expect(JSON.stringify(stored).length).toBeLessThan(150_000);
    });
  });

  it('a second import keeps the cap: the oldest letters give way and are counted', async () => {
    await withDB([], async (db) => {
      const bad = (prefix: string, n: number) =>
        Array.from({ length: n }, (_, i) => entry(`${prefix}-${i}`, { hlc: -1 }));
      await importing(db, bad('first', 40));
      await mergeEntries(db, U, bad('later', 30), { sent: false, source: 'import', now: NOW + 1 });
      const letters = await listDeadLetters(db, U);
      expect(letters).toHaveLength(50);
      // The 30 newest are all kept; 20 of the 40 older ones make room.
      expect(letters.filter((l) => l.at === NOW + 1)).toHaveLength(30);
      const stored = await db.getAll('deadLetters');
      expect(stored.map((l) => (l as { dropped?: number }).dropped).filter(Boolean)).toEqual([20]);
    });
  });
});

describe('a record nested 100,000 levels deep', () => {
  it('is set aside with a bounded preview and the rest of the import lands', async () => {
    await withDB([], async (db) => {
      const deep = entry('deep', { hlc: -1, note: nested(100_000) });
      const result = await importing(db, [entry('ok'), deep, entry('ok2', { vocabId: 'w2' })]);
      expect(result).toMatchObject({ added: 2, rejected: 1 });
      const [letter] = await listDeadLetters(db, U);
      expect(letter?.reason).toBe('invalid clock stamp');
      expect(typeof letter?.record).toBe('string');
      expect(letter?.record as string).toMatch(
        /^\{"id":"deep","userId":"u1",.*"note":\{"a":\{"a":/,
      );
      expect(String(letter?.record).length).toBeLessThanOrEqual(2_049);
      expect((letter as { truncated?: boolean }).truncated).toBe(true);
    });
  });

  it('in a field the check quotes (the word id) is set aside too', async () => {
    await withDB([], async (db) => {
      const result = await importing(db, [
        entry('ok'),
        entry('deep', { vocabId: nested(100_000) }),
      ]);
      expect(result).toMatchObject({ added: 1, rejected: 1 });
      const [letter] = await listDeadLetters(db, U);
      expect(letter?.reason).toBe('invalid word id (object)');
      expect(letter?.record as string).toMatch(/^\{"id":"deep","userId":"u1","vocabId":\{"a":/);
    });
  });

  it('in an imported word record (a baseline) leaves the other words imported', async () => {
    await withDB([], async (db) => {
      const words = [
        userWord('w1', { userId: U }),
        { ...userWord('w2', { userId: U, attempts: -1 }), note: nested(100_000) },
      ];
      const result = await importBaselines(db, U, words, {
        prefix: 'import',
        sent: false,
        source: 'import',
        now: NOW,
      });
      expect(result).toMatchObject({ added: 1, rejected: 1 });
      const [letter] = await listDeadLetters(db, U);
      expect(letter?.reason).toBe('attempts is not a whole number 0..1000000');
      expect(letter?.record as string).toContain('"snapshot":{');
    });
  });
});
