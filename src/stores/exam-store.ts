/**
 * The exam being sat, and the results already sat. An exam is drawn from the role's curriculum
 * (domain/exam.ts), answered one question at a time without feedback and without going back,
 * against a time limit; it is kept in localStorage while it runs, so a reload (or a phone that
 * killed the tab) finds it where it was, with the time that is left. Finishing records the result
 * as one history entry (synced like any answer); the schedule is never touched.
 */
import { create } from 'zustand';
import { getExamSetting } from '@/db/exam-settings-repo';
import { listHistory, listHistoryOfPrefix } from '@/db/history-queries';
import { getDB, openDB } from '@/db/instance';
import { DAY_MS } from '@/domain/constants';
import {
  composeExam,
  EXAM_DEFAULTS,
  type ExamConfig,
  type ExamQuestion,
  type ExamScore,
  examPool,
  normalizeExamConfig,
  type Prediction,
  predictScore,
  recallCalibration,
  scoreExam,
  secondsLeft,
} from '@/domain/exam';
import {
  EXAM_VOCAB_PREFIX,
  type ExamRecord,
  examRecords,
  examResultFields,
} from '@/domain/exam-result';
import { effectiveTime } from '@/domain/history';
import { newId } from '@/domain/ids';
import { foldRulesFor } from '@/domain/memory';
import type { DivisionId } from '@/domain/types';
import { firebaseSettings } from '@/firebase/config';
import { type Verification, verificationCode, verifyExamResult } from '@/sync/exam-verify';
import { useAuthStore } from './auth-store';
import { useVocabStore } from './vocab-store';
import { GUEST_ID, useWordsStore } from './words-store';

/** An exam being sat. */
export interface ExamRun {
  examId: string;
  userId: string;
  division: DivisionId;
  role: string;
  config: ExamConfig;
  questions: ExamQuestion[];
  /** One per question answered so far (null: left unanswered when time ran out or on leaving). */
  answers: (string | null)[];
  startedAt: number;
  prediction: Prediction | null;
}

/** A finished exam as its result screen shows it. */
export interface ExamOutcome {
  record: ExamRecord;
  score: ExamScore;
  questions: ExamQuestion[];
  answers: (string | null)[];
  /** False when the result could not be stored (storage full): it is shown, not kept. */
  saved: boolean;
}

const storageKey = (userId: string) => `marine.exam.${userId}`;

