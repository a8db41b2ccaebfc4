/**
 * The exam being sat, and the results already sat. An exam is drawn from the role's curriculum
 * (domain/exam.ts), answered one question at a time without feedback and without going back,
 * against a time limit; it is kept in localStorage while it runs (domain/exam-sitting.ts: the
 * questions as shown and the answers given, never the right answers nor the exam's numbers), so a
 * reload (or a phone that killed the tab) finds it where it was, with the time that is left. It is
 * graded at the end from the vocabulary against the exam set for the post, and the result is one
 * history entry (synced like any answer); the kept record goes only once that entry is stored.
 */
import { create } from 'zustand';
import { getExamSetting } from '@/db/exam-settings-repo';
import { listHistoryOfPrefix } from '@/db/history-queries';
import { getDB, openDB } from '@/db/instance';
import {
  type Calibration,
  composeExam,
  EXAM_DEFAULTS,
  type ExamConfig,
  type ExamQuestion,
  type ExamScore,
  examPool,
  examPrediction,
  normalizeExamConfig,
  type Prediction,
  scoreExam,
  secondsLeft,
} from '@/domain/exam';
import { normalizeSittingCode } from '@/domain/exam-proof';
import {
  EXAM_VOCAB_PREFIX,
  type ExamRecord,
  examRecords,
  examResultFields,
} from '@/domain/exam-result';
import {
  askedQuestions,
  gradedQuestions,
  isPost,
  readSittingRecord,
  type Sitting,
  type SittingRefusal,
  sittingRecord,
} from '@/domain/exam-sitting';
import { effectiveTime } from '@/domain/history';
import { newId } from '@/domain/ids';
import { foldSettingsOf } from '@/domain/learner-settings';
import type { DivisionId } from '@/domain/types';
import { firebaseSettings } from '@/firebase/config';
import { type Verification, verificationCode, verifyExamResult } from '@/sync/exam-verify';
import { useAuthStore } from './auth-store';
import { readProgressFigures } from './history-store';
import { useVocabStore } from './vocab-store';
import { GUEST_ID, useWordsStore } from './words-store';

/** An exam being sat. */
export interface ExamRun extends Sitting {
  /**
   * The exam set for the post (an admin's, or the defaults), read when the run started or
   * resumed: only the clock uses it; the result is graded against the exam as set at the end.
   */
  config: ExamConfig;
}

/** Why a result could not be stored: storage full, the database closed or blocked, or else. */
export type SaveFailure = 'full' | 'busy' | 'other';

/** A finished exam as its result screen shows it. */
export interface ExamOutcome {
  userId: string;
  record: ExamRecord;
  score: ExamScore;
  questions: ExamQuestion[];
  answers: (string | null)[];
  /**
   * `saving` while the result is written, `saved` once its entry is stored, `failed` when it could
   * not be (the exam stays kept on the device: saving again, or the next visit, retries it).
   */
  status: 'saving' | 'saved' | 'failed';
  failure?: SaveFailure;
}

/** What starting an exam gave. */
export type ExamStart = 'started' | 'no-post' | 'no-words' | 'bad-code';

const storageKey = (userId: string) => `marine.exam.${userId}`;

function store(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

function keep(run: Sitting | null, userId: string): void {
  try {
    if (run) store()?.setItem(storageKey(userId), JSON.stringify(sittingRecord(run)));
    else store()?.removeItem(storageKey(userId));
  } catch {
    // Storage full or blocked: the exam goes on in memory.
  }
}

function keptText(userId: string): string | null {
  try {
    return store()?.getItem(storageKey(userId)) ?? null;
  } catch {
    return null;
  }
}

/**
 * How long saving a result may take before the learner is told it failed: a database blocked by
 * another tab's upgrade never answers. A save that still lands later is found by the next try.
 */
export const EXAM_SAVE_TIMEOUT_MS = 15_000;
/** How long reading the post's exam may take (a blocked database never answers). */
const CONFIG_READ_TIMEOUT_MS = 5_000;

/** The FSRS model loads with the exam screens, not at start-up. */
const memoryModel = () => import('@/domain/fsrs').then((module) => module.fsrsModel);

/** The id of the post `role` of `division`, if the catalogue has it. */
function roleIdOf(division: unknown, role: unknown): string | undefined {
  return useVocabStore
    .getState()
    .roles.find((item) => item.division === division && item.name === role)?.id;
}

/** The vocabulary, loaded if it was not yet; null when it cannot be read now. */
async function loadedVocab() {
  if (!useVocabStore.getState().loaded) {
    await useVocabStore
      .getState()
      .load()
      .catch(() => undefined);
  }
  const { loaded, vocab } = useVocabStore.getState();
  return loaded ? vocab : null;
}

function failureOf(error: unknown): SaveFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'QuotaExceededError') return 'full';
  if (['InvalidStateError', 'VersionError', 'TimeoutError'].includes(name)) return 'busy';
  return 'other';
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new DOMException('The save took too long', 'TimeoutError')),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The ended run whose result is being saved (or failed to save): a retry saves it again. */
let unsaved: ExamRun | null = null;
/** The end under way: a second call (the clock, a leave) waits for it rather than ending twice. */
let ending: Promise<void> | null = null;

