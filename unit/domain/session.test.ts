import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/domain/random';
import {
  isReviewWord,
  prepareSession,
  sessionPool,
  splitPool,
  wordsForMode,
} from '@/domain/session';
import { newUserWord } from '@/domain/srs';
import type { UserWord, VocabItem } from '@/domain/types';

const DAY = 86_400_000;
const NOW = new Date(2026, 10, 22, 12, 30).getTime();

const item = (id: string, patch: Partial<VocabItem> = {}): VocabItem => ({
  id,
  langA: `слово ${id}`,
  langB: `word ${id}`,
  topic: 'Mooring',
  division: 'deck',
  source: 'builtin',
  ...patch,
});

/** A record that is not due: it rests, offered in no mode (review means due). */
const strong = (vocabId: string): UserWord => ({
  ...newUserWord('u', vocabId, NOW - DAY),
  status: 'learned',
  streak: 3,
  strength: 0.8,
  nextReviewAt: NOW + 5 * DAY,
});
/** A due record: review. */
const due = (vocabId: string): UserWord => ({ ...strong(vocabId), nextReviewAt: NOW - 1 });
/** Weak but not due: it rests too (SPEC §4 made it review, and it took a step a day early). */
const weak = (vocabId: string): UserWord => ({ ...strong(vocabId), strength: 0.4 });
/** Weak and due: review. */
const weakDue = (vocabId: string): UserWord => ({ ...due(vocabId), strength: 0.4 });

const ids = (items: VocabItem[]) => items.map((i) => i.id).sort();
const base = { now: NOW, random: seededRandom(42) };

describe('isReviewWord', () => {
  it('review when due (by the end of the study day), whatever the strength', () => {
    expect(isReviewWord(undefined, NOW)).toBe(false);
    expect(isReviewWord(due('a'), NOW)).toBe(true);
    expect(isReviewWord(weakDue('a'), NOW)).toBe(true);
    expect(isReviewWord(weak('a'), NOW)).toBe(false);
    expect(isReviewWord({ ...strong('a'), strength: 0.5 }, NOW)).toBe(false);
    expect(isReviewWord(newUserWord('u', 'a', NOW), NOW)).toBe(true);
    // Due later in the study day: review by its end.
    expect(isReviewWord(strong('a'), NOW + 5 * DAY)).toBe(true);
  });
});

describe('sessionPool', () => {
  const vocab = [
    item('d1'),
    item('d2', { roles: ['bosun'] }),
    item('d3', { roles: ['all'] }),
    item('d4', { roles: ['os', 'bosun'], topic: 'OS-commands' }),
    item('e1', { division: 'engine', topic: 'Pumps' }),
    item('e2', { division: 'engine', topic: 'Mooring' }),
  ];

  it('without topics, filters by division and role (no roles, all, or the role)', () => {
    expect(ids(sessionPool({ vocab, userWords: [], division: 'deck', role: 'os' }))).toEqual([
      'd1',
      'd3',
      'd4',
    ]);
    expect(ids(sessionPool({ vocab, userWords: [], division: 'deck', role: 'bosun' }))).toEqual([
      'd1',
      'd2',
      'd3',
      'd4',
    ]);
    expect(ids(sessionPool({ vocab, userWords: [], division: 'engine' }))).toEqual(['e1', 'e2']);
  });

  it('adds the common core to every division', () => {
    const withCore = [...vocab, item('c1', { division: 'common', topic: 'First Aid' })];
    expect(ids(sessionPool({ vocab: withCore, userWords: [], division: 'engine' }))).toEqual([
      'c1',
      'e1',
      'e2',
    ]);
    expect(ids(sessionPool({ vocab: withCore, userWords: [], division: 'common' }))).toEqual([
      'c1',
    ]);
  });

  it('topics choose the pool, by name or by division::name id', () => {
    expect(
      ids(sessionPool({ vocab, userWords: [], topics: ['Mooring'], division: 'engine' })),
    ).toEqual(['d1', 'd2', 'd3', 'e2']);
    expect(
      ids(sessionPool({ vocab, userWords: [], topics: ['engine::Mooring', 'deck::OS-commands'] })),
    ).toEqual(['d4', 'e2']);
  });

  it('skips hidden and deleted words', () => {
    const userWords = [
      { ...strong('d1'), hidden: true },
      { ...strong('d3'), deleted: true },
    ];
    expect(ids(sessionPool({ vocab, userWords, division: 'deck', role: 'os' }))).toEqual(['d4']);
  });
});