function store(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function keep(run: ExamRun | null, userId: string): void {
  try {
    if (run) store()?.setItem(storageKey(userId), JSON.stringify(run));
    else store()?.removeItem(storageKey(userId));
  } catch {
    // Storage full or blocked: the exam goes on in memory.
  }
}

function kept(userId: string): ExamRun | null {
  try {
    const text = store()?.getItem(storageKey(userId));
    if (!text) return null;
    const run = JSON.parse(text) as ExamRun;
    const valid =
      run &&
      run.userId === userId &&
      typeof run.examId === 'string' &&
      Array.isArray(run.questions) &&
      run.questions.length > 0 &&
      Array.isArray(run.answers) &&
      typeof run.startedAt === 'number';
    return valid ? run : null;
  } catch {
    return null;
  }
}

/** How far back the learner's answers calibrate the prediction. */
const CALIBRATION_DAYS = 30;

/** The FSRS model loads with the exam screens, not at start-up. */
const memoryModel = () => import('@/domain/fsrs').then((module) => module.fsrsModel);

interface ExamState {
  run: ExamRun | null;
  outcome: ExamOutcome | null;
  /** The predicted score of an exam for this division and role, from the learner's memory. */
  predict(division: DivisionId, role: string, config?: ExamConfig): Promise<Prediction>;
  /** Finds the exam this learner left running (a reload); finishes it if its time is up. */
  resume(userId: string): Promise<void>;
  /** Draws and starts an exam; false when the role has no words to ask. */
  start(input: {
    userId: string;
    division: DivisionId;
    role: string;
    canListen: boolean;
    config?: ExamConfig;
    prediction: Prediction | null;
  }): boolean;
  /** Answers the current question and moves on; the last answer finishes the exam. */
  answer(option: string): Promise<void>;
  /** Ends the exam now (time up, or the learner leaves): what is unanswered counts as missed. */
  finish(): Promise<void>;
  /** Closes the result screen. */
  dismiss(): void;
}

export const useExamStore = create<ExamState>()((set, get) => ({
  run: null,
  outcome: null,

  async predict(division, role, config = EXAM_DEFAULTS) {
    const model = await memoryModel();
    const now = Date.now();
    const { ownerId, words } = useWordsStore.getState();
    // The learner's own answers of the last 30 days calibrate the model (see recallCalibration).
    let calibration = 1;
    if (ownerId !== GUEST_ID) {
      const entries = await listHistory(await openDB(), ownerId);
      const rules = foldRulesFor(useAuthStore.getState().user?.settings, model);
      calibration = recallCalibration(entries, rules, model, now - CALIBRATION_DAYS * DAY_MS);
    }
    const pool = examPool(useVocabStore.getState().vocab, division, role);
    return predictScore(pool, words, config.questions, now, model, calibration);
  },

  async resume(userId) {
    if (get().run?.userId === userId) return;
    const run = kept(userId);
    set({ run });
    if (run && secondsLeft(run.startedAt, run.config.minutes, Date.now()) === 0) {
      await get().finish();
    }
  },

  start({ userId, division, role, canListen, config = EXAM_DEFAULTS, prediction }) {
    const vocab = useVocabStore.getState().vocab;
    const questions = composeExam(examPool(vocab, division, role), vocab, config, Math.random, {
      canListen,
    });
    if (questions.length === 0) return false;
    const run: ExamRun = {
      examId: newId(),
      userId,
      division,
      role,
      config,
      questions,
      answers: [],
      startedAt: Date.now(),
      prediction,
    };
    keep(run, userId);
    set({ run, outcome: null });
    return true;
  },

  async answer(option) {
    const run = get().run;
    if (!run || run.answers.length >= run.questions.length) return;
    const next: ExamRun = { ...run, answers: [...run.answers, option] };
    keep(next, run.userId);
    set({ run: next });
    if (next.answers.length === next.questions.length) await get().finish();
  },

  async finish() {
    const run = get().run;
    if (!run) return;
    const answers = run.questions.map((_, index) => run.answers[index] ?? null);
    const score = scoreExam(run.questions, answers, run.config.passMark);
    const now = Date.now();
    const seconds = Math.min(run.config.minutes * 60, (now - run.startedAt) / 1000);
    const fields = examResultFields(
      {
        division: run.division,
        role: run.role,
        config: run.config,
        questions: run.questions,
        answers,
        prediction: run.prediction,
        seconds,
      },
      score,
    );
    const record: ExamRecord = {
      examId: run.examId,
      at: now,
      passed: score.passed,
      percent: score.percent,
      fields,
    };
    // The run is over whatever happens next: it is never sat twice.
    keep(null, run.userId);
    set({ run: null });
    let saved = true;
    try {
      if (useWordsStore.getState().ownerId !== run.userId) throw new Error('another learner');
      await useWordsStore.getState().recordExamResult(run.examId, score.passed, fields);
    } catch (error) {
      console.error('Recording the exam result failed', error);
      saved = false;
    }
    set({ outcome: { record, score, questions: run.questions, answers, saved } });
  },

  dismiss() {
    set({ outcome: null });
  },
}));

/** The signed-in learner's exam results, newest first (a guest has none: exams need an account). */
export async function readExamResults(): Promise<ExamRecord[]> {
  const { ownerId } = useWordsStore.getState();
  if (ownerId === GUEST_ID) return [];
  const entries = await listHistoryOfPrefix(await openDB(), ownerId, EXAM_VOCAB_PREFIX);
  return examRecords(entries.map((entry) => ({ ...entry, time: effectiveTime(entry) })));
}

/** One result by its exam id, or null. */
export async function readExamResult(examId: string): Promise<ExamRecord | null> {
  return (await readExamResults()).find((record) => record.examId === examId) ?? null;
}

/** The exam composition of a post (the role's id): an admin's, or the defaults. */
export async function readExamConfig(roleId: string | undefined): Promise<ExamConfig> {
  if (!roleId) return EXAM_DEFAULTS;
  const setting = await getExamSetting(await getDB(), roleId);
  return setting ? normalizeExamConfig(setting) : EXAM_DEFAULTS;
}

export type VerifyOutcome = Verification | { found: false; reason: 'local' | 'failed' };

/** An administrator checks a certificate's code in the cloud (cloud edition only). */
export async function verifyExam(code: string): Promise<VerifyOutcome> {
  if (!firebaseSettings()) return { found: false, reason: 'local' };
  try {
    const { loadCloudExams, loadCloudRemote } = await import('@/sync/cloud-remote');
    return await verifyExamResult(await loadCloudRemote(), code, {
      exams: await loadCloudExams(),
      configOf: readExamConfig,
    });
  } catch (error) {
    console.warn('Checking an exam result failed', error);
    return { found: false, reason: 'failed' };
  }
}

/** The code a certificate of the cloud edition prints for an administrator to check it. */
export const certificateCode = verificationCode;
