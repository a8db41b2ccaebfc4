/**
 * The exam on the device: what the running exam keeps in localStorage (no answer key, no numbers
 * of the exam), a record that is corrupt or tampered with, a post to sit it for, and a result
 * that survives a storage failure at the end (kept, saved again, written once).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtinVocabulary } from '@/data/vocabulary/builtin';
import { putExamSetting } from '@/db/exam-settings-repo';
import { recordChange } from '@/db/history-append';
import { listHistoryOfPrefix } from '@/db/history-queries';
import { recordExamResult } from '@/db/history-results';
import { getDB, openDB } from '@/db/instance';
import { DAY_MS } from '@/domain/constants';
import { examPool, examPrediction, normalizeExamConfig } from '@/domain/exam';
import { EXAM_VOCAB_PREFIX, readExamEntry } from '@/domain/exam-result';
import { fsrsModel } from '@/domain/fsrs';
import type { Role, VocabItem } from '@/domain/types';
import { type ExamRun, readExamConfig, useExamStore } from '@/stores/exam-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import { putLearner } from '../db/helpers';
import { ClonedWorker } from '../support/history-worker';
import { poorReviewPlan } from '../support/poor-reviews';

const data = vi.hoisted(() => {
  const data = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, String(value)),
      removeItem: (key: string) => void data.delete(key),
    },
  });
  return data;
});

const vocab = [...builtinVocabulary().words];
const byId = new Map(vocab.map((item) => [item.id, item]));
const OS: Role = { id: 'role-deck-os', division: 'deck', name: 'os' };
const AB: Role = { id: 'role-deck-ab', division: 'deck', name: 'ab' };
let counter = 0;
let userId = '';

const kept = (): Record<string, unknown> | null => {
  const text = data.get(`marine.exam.${userId}`);
  return text === undefined ? null : (JSON.parse(text) as Record<string, unknown>);
};
const plant = (record: unknown) =>
  data.set(`marine.exam.${userId}`, typeof record === 'string' ? record : JSON.stringify(record));
const exam = () => useExamStore.getState();

/** The right option of a question shown, looked up in the vocabulary as a learner could. */
function rightOption(question: ExamRun['questions'][number]): string {
  const item = byId.get(question.vocabId) as VocabItem;
  return question.direction === 'ru-en' ? item.langB : item.langA;
}

function wrongOption(question: ExamRun['questions'][number]): string {
  return question.options.find((option) => option !== rightOption(question)) as string;
}

/** Starts an exam of `post` as the screen does: with the exam set for the post. */
async function startExam({ post = OS, code }: { post?: Role; code?: string } = {}) {
  const config = await readExamConfig(post.id);
  exam().start({
    userId,
    division: 'deck',
    role: post.name,
    canListen: false,
    config,
    prediction: null,
    ...(code === undefined ? {} : { code }),
  });
  expect(exam().run?.questions.length).toBeGreaterThan(0);
  return exam().run as ExamRun;
}

/** Answers `count` questions (all that are left by default): `right` of them right. */
async function answerAll(right: number, count = Number.POSITIVE_INFINITY) {
  for (let index = 0; index < count && exam().run && !exam().outcome; index++) {
    const run = exam().run as ExamRun;
    const question = run.questions[run.answers.length];
    if (!question) break;
    await exam().answer(index < right ? rightOption(question) : wrongOption(question));
  }
}

const examEntries = async () =>
  (await listHistoryOfPrefix(await openDB(), userId, EXAM_VOCAB_PREFIX)).filter(
    (entry) => entry.kind === 'exam',
  );

/** A reload: the store forgets what it held in memory; localStorage and the database stay. */
const reload = () => useExamStore.setState({ run: null, outcome: null, refused: null });

beforeEach(async () => {
  userId = `learner-${++counter}`;
  data.clear();
  reload();
  useVocabStore.setState({ loaded: true, vocab, topics: [], roles: [OS, AB], divisions: [] });
  await useWordsStore.getState().load(userId);
  await getDB();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  ClonedWorker.reset();
});