interface ExamState {
  run: ExamRun | null;
  outcome: ExamOutcome | null;
  /** A kept exam that was refused at resume (and cleared): the screen says so. */
  refused: SittingRefusal | null;
  /**
   * The predicted score of an exam for this division and role, from the learner's memory; null
   * while there is nothing to base one on (see examPrediction).
   */
  predict(division: DivisionId, role: string, config?: ExamConfig): Promise<Prediction | null>;
  /**
   * Finds the exam this learner left running (a reload): refuses a record that cannot be read or
   * does not fit the post's exam; finishes one whose time is up or that had ended unsaved.
   */
  resume(userId: string): Promise<void>;
  /** Draws and starts an exam of a post (`code`: a supervised sitting's code, as typed). */
  start(input: {
    userId: string;
    division: DivisionId;
    role: string;
    canListen: boolean;
    config?: ExamConfig;
    prediction: Prediction | null;
    code?: string;
  }): ExamStart;
  /** Answers the current question and moves on; the last answer finishes the exam. */
  answer(option: string): Promise<void>;
  /** Ends the exam now (time up, or the learner leaves): what is unanswered counts as missed. */
  finish(): Promise<void>;
  /** Saves a result that could not be saved (the same entry: never twice). */
  saveResult(): Promise<void>;
  /** Closes the result screen. */
  dismiss(): void;
  /** Closes the notice of a refused record. */
  dismissRefused(): void;
}

