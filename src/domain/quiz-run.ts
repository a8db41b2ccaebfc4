/**
 * The run of one study session (SPEC §4) as pure steps: the multiple-choice questions, then the
 * letter-tile spelling of every word, then a second spelling pass of the words that failed, then
 * the end screen. `stepRun(session, input, random)` returns the next session and what the step
 * did, including the answer to record; it reads no clock and writes nothing, so the store that
 * holds the session only keeps it, records the answers and saves it.
 */
import { SPELLING_MAX_MISTAKES } from './constants';
import type { AnswerMode } from './history';
import { buildChoices, type Choices, pickDirection } from './quiz';
import { shuffle } from './random';
import {
  isNextLetter,
  SPACE_TILE,
  type SpellingTile,
  spellingTarget,
  spellingTiles,
} from './spelling';
import type { DirectionSetting, Random, VocabItem } from './types';
import { tileText } from './vocabulary';

export type SessionPhase = 'choice' | 'spelling' | 'done';
export type ChoiceResult = 'correct' | 'wrong' | 'skipped';
export type SpellingResult = 'correct' | 'failed' | 'skipped';

/** How one word went: the multiple-choice answer, the first spelling and the second-pass spelling. */
export interface WordResult {
  choice?: ChoiceResult;
  spelling?: SpellingResult;
  retry?: SpellingResult;
}

/** What the current question shows after an answer or a skip, until it advances. */
export interface ChoiceFeedback {
  /** The option picked; null for a skip. */
  chosen: string | null;
  result: ChoiceResult;
}

/** The word being spelled: its target, tiles, progress and outcome (null while typing). */
export interface SpellingWord {
  vocabId: string;
  target: string;
  tiles: SpellingTile[];
  /** Ids of the tiles already placed, in order. */
  used: number[];
  mistakes: number;
  outcome: SpellingResult | null;
}

export interface SpellingState {
  /** 1 for every word, 2 for the words that failed the first time. */
  pass: 1 | 2;
  /** Vocab ids to spell in this pass, in order. */
  queue: string[];
  position: number;
  word: SpellingWord | null;
}

export interface RunningSession {
  /** Whose session this is: a user id, or the guest id. */
  ownerId: string;
  words: VocabItem[];
  /** One question per word, built when the session starts. */
  questions: Choices[];
  index: number;
  correctCount: number;
  feedback: ChoiceFeedback | null;
  results: Record<string, WordResult>;
  phase: SessionPhase;
  spelling: SpellingState | null;
}

/** One thing the learner did. */
export type RunInput =
  | { type: 'answer'; option: string }
  | { type: 'skip' }
  | { type: 'next' }
  /** A tile tapped; equal letters are interchangeable. */
  | { type: 'tap'; tileId: number }
  /** A key typed (a space types `_`). */
  | { type: 'key'; char: string }
  | { type: 'skip-spelling' }
  | { type: 'next-spelling' };

/** An answer for the learner's record: a right or wrong answer, or a skip of the question. */
export type RunRecord =
  | { kind: 'answer'; vocabId: string; correct: boolean; mode: AnswerMode }
  | { kind: 'skip'; vocabId: string };

/** What a step did; `record`, when present, must be written to the learner's history. */
export type RunOutcome =
  /** The input does not apply now (a second answer, a tap on a used tile, …); nothing changed. */
  | { kind: 'ignored' }
  | { kind: 'answered'; correct: boolean; record: RunRecord }
  | { kind: 'skipped'; record: RunRecord }
  /** A letter placed; `record` when it completed the word. */
  | { kind: 'right-letter'; tileId: number; record?: RunRecord }
  /** A wrong letter (the tile to flash, if any); `record` when it was the last mistake allowed. */
  | { kind: 'wrong-letter'; tileId: number | null; record?: RunRecord }
  /** The next question, spelling word, pass or the end. */
  | { kind: 'moved' };

export interface RunStep {
  session: RunningSession;
  outcome: RunOutcome;
}

export interface StartRunInput {
  ownerId: string;
  /** The session's words, in order. */
  words: readonly VocabItem[];
  /** Where distractors come from. */
  vocab: readonly VocabItem[];
  direction: DirectionSetting;
  /** Include listening questions (only when the device can speak English). */
  listening?: boolean;
}

/** The share of questions that are listening questions when they are included. */
export const LISTENING_SHARE = 1 / 3;

/** A new session: one question per word, built now so a reload asks the same ones. */
export function startRun(input: StartRunInput, random: Random): RunningSession {
  return {
    ownerId: input.ownerId,
    words: [...input.words],
    questions: input.words.map((word) => {
      // A listening question plays the English and offers Russian options.
      if (input.listening && random() < LISTENING_SHARE) {
        return { ...buildChoices(word, input.vocab, 'en-ru', random), listening: true };
      }
      return buildChoices(word, input.vocab, pickDirection(input.direction, random), random);
    }),
    index: 0,
    correctCount: 0,
    feedback: null,
    results: {},
    phase: 'choice',
    spelling: null,
  };
}