describe('the resume record', () => {
  it('keeps the questions as shown and the answers given, never the right answers nor the exam’s numbers', async () => {
    const run = await startExam();
    await exam().answer(rightOption(run.questions[0] as ExamRun['questions'][number]));
    const record = kept() as Record<string, unknown>;
    const text = JSON.stringify(record);
    expect(Object.keys(record).sort()).toEqual(
      [
        'answers',
        'division',
        'examId',
        'prediction',
        'questions',
        'role',
        'startedAt',
        'userId',
      ].sort(),
    );
    for (const question of record.questions as Record<string, unknown>[]) {
      expect(Object.keys(question).sort()).toEqual(['direction', 'options', 'section', 'vocabId']);
    }
    expect(text).not.toMatch(/"answer"|passMark|"minutes"|"config"/);
    expect((record.answers as unknown[]).length).toBe(1);
  });

  it('resumes at the same question after a reload', async () => {
    const run = await startExam();
    await exam().answer(rightOption(run.questions[0] as ExamRun['questions'][number]));
    await exam().answer(wrongOption(run.questions[1] as ExamRun['questions'][number]));
    reload();
    await exam().resume(userId);
    expect(exam().run?.examId).toBe(run.examId);
    expect(exam().run?.answers).toHaveLength(2);
    expect(exam().run?.questions.map((q) => q.prompt)).toEqual(run.questions.map((q) => q.prompt));
    expect(exam().refused).toBeNull();
  });

  it('grades against the exam set for the post: a pass mark written into the record counts for nothing', async () => {
    await putExamSetting(await getDB(), {
      ...normalizeExamConfig({ questions: 10, minutes: 10, passMark: 0.8 }),
      id: AB.id,
      division: 'deck',
      role: AB.name,
    });
    const config = await readExamConfig(AB.id);
    const run = await startExam({ post: AB });
    // The previous version's record held the exam's numbers: a learner lowers the pass mark.
    plant({
      ...(kept() as object),
      config: { ...config, passMark: 0.3, minutes: 120 },
      questions: run.questions.map((q) => ({ ...q, answer: rightOption(q) })),
    });
    reload();
    await exam().resume(userId);
    await answerAll(5);
    const outcome = exam().outcome;
    expect(outcome?.record.fields).toMatchObject({ c: 5, n: 10, pm: 80, lim: 600 });
    expect(outcome?.record.passed).toBe(false);
    expect(outcome?.status).toBe('saved');
  });

  it('refuses a record that was tampered with: cleared, with the reason, and nothing crashes', async () => {
    const tamperings: ((record: Record<string, unknown>) => unknown)[] = [
      // A word outside the post's curriculum.
      (record) => ({
        ...record,
        questions: (record.questions as { vocabId: string }[]).map((q, i) =>
          i === 0 ? { ...q, vocabId: 'no-such-word' } : q,
        ),
      }),
      // The questions answered wrong left out (fewer questions than the exam asks).
      (record) => ({ ...record, questions: (record.questions as unknown[]).slice(0, 20) }),
      // An answer that was never offered.
      (record) => ({ ...record, answers: ['anything at all'] }),
      // Options that no longer hold the right one.
      (record) => ({
        ...record,
        questions: (record.questions as { options: string[] }[]).map((q, i) =>
          i === 0 ? { ...q, options: ['a', 'b', 'c', 'd'] } : q,
        ),
      }),
      // A start in the future (more time).
      (record) => ({ ...record, startedAt: Date.now() + 3_600_000 }),
      // Another learner's exam.
      (record) => ({ ...record, userId: 'someone-else' }),
      // A malformed sitting code.
      (record) => ({ ...record, code: 'NOT-A-CODE!' }),
    ];
    for (const tamper of tamperings) {
      reload();
      await startExam();
      plant(tamper(kept() as Record<string, unknown>));
      reload();
      await exam().resume(userId);
      expect(exam().run).toBeNull();
      expect(exam().refused).toBe('tampered');
      expect(kept()).toBeNull();
    }
  });

  it('is left alone, not judged, while the post’s exam cannot be read', async () => {
    const run = await startExam();
    reload();
    const transaction = IDBDatabase.prototype.transaction;
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
      this: IDBDatabase,
      ...args
    ) {
      if ([args[0]].flat().includes('meta')) {
        throw new DOMException('The database connection is closing.', 'InvalidStateError');
      }
      return transaction.apply(this, args);
    });
    await exam().resume(userId);
    expect(exam().run).toBeNull();
    expect(exam().refused).toBeNull();
    expect(kept()?.examId).toBe(run.examId);
    spy.mockRestore();
    await exam().resume(userId);
    expect(exam().run?.examId).toBe(run.examId);
  });

  it('clears a corrupt record with a notice, and the exam can be started again', async () => {
    for (const corrupt of [
      '{"examId": "x", "questions": [',
      'null',
      JSON.stringify({ examId: 'x', userId: 'u' }),
      // The shape the previous check let through, with questions that are not questions.
      JSON.stringify({ examId: 'x', userId, questions: [1, 2], answers: [], startedAt: 1 }),
    ]) {
      reload();
      plant(corrupt.replace('"u"', JSON.stringify(userId)));
      await exam().resume(userId);
      expect(exam().run).toBeNull();
      expect(exam().refused).toBe('corrupt');
      expect(kept()).toBeNull();
      // The next visit finds nothing, says nothing.
      reload();
      await exam().resume(userId);
      expect(exam().refused).toBeNull();
    }
    await startExam();
    expect(kept()).not.toBeNull();
  });
});

