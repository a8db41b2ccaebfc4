/** The dead-letter writer: the cap per user and source, the summary, and the bounded copies. */
import { describe, expect, it } from 'vitest';
import { applyPulled, setAsideOutbox } from '@/db/curriculum-repo';
import {
  DEAD_LETTER_RECORD_MAX,
  DEAD_LETTERS_KEPT,
  keptCopyOf,
  letterPreview,
  previewOf,
  type SetAsideItem,
  setAside,
} from '@/db/dead-letters';
import { deleteDeadLetters, listDeadLetters, readDeadLetterList } from '@/db/history-queries';
import type { DeadLetter, MarineDB, OutboxRecord } from '@/db/schema';
import { withDB } from './helpers';

const NOW = Date.UTC(2026, 10, 23, 8);

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

const items = (n: number, reason = 'bad'): SetAsideItem[] =>
  Array.from({ length: n }, (_, i) => ({ reason, record: { n: i } }));

/** Sets items aside in a transaction of their own, as a repository does inside its own. */
async function write(
  db: MarineDB,
  userId: string | undefined,
  source: DeadLetter['source'],
  batch: readonly SetAsideItem[],
  at = NOW,
): Promise<void> {
  const tx = db.transaction('deadLetters', 'readwrite');
  await Promise.all([setAside(tx.store, userId, source, batch, at), tx.done]);
}

