import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import type { UserWord } from '@/domain/types';
import { leechesOf, progressLists, recallNow } from '@/features/progress/lists';

const NOW = Date.UTC(2025, 5, 1, 12);

function word(vocabId: string, patch: Partial<UserWord> = {}): UserWord {
  return {
    userId: 'u1',
    vocabId,
    status: 'learning',
    attempts: 1,
    correct: 1,
    streak: 1,
    strength: 0.2,
    updatedAt: NOW - DAY_MS,
    nextReviewAt: NOW + DAY_MS,
    ...patch,
  };
}

describe('progressLists', () => {
  it('sorts words into learned, learning and due', () => {
    const lists = progressLists(
      [
        word('a', { status: 'learned', nextReviewAt: NOW + 60 * DAY_MS }),
        word('b'),
        word('c', { status: 'new', streak: 0, nextReviewAt: NOW - 1 }),
        word('d', { status: 'learned', nextReviewAt: NOW - DAY_MS }),
      ],
      NOW,
    );
    expect(lists.learned.map((w) => w.vocabId).sort()).toEqual(['a', 'd']);
    expect(lists.learning.map((w) => w.vocabId)).toEqual(['b']);
    expect(lists.due.map((w) => w.vocabId)).toEqual(['d', 'c']);
    expect(lists.total).toBe(4);
  });

  it('leaves out deleted, hidden-from-review and never-answered words', () => {
    const lists = progressLists(
      [
        word('gone', { status: 'learned', deleted: true }),
        word('hidden', { hidden: true, nextReviewAt: NOW - 1 }),
        word('skipped', { status: 'new', attempts: 0, streak: 0, nextReviewAt: undefined }),
      ],
      NOW,
    );
    expect(lists.learned).toEqual([]);
    expect(lists.learning.map((w) => w.vocabId)).toEqual(['hidden']);
    expect(lists.due).toEqual([]);
    expect(lists.total).toBe(1);
  });

  it('lists learned words newest first and due words soonest first', () => {
    const lists = progressLists(
      [
        word('old', { status: 'learned', updatedAt: NOW - 5 * DAY_MS }),
        word('new', { status: 'learned', updatedAt: NOW - DAY_MS }),
        word('late', { nextReviewAt: NOW - DAY_MS }),
        word('later', { nextReviewAt: NOW - 3 * DAY_MS }),
      ],
      NOW,
    );
    expect(lists.learned.map((w) => w.vocabId)).toEqual(['new', 'old']);
    expect(lists.due.map((w) => w.vocabId)).toEqual(['later', 'late']);
  });
});

describe('leechesOf and recallNow', () => {
  it('lists words failed on 8 days or more, most lapses first, never deleted ones', () => {
    const leeches = leechesOf([
      word('a', { lapses: 7 }),
      word('b', { lapses: 8 }),
      word('c', { lapses: 12 }),
      word('d', { lapses: 20, deleted: true }),
      word('e'),
    ]);
    expect(leeches.map((w) => w.vocabId)).toEqual(['c', 'b']);
  });

  it('sums the chance of recall of learned words answered at least once', () => {
    const memory = { s: 10, d: 5, state: 2, reps: 2, lapses: 0, last: NOW - DAY_MS, due: NOW };
    const figure = recallNow(
      [
        word('a', { status: 'learned', memory }),
        word('b', { status: 'learned', memory: { ...memory, s: 1 } }),
        word('c', { status: 'learned' }),
        word('d', { status: 'learning', memory }),
        word('e', { status: 'learned', memory, deleted: true }),
      ],
      NOW,
      (state) => (state.s >= 10 ? 0.9 : 0.4),
    );
    expect(figure).toEqual({ learned: 3, withMemory: 2, expected: 0.9 + 0.4 });
  });
});
