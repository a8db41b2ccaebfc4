/**
 * The cloud layout of a history batch (src/sync/history-wire.ts): the entries as ONE string `e`
 * (the JSON text of their wire forms), so firestore.rules can bound its length; the older layout
 * (a list `entries`) still read; a batch too long for one document cut into parts.
 */
import { describe, expect, it } from 'vitest';
import { HISTORY_BATCH_MAX_ENTRIES } from '@/domain/constants';
import { EXTENSION_MAX_CHARS, type HistoryEntry } from '@/domain/history';
import { HLC_MAX } from '@/domain/hlc';
import {
  entriesOfBatch,
  fromEntryWire,
  HISTORY_BATCH_MAX_CHARS,
  toBatchDocuments,
  toBatchWire,
  toEntryWire,
} from '@/sync/history-wire';

const T = Date.UTC(2026, 10, 23, 8);
const LATEST_MS = HLC_MAX / 1000 - 1;

function answer(id: string, patch: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id,
    userId: 'sailor-1',
    vocabId: 'dk002',
    kind: 'answer',
    correct: true,
    mode: 'choice',
    hlc: T * 1000,
    wall: T,
    device: 'phone-1',
    ...patch,
  };
}

/**
 * The longest entry the contract lets this version write without a later version's fields: a
 * 64-character id and device, a 128-character word id, the longest kind and answer mode names
 * (32 characters: a later version's baseline-like kind keeps its snapshot, answer and mode), the
 * greatest stamp and times, counters at their cap, a strength whose JSON is longest, every flag.
 */
function longestEntry(index: number, vocabId: string): HistoryEntry {
  return {
    id: `b${index}`.padEnd(64, 'x'),
    userId: 'u'.repeat(128),
    vocabId,
    kind: 'baseline',
    correct: false,
    mode: 'spelling',
    hlc: HLC_MAX - 1,
    wall: LATEST_MS,
    device: 'd'.repeat(64),
    receivedAt: LATEST_MS,
    snapshot: {
      status: 'learning',
      attempts: 1_000_000,
      correct: 1_000_000,
      streak: 1_000_000,
      strength: 1.2345678901234568e-300,
      updatedAt: LATEST_MS,
      lastSeenAt: LATEST_MS,
      nextReviewAt: LATEST_MS,
      hidden: true,
      deleted: true,
    },
    ...({ kind: 'k'.repeat(32), mode: 'm'.repeat(32) } as object),
  };
}

