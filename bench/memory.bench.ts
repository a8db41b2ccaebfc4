/**
 * "Measured, not claimed": what each schedule does for a learner's memory. Simulated learners
 * whose true memory follows a model that is neither scheduler (learner-memory.ts) study the
 * built-in curriculum of one role through the app's own rules: `prepareSession` picks every
 * session's words from the folded word states, the session asks each word in multiple choice,
 * then spells it (or builds a phrase in word order), then the failed ones again (quiz-run.ts),
 * and every answer becomes a history entry folded under the schedule's rules. At the end: how
 * many words the learner truly recalls against how many the app shows as learned (MAST).
 * Figures are printed, never asserted.
 */
import { performance } from 'node:perf_hooks';
import { builtinWords } from '@/data/vocabulary/builtin';
import { CHOICE_OPTION_COUNT, DAY_MS, SESSION_SIZE_DEFAULT } from '@/domain/constants';
import { learnerCalibration } from '@/domain/exam';
import { fsrsModel } from '@/domain/fsrs';
import type { AnswerMode, HistoryEntry } from '@/domain/history';
import { applyEntry, foldAll } from '@/domain/history-fold';
import { type FoldRules, foldRulesFor, studyDayEnd } from '@/domain/memory';
import { seededRandom } from '@/domain/random';
import { prepareSession, sessionPool } from '@/domain/session';
import { newUserWord } from '@/domain/srs';
import type { Random, UserWord, VocabItem } from '@/domain/types';
import { productionQuestion } from '@/domain/word-order';
import { LEARNER_SD, LearnerMemory, normal, wordOffsets } from './learner-memory';

export const DIVISION = 'deck';
export const ROLE = 'os';
const LEARNERS = 20;
const DAYS = 90;
/** Four sessions of 10 words a day (≈ 15 minutes), at these UTC hours. */
const SESSION_HOURS = [6, 11, 16, 21];
/** Seconds per multiple-choice question (with its 1.5 s feedback) and per spelling. */
const CHOICE_SECONDS = 6;
const SPELLING_SECONDS = 15;
export const START = Date.UTC(2026, 0, 5);
/** When true recall is measured: the morning after day 90, and 30 days later with no study. */
const MEASURE_AT = START + DAYS * DAY_MS + 6 * 3_600_000;
const LATER_AT = MEASURE_AT + 30 * DAY_MS;
export const USER = 'learner';

/**
 * The app's rules with their day function remembered per quarter hour. Exact: `dayInZone` is
 * constant over a quarter hour (its own cache is keyed so); but each call first builds an
 * Intl.DateTimeFormat to check the zone (≈ 40 µs), which made this bench take 40 s instead of 6.
 */
function withDayMemo(rules: FoldRules): FoldRules {
  const dayOf = rules.dayOf;
  if (!dayOf) return rules;
  const days = new Map<number, number>();
  return {
    ...rules,
    dayOf: (ms) => {
      const quarter = Math.floor(ms / 900_000);
      let day = days.get(quarter);
      if (day === undefined) {
        day = dayOf(ms);
        days.set(quarter, day);
      }
      return day;
    },
  };
}

export const SCHEDULES: readonly { label: string; rules: FoldRules }[] = [
  { label: 'spec: every answer a step', rules: {} },
  {
    label: 'one step a day (spec)',
    rules: withDayMemo(foldRulesFor({ homeZone: 'UTC' }, fsrsModel)),
  },
  {
    label: 'FSRS, retention 0.90',
    rules: withDayMemo(
      foldRulesFor({ homeZone: 'UTC', schedule: 'fsrs', retention: 0.9 }, fsrsModel),
    ),
  },
];

/** One learner studying under one schedule. */
interface Study {
  rules: FoldRules;
  memory: LearnerMemory;
  answers: Random;
  states: Map<string, UserWord>;
  entries: HistoryEntry[];
}

interface Outcome {
  answers: number;
  /** Σ of the true recall probabilities over the role's words (the expected count recalled). */
  recalled: number;
  /** Words whose true recall probability is above 0.5. */
  recalledAbove: number;
  mast: number;
  /** Σ of the true recall probabilities of the words shown as learned. */
  recalledOfMast: number;
  recalledLater: number;
  /** FSRS's own Σ of recall probabilities (the fold's memory state), when the rules keep it. */
  fsrsEstimate: number | null;
  /** The same scaled by the learner's own calibration (the progress screen's estimate). */
  calibratedEstimate: number | null;
}