export const useExamStore = create<ExamState>()((set, get) => ({
  run: null,
  outcome: null,
  refused: null,

  async predict(division, role, config = EXAM_DEFAULTS) {
    const model = await memoryModel();
    const now = Date.now();
    const { ownerId, words } = useWordsStore.getState();
    // The learner's own answers of the last 30 days calibrate the model (learnerCalibration of
    // domain/exam.ts): their whole history folded in the history worker, not on the page's thread.
    let calibration: Calibration = { factor: 1, reviews: 0 };
    if (ownerId !== GUEST_ID) {
      // The progress screen's figures: the ones it kept when the history is unchanged since.
      const settings = foldSettingsOf(useAuthStore.getState().user?.settings);
      calibration = (await readProgressFigures(ownerId, now, settings)).calibration;
    }
    const pool = examPool(useVocabStore.getState().vocab, division, role);
    return examPrediction(pool, words, config.questions, now, model, calibration);
  },

  async resume(userId) {
    const { run, outcome } = get();
    if (run?.userId === userId || ending) return;
    if (outcome) {
      if (outcome.userId === userId) return;
      set({ outcome: null });
    }
    const text = keptText(userId);
    if (text === null) {
      set({ run: null });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      keep(null, userId);
      set({ run: null, refused: 'corrupt' });
      return;
    }
    const vocab = await loadedVocab();
    // Unreadable words now (the database failed to open): the record waits for the next visit.
    if (!vocab) return;
    const division = (raw as { division?: unknown } | null)?.division;
    const role = (raw as { role?: unknown } | null)?.role;
    let config: ExamConfig;
    try {
      config = await withTimeout(readExamConfig(roleIdOf(division, role)), CONFIG_READ_TIMEOUT_MS);
    } catch {
      // The post's exam cannot be read now: the record is left for the next visit, not judged.
      return;
    }
    const read = readSittingRecord(raw, { userId, vocab, config, now: Date.now() });
    if (get().run?.userId === userId || ending) return;
    if (!read.ok) {
      keep(null, userId);
      set({ run: null, refused: read.reason });
      return;
    }
    const resumed: ExamRun = { ...read.sitting, config };
    set({ run: resumed, refused: null });
    if (resumed.ended || secondsLeft(resumed.startedAt, config.minutes, Date.now()) === 0) {
      await get().finish();
    }
  },

  start({ userId, division, role, canListen, config = EXAM_DEFAULTS, prediction, code }) {
    if (!isPost(role)) return 'no-post';
    let sittingCode: string | undefined;
    if (code !== undefined && code.trim() !== '') {
      const normalized = normalizeSittingCode(code);
      if (!normalized) return 'bad-code';
      sittingCode = normalized;
    }
    const vocab = useVocabStore.getState().vocab;
    const questions = composeExam(examPool(vocab, division, role), vocab, config, Math.random, {
      canListen,
    });
    if (questions.length === 0) return 'no-words';
    const run: ExamRun = {
      examId: newId(),
      userId,
      division,
      role,
      config,
      questions: askedQuestions(questions),
      answers: [],
      startedAt: Date.now(),
      prediction,
    };
    if (sittingCode) run.code = sittingCode;
    keep(run, userId);
    set({ run, outcome: null, refused: null });
    return 'started';
  },

  async answer(option) {
    const run = get().run;
    if (!run || run.ended || run.answers.length >= run.questions.length) return;
    if (!run.questions[run.answers.length]?.options.includes(option)) return;
    const next: ExamRun = { ...run, answers: [...run.answers, option] };
    keep(next, run.userId);
    set({ run: next });
    if (next.answers.length === next.questions.length) await get().finish();
  },

  finish() {
    ending ??= (async () => {
      const run = get().run;
      if (!run) return;
      // The end is kept before anything is written: a reload now finishes, it does not resume.
      const closed: ExamRun = { ...run, ended: run.ended ?? { at: Date.now(), entryId: newId() } };
      keep(closed, run.userId);
      const ended = closed.ended as NonNullable<ExamRun['ended']>;
      // The numbers are the post's exam as set now, never the kept record's.
      const config = await withTimeout(
        readExamConfig(roleIdOf(run.division, run.role)),
        CONFIG_READ_TIMEOUT_MS,
      ).catch(() => run.config);
      const questions = gradedQuestions(run.questions, useVocabStore.getState().vocab);
      const answers = questions.map((_, index) => run.answers[index] ?? null);
      const score = scoreExam(questions, answers, config.passMark);
      const seconds = Math.min(config.minutes * 60, (ended.at - run.startedAt) / 1000);
      const fields = examResultFields(
        {
          division: run.division,
          role: run.role,
          config,
          questions,
          answers,
          prediction: run.prediction,
          seconds,
          ...(run.code ? { code: run.code } : {}),
        },
        score,
      );
      const record: ExamRecord = {
        examId: run.examId,
        at: ended.at,
        passed: score.passed,
        percent: score.percent,
        fields,
      };
      unsaved = closed;
      set({
        run: null,
        outcome: { userId: run.userId, record, score, questions, answers, status: 'saving' },
      });
      await get().saveResult();
    })().finally(() => {
      ending = null;
    });
    return ending;
  },

  async saveResult() {
    const outcome = get().outcome;
    const run = unsaved;
    if (!outcome || !run?.ended || outcome.record.examId !== run.examId) return;
    if (outcome.status !== 'saving') set({ outcome: { ...outcome, status: 'saving' } });
    const { record } = outcome;
    let status: ExamOutcome['status'] = 'saved';
    let failure: SaveFailure | undefined;
    try {
      if (useWordsStore.getState().ownerId !== run.userId) throw new Error('another learner');
      await withTimeout(
        useWordsStore
          .getState()
          .recordExamResult(run.examId, record.passed, record.fields, run.ended.entryId),
        EXAM_SAVE_TIMEOUT_MS,
      );
      // Only now that the entry is stored does the kept exam go.
      keep(null, run.userId);
      unsaved = null;
    } catch (error) {
      console.error('Recording the exam result failed', error);
      status = 'failed';
      failure = failureOf(error);
    }
    const now = get().outcome;
    if (now?.record.examId === record.examId) {
      const next: ExamOutcome = { ...now, status };
      if (failure) next.failure = failure;
      else delete next.failure;
      set({ outcome: next });
    }
  },

  dismiss() {
    set({ outcome: null });
  },

  dismissRefused() {
    set({ refused: null });
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
    const { loadCloudPart } = await import('@/sync/cloud-remote');
    return await verifyExamResult(await loadCloudPart('store'), code, {
      exams: await loadCloudPart('exams'),
      configOf: readExamConfig,
    });
  } catch (error) {
    console.warn('Checking an exam result failed', error);
    return { found: false, reason: 'failed' };
  }
}

/**
 * Whether the start offers a supervised sitting's code: in the cloud edition only, where an
 * officer issues codes and the result's sync consumes one.
 */
export const sittingCodesOffered = (): boolean => firebaseSettings() !== null;

/** The code a certificate of the cloud edition prints for an administrator to check it. */
export const certificateCode = verificationCode;
