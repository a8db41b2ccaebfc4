/** The exam by role: composition, scoring, configuration and the predicted score. */
import { describe, expect, it } from 'vitest';
import { builtinVocabulary } from '@/data/vocabulary/builtin';
import {
  CALIBRATION_MIN_REVIEWS,
  composeExam,
  EXAM_DEFAULTS,
  type ExamQuestion,
  examPool,
  examPrediction,
  GUESS,
  learnerCalibration,
  normalizeExamConfig,
  predictScore,
  readingSection,
  recallCalibration,
  scoreExam,
  sectionQuota,
} from '@/domain/exam';
import {
  EXAM_MISSED_MAX,
  EXAM_TOPICS_MAX,
  examResultFields,
  ranOutOfTime,
  readExamEntry,
  weakestTopicRows,
} from '@/domain/exam-result';
import {
  askedQuestions,
  examShares,
  gradedQuestions,
  isPost,
  readSittingRecord,
  type Sitting,
  sittingRecord,
} from '@/domain/exam-sitting';
import { fsrsModel } from '@/domain/fsrs';
import type { HistoryEntry } from '@/domain/history';
import { EXTENSION_MAX_CHARS } from '@/domain/history';
import { checkEntry } from '@/domain/history-contract';
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

describe('examPrediction: the prediction the exam shows', () => {
  const DAY = 86_400_000;
  const start = Date.UTC(2026, 9, 1, 8);
  const rules = foldRulesFor({ homeZone: 'UTC' }, fsrsModel);
  const pool40 = pool.slice(0, 40).map((item, i) => ({ ...item, id: `w${i}` }));
  /** `count` words learned on day 0, then each reviewed on day 3 (half of them right). */
  function history(count: number): HistoryEntry[] {
    const entries: HistoryEntry[] = [];
    for (let i = 0; i < count; i++) {
      const at = start + i * 1000;
      const base = { userId: 'u', vocabId: `w${i}`, kind: 'answer', mode: 'choice', device: 'd' };
      entries.push({ ...base, id: `a${i}`, correct: true, hlc: at * 1000, wall: at });
      const next = at + 3 * DAY;
      entries.push({ ...base, id: `b${i}`, correct: i % 2 === 0, hlc: next * 1000, wall: next });
    }
    return entries;
  }
  const now = start + 4 * DAY;

  it('is none before the learner has answered anything (not what guessing gives)', () => {
    const calibration = learnerCalibration([], rules, fsrsModel, start);
    expect(calibration).toEqual({ factor: 1, reviews: 0 });
    expect(examPrediction(pool40, new Map(), 40, now, fsrsModel, calibration)).toBeNull();
  });

  it('is none until enough of the learner’s own reviews calibrate it', () => {
    const entries = history(CALIBRATION_MIN_REVIEWS - 1);
    const calibration = learnerCalibration(entries, rules, fsrsModel, start);
    expect(calibration.reviews).toBe(CALIBRATION_MIN_REVIEWS - 1);
    const words = foldAll('u', entries, rules);
    expect(examPrediction(pool40, words, 40, now, fsrsModel, calibration)).toBeNull();
  });

  it('is none while no word of the exam’s pool has been studied, however many reviews elsewhere', () => {
    const entries = history(40);
    const calibration = learnerCalibration(entries, rules, fsrsModel, start);
    const words = foldAll('u', entries, rules);
    const elsewhere = pool40.map((item) => ({ ...item, id: `other-${item.id}` }));
    expect(examPrediction(elsewhere, words, 40, now, fsrsModel, calibration)).toBeNull();
  });

  it('is the calibrated score once there are enough reviews', () => {
    const entries = history(40);
    const calibration = learnerCalibration(entries, rules, fsrsModel, start);
    expect(calibration.reviews).toBe(40);
    expect(calibration.factor).toBe(recallCalibration(entries, rules, fsrsModel, start));
    const words = foldAll('u', entries, rules);
    expect(examPrediction(pool40, words, 40, now, fsrsModel, calibration)).toEqual(
      predictScore(pool40, words, 40, now, fsrsModel, calibration.factor),
    );
  });
});

describe('ranOutOfTime', () => {
  it('is true only when the whole limit was taken with questions unanswered', () => {
    expect(ranOutOfTime({ sec: 1800, lim: 1800 }, 12)).toBe(true);
    // Every question answered in the last second: finished, not timed out.
    expect(ranOutOfTime({ sec: 1800, lim: 1800 }, 0)).toBe(false);
    // Left early: questions unanswered, but time was left.
    expect(ranOutOfTime({ sec: 600, lim: 1800 }, 35)).toBe(false);
  });
});