/** One answer: right with the learner's true chance, then shown (a trace), then folded. */
function answerOnce(study: Study, vocabId: string, mode: AnswerMode, wall: number): boolean {
  const p = study.memory.recall(vocabId, wall);
  // Multiple choice: recalled, or a lucky guess among the options; spelling, word order: recalled.
  const chance = mode === 'choice' ? p + (1 - p) / CHOICE_OPTION_COUNT : p;
  const correct = study.answers() < chance;
  study.memory.present(vocabId, wall);
  const entry: HistoryEntry = {
    id: `e${study.entries.length}`,
    userId: USER,
    vocabId,
    kind: 'answer',
    correct,
    mode,
    hlc: wall * 1000 + (study.entries.length % 1000),
    wall,
    device: 'phone',
  };
  study.entries.push(entry);
  // The fold applied one entry at a time (entries come in stamp order): what foldWord gives.
  const word = study.states.get(vocabId) ?? { ...newUserWord(USER, vocabId, wall), deleted: false };
  study.states.set(vocabId, applyEntry(word, entry, study.rules));
  return correct;
}

/**
 * A session as quiz-run.ts runs it: choice for every word, its production question (letters or
 * word order), a second pass of the failed ones.
 */
function runSession(study: Study, words: readonly VocabItem[], start: number): void {
  let wall = start;
  study.memory.startSession(start);
  for (const word of words) {
    wall += CHOICE_SECONDS * 1000;
    answerOnce(study, word.id, 'choice', wall);
  }
  const failed: VocabItem[] = [];
  const modeOf = (word: VocabItem): AnswerMode =>
    productionQuestion(word) === 'word-order' ? 'word-order' : 'spelling';
  for (const word of words.filter((w) => productionQuestion(w) !== null)) {
    wall += SPELLING_SECONDS * 1000;
    if (!answerOnce(study, word.id, modeOf(word), wall)) failed.push(word);
  }
  for (const word of failed) {
    wall += SPELLING_SECONDS * 1000;
    answerOnce(study, word.id, modeOf(word), wall);
  }
  study.memory.endSession(wall);
}

/** What a simulated learner ends with: their true memory and the app's fold of their history. */
export interface Studied {
  memory: LearnerMemory;
  entries: HistoryEntry[];
}

/**
 * A learner (`seed`: ability, answer luck, session draws) studying `pool` for `days` days under
 * `rules`, four sessions a day, as the app runs them.
 */
export function studyLearner(
  pool: readonly VocabItem[],
  offsets: ReadonlyMap<string, number>,
  seed: number,
  rules: FoldRules,
  days = DAYS,
): Studied {
  // The same learner (ability, answer luck, session draws) under every schedule.
  const ability = LEARNER_SD * normal(seededRandom(seed));
  const study: Study = {
    rules,
    memory: new LearnerMemory(ability, offsets),
    answers: seededRandom(seed * 7919 + 1),
    states: new Map(),
    entries: [],
  };
  const sessionRandom = seededRandom(seed * 7919 + 2);
  for (let day = 0; day < days; day++) {
    for (const hour of SESSION_HOURS) {
      const now = START + day * DAY_MS + hour * 3_600_000;
      const words = prepareSession({
        // The role's own words: what the app's division and role filter keeps of the whole
        // vocabulary (same words, same order), without filtering 1,960 words every session.
        vocab: pool,
        userWords: study.states,
        size: SESSION_SIZE_DEFAULT,
        mode: 'mixed',
        division: DIVISION,
        role: ROLE,
        now,
        // As the app: review words are those due by the end of the study day.
        dueBy: studyDayEnd(now, { homeZone: 'UTC' }),
        random: sessionRandom,
      });
      runSession(study, words, now);
    }
  }
  return { memory: study.memory, entries: study.entries };
}

