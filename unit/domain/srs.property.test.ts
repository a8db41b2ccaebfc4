import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answer,
  isDue,
  markLearned,
  newUserWord,
  relearn,
  skip,
  statusFor,
  unmarkLearned,
} from '@/domain/srs';
import type { UserWord } from '@/domain/types';

type Step = { kind: 'answer'; correct: boolean } | { kind: 'mark' | 'unmark' | 'relearn' | 'skip' };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.boolean().map((correct) => ({ kind: 'answer' as const, correct })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('mark', 'unmark', 'relearn', 'skip')
      .map((kind) => ({ kind }) as Step),
  },
);

function apply(word: UserWord, s: Step, now: number): UserWord {
  switch (s.kind) {
    case 'answer':
      return answer(word, s.correct, now);
    case 'mark':
      return markLearned(word, now);
    case 'unmark':
      return unmarkLearned(word, now);
    case 'relearn':
      return relearn(word, now);
    case 'skip':
      return skip(word, now);
  }
}

describe('SRS invariants', () => {
  it('strength stays in [0, 1], counters never decrease, updatedAt is the step time', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(step, fc.integer({ min: 1, max: 10 * 86_400_000 })), { maxLength: 60 }),
        (steps) => {
          let now = 1_700_000_000_000;
          let word = newUserWord('u', 'v', now);
          for (const [s, gap] of steps) {
            now += gap;
            const next = apply(word, s, now);
            expect(next.strength).toBeGreaterThanOrEqual(0);
            expect(next.strength).toBeLessThanOrEqual(1);
            expect(next.attempts).toBeGreaterThanOrEqual(word.attempts);
            expect(next.correct).toBeGreaterThanOrEqual(word.correct);
            expect(next.correct).toBeLessThanOrEqual(next.attempts);
            expect(next.updatedAt).toBe(now);
            expect(next.streak).toBeGreaterThanOrEqual(0);
            word = next;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('after an answer the status follows the rule and a wrong answer is due at once', () => {
    fc.assert(
      fc.property(
        fc.record({
          streak: fc.integer({ min: 0, max: 20 }),
          strength: fc.double({ min: 0, max: 1, noNaN: true }),
          correct: fc.boolean(),
        }),
        ({ streak, strength, correct }) => {
          const now = 1_800_000_000_000;
          const before: UserWord = {
            ...newUserWord('u', 'v', 0),
            streak,
            strength,
            attempts: 20,
            correct: 10,
          };
          const after = answer(before, correct, now);
          expect(after.status).toBe(statusFor(after.streak, after.strength));
          expect(after.attempts).toBe(21);
          expect(after.correct).toBe(correct ? 11 : 10);
          if (correct) {
            expect(after.streak).toBe(streak + 1);
            expect(after.strength).toBeGreaterThan(strength - 1e-6);
            expect(isDue(after, now)).toBe(false);
          } else {
            expect(after.streak).toBe(0);
            expect(after.status).toBe('new');
            expect(isDue(after, now)).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