describe('an exam of a post', () => {
  it('is not started without a post («—», or every post)', () => {
    for (const role of ['', 'all', ' ALL ']) {
      exam().start({ userId, division: 'deck', role, canListen: false, prediction: null });
      expect(exam().run).toBeNull();
      expect(kept()).toBeNull();
    }
  });

  it('carries a supervised sitting’s code, as typed, into the record and the result', async () => {
    const malformed = { code: 'ABCD-234' };
    exam().start({
      userId,
      division: 'deck',
      role: 'os',
      canListen: false,
      prediction: null,
      ...malformed,
    });
    expect(exam().run).toBeNull();
    await startExam({ code: ' abcd-2345 ' });
    expect(kept()?.code).toBe('ABCD2345');
    reload();
    await exam().resume(userId);
    await exam().finish();
    const [entry] = await examEntries();
    expect(entry?.x?.sc).toBe('ABCD2345');
    expect(readExamEntry({ ...(entry as NonNullable<typeof entry>), time: 1 })?.fields.sc).toBe(
      'ABCD2345',
    );
  });
});

describe('the end of an exam, whatever the storage does', () => {
  beforeEach(() => {
    // The store reports the failure it shows; the test checks what it shows.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  // The next write to the history fails, as the browser fails it; everything else goes on.
  const quotaExceeded = () => {
    const add = IDBObjectStore.prototype.add;
    let failed = false;
    vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['add']>
    ) {
      if (this.name === 'history' && !failed) {
        failed = true;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return add.apply(this, args);
    });
  };
  const closing = () => {
    const transaction = IDBDatabase.prototype.transaction;
    let failed = false;
    vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
      this: IDBDatabase,
      ...args: Parameters<IDBDatabase['transaction']>
    ) {
      if ([args[0]].flat().includes('history') && !failed) {
        failed = true;
        throw new DOMException('The database connection is closing.', 'InvalidStateError');
      }
      return transaction.apply(this, args);
    });
  };

  for (const [name, fail, failure] of [
    ['storage full at the last answer', quotaExceeded, 'full'],
    ['a database closing for another tab’s upgrade', closing, 'busy'],
  ] as const) {
    it(`keeps the exam when the result cannot be written (${name}) and saves it once on a retry`, async () => {
      const run = await startExam();
      // Up to the last answer, then the write fails.
      await answerAll(0, 39);
      fail();
      await exam().answer(wrongOption(run.questions[39] as ExamRun['questions'][number]));
      expect(exam().outcome?.status).toBe('failed');
      expect(exam().outcome?.failure).toBe(failure);
      expect(await examEntries()).toHaveLength(0);
      const record = kept() as { ended?: { entryId: string }; answers: unknown[] };
      expect(record.answers).toHaveLength(40);
      expect(record.ended?.entryId).toEqual(expect.any(String));

      await exam().saveResult();
      expect(exam().outcome?.status).toBe('saved');
      const entries = await examEntries();
      expect(entries.map((entry) => entry.id)).toEqual([record.ended?.entryId]);
      expect(kept()).toBeNull();
      // Saving again writes nothing more.
      await exam().saveResult();
      expect(await examEntries()).toHaveLength(1);
    });
  }

  it('saves a result that failed on the next visit, without sitting again', async () => {
    await startExam();
    await answerAll(39);
    expect(await examEntries()).toHaveLength(1);
    // A second exam whose save fails; the learner closes the app.
    reload();
    const second = await startExam();
    closing();
    await exam().finish();
    expect(exam().outcome?.status).toBe('failed');
    reload();
    await exam().resume(userId);
    expect(exam().outcome?.status).toBe('saved');
    expect(exam().outcome?.record.examId).toBe(second.examId);
    expect(exam().run).toBeNull();
    expect(kept()).toBeNull();
    const entries = await examEntries();
    expect(entries).toHaveLength(2);
    expect(entries.filter((entry) => entry.vocabId === `exam:${second.examId}`)).toHaveLength(1);
  });

  it('writes one result even when a save that was reported lost had landed', async () => {
    const run = await startExam();
    closing();
    await exam().finish();
    const record = kept() as { ended: { entryId: string } };
    // The write went through after all (it only answered too late).
    const outcome = exam().outcome;
    await recordExamResult(
      await openDB(),
      userId,
      run.examId,
      false,
      { ...outcome?.record.fields },
      Date.now(),
      record.ended.entryId,
    );
    await exam().saveResult();
    reload();
    await exam().resume(userId);
    expect(await examEntries()).toHaveLength(1);
    expect(kept()).toBeNull();
  });
});

