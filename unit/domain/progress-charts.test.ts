/** The progress charts' figures: local days, the history's effective times, baselines, forecast. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import { effectiveTime, type HistoryEntry } from '@/domain/history';
import { foldAll, foldWord } from '@/domain/history-fold';
import { baselineEntry } from '@/domain/history-snapshot';
import {
  accuracyByTopic,
  answersPerDay,
  learnedOverTime,
  reviewForecast,
  startOfDay,
} from '@/domain/progress-charts';
import { newUserWord } from '@/domain/srs';
import type { UserWord, VocabItem } from '@/domain/types';

const U = 'u1';
/** Noon, local time, so a few hours either way stay on the same day. */
const NOW = new Date(2026, 10, 23, 12, 0, 0).getTime();
const TODAY = startOfDay(NOW);
const dayStart = (offset: number) => new Date(2026, 10, 23 + offset).getTime();

let seq = 0;
function answer(at: number, correct: boolean, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  seq++;
  return {
    id: `e${seq}`,
    userId: U,
    vocabId: 'w1',
    kind: 'answer',
    correct,
    hlc: at * 1000 + seq,
    wall: at,
    device: 'phone',
    ...overrides,
  };
}

function word(vocabId: string, overrides: Partial<UserWord>): UserWord {
  return { ...newUserWord(U, vocabId, 0), deleted: false, ...overrides };
}

describe('answersPerDay', () => {
  it('counts right and wrong answers on the local day of their effective time, 30 days up to today', () => {
    const entries = [
      answer(NOW, true),
      answer(TODAY, false), // midnight belongs to today
      answer(TODAY - 1, true), // a millisecond before: yesterday
      answer(dayStart(-29), true), // the oldest day shown
      answer(dayStart(-30) + 1000, true), // too old
      answer(NOW + 365 * DAY_MS, false, { receivedAt: NOW }), // a clock a year ahead: counted today
      { ...answer(NOW, true), kind: 'skip' as const }, // not an answer
    ];
    const days = answersPerDay([...entries, entries[0] as HistoryEntry], NOW);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: dayStart(-29), right: 1, wrong: 0 });
    expect(days[28]).toEqual({ day: dayStart(-1), right: 1, wrong: 0 });
    expect(days[29]).toEqual({ day: TODAY, right: 1, wrong: 2 });
    expect(days.reduce((sum, d) => sum + d.right + d.wrong, 0)).toBe(5);
  });
});