describe('prepareSession', () => {
  const reviewIds = Array.from({ length: 20 }, (_, i) => `r${i}`);
  const newIds = Array.from({ length: 20 }, (_, i) => `n${i}`);
  const vocab = [...reviewIds, ...newIds].map((id) => item(id));
  const userWords = [
    ...reviewIds.map((id, i) => (i % 2 ? due(id) : weakDue(id))),
    ...newIds.slice(0, 10).map(strong), // not due: resting, in no mode
  ];
  const count = (items: VocabItem[], prefix: string) =>
    items.filter((i) => i.id.startsWith(prefix)).length;

  it('mixed: round(70 %) review and the rest new', () => {
    const s = prepareSession({ ...base, vocab, userWords, size: 10, mode: 'mixed' });
    expect(s).toHaveLength(10);
    expect(count(s, 'r')).toBe(7);
    expect(count(s, 'n')).toBe(3);
    const s15 = prepareSession({ ...base, vocab, userWords, size: 15, mode: 'mixed' });
    expect(count(s15, 'r')).toBe(11); // round(10.5) = 11
    expect(count(s15, 'n')).toBe(4);
  });

  it('mixed: a shortfall of review words is filled with new words', () => {
    const twoReview = vocab.filter((v) => v.id.startsWith('n') || v.id === 'r0' || v.id === 'r1');
    const s = prepareSession({ ...base, vocab: twoReview, userWords, size: 10, mode: 'mixed' });
    expect(s).toHaveLength(10);
    expect(count(s, 'r')).toBe(2);
  });

  it('mixed: a shortfall of new words is filled with review words', () => {
    const onlyFewNew = vocab.filter((v) => v.id.startsWith('r') || v.id === 'n10');
    const s = prepareSession({ ...base, vocab: onlyFewNew, userWords, size: 10, mode: 'mixed' });
    expect(s).toHaveLength(10);
    expect(count(s, 'n')).toBe(1);
    expect(count(s, 'r')).toBe(9);
  });

  it('review and new modes take only their kind, up to size', () => {
    const r = prepareSession({ ...base, vocab, userWords, size: 20, mode: 'review' });
    expect(count(r, 'r')).toBe(20);
    const n = prepareSession({ ...base, vocab, userWords, size: 5, mode: 'new' });
    expect(n).toHaveLength(5);
    expect(count(n, 'n')).toBe(5);
    const tooFew = prepareSession({
      ...base,
      vocab: vocab.slice(0, 3),
      userWords,
      size: 10,
      mode: 'new',
    });
    expect(tooFew).toEqual([]);
  });

  it('a guest (no records) gets only new words, and never more than the pool', () => {
    const s = prepareSession({
      ...base,
      vocab: vocab.slice(0, 4),
      userWords: [],
      size: 10,
      mode: 'mixed',
    });
    expect(ids(s)).toEqual(['r0', 'r1', 'r2', 'r3']);
  });

  it('never repeats a word, and the same seed gives the same session', () => {
    const a = prepareSession({
      ...base,
      random: seededRandom(7),
      vocab,
      userWords,
      size: 20,
      mode: 'mixed',
    });
    const b = prepareSession({
      ...base,
      random: seededRandom(7),
      vocab,
      userWords,
      size: 20,
      mode: 'mixed',
    });
    expect(new Set(a.map((i) => i.id)).size).toBe(20);
    expect(a).toEqual(b);
  });

  it('shuffles: review words are not always first', () => {
    const orders = new Set<string>();
    for (let seed = 1; seed <= 5; seed++) {
      const s = prepareSession({
        ...base,
        random: seededRandom(seed),
        vocab,
        userWords,
        size: 10,
        mode: 'mixed',
      });
      orders.add(s.map((i) => i.id[0]).join(''));
    }
    expect(orders.size).toBeGreaterThan(1);
    expect([...orders].some((o) => o !== 'rrrrrrrnnn')).toBe(true);
  });

  it('applies the mode to the topic pool too, and accepts a Map of records', () => {
    const map = new Map(userWords.map((w) => [w.vocabId, w]));
    const s = prepareSession({
      ...base,
      vocab,
      userWords: map,
      size: 10,
      mode: 'review',
      topics: ['Mooring'],
    });
    expect(count(s, 'r')).toBe(10);
  });

  it('a word resting until due is offered in no mode', () => {
    for (const mode of ['mixed', 'review', 'new'] as const) {
      const s = prepareSession({ ...base, vocab, userWords, size: 40, mode });
      expect(
        s.some((w) => newIds.slice(0, 10).includes(w.id)),
        mode,
      ).toBe(false);
    }
  });

  it('size 0 gives an empty session', () => {
    expect(prepareSession({ ...base, vocab, userWords, size: 0, mode: 'mixed' })).toEqual([]);
  });
});

describe('wordsForMode: what the setup screen offers to start', () => {
  const vocab = [item('a'), item('b'), item('c')];
  const MODES = ['mixed', 'review', 'new'] as const;

  it.each([
    ['a guest (no records)', [], { mixed: 3, review: 0, new: 3 }],
    [
      'a learner with every word due',
      [due('a'), weakDue('b'), due('c')],
      { mixed: 3, review: 3, new: 0 },
    ],
    // b rests until it is due.
    ['a learner with some of each', [due('a'), strong('b')], { mixed: 2, review: 1, new: 1 }],
  ] as const)('%s', (_, records, expected) => {
    const split = splitPool(vocab, records, NOW);
    for (const mode of MODES) {
      expect(wordsForMode(split, mode), mode).toBe(expected[mode]);
      // Exactly the words prepareSession would draw from, for any size.
      const session = prepareSession({ ...base, vocab, userWords: records, size: 20, mode });
      expect(session.length, mode).toBe(expected[mode]);
    }
  });

  it('an empty pool yields nothing in any mode', () => {
    const split = splitPool([], [], NOW);
    expect(MODES.map((mode) => wordsForMode(split, mode))).toEqual([0, 0, 0]);
  });
});
