/**
 * One schedule step per word per day (a deliberate deviation from SPEC §4) and the FSRS schedule,
 * both inside the pure fold of the history.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import { fsrsModel } from '@/domain/fsrs';
import type { HistoryEntry } from '@/domain/history';
import { foldWord } from '@/domain/history-fold';
import { dayInZone, FSRS_LEARNED_STABILITY_DAYS, foldRulesFor, studyDayOf } from '@/domain/memory';
import { answer, newUserWord } from '@/domain/srs';

const U = 'u1';
// 09:00 in Moscow (UTC+3).
const T = Date.UTC(2026, 0, 10, 6);
const MOSCOW = foldRulesFor({ homeZone: 'Europe/Moscow' }, fsrsModel);
const FSRS = foldRulesFor({ homeZone: 'Europe/Moscow', schedule: 'fsrs' }, fsrsModel);

let seq = 0;
function answerAt(wall: number, correct: boolean, mode: 'choice' | 'spelling' = 'choice') {
  seq++;
  const entry: HistoryEntry = {
    id: `e${seq}`,
    userId: U,
    vocabId: 'w1',
    kind: 'answer',
    correct,
    mode,
    hlc: wall * 1000 + seq,
    wall,
    device: 'phone',
  };
  return entry;
}

const fresh = (at: number) => ({ ...newUserWord(U, 'w1', at), deleted: false });

describe("the learner's day", () => {
  it("is the home time zone's calendar day, wherever the ship is", () => {
    const lateEvening = Date.UTC(2026, 0, 10, 20, 30); // 23:30 in Moscow
    const afterMidnight = Date.UTC(2026, 0, 10, 21, 30); // 00:30 next day in Moscow
    expect(dayInZone(afterMidnight, 'Europe/Moscow')).toBe(
      dayInZone(lateEvening, 'Europe/Moscow') + 1,
    );
    // In UTC both are the same day.
    expect(dayInZone(afterMidnight, 'UTC')).toBe(dayInZone(lateEvening, 'UTC'));
    expect(dayInZone(T, 'Not/AZone')).toBe(dayInZone(T, 'UTC'));
  });
});

describe('one schedule step per word per day', () => {
  it('a right answer in choice and again in spelling is one step, not two', () => {
    const word = foldWord(
      U,
      'w1',
      [answerAt(T, true), answerAt(T + 60_000, true, 'spelling')],
      MOSCOW,
    );
    const oneStep = answer(fresh(T), true, T);
    expect(word).toMatchObject({
      streak: oneStep.streak,
      strength: oneStep.strength,
      nextReviewAt: oneStep.nextReviewAt,
      attempts: 2,
      correct: 2,
      lastSeenAt: T + 60_000,
    });
    // «Повторить выбранные» at once: still one step.
    const repeated = foldWord(
      U,
      'w1',
      [0, 1, 2, 3].map((i) => answerAt(T + i * 60_000, true)),
      MOSCOW,
    );
    expect(repeated.streak).toBe(1);
    expect(repeated.nextReviewAt).toBe(T + DAY_MS);
  });

  it('the next day is the next step', () => {
    const word = foldWord(U, 'w1', [answerAt(T, true), answerAt(T + DAY_MS, true)], MOSCOW);
    expect(word.streak).toBe(2);
    expect(word.nextReviewAt).toBe(T + DAY_MS + 3 * DAY_MS);
  });

  it('a wrong answer later the same day is still a lapse, once a day', () => {
    const word = foldWord(
      U,
      'w1',
      [answerAt(T, true), answerAt(T + 1000, false), answerAt(T + 2000, false)],
      MOSCOW,
    );
    expect(word).toMatchObject({ streak: 0, attempts: 3, correct: 1, lapses: 1 });
    expect(word.nextReviewAt).toBe(T + 1000);
    expect(word.strength).toBeCloseTo(0, 6);
  });

  it('without a day rule (a guest), every answer is a step as SPEC §4 says', () => {
    const word = foldWord(U, 'w1', [answerAt(T, true), answerAt(T + 1000, true)]);
    expect(word.streak).toBe(2);
  });

  it('gives the same state whatever order the entries arrive in (property)', () => {
    const arbEntries = fc.array(
      fc.record({
        offset: fc.integer({ min: 0, max: 10 * DAY_MS }),
        correct: fc.boolean(),
        spelling: fc.boolean(),
      }),
      { minLength: 1, maxLength: 25 },
    );
    fc.assert(
      fc.property(arbEntries, fc.boolean(), (specs, adaptive) => {
        const entries = specs.map((spec) =>
          answerAt(T + spec.offset, spec.correct, spec.spelling ? 'spelling' : 'choice'),
        );
        const rules = adaptive ? FSRS : MOSCOW;
        const folded = foldWord(U, 'w1', entries, rules);
        const shuffled = [...entries].reverse();
        expect(foldWord(U, 'w1', shuffled, rules)).toEqual(folded);
        // Never more schedule steps than study days with an answer.
        const days = new Set(
          entries.map((entry) => studyDayOf(entry.wall, { homeZone: 'Europe/Moscow' })),
        );
        expect(folded.memory?.reps ?? 0).toBeLessThanOrEqual(days.size);
        expect(folded.streak).toBeLessThanOrEqual(days.size);
        expect(folded.attempts).toBe(entries.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the FSRS schedule', () => {
  it('takes its due date from the model and calls a word learned only when it is stable', () => {
    const first = foldWord(U, 'w1', [answerAt(T, true)], FSRS);
    expect(first.memory?.reps).toBe(1);
    expect(first.nextReviewAt).toBe(first.memory?.due);
    // The first right answer is not a learned word yet (a 1-in-4 guess would be one otherwise).
    expect(first.status).toBe('learning');
    expect((first.nextReviewAt ?? 0) - T).toBeGreaterThanOrEqual(DAY_MS);
    const days = [0, 3, 10, 30].map((d) => answerAt(T + d * DAY_MS, true));
    const later = foldWord(U, 'w1', days, FSRS);
    expect(later.memory?.s).toBeGreaterThan(FSRS_LEARNED_STABILITY_DAYS);
    expect(later.status).toBe('learned');
    expect(later.nextReviewAt).toBe(later.memory?.due);
  });

  it('a wrong answer makes the word due at once and counts a lapse', () => {
    const word = foldWord(U, 'w1', [answerAt(T, true), answerAt(T + 3 * DAY_MS, false)], FSRS);
    expect(word.nextReviewAt).toBe(T + 3 * DAY_MS);
    expect(word.status).toBe('learning');
    expect(word.lapses).toBe(1);
    expect(word.memory?.lapses).toBe(1);
  });

  it('keeps the memory under the standard schedule too, for the recall figure', () => {
    const word = foldWord(U, 'w1', [answerAt(T, true), answerAt(T + 2 * DAY_MS, true)], MOSCOW);
    expect(word.memory?.reps).toBe(2);
    const recall = fsrsModel.recall(word.memory as NonNullable<typeof word.memory>, T + 3 * DAY_MS);
    expect(recall).toBeGreaterThan(0.5);
    expect(recall).toBeLessThan(1);
  });
});
