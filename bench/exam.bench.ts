/**
 * How close the exam's predicted score comes to the score a learner then gets. Simulated learners
 * (learner-memory.ts: a true memory that is not the app's model) study the deck/OS curriculum for
 * 5 to 90 days as the memory bench runs them; the morning after, the exam screen's prediction is
 * computed from the fold of their history (`predictScore`: FSRS recall averaged over the pool,
 * scaled by `recallCalibration` of their own answers, plus lucky guesses), then they sit a drawn exam (`composeExam`, 40 questions), each answered
 * right with their TRUE chance. Figures are printed, never asserted.
 */
import { builtinWords } from '@/data/vocabulary/builtin';
import { DAY_MS } from '@/domain/constants';
import {
  composeExam,
  EXAM_DEFAULTS,
  examPool,
  GUESS,
  predictScore,
  recallCalibration,
  scoreExam,
} from '@/domain/exam';
import { fsrsModel } from '@/domain/fsrs';
import { foldAll } from '@/domain/history-fold';
import { seededRandom } from '@/domain/random';
import { wordOffsets } from './learner-memory';
import { DIVISION, ROLE, SCHEDULES, START, studyLearner, USER } from './memory.bench';

const LEARNERS = 20;
const STUDY_DAYS = [5, 15, 30, 60, 90];
/** Exams each learner sits the same morning (fresh draws): the spread of one sitting shows. */
const SITTINGS = 5;

export async function benchExam(): Promise<void> {
  const vocab = builtinWords().filter((w) => !w.retired);
  const pool = examPool(vocab, DIVISION, ROLE);
  const offsets = wordOffsets(
    pool.map((w) => w.id),
    90_001,
  );
  const rules = (SCHEDULES[1] ?? SCHEDULES[0])?.rules ?? {};
  console.log(
    `Exam prediction: ${LEARNERS} simulated learners per study length, ${DIVISION}/${ROLE} pool (${pool.length} words), ` +
      `${EXAM_DEFAULTS.questions} questions, ${SITTINGS} sittings each; answers drawn from the TRUE memory model`,
  );
  const rows: string[][] = [
    [
      'studied',
      'predicted',
      'actual',
      'mean |error|',
      'within ±10 points',
      'actual in range',
      'uncalibrated: predicted, within ±10',
    ],
  ];
  let within = 0;
  let rawWithin = 0;
  let inRange = 0;
  let count = 0;
  for (const days of STUDY_DAYS) {
    const predicted: number[] = [];
    const actual: number[] = [];
    const raw: number[] = [];
    let rowWithin = 0;
    let rowRawWithin = 0;
    let rowInRange = 0;
    for (let learner = 1; learner <= LEARNERS; learner++) {
      const studied = studyLearner(pool, offsets, learner, rules, days);
      const at = START + days * DAY_MS + 6 * 3_600_000;
      const states = foldAll(USER, studied.entries, rules);
      const calibration = recallCalibration(studied.entries, rules, fsrsModel, at - 30 * DAY_MS);
      const prediction = predictScore(
        pool,
        states,
        EXAM_DEFAULTS.questions,
        at,
        fsrsModel,
        calibration,
      );
      const uncalibrated = predictScore(pool, states, EXAM_DEFAULTS.questions, at, fsrsModel);
      const random = seededRandom(learner * 104_729 + days);
      for (let sitting = 0; sitting < SITTINGS; sitting++) {
        const exam = composeExam(pool, vocab, EXAM_DEFAULTS, random, { canListen: false });
        const answers = exam.map((question) => {
          const p = studied.memory.recall(question.vocabId, at);
          const right = random() < p + (1 - p) * GUESS;
          return right ? question.answer : null;
        });
        const score = scoreExam(exam, answers, EXAM_DEFAULTS.passMark).percent;
        predicted.push(prediction.percent);
        raw.push(uncalibrated.percent);
        actual.push(score);
        if (Math.abs(prediction.percent - score) <= 10) rowWithin++;
        if (Math.abs(uncalibrated.percent - score) <= 10) rowRawWithin++;
        if (score >= prediction.low && score <= prediction.high) rowInRange++;
      }
    }
    const n = predicted.length;
    const mean = (values: readonly number[]) =>
      values.reduce((sum, v) => sum + v, 0) / values.length;
    const error = mean(predicted.map((p, i) => Math.abs(p - (actual[i] ?? 0))));
    rows.push([
      `${days} days`,
      `${mean(predicted).toFixed(1)} %`,
      `${mean(actual).toFixed(1)} %`,
      `${error.toFixed(1)} points`,
      `${((100 * rowWithin) / n).toFixed(0)} %`,
      `${((100 * rowInRange) / n).toFixed(0)} %`,
      `${mean(raw).toFixed(1)} %, ${((100 * rowRawWithin) / n).toFixed(0)} %`,
    ]);
    within += rowWithin;
    rawWithin += rowRawWithin;
    inRange += rowInRange;
    count += n;
  }
  rows.push([
    'all',
    '',
    '',
    '',
    `${((100 * within) / count).toFixed(0)} %`,
    `${((100 * inRange) / count).toFixed(0)} %`,
    `${((100 * rawWithin) / count).toFixed(0)} %`,
  ]);
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => row[c]?.length ?? 0))) ?? [];
  for (const row of rows) {
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  '),
    );
  }
  console.log(
    '(calibrated: FSRS recall scaled by the learner’s own first answers of the last 30 days, as the exam screen predicts; range: its 90 % range for one sitting)',
  );
}
