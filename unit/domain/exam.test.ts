/** The exam by role: composition, scoring, configuration and the predicted score. */
import { describe, expect, it } from 'vitest';
import { builtinVocabulary } from '@/data/vocabulary/builtin';
import {
  CALIBRATION_MIN_REVIEWS,
  composeExam,
  EXAM_DEFAULTS,
  type ExamQuestion,
  examPool,
  GUESS,
  normalizeExamConfig,
  predictScore,
  readingSection,
  recallCalibration,
  scoreExam,
  sectionQuota,
} from '@/domain/exam';
import { fsrsModel } from '@/domain/fsrs';
import type { HistoryEntry } from '@/domain/history';
import { foldAll } from '@/domain/history-fold';
import { foldRulesFor } from '@/domain/memory';
import { seededRandom } from '@/domain/random';
import type { UserWord } from '@/domain/types';

const vocab = builtinVocabulary().words;
const pool = examPool(vocab, 'deck', 'os');

describe('composeExam', () => {
  it('draws 40 distinct words of the role, ten per section, each with four options', () => {
    for (const seed of [1, 2, 3]) {
      const exam = composeExam(pool, vocab, EXAM_DEFAULTS, seededRandom(seed), { canListen: true });
      expect(exam).toHaveLength(40);
      expect(new Set(exam.map((q) => q.vocabId)).size).toBe(40);
      const ids = new Set(pool.map((item) => item.id));
      for (const question of exam) {
        expect(ids.has(question.vocabId)).toBe(true);
        expect(question.options).toHaveLength(4);
        expect(question.options).toContain(question.answer);
        if (question.section === 'listening') expect(question.direction).toBe('en-ru');
        else {
          const item = pool.find((word) => word.id === question.vocabId);
          expect(readingSection(item as (typeof pool)[number])).toBe(question.section);
        }
      }
      const counts = Object.fromEntries(
        ['terms', 'orders', 'phrases', 'listening'].map((s) => [
          s,
          exam.filter((q) => q.section === s).length,
        ]),
      );
      expect(counts).toEqual({ terms: 10, orders: 10, phrases: 10, listening: 10 });
    }
  });

  it('leaves listening out without a voice, and differs from draw to draw', () => {
    const a = composeExam(pool, vocab, EXAM_DEFAULTS, seededRandom(7), { canListen: false });
    const b = composeExam(pool, vocab, EXAM_DEFAULTS, seededRandom(8), { canListen: false });
    expect(a.filter((q) => q.section === 'listening')).toHaveLength(0);
    expect(a).toHaveLength(40);
    const shared = a.filter((q) => b.some((other) => other.vocabId === q.vocabId)).length;
    expect(shared).toBeLessThan(20);
  });

  it('asks only the sections that count', () => {
    const config = normalizeExamConfig({ questions: 20, sections: ['orders'] });
    const exam = composeExam(pool, vocab, config, seededRandom(3), { canListen: true });
    expect(exam).toHaveLength(20);
    expect(new Set(exam.map((q) => q.section))).toEqual(new Set(['orders']));
  });
});

describe('sectionQuota', () => {
  it('splits equally and gives a short section’s share to the others', () => {
    const quota = sectionQuota(
      40,
      new Map([
        ['terms', 100],
        ['orders', 4],
        ['phrases', 100],
      ] as const),
    );
    expect(Object.fromEntries(quota)).toEqual({ terms: 18, orders: 4, phrases: 18 });
    expect(Object.fromEntries(sectionQuota(10, new Map([['terms', 3]] as const)))).toEqual({
      terms: 3,
    });
  });
});

describe('scoreExam', () => {
  const question = (section: ExamQuestion['section'], topic: string, answer: string) =>
    ({
      section,
      topic,
      answer,
      vocabId: answer,
      direction: 'ru-en',
      prompt: '',
      options: [],
    }) as ExamQuestion;
  const exam = [
    question('terms', 'Mooring', 'a'),
    question('terms', 'Mooring', 'b'),
    question('orders', 'Helm', 'c'),
    question('phrases', 'Helm', 'd'),
    question('phrases', 'Helm', 'e'),
    question('phrases', 'Helm', 'f'),
    question('phrases', 'Helm', 'g'),
    question('phrases', 'Helm', 'h'),
    question('phrases', 'Helm', 'i'),
    question('phrases', 'Helm', 'j'),
  ];

  it('passes at the pass mark exactly, and lists what was missed per section and topic', () => {
    const answers = ['a', 'x', 'c', 'd', 'e', 'f', 'g', null, 'i', 'j'];
    const score = scoreExam(exam, answers, 0.8);
    expect(score).toMatchObject({
      correct: 8,
      total: 10,
      percent: 80,
      passed: true,
      missed: [1, 7],
    });
    expect(score.bySection).toEqual({
      terms: { correct: 1, total: 2 },
      orders: { correct: 1, total: 1 },
      phrases: { correct: 6, total: 7 },
    });
    expect(score.byTopic).toEqual({
      Mooring: { correct: 1, total: 2 },
      Helm: { correct: 7, total: 8 },
    });
    expect(scoreExam(exam, answers, 0.81).passed).toBe(false);
  });
});