describe('the prediction of an exam', () => {
  it('is calibrated on the learner’s answers in the history worker, as the page calibrates it', async () => {
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now);
    // The learner recalls far less than FSRS's default parameters say.
    const ids = examPool(vocab, 'deck', OS.name).map((item) => item.id);
    const db = await openDB();
    await putLearner(db, userId, { homeZone: 'UTC' });
    const plan = poorReviewPlan(ids);
    for (const [id, correct, days] of plan) {
      await recordChange(db, userId, id, { kind: 'answer', correct }, now - days * DAY_MS);
    }
    await useWordsStore.getState().load(userId);
    const here = await exam().predict('deck', OS.name);
    // The figures the page worked out were kept (the progress screen's): forgotten, so the
    // worker works them out again.
    await db.delete('meta', `progress-figures:${userId}`);
    vi.stubGlobal('Worker', ClonedWorker);
    const there = await exam().predict('deck', OS.name);
    expect(ClonedWorker.jobs).toEqual(['figures']);
    expect(there).toEqual(here);
    // Asked again with nothing new: the kept figures, no worker.
    expect(await exam().predict('deck', OS.name)).toEqual(here);
    expect(ClonedWorker.started).toBe(1);
    // The learner's answers scale the model's figure down.
    const pool = examPool(vocab, 'deck', OS.name);
    const { words } = useWordsStore.getState();
    const uncalibrated = examPrediction(pool, words, 40, now, fsrsModel, {
      factor: 1,
      reviews: 150,
    });
    expect(there).not.toBeNull();
    expect(there?.percent).toBeLessThan(uncalibrated?.percent ?? 0);
  });
});