describe('the sitting kept while an exam runs', () => {
  const NOW = Date.UTC(2026, 0, 5, 9, 0, 0);
  const context = { userId: 'u1', vocab, config: EXAM_DEFAULTS, now: NOW };

  function sitting(seed = 1, canListen = true): { sitting: Sitting; questions: ExamQuestion[] } {
    const questions = composeExam(pool, vocab, EXAM_DEFAULTS, seededRandom(seed), { canListen });
    return {
      questions,
      sitting: {
        examId: `exam-${seed}`,
        userId: 'u1',
        division: 'deck',
        role: 'os',
        questions: askedQuestions(questions),
        answers: [],
        startedAt: NOW - 60_000,
        prediction: { percent: 40, low: 30, high: 50 },
      },
    };
  }
  const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

  it('counts the questions of each section as composeExam draws them', () => {
    const configs = [
      EXAM_DEFAULTS,
      normalizeExamConfig({ questions: 20, sections: ['orders'] }),
      normalizeExamConfig({ questions: 100, sections: ['terms', 'listening'] }),
    ];
    const pools = [pool, pool.slice(0, 30), examPool(vocab, 'galley', 'cook')];
    for (const config of configs) {
      for (const from of pools) {
        for (const canListen of [true, false]) {
          const drawn = composeExam(from, vocab, config, seededRandom(5), { canListen });
          const counted = new Map<string, number>();
          for (const q of drawn) counted.set(q.section, (counted.get(q.section) ?? 0) + 1);
          expect(Object.fromEntries(examShares(from, config, canListen))).toEqual(
            Object.fromEntries(counted),
          );
        }
      }
    }
  });

  it('keeps no right answer, and grades from the vocabulary exactly as the draw would have', () => {
    const { sitting: run, questions } = sitting(3);
    const record = json(sittingRecord(run));
    expect(JSON.stringify(record)).not.toContain('"answer"');
    const read = readSittingRecord(record, context);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.sitting.questions).toEqual(run.questions);
    expect(gradedQuestions(read.sitting.questions, vocab)).toEqual(questions);
  });

  it('reads the previous version’s record (which held the key and the numbers) without them', () => {
    const { sitting: run, questions } = sitting(4, false);
    const previous = json({
      ...run,
      questions,
      answers: [questions[0]?.answer],
      config: { ...EXAM_DEFAULTS, passMark: 0.01 },
    });
    const read = readSittingRecord(previous, context);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.sitting).not.toHaveProperty('config');
    expect(read.sitting.questions[0]).not.toHaveProperty('answer');
    expect(read.sitting.answers).toEqual([questions[0]?.answer]);
  });

  it('refuses what does not fit the exam of the post, and calls what is not a record corrupt', () => {
    const { sitting: run } = sitting(6);
    const record = json(sittingRecord(run));
    const questionsOf = (r: Record<string, unknown>) => r.questions as Record<string, unknown>[];
    const tampered = [
      { ...record, role: 'all' },
      { ...record, userId: 'u2' },
      { ...record, startedAt: NOW + 3_600_000 },
      { ...record, questions: questionsOf(record).slice(1) },
      { ...record, questions: [...questionsOf(record), questionsOf(record)[0]] },
      {
        ...record,
        questions: questionsOf(record).map((q, i) => (i === 0 ? { ...q, section: 'orders' } : q)),
      },
      {
        ...record,
        questions: questionsOf(record).map((q, i) =>
          i === 0 ? { ...q, options: (q.options as string[]).slice(0, 1) } : q,
        ),
      },
      { ...record, answers: ['not an option'] },
      { ...record, answers: new Array(41).fill(null) },
      { ...record, code: 'abcd2345' },
      { ...record, ended: { at: NOW - 3_600_000, entryId: 'e1' } },
    ];
    for (const raw of tampered) {
      expect(readSittingRecord(raw, context)).toEqual({ ok: false, reason: 'tampered' });
    }
    // Counts that disagree with the exam set for the post as it is now.
    expect(
      readSittingRecord(record, { ...context, config: { ...EXAM_DEFAULTS, questions: 30 } }),
    ).toEqual({ ok: false, reason: 'tampered' });
    for (const raw of [
      null,
      7,
      'text',
      [],
      { ...record, questions: 'many' },
      { ...record, questions: [1] },
    ]) {
      expect(readSittingRecord(raw, context)).toEqual({ ok: false, reason: 'corrupt' });
    }
  });

  it('takes a supervised sitting’s code and the end as kept', () => {
    const { sitting: run } = sitting(7);
    const ended = { ...run, code: 'ABCD2345', ended: { at: NOW, entryId: 'entry-1' } };
    const read = readSittingRecord(json(sittingRecord(ended)), context);
    expect(read).toEqual({ ok: true, sitting: ended });
  });

  it('is sat for a post: neither «—» nor every post', () => {
    expect(['', ' ', 'all', 'ALL'].map(isPost)).toEqual([false, false, false, false]);
    expect(isPost('os')).toBe(true);
  });
});

