import { describe, expect, it } from 'vitest';
import {
  answer,
  isDue,
  markLearned,
  newUserWord,
  REVIEW_INTERVALS_DAYS,
  relearn,
  reviewIntervalDays,
  skip,
  statusFor,
  unmarkLearned,
} from '@/domain/srs';
import type { UserWord } from '@/domain/types';

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date(2026, 10, 22, 12, 30).getTime();
const word = (patch: Partial<UserWord> = {}): UserWord => ({
  ...newUserWord('u1', 'v1', NOW - DAY),
  ...patch,
});

describe('newUserWord', () => {
  it('starts a new, never-answered record that is due', () => {
    expect(newUserWord('u1', 'v1', NOW)).toEqual({
      userId: 'u1',
      vocabId: 'v1',
      status: 'new',
      attempts: 0,
      correct: 0,
      streak: 0,
      strength: 0,
      updatedAt: NOW,
    });
    expect(isDue(newUserWord('u1', 'v1', NOW), NOW)).toBe(true);
  });
});

describe('answer', () => {
  it('a first correct answer: counters up, strength 0.15 + 0.05 x 1, learned, review in 1 day', () => {
    expect(answer(word(), true, NOW)).toEqual({
      ...word(),
      attempts: 1,
      correct: 1,
      streak: 1,
      strength: 0.2,
      status: 'learned',
      lastSeenAt: NOW,
      nextReviewAt: NOW + 1 * DAY,
      updatedAt: NOW,
    });
  });

  it('strength gain uses the new streak, capped at 5', () => {
    expect(answer(word({ streak: 1, strength: 0.2 }), true, NOW).strength).toBeCloseTo(0.45, 6);
    expect(answer(word({ streak: 4, strength: 0 }), true, NOW).strength).toBeCloseTo(0.4, 6);
    expect(answer(word({ streak: 9, strength: 0 }), true, NOW).strength).toBeCloseTo(0.4, 6);
  });

  it('strength never exceeds 1', () => {
    expect(answer(word({ streak: 5, strength: 0.95 }), true, NOW).strength).toBe(1);
  });

  it.each([
    [0, 1],
    [1, 3],
    [2, 7],
    [3, 14],
    [4, 30],
    [5, 60],
    [6, 90],
    [7, 90],
    [12, 90],
  ])('a correct answer from streak %i schedules the next review in %i days', (streak, days) => {
    const next = answer(word({ streak, strength: 0.5 }), true, NOW);
    expect(next.streak).toBe(streak + 1);
    expect(next.nextReviewAt).toBe(NOW + days * DAY);
  });

  it('a wrong answer resets the streak, loses 0.2 strength and makes the word due at once', () => {
    const before = word({ attempts: 4, correct: 3, streak: 3, strength: 0.7, status: 'learned' });
    const after = answer(before, false, NOW);
    expect(after).toEqual({
      ...before,
      attempts: 5,
      correct: 3,
      streak: 0,
      strength: 0.5,
      status: 'new',
      lastSeenAt: NOW,
      nextReviewAt: NOW,
      updatedAt: NOW,
    });
    expect(isDue(after, NOW)).toBe(true);
  });

  it('strength never drops below 0', () => {
    expect(answer(word({ strength: 0.1 }), false, NOW).strength).toBe(0);
  });

  it('does not change the record it was given', () => {
    const before = word();
    const copy = structuredClone(before);
    answer(before, true, NOW);
    expect(before).toEqual(copy);
  });
});

describe('statusFor', () => {
  it('learned needs streak >= 1 and strength >= 0.2', () => {
    expect(statusFor(1, 0.2)).toBe('learned');
    expect(statusFor(1, 0.19)).toBe('learning');
    expect(statusFor(3, 0.1)).toBe('learning');
    expect(statusFor(0, 0.9)).toBe('new');
    expect(statusFor(0, 0)).toBe('new');
  });
});

describe('reviewIntervalDays', () => {
  it('follows the list 1, 3, 7, 14, 30, 60, 90 and is 0 (due now) at streak 0', () => {
    expect(REVIEW_INTERVALS_DAYS).toEqual([1, 3, 7, 14, 30, 60, 90]);
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(reviewIntervalDays)).toEqual([
      0, 1, 3, 7, 14, 30, 60, 90, 90,
    ]);
  });
});

describe('markLearned and unmarkLearned', () => {
  it('marks learned: strength 1, streak 5, at least 3 correct, next review in 60 days', () => {
    expect(markLearned(word(), NOW)).toEqual({
      ...word(),
      status: 'learned',
      strength: 1,
      streak: 5,
      correct: 3,
      attempts: 3,
      nextReviewAt: NOW + 60 * DAY,
      updatedAt: NOW,
    });
  });

  it('keeps a higher correct count', () => {
    const marked = markLearned(word({ correct: 8, attempts: 10 }), NOW);
    expect(marked.correct).toBe(8);
    expect(marked.attempts).toBe(10);
  });

  it('unmark: status new, strength 0, streak 0, due again', () => {
    const unmarked = unmarkLearned(markLearned(word(), NOW - DAY), NOW);
    expect(unmarked).toMatchObject({ status: 'new', strength: 0, streak: 0, updatedAt: NOW });
    expect(unmarked.correct).toBe(3);
    expect(isDue(unmarked, NOW)).toBe(true);
  });
});

describe('relearn', () => {
  it('status learning, streak 0, strength minus 0.3, due now', () => {
    const before = word({
      status: 'learned',
      streak: 5,
      strength: 1,
      nextReviewAt: NOW + 60 * DAY,
    });
    expect(relearn(before, NOW)).toEqual({
      ...before,
      status: 'learning',
      streak: 0,
      strength: 0.7,
      nextReviewAt: NOW,
      updatedAt: NOW,
    });
  });

  it('floors strength at 0', () => {
    expect(relearn(word({ strength: 0.2 }), NOW).strength).toBe(0);
  });
});

describe('skip', () => {
  it('updates only lastSeenAt and updatedAt', () => {
    const before = word({
      attempts: 2,
      correct: 1,
      streak: 1,
      strength: 0.3,
      nextReviewAt: NOW + DAY,
    });
    expect(skip(before, NOW)).toEqual({ ...before, lastSeenAt: NOW, updatedAt: NOW });
  });
});

describe('isDue', () => {
  it('is due without a next review time, or when it is now or past', () => {
    expect(isDue(word(), NOW)).toBe(true);
    expect(isDue(word({ nextReviewAt: NOW }), NOW)).toBe(true);
    expect(isDue(word({ nextReviewAt: NOW - 1 }), NOW)).toBe(true);
    expect(isDue(word({ nextReviewAt: NOW + 1 }), NOW)).toBe(false);
  });

  it('a hidden or deleted word is never due', () => {
    expect(isDue(word({ hidden: true }), NOW)).toBe(false);
    expect(isDue(word({ deleted: true, nextReviewAt: NOW - DAY }), NOW)).toBe(false);
  });
});