describe('normalizeExamConfig', () => {
  it('keeps values in range and drops unknown sections', () => {
    expect(normalizeExamConfig()).toEqual(EXAM_DEFAULTS);
    expect(
      normalizeExamConfig({
        questions: 5000,
        minutes: 1,
        passMark: 2,
        sections: ['nope', 'terms'],
      }),
    ).toEqual({ questions: 100, minutes: 5, passMark: 1, sections: ['terms'] });
    expect(normalizeExamConfig({ sections: [] }).sections).toEqual(EXAM_DEFAULTS.sections);
  });
});

describe('predictScore', () => {
  const now = Date.UTC(2026, 10, 25);
  it('says a learner who studied nothing will score what guessing gives', () => {
    const prediction = predictScore(pool, new Map(), 40, now, fsrsModel);
    expect(prediction.percent).toBe(Math.round(GUESS * 100));
    expect(prediction.low).toBeLessThan(prediction.percent);
    expect(prediction.high).toBeGreaterThan(prediction.percent);
  });

  it('rises with what the learner recalls, and narrows when every word is known', () => {
    const studied = new Map<string, UserWord>(
      pool.map((item) => [
        item.id,
        {
          userId: 'u',
          vocabId: item.id,
          status: 'learned',
          attempts: 5,
          correct: 5,
          streak: 5,
          strength: 1,
          updatedAt: now,
          memory: { s: 400, d: 3, state: 2, reps: 6, lapses: 0, last: now - 86_400_000, due: now },
        },
      ]),
    );
    const prediction = predictScore(pool, studied, 40, now, fsrsModel);
    expect(prediction.percent).toBeGreaterThanOrEqual(99);
    expect(prediction.high - prediction.low).toBeLessThanOrEqual(4);
  });
});

describe('recallCalibration', () => {
  const DAY = 86_400_000;
  const start = Date.UTC(2026, 9, 1, 8);
  const rules = foldRulesFor({ homeZone: 'UTC' }, fsrsModel);
  /** 40 words: learned on day 0, then one first-of-day choice answer each on day `later`. */
  function history(later: number, right: (index: number) => boolean): HistoryEntry[] {
    const entries: HistoryEntry[] = [];
    for (let i = 0; i < 40; i++) {
      const at = start + i * 1000;
      const base = { userId: 'u', vocabId: `w${i}`, kind: 'answer', mode: 'choice', device: 'd' };
      entries.push({ ...base, id: `a${i}`, correct: true, hlc: at * 1000, wall: at });
      const next = at + later * DAY;
      entries.push({ ...base, id: `b${i}`, correct: right(i), hlc: next * 1000, wall: next });
    }
    return entries;
  }

  it('is 1 with too few reviews to tell', () => {
    const few = history(3, () => true).slice(0, 2 * (CALIBRATION_MIN_REVIEWS - 1));
    expect(recallCalibration(few, rules, fsrsModel, start)).toBe(1);
  });

  it('scales the model down for a learner who answers worse than it expects, and up for better', () => {
    const weak = recallCalibration(
      history(3, (i) => i % 2 === 0),
      rules,
      fsrsModel,
      start,
    );
    const strong = recallCalibration(
      history(30, () => true),
      rules,
      fsrsModel,
      start,
    );
    expect(weak).toBeLessThan(1);
    expect(strong).toBeGreaterThan(1);
    expect(
      recallCalibration(
        history(3, () => false),
        rules,
        fsrsModel,
        start,
      ),
    ).toBe(0.3);
    // Reviews before `since` do not count.
    expect(
      recallCalibration(
        history(3, () => false),
        rules,
        fsrsModel,
        start + 10 * DAY,
      ),
    ).toBe(1);
  });

  it('brings the prediction down with the calibration', () => {
    const now = start + 3 * DAY;
    const entries = history(3, (i) => i % 2 === 0);
    const pool40 = pool.slice(0, 40).map((item, i) => ({ ...item, id: `w${i}` }));
    const words = foldAll('u', entries, rules);
    const k = recallCalibration(entries, rules, fsrsModel, start);
    expect(predictScore(pool40, words, 40, now, fsrsModel, k).percent).toBeLessThan(
      predictScore(pool40, words, 40, now, fsrsModel).percent,
    );
  });
});
