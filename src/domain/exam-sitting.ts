/**
 * The exam being sat as the device keeps it while it runs (the resume record): the questions as
 * shown and the answers given, never the right answers nor the exam's numbers. It is graded at
 * the end from the vocabulary, against the exam set for the post; a record that does not agree
 * with that exam (unknown words, other counts, answers that were not offered) is refused.
 */
import { CHOICE_OPTION_COUNT } from './constants';
import {
  EXAM_SECTIONS,
  type ExamConfig,
  type ExamQuestion,
  type ExamSection,
  examPool,
  type Prediction,
  readingSection,
  sectionQuota,
} from './exam';
import { normalizeSittingCode } from './exam-proof';
import { sides } from './quiz';
import { ALL_ROLES, normalizeRole } from './roles';
import type { Direction, VocabItem } from './types';

/** A question as the learner sees it: its right option is not part of it. */
export interface AskedQuestion {
  section: ExamSection;
  vocabId: string;
  topic: string;
  direction: Direction;
  prompt: string;
  options: string[];
}

/** How the sitting ended: when, and the id its result entry is written with (once, even if retried). */
export interface SittingEnd {
  at: number;
  entryId: string;
}

/** The resume record: only what a resume needs. */
export interface SittingRecord {
  examId: string;
  userId: string;
  division: string;
  role: string;
  questions: { vocabId: string; section: ExamSection; direction: Direction; options: string[] }[];
  answers: (string | null)[];
  startedAt: number;
  prediction: Prediction | null;
  /** The supervised sitting's code, when the learner entered one. */
  code?: string;
  ended?: SittingEnd;
}

/** A sitting read back from its record, with what the screens show (prompts, topics). */
export interface Sitting extends Omit<SittingRecord, 'questions'> {
  questions: AskedQuestion[];
}

/** Why a resume record was refused: not a record at all, or one that does not fit the exam. */
export type SittingRefusal = 'corrupt' | 'tampered';

export type SittingRead = { ok: true; sitting: Sitting } | { ok: false; reason: SittingRefusal };

/** A clock this far ahead of the start is a device clock that moved, not a forged start. */
const START_SLACK_MS = 60_000;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether `role` names one post (not "—" nor every post): an exam is sat for a post. */
export const isPost = (role: string | undefined | null): role is string =>
  typeof role === 'string' && normalizeRole(role) !== '' && normalizeRole(role) !== ALL_ROLES;

/**
 * How many questions of each section an exam of `config` drawn from `pool` asks (as `composeExam`
 * draws them: the reading sections their quota, listening what is left of its quota).
 */
export function examShares(
  pool: readonly VocabItem[],
  config: ExamConfig,
  canListen: boolean,
): Map<ExamSection, number> {
  const usable = pool.filter((item) => !item.retired);
  const available = new Map<ExamSection, number>();
  for (const section of config.sections) {
    if (section === 'listening' && !canListen) continue;
    available.set(
      section,
      section === 'listening'
        ? usable.length
        : usable.filter((item) => readingSection(item) === section).length,
    );
  }
  const quota = sectionQuota(config.questions, available);
  let reading = 0;
  for (const [section, count] of quota) if (section !== 'listening') reading += count;
  const shares = new Map<ExamSection, number>();
  for (const [section, count] of quota) {
    const asked = section === 'listening' ? Math.min(count, usable.length - reading) : count;
    if (asked > 0) shares.set(section, asked);
  }
  return shares;
}

/** The record a sitting is kept as. */
export function sittingRecord(sitting: Sitting): SittingRecord {
  const record: SittingRecord = {
    examId: sitting.examId,
    userId: sitting.userId,
    division: sitting.division,
    role: sitting.role,
    questions: sitting.questions.map(({ vocabId, section, direction, options }) => ({
      vocabId,
      section,
      direction,
      options: [...options],
    })),
    answers: [...sitting.answers],
    startedAt: sitting.startedAt,
    prediction: sitting.prediction,
  };
  if (sitting.code) record.code = sitting.code;
  if (sitting.ended) record.ended = { ...sitting.ended };
  return record;
}

/** The questions shown, without their right options. */
export const askedQuestions = (questions: readonly ExamQuestion[]): AskedQuestion[] =>
  questions.map(({ section, vocabId, topic, direction, prompt, options }) => ({
    section,
    vocabId,
    topic,
    direction,
    prompt,
    options: [...options],
  }));

/**
 * The questions with their right options, from the vocabulary: the key is the vocabulary itself.
 * A word no longer in it (removed while the exam ran) has no right option: it counts as missed.
 */
export function gradedQuestions(
  questions: readonly AskedQuestion[],
  vocab: readonly VocabItem[],
): ExamQuestion[] {
  const byId = new Map(vocab.map((item) => [item.id, item]));
  return questions.map((question) => {
    const item = byId.get(question.vocabId);
    return { ...question, answer: item ? sides(item, question.direction).answer : '' };
  });
}