function simulate(
  pool: readonly VocabItem[],
  offsets: ReadonlyMap<string, number>,
  seed: number,
  rules: FoldRules,
): Outcome {
  const study = studyLearner(pool, offsets, seed, rules);
  // The figures come from a fresh fold of the whole history, as a new device would compute them.
  const states = foldAll(USER, study.entries, rules);
  const outcome: Outcome = {
    answers: study.entries.length,
    recalled: 0,
    recalledAbove: 0,
    mast: 0,
    recalledOfMast: 0,
    recalledLater: 0,
    fsrsEstimate: rules.memory ? 0 : null,
    calibratedEstimate: rules.memory ? 0 : null,
  };
  // The progress screen's calibration: the learner's own answers of the last 30 days.
  const factor = learnerCalibration(
    study.entries,
    rules,
    fsrsModel,
    MEASURE_AT - 30 * DAY_MS,
  ).factor;
  for (const item of pool) {
    const p = study.memory.recall(item.id, MEASURE_AT);
    outcome.recalled += p;
    if (p > 0.5) outcome.recalledAbove++;
    outcome.recalledLater += study.memory.recall(item.id, LATER_AT);
    const state = states.get(item.id);
    if (state?.status === 'learned') {
      outcome.mast++;
      outcome.recalledOfMast += p;
    }
    if (outcome.fsrsEstimate !== null && state?.memory) {
      outcome.fsrsEstimate += fsrsModel.recall(state.memory, MEASURE_AT);
    }
    if (outcome.calibratedEstimate !== null && state?.memory) {
      outcome.calibratedEstimate += Math.min(
        1,
        fsrsModel.recall(state.memory, MEASURE_AT) * factor,
      );
    }
  }
  return outcome;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export async function benchMemory(): Promise<void> {
  const started = performance.now();
  const vocab = builtinWords().filter((w) => !w.retired);
  const pool = sessionPool({ vocab, userWords: [], division: DIVISION, role: ROLE });
  const offsets = wordOffsets(
    pool.map((w) => w.id),
    90_001,
  );
  console.log(
    `Memory: ${LEARNERS} simulated learners, ${DIVISION}/${ROLE} curriculum (${pool.length} words), ` +
      `${DAYS} days × ${SESSION_HOURS.length} sessions of ${SESSION_SIZE_DEFAULT} words (mixed)`,
  );
  console.log(
    'true memory: ACT-R activation model (Pavlik & Anderson 2005), not either scheduler; ' +
      'recall = Σ of true recall probabilities (expected words), the morning after day 90',
  );
  const rows: string[][] = [
    [
      'schedule',
      'answers',
      'recalled Σp',
      'p > 0.5',
      'MAST',
      'answers/recalled',
      'MAST/recalled (min–max)',
      'true recall of MAST words',
      'Σp 30 days later',
      "FSRS's own Σp",
      'calibrated Σp',
    ],
  ];
  for (const { label, rules } of SCHEDULES) {
    const runs = Array.from({ length: LEARNERS }, (_, i) => simulate(pool, offsets, i + 1, rules));
    const at = (pick: (o: Outcome) => number) => mean(runs.map(pick));
    const ratios = runs.map((o) => o.mast / o.recalled);
    rows.push([
      label,
      fmt(at((o) => o.answers)),
      fmt(at((o) => o.recalled)),
      fmt(at((o) => o.recalledAbove)),
      fmt(at((o) => o.mast)),
      fmt(
        at((o) => o.answers / o.recalled),
        1,
      ),
      `${fmt(mean(ratios), 2)} (${fmt(Math.min(...ratios), 2)}–${fmt(Math.max(...ratios), 2)})`,
      `${fmt((100 * at((o) => o.recalledOfMast)) / at((o) => o.mast))} %`,
      fmt(at((o) => o.recalledLater)),
      runs.every((o) => o.fsrsEstimate !== null) ? fmt(at((o) => o.fsrsEstimate ?? 0)) : '—',
      runs.every((o) => o.calibratedEstimate !== null)
        ? fmt(at((o) => o.calibratedEstimate ?? 0))
        : '—',
    ]);
  }
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => row[c]?.length ?? 0))) ?? [];
  for (const row of rows) {
    console.log(
      row
        .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
        .join('  '),
    );
  }
  console.log(
    `(means of ${LEARNERS} learners; MAST/recalled: mean (min–max); ` +
      `${fmt((performance.now() - started) / 1000, 1)} s)`,
  );
}
