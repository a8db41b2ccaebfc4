import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import type { UserWord } from '@/domain/types';
import { progressLists } from '@/features/progress/lists';

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