describe('a history batch in the cloud', () => {
  it('is one string of JSON: the wire entries exactly, whatever fields they carry', () => {
    const entries = [
      answer('e1'),
      answer('e2', { kind: 'skip', correct: undefined, mode: undefined, device: 'tablet-7' }),
    ];
    const wire = toBatchWire(entries);
    expect(wire).toEqual({
      device: 'phone-1',
      count: 2,
      e: JSON.stringify(entries.map(toEntryWire)),
    });
    expect(Object.keys(wire).sort()).toEqual(['count', 'device', 'e']);
    // Read back: the wire conversion of each entry, with the user and the receipt time.
    expect(entriesOfBatch('sailor-1', T + 5, wire)).toEqual(
      entries.map((entry) => fromEntryWire('sailor-1', T + 5, toEntryWire(entry))),
    );
  });

  it(`holds the largest legitimate batch (500 of the longest entries) within ${HISTORY_BATCH_MAX_CHARS} characters`, () => {
    const plain = Array.from({ length: HISTORY_BATCH_MAX_ENTRIES }, (_, i) =>
      longestEntry(i, `w${i}`.padEnd(128, 'y')),
    );
    const [document, ...more] = toBatchDocuments('full', plain);
    expect(more).toEqual([]);
    // The figure firestore.rules and history-wire.ts quote; update them with it.
    expect(document?.data.e.length).toBe(316_001);
    expect(document?.data.count).toBe(500);

    // Even word ids made of nothing but characters JSON escapes (allowed, if absurd) fit.
    const escaped = plain.map((entry) => ({ ...entry, vocabId: '"\\'.repeat(64) }));
    const [worst, ...rest] = toBatchDocuments('worst', escaped);
    expect(rest).toEqual([]);
    expect(worst?.data.e.length).toBeLessThanOrEqual(HISTORY_BATCH_MAX_CHARS);
    expect(worst?.data.e.length).toBe(380_001);
    // 500 baselines of this version's kind (no answer fields, an 8-letter kind).
    const baselines = plain.map(({ correct: _c, mode: _m, ...entry }) => ({
      ...entry,
      kind: 'baseline' as const,
    }));
    expect(toBatchWire(baselines).e.length).toBe(279_501);
    // A later version's fields (`x`, up to EXTENSION_MAX_CHARS of JSON each) can make a batch
    // longer than any document may be (1 MiB): such a batch goes in parts, each within the limit.
    const extended = plain.map((entry) => ({
      ...entry,
      x: { note: 'n'.repeat(EXTENSION_MAX_CHARS - '{"note":""}'.length) },
    }));
    expect(JSON.stringify(extended[0]?.x)).toHaveLength(EXTENSION_MAX_CHARS);
    const parts = toBatchDocuments('extended', extended);
    expect(parts.map((part) => part.data.count)).toEqual([151, 151, 151, 47]);
    for (const part of parts)
      expect(part.data.e.length).toBeLessThanOrEqual(HISTORY_BATCH_MAX_CHARS);
    const back = parts.flatMap((part) => entriesOfBatch('sailor-1', T, part.data));
    expect(back).toEqual(extended.map((entry) => fromEntryWire('sailor-1', T, toEntryWire(entry))));
    expect((back[0] as HistoryEntry).x).toEqual(extended[0]?.x);
    // A batch of 500 ordinary answers is far below.
    const ordinary = Array.from({ length: 500 }, (_, i) =>
      answer(`${i}`.padStart(21, 'a'), { device: 'D'.repeat(21), hlc: T * 1000 + i }),
    );
    expect(toBatchWire(ordinary).e.length).toBeLessThan(80_000);
  });

  it('goes in parts when too long for one document, each within the bounds, in order', () => {
    // Word ids far over the contract's 128 characters: any entry that makes a batch too long.
    const long = Array.from({ length: 400 }, (_, i) =>
      answer(`e${i}`, { vocabId: `w${i}-`.padEnd(2_500, 'z') }),
    );
    const parts = toBatchDocuments('Zx9_batch-id', long);
    expect(parts.map((part) => part.id)).toEqual([
      'Zx9_batch-id',
      'Zx9_batch-id-2',
      'Zx9_batch-id-3',
    ]);
    for (const part of parts) {
      expect(part.data.e.length).toBeLessThanOrEqual(HISTORY_BATCH_MAX_CHARS);
      expect(part.data.count).toBe(JSON.parse(part.data.e).length);
      expect(part.data.device).toBe('phone-1');
    }
    const back = parts.flatMap((part) => entriesOfBatch('sailor-1', T, part.data));
    expect(back.map((entry) => (entry as HistoryEntry).id)).toEqual(long.map((e) => e.id));

    // More than 500 entries: parts of at most 500 (the rules' count).
    const many = Array.from({ length: 1_001 }, (_, i) => answer(`m${i}`));
    expect(toBatchDocuments('b', many).map((part) => part.data.count)).toEqual([500, 500, 1]);
    // A 64-character id keeps its parts' ids within the rules' 64 characters.
    const id = 'i'.repeat(64);
    const ids = toBatchDocuments(id, many).map((part) => part.id);
    expect(ids[0]).toBe(id);
    expect(ids.slice(1).every((partId) => partId.length === 64 && partId !== id)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses, before anything is sent, what the rules would refuse', () => {
    expect(() => toBatchDocuments('b', [])).toThrow(RangeError);
    expect(() => toBatchWire([])).toThrow(RangeError);
    const many = Array.from({ length: 501 }, (_, i) => answer(`m${i}`));
    expect(() => toBatchWire(many)).toThrow(RangeError);
    const huge = answer('h', { vocabId: 'z'.repeat(HISTORY_BATCH_MAX_CHARS) });
    expect(() => toBatchDocuments('b', [huge])).toThrow(/over the 400000/);
  });

  it('is read in the older layout too: a list `entries`, as older versions write it', () => {
    const entries = [answer('e1'), answer('e2', { correct: false })];
    const old = { device: 'phone-1', count: 2, entries: entries.map(toEntryWire) };
    expect(entriesOfBatch('sailor-1', T, old)).toEqual(
      entriesOfBatch('sailor-1', T, toBatchWire(entries)),
    );
    expect(entriesOfBatch('sailor-1', T, old)).toHaveLength(2);
  });

  it('an unreadable batch yields no entries instead of throwing', () => {
    for (const data of [
      null,
      'text',
      {},
      { device: 'x', count: 1 },
      { e: 'not json', count: 1 },
      { e: '{"i":"e1"}', count: 1 },
      { e: '', count: 1 },
      { e: 42, count: 1 },
      { entries: 'not a list' },
    ]) {
      expect(entriesOfBatch('sailor-1', T, data)).toEqual([]);
    }
    // Items that are not entries are handed on as they are: the engine's check refuses them.
    expect(entriesOfBatch('sailor-1', T, { e: '[1, null]' })).toEqual([1, null]);
  });
});