/** A new session of the chosen words of this one (the end screen's "repeat selected"), shuffled. */
export function repeatRun(
  session: RunningSession,
  vocabIds: readonly string[],
  input: Pick<StartRunInput, 'vocab' | 'direction' | 'listening'>,
  random: Random,
): RunningSession | null {
  const wanted = new Set(vocabIds);
  const words = session.words.filter((w) => wanted.has(w.id));
  if (words.length === 0) return null;
  return startRun(
    {
      ownerId: session.ownerId,
      words: shuffle(words, random),
      vocab: input.vocab.length > 0 ? input.vocab : session.words,
      direction: input.direction,
      listening: input.listening,
    },
    random,
  );
}

const IGNORED: RunOutcome = { kind: 'ignored' };

export function stepRun(session: RunningSession, input: RunInput, random: Random): RunStep {
  switch (input.type) {
    case 'answer':
      return answer(session, input.option);
    case 'skip':
      return skip(session);
    case 'next':
      return nextQuestion(session, random);
    case 'tap':
      return tap(session, input.tileId);
    case 'key':
      return key(session, input.char);
    case 'skip-spelling':
      return skipSpelling(session);
    case 'next-spelling':
      return nextSpelling(session, random);
  }
}

const unchanged = (session: RunningSession): RunStep => ({ session, outcome: IGNORED });

function answer(session: RunningSession, option: string): RunStep {
  const question = session.questions[session.index];
  const word = session.words[session.index];
  if (session.phase !== 'choice' || session.feedback || !question || !word) {
    return unchanged(session);
  }
  const correct = option === question.answer;
  const result: ChoiceResult = correct ? 'correct' : 'wrong';
  return {
    session: {
      ...session,
      correctCount: session.correctCount + (correct ? 1 : 0),
      feedback: { chosen: option, result },
      results: { ...session.results, [word.id]: { ...session.results[word.id], choice: result } },
    },
    outcome: {
      kind: 'answered',
      correct,
      record: { kind: 'answer', vocabId: word.id, correct, mode: 'choice' },
    },
  };
}

function skip(session: RunningSession): RunStep {
  const word = session.words[session.index];
  if (session.phase !== 'choice' || session.feedback || !word) return unchanged(session);
  return {
    session: {
      ...session,
      feedback: { chosen: null, result: 'skipped' },
      results: {
        ...session.results,
        [word.id]: { ...session.results[word.id], choice: 'skipped' },
      },
    },
    outcome: { kind: 'skipped', record: { kind: 'skip', vocabId: word.id } },
  };
}

function nextQuestion(session: RunningSession, random: Random): RunStep {
  if (session.phase !== 'choice' || !session.feedback) return unchanged(session);
  const index = session.index + 1;
  const patch: Partial<RunningSession> =
    index < session.words.length
      ? { index, feedback: null }
      : {
          index: session.words.length,
          feedback: null,
          ...spellingAt(session, 1, spellingQueue(session.words), 0, random),
        };
  return { session: { ...session, ...patch }, outcome: { kind: 'moved' } };
}

/** The words the spelling quiz asks: those with something to spell (`spell: false` has none). */
function spellingQueue(words: readonly VocabItem[]): string[] {
  return words.filter((w) => spellingTarget(tileText(w) ?? '') !== '').map((w) => w.id);
}

/** The spelling state at `position` of `queue`, or the end screen when the queue is done. */
function spellingAt(
  session: RunningSession,
  pass: 1 | 2,
  queue: string[],
  position: number,
  random: Random,
): Pick<RunningSession, 'phase' | 'spelling'> {
  const id = queue[position];
  const item = id === undefined ? undefined : session.words.find((w) => w.id === id);
  if (!item) return { phase: 'done', spelling: null };
  const target = spellingTarget(tileText(item) ?? '');
  const word: SpellingWord = {
    vocabId: item.id,
    target,
    tiles: spellingTiles(target, random),
    used: [],
    mistakes: 0,
    outcome: null,
  };
  return { phase: 'spelling', spelling: { pass, queue, position, word } };
}

/** The word being typed, when one is (not yet settled). */
function typing(session: RunningSession): { spelling: SpellingState; word: SpellingWord } | null {
  const spelling = session.spelling;
  const word = spelling?.word;
  if (session.phase !== 'spelling' || !spelling || !word || word.outcome) return null;
  return { spelling, word };
}

/** Settles the spelling word: its result in this pass and the answer to record. */
function settle(
  session: RunningSession,
  spelling: SpellingState,
  word: SpellingWord,
  outcome: SpellingResult,
): { session: RunningSession; record: RunRecord } {
  const previous = session.results[word.vocabId] ?? {};
  const result: WordResult =
    spelling.pass === 1 ? { ...previous, spelling: outcome } : { ...previous, retry: outcome };
  return {
    session: {
      ...session,
      results: { ...session.results, [word.vocabId]: result },
      spelling: { ...spelling, word: { ...word, outcome } },
    },
    record: {
      kind: 'answer',
      vocabId: word.vocabId,
      correct: outcome === 'correct',
      mode: 'spelling',
    },
  };
}

