/**
 * The study day (issue 43): it begins at a set hour of the home zone (04:00 by default), and the
 * one-step rule, the daily goal, the charts and "review" all count by it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import { practisedToday } from '@/domain/daily';
import { fsrsModel } from '@/domain/fsrs';
import type { HistoryEntry } from '@/domain/history';
import { foldWord } from '@/domain/history-fold';
import {
  dayStartHourOf,
  foldRulesFor,
  studyDayEnd,
  studyDayOf,
  studyDayStart,
} from '@/domain/memory';
import { answersPerDay } from '@/domain/progress-charts';
import { prepareSession, splitPool } from '@/domain/session';
import type { UserWord, VocabItem } from '@/domain/types';

const U = 'u1';
const HOUR = 3_600_000;
const MOSCOW = { homeZone: 'Europe/Moscow' };

let seq = 0;
function answerAt(wall: number, correct: boolean, vocabId = 'w1'): HistoryEntry {
  seq++;
  return {
    id: `e${seq}`,
    userId: U,
    vocabId,
    kind: 'answer',
    correct,
    mode: 'choice',
    hlc: wall * 1000 + seq,
    wall,
    device: 'phone',
  };
}

describe('the study day', () => {
  // 21:30 and 00:30 in Moscow (UTC+3), three hours apart across midnight.
  const evening = Date.UTC(2026, 0, 10, 18, 30);
  const night = Date.UTC(2026, 0, 10, 21, 30);

  it('begins at 04:00 in the home zone by default: a watch across midnight is one day', () => {
    expect(dayStartHourOf(undefined)).toBe(4);
    expect(studyDayOf(night, MOSCOW)).toBe(studyDayOf(evening, MOSCOW));
    expect(studyDayOf(night + 4 * HOUR, MOSCOW)).toBe(studyDayOf(evening, MOSCOW) + 1);
    // With the day beginning at midnight they are two days.
    const midnight = { ...MOSCOW, dayStartHour: 0 };
    expect(studyDayOf(night, midnight)).toBe(studyDayOf(evening, midnight) + 1);
    // 04:00 Moscow is 01:00 UTC.
    expect(studyDayStart(evening, MOSCOW)).toBe(Date.UTC(2026, 0, 10, 1));
    expect(studyDayEnd(evening, MOSCOW)).toBe(Date.UTC(2026, 0, 11, 1) - 1);
  });

  it('sessions at 21:30 and 00:30 move a word one step, not two', () => {
    const rules = foldRulesFor(MOSCOW, fsrsModel);
    const word = foldWord(U, 'w1', [answerAt(evening, true), answerAt(night, true)], rules);
    expect(word.streak).toBe(1);
    expect(word.memory?.reps).toBe(1);
  });

  it('a word not yet due is not promoted early; on the day it is due it is', () => {
    const rules = foldRulesFor(MOSCOW, fsrsModel);
    const first = answerAt(Date.UTC(2026, 0, 10, 7), true); // 10:00, due in a day
    const second = answerAt(Date.UTC(2026, 0, 11, 7), true); // 10:00 next day: due, step 2
    // Streak 2 is due three days on: answers on the two days between are practice.
    const early = [12, 13].map((day) => answerAt(Date.UTC(2026, 0, day, 7), true));
    const due = answerAt(Date.UTC(2026, 0, 14, 7), true);
    const word = foldWord(U, 'w1', [first, second, ...early], rules);
    expect(word).toMatchObject({ streak: 2, attempts: 4, correct: 4 });
    expect(foldWord(U, 'w1', [first, second, ...early, due], rules).streak).toBe(3);
    // A wrong answer before the day is still a lapse.
    const lapse = answerAt(Date.UTC(2026, 0, 12, 8), false);
    expect(foldWord(U, 'w1', [first, second, lapse], rules)).toMatchObject({ streak: 0 });
  });

  it('no word takes two steps within one study day, whatever the hour and zone (property)', () => {
    const zones = ['Europe/Moscow', 'Asia/Vladivostok', 'America/St_Johns', 'Europe/London', 'UTC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        fc.boolean(),
        fc.array(
          fc.record({ offset: fc.integer({ min: 0, max: 12 * DAY_MS }), correct: fc.boolean() }),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        (homeZone, dayStartHour, adaptive, specs) => {
          const settings = {
            homeZone,
            dayStartHour,
            schedule: adaptive ? 'fsrs' : 'standard',
          } as const;
          const rules = foldRulesFor(settings, fsrsModel);
          // Across a clock change (March, October) too.
          const base = Date.UTC(2026, 2, 20);
          const entries = specs
            .map((spec) => answerAt(base + spec.offset, spec.correct))
            .sort((a, b) => a.wall - b.wall);
          const stepsByDay = new Map<number, number>();
          let before = foldWord(U, 'w1', [], rules);
          for (const [index, entry] of entries.entries()) {
            const after = foldWord(U, 'w1', entries.slice(0, index + 1), rules);
            // A step up: the streak grew, or FSRS counted a right review.
            const stepped =
              after.streak > before.streak ||
              (entry.correct && (after.memory?.reps ?? 0) > (before.memory?.reps ?? 0));
            if (stepped) {
              const day = studyDayOf(entry.wall, settings);
              stepsByDay.set(day, (stepsByDay.get(day) ?? 0) + 1);
            }
            before = after;
          }
          for (const count of stepsByDay.values()) expect(count).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('is the day of the daily goal and of the charts', () => {
    const rules = foldRulesFor(MOSCOW);
    const entries = [answerAt(evening, true, 'a'), answerAt(night, false, 'b')];
    // At 01:00 Moscow both answers are today's.
    const now = night + 30 * 60_000;
    expect(practisedToday(entries, now, undefined, rules)).toBe(2);
    const today = answersPerDay(entries, now, 2, rules).at(-1);
    expect(today).toEqual({ day: studyDayStart(now, MOSCOW), right: 1, wrong: 1 });
  });
});

describe('review means due', () => {
  const item = (id: string): VocabItem =>
    ({ id, langA: id, langB: id, topic: 'T', division: 'deck', source: 'builtin' }) as VocabItem;
  const vocab = ['due', 'later', 'weak', 'new'].map(item);
  const now = Date.UTC(2026, 0, 10, 7);
  const record = (vocabId: string, nextReviewAt: number, strength: number): UserWord => ({
    userId: U,
    vocabId,
    status: 'learning',
    attempts: 1,
    correct: 1,
    streak: 1,
    strength,
    nextReviewAt,
    updatedAt: now - DAY_MS,
  });
  const words = new Map([
    ['due', record('due', now + 5 * HOUR, 0.7)], // due later today
    ['later', record('later', now + 2 * DAY_MS, 0.7)],
    ['weak', record('weak', now + DAY_MS, 0.2)], // weak, but due tomorrow
  ]);

  it('offers as review only the words due by the end of the study day; resting words neither', () => {
    const dueBy = studyDayEnd(now, MOSCOW);
    const split = splitPool(vocab, words, dueBy);
    expect(split.review.map((w) => w.id)).toEqual(['due']);
    expect(split.fresh.map((w) => w.id)).toEqual(['new']);
    expect(split.resting.map((w) => w.id).sort()).toEqual(['later', 'weak']);
    const session = prepareSession({
      vocab,
      userWords: words,
      size: 10,
      mode: 'mixed',
      now,
      dueBy,
      random: () => 0.5,
    });
    expect(session.map((w) => w.id).sort()).toEqual(['due', 'new']);
  });
});