describe('the result entry', () => {
  const questions = composeExam(pool, vocab, EXAM_DEFAULTS, seededRandom(9), { canListen: true });
  const answers = questions.map(() => null);
  const score = scoreExam(questions, answers, 0.7);
  const sitting = {
    division: 'deck',
    role: 'os',
    config: EXAM_DEFAULTS,
    questions,
    answers,
    prediction: null,
    seconds: 100,
  };
  const entry = (x: Record<string, unknown>) => ({
    kind: 'exam',
    vocabId: 'exam:e1',
    correct: false,
    time: 1,
    x,
  });

  it('carries a supervised sitting’s code as `sc`, read back only when it is one', () => {
    const fields = examResultFields({ ...sitting, code: 'ABCD2345' }, score);
    expect(fields.sc).toBe('ABCD2345');
    expect(readExamEntry(entry({ ...fields }))?.fields.sc).toBe('ABCD2345');
    expect(readExamEntry(entry({ ...fields, sc: 'abcd2345' }))?.fields).not.toHaveProperty('sc');
    expect(readExamEntry(entry({ ...fields, sc: 42 }))?.fields).not.toHaveProperty('sc');
    expect(examResultFields(sitting, score)).not.toHaveProperty('sc');
  });

  it('lists as weakest only the topics with a mistake, weakest first', () => {
    const [first, second, third] = questions as [ExamQuestion, ExamQuestion, ExamQuestion];
    const asked = [
      { ...first, topic: 'Mooring' },
      { ...second, topic: 'Mooring' },
      { ...third, topic: 'Anchoring' },
      { ...first, topic: 'Anchoring', vocabId: 'x1' },
      { ...second, topic: 'Safety', vocabId: 'x2' },
    ];
    // Mooring 2 of 2, Anchoring 1 of 2, Safety 0 of 1.
    const given = [first.answer, second.answer, third.answer, null, 'wrong'];
    const fields = examResultFields(
      { ...sitting, questions: asked, answers: given },
      scoreExam(asked, given, 0.7),
    );
    expect(fields.t).toEqual([
      ['Safety', 0, 1],
      ['Anchoring', 1, 2],
    ]);
    const perfect = asked.map((question) => question.answer);
    expect(
      examResultFields(
        { ...sitting, questions: asked, answers: perfect },
        scoreExam(asked, perfect, 0.7),
      ).t,
    ).toEqual([]);
  });

  it('reads an older result’s topics answered without a mistake, and does not list them', () => {
    const older = {
      ...examResultFields(sitting, score),
      t: [
        ['Mooring', 2, 2],
        ['Safety', 1, 2],
      ],
    };
    const rows = readExamEntry(entry(older))?.fields.t ?? [];
    expect(rows).toHaveLength(2);
    expect(weakestTopicRows(rows)).toEqual([['Safety', 1, 2]]);
  });

  it('stays within the entry’s bound with a code, every word missed and the longest topics', () => {
    const longest = [...vocab].sort((a, b) => b.id.length - a.id.length);
    const topics = [...new Set(vocab.map((item) => item.topic))].sort(
      (a, b) => b.length - a.length,
    );
    const many = Array.from({ length: 100 }, (_, i) => ({
      ...(questions[i % questions.length] as ExamQuestion),
      vocabId: longest[i]?.id as string,
      topic: topics[i % EXAM_TOPICS_MAX] as string,
    }));
    const worst = examResultFields(
      { ...sitting, questions: many, answers: many.map(() => null), code: 'ABCD2345' },
      scoreExam(
        many,
        many.map(() => null),
        0.7,
      ),
    );
    expect(worst.miss).toHaveLength(EXAM_MISSED_MAX);
    expect(JSON.stringify(worst).length).toBeLessThanOrEqual(EXTENSION_MAX_CHARS);
    // The wire contract (this version's and the previous one's) keeps it unchanged.
    const checked = checkEntry({
      id: 'e1',
      userId: 'u1',
      vocabId: 'exam:e1',
      kind: 'exam',
      hlc: 1_000_000,
      wall: 1_000,
      device: 'd1',
      correct: false,
      x: worst,
    });
    expect(checked.ok && checked.entry.x).toEqual(JSON.parse(JSON.stringify(worst)));
  });
});