describe('learnedOverTime', () => {
  it('replays the fold day by day, baselines from their own time, deleted words not counted', () => {
    const base = baselineEntry(
      word('old', {
        status: 'learned',
        attempts: 3,
        correct: 3,
        streak: 3,
        strength: 0.9,
        updatedAt: dayStart(-10),
      }),
      { prefix: 'local', device: 'phone' },
    );
    const learnW1 = answer(dayStart(-3) + 5000, true); // streak 1, strength 0.2: learned
    const deleteOld = {
      ...answer(dayStart(-1) + 5000, true),
      vocabId: 'old',
      kind: 'delete' as const,
    };
    const entries = [base, learnW1, deleteOld];
    const days = learnedOverTime(U, entries, NOW);
    expect(days).toHaveLength(30);
    expect(days.find((d) => d.day === dayStart(-11))?.learned).toBe(0);
    expect(days.find((d) => d.day === dayStart(-10))?.learned).toBe(1);
    expect(days.find((d) => d.day === dayStart(-3))?.learned).toBe(2);
    expect(days.find((d) => d.day === dayStart(-1))?.learned).toBe(1);
    // Today agrees with the fold of everything.
    const folded = [...foldAll(U, entries).values()].filter(
      (w) => w.status === 'learned' && !w.deleted,
    );
    expect(days.at(-1)?.learned).toBe(folded.length);
  });

  it('skips a baseline the word’s own steps reproduce, as the fold (and the rank) does', () => {
    // An import made the record of the first step a baseline: it stands for that step, not for
    // a learned word on top of it.
    const learned = {
      ...answer(dayStart(-50) + 5000, true),
      id: 'learn-50',
      kind: 'learn' as const,
    };
    const unlearned = {
      ...answer(dayStart(-45) + 5000, true),
      id: 'unlearn-45',
      kind: 'unlearn' as const,
    };
    const base = baselineEntry(foldWord(U, 'w1', [learned]), { prefix: 'file', device: 'phone' });
    const entries = [base, learned, unlearned];
    expect(foldWord(U, 'w1', entries).status).not.toBe('learned');
    expect(learnedOverTime(U, entries, NOW).map((day) => day.learned)).toEqual(
      Array.from({ length: 30 }, () => 0),
    );
  });

  it('agrees with folding each day afresh, whatever the clocks did (property)', () => {
    /** The definition, day by day: the fold of everything that had happened by the day's end. */
    const reference = (entries: HistoryEntry[]) =>
      Array.from({ length: 30 }, (_, i) => {
        const end = dayStart(i - 28);
        const words = new Set(entries.map((e) => e.vocabId));
        let learned = 0;
        for (const vocabId of words) {
          const happened = entries.filter((e) => e.vocabId === vocabId && effectiveTime(e) < end);
          const word = foldWord(U, vocabId, happened);
          if (happened.length > 0 && word.status === 'learned' && !word.deleted) learned++;
        }
        return learned;
      });
    const arb = fc.array(
      fc.record({
        vocabId: fc.constantFrom('a', 'b'),
        kind: fc.constantFrom(
          'answer' as const,
          'answer' as const,
          'learn' as const,
          'delete' as const,
          'restore' as const,
        ),
        correct: fc.boolean(),
        hlc: fc.integer({ min: 0, max: 1000 }),
        day: fc.integer({ min: -35, max: 0 }),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(arb, (raw) => {
        const entries = raw.map((r, i) =>
          answer(dayStart(r.day) + 3_600_000, r.correct, {
            id: `p${i}`,
            vocabId: r.vocabId,
            kind: r.kind,
            hlc: r.hlc,
          }),
        );
        expect(learnedOverTime(U, entries, NOW).map((d) => d.learned)).toEqual(reference(entries));
      }),
      { numRuns: 200 },
    );
  });
});

describe('reviewForecast', () => {
  it('puts overdue words on today and skips new, hidden and deleted words', () => {
    const words = [
      word('a', { status: 'learning', nextReviewAt: NOW - 5 * DAY_MS }),
      word('b', { status: 'learned', nextReviewAt: dayStart(1) }),
      word('c', { status: 'learned', nextReviewAt: dayStart(13) + 1000 }),
      word('d', { status: 'learned', nextReviewAt: dayStart(14) }), // beyond 14 days
      word('e', { status: 'new', nextReviewAt: NOW }),
      word('f', { status: 'learned', nextReviewAt: NOW, hidden: true }),
      word('g', { status: 'learned', nextReviewAt: NOW, deleted: true }),
    ];
    const days = reviewForecast(words, NOW);
    expect(days).toHaveLength(14);
    expect(days.map((d) => d.due)).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(days[0]?.day).toBe(TODAY);
  });
});

describe('accuracyByTopic', () => {
  it('sums answers per topic, most answered first, studied and known words only', () => {
    const vocab = new Map<string, VocabItem>(
      ['a', 'b', 'c'].map((id, i) => [
        id,
        {
          id,
          langA: id,
          langB: id,
          topic: i < 2 ? 'Mooring' : 'Fire',
          division: 'deck',
          source: 'builtin',
        },
      ]),
    );
    const words = [
      word('a', { attempts: 4, correct: 3 }),
      word('b', { attempts: 2, correct: 1 }),
      word('c', { attempts: 1, correct: 1 }),
      word('unknown', { attempts: 9, correct: 9 }),
      word('c2', { attempts: 0, correct: 0 }),
    ];
    expect(accuracyByTopic(words, vocab)).toEqual([
      { topic: 'Mooring', attempts: 6, correct: 4, accuracy: 4 / 6 },
      { topic: 'Fire', attempts: 1, correct: 1, accuracy: 1 },
    ]);
  });
});