const isRecordLike = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;
const isPercent = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;

function readPrediction(value: unknown): Prediction | null {
  if (!isRecordLike(value)) return null;
  const { percent, low, high } = value;
  return isPercent(percent) && isPercent(low) && isPercent(high) ? { percent, low, high } : null;
}

/** Whether the record's questions ask each section as often as the exam set for the post does. */
function sharesAgree(
  questions: readonly { section: ExamSection }[],
  pool: readonly VocabItem[],
  config: ExamConfig,
): boolean {
  const counted = new Map<ExamSection, number>();
  for (const { section } of questions) counted.set(section, (counted.get(section) ?? 0) + 1);
  const same = (expected: Map<ExamSection, number>) =>
    expected.size === counted.size &&
    [...expected].every(([section, count]) => counted.get(section) === count);
  // The voices may differ between the start and now (a voice loads late): either count holds.
  return same(examShares(pool, config, true)) || same(examShares(pool, config, false));
}

/**
 * Reads a resume record (parsed JSON) for `userId`, against the vocabulary and the exam set for
 * its post (`config`, never the record's): `corrupt` when it is not a record of this app,
 * `tampered` when it does not agree with that exam (a word outside the post's curriculum, a
 * section asked more or less often than the exam asks it, a right option missing from the
 * options shown, an answer that was not offered, a start in the future, a malformed code).
 * The previous version's record (which also held the key and the numbers) reads the same way;
 * what it held beyond this is ignored.
 */
export function readSittingRecord(
  raw: unknown,
  context: { userId: string; vocab: readonly VocabItem[]; config: ExamConfig; now: number },
): SittingRead {
  const corrupt: SittingRead = { ok: false, reason: 'corrupt' };
  const tampered: SittingRead = { ok: false, reason: 'tampered' };
  if (!isRecordLike(raw)) return corrupt;
  const { examId, userId, division, role, questions, answers, startedAt, code, ended } = raw;
  if (
    typeof examId !== 'string' ||
    typeof userId !== 'string' ||
    typeof division !== 'string' ||
    typeof role !== 'string' ||
    !Array.isArray(questions) ||
    !Array.isArray(answers) ||
    typeof startedAt !== 'number'
  ) {
    return corrupt;
  }
  if (!ID_PATTERN.test(examId) || userId !== context.userId || !isPost(role)) return tampered;
  if (!isTime(startedAt) || startedAt > context.now + START_SLACK_MS) return tampered;
  const pool = examPool(context.vocab, division, role);
  const inPool = new Map(pool.map((item) => [item.id, item]));
  const seen = new Set<string>();
  const asked: AskedQuestion[] = [];
  for (const question of questions) {
    if (!isRecordLike(question)) return corrupt;
    const { vocabId, section, direction, options } = question;
    if (typeof vocabId !== 'string' || !Array.isArray(options)) return corrupt;
    const item = inPool.get(vocabId);
    if (!item || seen.has(vocabId)) return tampered;
    seen.add(vocabId);
    if (!EXAM_SECTIONS.includes(section as ExamSection)) return tampered;
    if (!context.config.sections.includes(section as ExamSection)) return tampered;
    if (direction !== 'ru-en' && direction !== 'en-ru') return tampered;
    if (section === 'listening' ? direction !== 'en-ru' : readingSection(item) !== section) {
      return tampered;
    }
    const shown = options.filter((option): option is string => typeof option === 'string');
    const { prompt, answer } = sides(item, direction);
    if (
      shown.length !== options.length ||
      shown.length < 2 ||
      shown.length > CHOICE_OPTION_COUNT ||
      new Set(shown).size !== shown.length ||
      !shown.includes(answer)
    ) {
      return tampered;
    }
    asked.push({
      section: section as ExamSection,
      vocabId,
      topic: item.topic,
      direction,
      prompt,
      options: shown,
    });
  }
  if (asked.length === 0 || !sharesAgree(asked, pool, context.config)) return tampered;
  if (answers.length > asked.length) return tampered;
  const given: (string | null)[] = [];
  for (const [index, option] of answers.entries()) {
    if (option !== null && (typeof option !== 'string' || !asked[index]?.options.includes(option)))
      return tampered;
    given.push(option);
  }
  const sitting: Sitting = {
    examId,
    userId,
    division,
    role,
    questions: asked,
    answers: given,
    startedAt,
    prediction: readPrediction(raw.prediction),
  };
  if (code !== undefined) {
    const normalized = typeof code === 'string' ? normalizeSittingCode(code) : null;
    if (normalized === null || normalized !== code) return tampered;
    sitting.code = normalized;
  }
  if (ended !== undefined) {
    if (!isRecordLike(ended)) return corrupt;
    const { at, entryId } = ended;
    if (!isTime(at) || at < startedAt || typeof entryId !== 'string' || !ID_PATTERN.test(entryId))
      return tampered;
    sitting.ended = { at, entryId };
  }
  return { ok: true, sitting };
}