/** Places `char` (from tile `tileId`, or the first free tile of that letter when typed). */
function place(session: RunningSession, char: string, tileId: number | null): RunStep {
  const current = typing(session);
  if (!current) return unchanged(session);
  const { spelling, word } = current;
  if (isNextLetter(word.target, word.used.length, char)) {
    const wanted = char.toUpperCase();
    const tile =
      tileId !== null
        ? word.tiles.find((t) => t.id === tileId)
        : word.tiles.find((t) => t.char === wanted && !word.used.includes(t.id));
    if (!tile) return unchanged(session);
    const next: SpellingWord = { ...word, used: [...word.used, tile.id] };
    const placed = { ...spelling, word: next };
    if (next.used.length < next.target.length) {
      return {
        session: { ...session, spelling: placed },
        outcome: { kind: 'right-letter', tileId: tile.id },
      };
    }
    const done = settle(session, placed, next, 'correct');
    return {
      session: done.session,
      outcome: { kind: 'right-letter', tileId: tile.id, record: done.record },
    };
  }
  const missed: SpellingWord = { ...word, mistakes: word.mistakes + 1 };
  const withMistake = { ...spelling, word: missed };
  if (missed.mistakes < SPELLING_MAX_MISTAKES) {
    return {
      session: { ...session, spelling: withMistake },
      outcome: { kind: 'wrong-letter', tileId },
    };
  }
  const failed = settle(session, withMistake, missed, 'failed');
  return {
    session: failed.session,
    outcome: { kind: 'wrong-letter', tileId, record: failed.record },
  };
}

function tap(session: RunningSession, tileId: number): RunStep {
  const word = typing(session)?.word;
  const tile = word?.tiles.find((t) => t.id === tileId);
  if (!word || !tile || word.used.includes(tileId)) return unchanged(session);
  return place(session, tile.char, tileId);
}

function key(session: RunningSession, char: string): RunStep {
  const typed = char === ' ' ? SPACE_TILE : char.toUpperCase();
  const word = typing(session)?.word;
  if (!word || typed.length !== 1) return unchanged(session);
  if (isNextLetter(word.target, word.used.length, typed)) return place(session, typed, null);
  // A wrong key flashes a free tile of that letter when there is one.
  const tile = word.tiles.find((t) => t.char === typed && !word.used.includes(t.id));
  return place(session, typed, tile ? tile.id : null);
}

function skipSpelling(session: RunningSession): RunStep {
  const current = typing(session);
  if (!current) return unchanged(session);
  const skipped = settle(session, current.spelling, current.word, 'skipped');
  return { session: skipped.session, outcome: { kind: 'skipped', record: skipped.record } };
}

function nextSpelling(session: RunningSession, random: Random): RunStep {
  const spelling = session.spelling;
  if (session.phase !== 'spelling' || !spelling?.word?.outcome) return unchanged(session);
  const position = spelling.position + 1;
  let patch: Pick<RunningSession, 'phase' | 'spelling'>;
  if (position < spelling.queue.length) {
    patch = spellingAt(session, spelling.pass, spelling.queue, position, random);
  } else {
    const failed =
      spelling.pass === 1
        ? spelling.queue.filter((id) => session.results[id]?.spelling !== 'correct')
        : [];
    patch =
      failed.length > 0
        ? spellingAt(session, 2, failed, 0, random)
        : { phase: 'done', spelling: null };
  }
  return { session: { ...session, ...patch }, outcome: { kind: 'moved' } };
}

/** The final spelling result of a word: the second pass when it had one. */
export function finalSpelling(result: WordResult | undefined): SpellingResult | undefined {
  return result?.retry ?? result?.spelling;
}

/** The words answered correctly: spelled right in the end, or (without spelling) chosen right. */
export function learnedWords(session: RunningSession): VocabItem[] {
  return session.words.filter((word) => {
    const result = session.results[word.id];
    const spelled = finalSpelling(result);
    return spelled ? spelled === 'correct' : result?.choice === 'correct';
  });
}

/**
 * How a finished session went, so the end screen says something true: the specification's
 * congratulations only when every word was learned, encouragement when some answers were right,
 * and plain words when none was (or when every question and spelling was skipped).
 */
export type SessionOutcome = 'all-learned' | 'some-right' | 'none-right' | 'all-skipped';

export function sessionOutcome(session: RunningSession): SessionOutcome {
  const learned = learnedWords(session).length;
  if (session.words.length > 0 && learned === session.words.length) return 'all-learned';
  if (learned > 0 || session.correctCount > 0) return 'some-right';
  const tried = session.words.some((word) => {
    const result = session.results[word.id];
    return [result?.choice, result?.spelling, result?.retry].some(
      (outcome) => outcome !== undefined && outcome !== 'skipped',
    );
  });
  return tried ? 'none-right' : 'all-skipped';
}