describe('previewOf', () => {
  it('writes what JSON.stringify writes for a plain record', () => {
    const record = {
      id: 'x',
      list: [1, 'two', null, true, { deep: [] }],
      text: 'ä"\n',
      skipped: undefined,
      at: new Date(NOW),
    };
    expect(previewOf(record)).toBe(JSON.stringify(record));
    expect(previewOf([undefined, () => 1, Number.NaN])).toBe('[null,null,null]');
    expect(previewOf('not an entry')).toBe('"not an entry"');
    expect(previewOf(undefined)).toBe('null');
  });

  it('stops at the limit on a record nested 100,000 levels deep, without overflowing the stack', () => {
    const text = previewOf(nested(100_000));
    expect(text.startsWith('{"a":{"a":{"a":')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(DEAD_LETTER_RECORD_MAX + 1);
  });

  it('cuts a long string, a huge array and a cycle, and survives a throwing getter', () => {
    expect(previewOf('x'.repeat(10_000_000), 20)).toBe(`"${'x'.repeat(19)}…`);
    expect(previewOf(new Array(1e9), 12)).toBe('[null,null,n…');
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    expect(previewOf(cycle)).toBe('{"name":"loop","self":{…}}…');
    const hostile = {
      ok: 1,
      get boom(): never {
        throw new Error('no');
      },
    };
    expect(previewOf(hostile)).toBe('{"ok":1…');
    expect(previewOf({ big: 10n })).toBe('{"big":"10n"}…');
    expect(previewOf(new Uint8Array([1, 2]))).toBe('[1,2]');
  });

  it('of an old letter holding the whole record is bounded too', () => {
    const old: DeadLetter = {
      id: 'old',
      source: 'import',
      reason: 'bad',
      record: { note: 'y'.repeat(100_000) },
      at: NOW,
    };
    expect(letterPreview(old, 160)).toHaveLength(161);
    const cut = { ...old, ...keptCopyOf(old.record) };
    expect(cut.truncated).toBe(true);
    expect(letterPreview(cut, 160)).toBe(`${(cut.record as string).slice(0, 160)}…`);
  });
});

describe('keptCopyOf', () => {
  it('keeps a small record as a copy, a large or deep one as its cut text', () => {
    const small = { id: 'x', nested: { list: [1, 2] } };
    const copy = keptCopyOf(small);
    expect(copy).toEqual({ record: small });
    expect(copy.record).not.toBe(small);
    const large = keptCopyOf({ note: 'z'.repeat(5_000) });
    expect(large.truncated).toBe(true);
    expect(large.record).toBe(`{"note":"${'z'.repeat(DEAD_LETTER_RECORD_MAX - 9)}…`);
    expect(keptCopyOf(nested(40)).truncated).toBe(true);
    // A value IndexedDB cannot clone (a function) is kept as JSON leaves it.
    expect(keptCopyOf({ f: () => 1, ok: true })).toEqual({ record: { ok: true } });
  });
});

describe('setAside', () => {
  it('keeps at most the cap per user and source, and counts the rest in one summary', async () => {
    await withDB([], async (db) => {
      await write(db, 'u1', 'import', items(120));
      await write(db, 'u1', 'pull', items(3));
      await write(db, 'u2', 'import', items(2));
      const u1 = await readDeadLetterList(db, 'u1');
      expect(u1.letters).toHaveLength(DEAD_LETTERS_KEPT + 3);
      expect(u1.notKept).toBe(120 - DEAD_LETTERS_KEPT);
      // The first items of an oversized batch are kept, in order.
      const imported = u1.letters.filter((l) => l.source === 'import');
      expect(imported.map((l) => (l.record as { n: number }).n).sort((a, b) => a - b)).toEqual(
        Array.from({ length: DEAD_LETTERS_KEPT }, (_, i) => i),
      );
      expect(await readDeadLetterList(db, 'u2')).toMatchObject({ notKept: 0 });
      expect(await listDeadLetters(db, 'u2')).toHaveLength(2);

      // A later batch: the oldest give way, the count grows.
      await write(db, 'u1', 'import', items(10, 'later'), NOW + 1);
      const again = await readDeadLetterList(db, 'u1');
      expect(again.letters.filter((l) => l.source === 'import')).toHaveLength(DEAD_LETTERS_KEPT);
      expect(again.letters.filter((l) => l.reason === 'later')).toHaveLength(10);
      expect(again.notKept).toBe(120 - DEAD_LETTERS_KEPT + 10);

      // Forgetting the listed ids removes the summary too.
      await deleteDeadLetters(db, again.ids);
      expect(await readDeadLetterList(db, 'u1')).toEqual({ letters: [], notKept: 0, ids: [] });
      expect(await listDeadLetters(db, 'u2')).toHaveLength(2);
    });
  });

  it('trims the letters an older version stored without a cap, counting them', async () => {
    await withDB([], async (db) => {
      const tx = db.transaction('deadLetters', 'readwrite');
      await Promise.all([
        ...Array.from({ length: 70 }, (_, i) =>
          tx.store.put({
            id: `old-${i}`,
            userId: 'u1',
            source: 'push',
            reason: 'old',
            record: { i },
            at: NOW - 1000 + i,
          }),
        ),
        tx.done,
      ]);
      await write(db, 'u1', 'push', items(1, 'new'));
      const list = await readDeadLetterList(db, 'u1');
      expect(list.letters).toHaveLength(DEAD_LETTERS_KEPT);
      expect(list.letters[0]?.reason).toBe('new');
      // The newest of the old ones stay.
      expect(list.letters.at(-1)?.id).toBe(`old-${70 - DEAD_LETTERS_KEPT + 1}`);
      expect(list.notKept).toBe(21);
    });
  });

  it('lets a repeated id replace its letter rather than count twice', async () => {
    await withDB([], async (db) => {
      const same = (reason: string): SetAsideItem => ({ id: 'doc-1', reason, record: {} });
      await write(db, undefined, 'pull', [same('first'), same('second')]);
      await write(db, undefined, 'pull', [same('third')]);
      const list = await readDeadLetterList(db, 'anyone');
      expect(list.letters.map((l) => [l.id, l.reason, l.userId])).toEqual([
        ['doc-1', 'third', undefined],
      ]);
      expect(list.notKept).toBe(0);
    });
  });

  it('cuts a long reason and never stores more than the limit of a record', async () => {
    await withDB([], async (db) => {
      await write(db, 'u1', 'import', [
        { reason: `invalid word id "${'w'.repeat(100_000)}"`, record: { v: 'v'.repeat(100_000) } },
      ]);
      const [letter] = await listDeadLetters(db, 'u1');
      expect(letter?.reason.length).toBeLessThanOrEqual(301);
      expect(String(letter?.record).length).toBeLessThanOrEqual(DEAD_LETTER_RECORD_MAX + 1);
      expect(letter?.truncated).toBe(true);
    });
  });
});

describe('the curriculum writers', () => {
  it('cap the documents a pull sets aside', async () => {
    await withDB([], async (db) => {
      const extra = nested(100_000);
      const rejected = Array.from({ length: 300 }, (_, i) => ({
        docId: `division-${i}`,
        data: { kind: 'division', record: { id: `d${i}`, extra } },
        reason: 'field-unknown: extra',
      }));
      await applyPulled(db, [], { at: 1, id: 'a' }, rejected, NOW);
      const list = await readDeadLetterList(db, 'crew');
      expect(list.letters).toHaveLength(DEAD_LETTERS_KEPT);
      expect(list.notKept).toBe(300 - DEAD_LETTERS_KEPT);
      expect(list.letters.every((l) => l.userId === undefined && l.truncated)).toBe(true);
    });
  });

  it('cap the queued changes a push sets aside, and leave the outbox without them', async () => {
    await withDB([], async (db) => {
      const records: OutboxRecord[] = Array.from({ length: 80 }, (_, i) => ({
        docId: `division-${i}`,
        seq: i + 1,
        doc: {
          kind: 'division',
          id: `d${i}`,
          deleted: false,
          record: { id: `d${i}`, name: 'x'.repeat(101) },
          by: 'admin',
        } as OutboxRecord['doc'],
        queuedAt: NOW,
      }));
      const tx = db.transaction('curriculumOutbox', 'readwrite');
      await Promise.all([...records.map((record) => tx.store.put(record)), tx.done]);
      await setAsideOutbox(
        db,
        records.map((record) => ({ record, reason: 'field-size: name' })),
        NOW,
      );
      expect(await db.count('curriculumOutbox')).toBe(0);
      const list = await readDeadLetterList(db, 'admin');
      expect(list.letters).toHaveLength(DEAD_LETTERS_KEPT);
      expect(list.notKept).toBe(80 - DEAD_LETTERS_KEPT);
      expect(list.letters[0]?.record).toMatchObject({ kind: 'division', by: 'admin' });
    });
  });
});
