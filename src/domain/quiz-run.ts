/**
 * The run of one study session (SPEC §4) as pure steps: the multiple-choice questions, then the
 * production question of every word (letter-tile spelling, or word order for a phrase: see
 * word-order.ts), then a second pass of the words that failed, then the end screen.
 * `stepRun(session, input, random)` returns the next session and what the step did, including
 * the answer to record; it reads no clock and writes nothing, so the store that holds the session
 * only keeps it, records the answers and saves it.
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
import {
  extraWords,
  isNextWord,
  matchTypedWord,
  phraseWords,
  productionQuestion,
  type WordTile,
  wordOrderTiles,
} from './word-order';

export type SessionPhase = 'choice' | 'spelling' | 'done';
export type ChoiceResult = 'correct' | 'wrong' | 'skipped';
export type SpellingResult = 'correct' | 'failed' | 'skipped';

/**
 * How one word went: the multiple-choice answer, the first production question (letters or word
 * order alike) and the second-pass one.
 */
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
  /** Letter tiles: left out, as in sessions saved before word order. */
  kind?: 'letters';
  vocabId: string;
  target: string;
  tiles: SpellingTile[];
  /** Ids of the tiles already placed, in order. */
  used: number[];
  mistakes: number;
  outcome: SpellingResult | null;
}

/** The phrase being built from word tiles: its words, tiles, progress and outcome. */
export interface WordOrderWord {
  kind: 'word-order';
  vocabId: string;
  /** The answer's words in order, as the tiles show them (`phraseWords`). */
  answer: string[];
  /** The answer's words and the extra words, shuffled. */
  tiles: WordTile[];
  /** Ids of the tiles already placed, in order. */
  used: number[];
  mistakes: number;
  outcome: SpellingResult | null;
}

/** The production question on screen: letters or word order. */
export type ProductionWord = SpellingWord | WordOrderWord;

export interface SpellingState {
  /** 1 for every word, 2 for the words that failed the first time. */
  pass: 1 | 2;
  /** Vocab ids to spell (or build) in this pass, in order. */
  queue: string[];
  position: number;
  word: ProductionWord | null;
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
  /**
   * The extra words of each word-order question, drawn from the whole vocabulary when the session
   * starts (the run keeps no vocabulary); absent when no word has one, as in older saved sessions.
   */
  extraWords?: Record<string, string[]>;
}

/** One thing the learner did. */
export type RunInput =
  | { type: 'answer'; option: string }
  | { type: 'skip' }
  | { type: 'next' }
  /** A tile tapped (a letter or a word); equal letters, or equal words, are interchangeable. */
  | { type: 'tap'; tileId: number }
  /** A word typed for the word-order question: it picks a tile (`matchTypedWord`). */
  | { type: 'word'; text: string }
  /** A key typed (a space types `_`). */
  | { type: 'key'; char: string }
  | { type: 'skip-spelling' }
  /**
   * The word-order phrase answered aloud instead (the spoken answer mode): right when every key
   * word was said in order (`spoken`), or as the learner judged their recording (`self`).
   */
  | { type: 'aloud'; correct: boolean; mode: 'spoken' | 'self' }
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
  /** A word placed; `record` when it completed the phrase. */
  | { kind: 'right-word'; tileId: number; record?: RunRecord }
  /** A wrong word (the tile to flash); `record` when it was the last mistake allowed. */
  | { kind: 'wrong-word'; tileId: number; record?: RunRecord }
  /** Typed text that picks no tile, or could start several words: nothing changed, no mistake. */
  | { kind: 'no-word'; match: 'none' | 'several' }
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

/**
 * A new session: one question per word, built now so a reload asks the same ones; so are the extra
 * words of the word-order questions (the tiles are shuffled when each comes up).
 */
export function startRun(input: StartRunInput, random: Random): RunningSession {
  const extras: Record<string, string[]> = {};
  for (const word of input.words) {
    if (productionQuestion(word) === 'word-order') {
      extras[word.id] = extraWords(word, input.vocab, random);
    }
  }
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
    ...(Object.keys(extras).length > 0 ? { extraWords: extras } : {}),
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
    case 'word':
      return typeWord(session, input.text);
    case 'skip-spelling':
      return skipSpelling(session);
    case 'aloud':
      return answerAloud(session, input.correct, input.mode);
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

/** The words the spelling phase asks: those with a production question (letters or word order). */
function spellingQueue(words: readonly VocabItem[]): string[] {
  return words.filter((w) => productionQuestion(w) !== null).map((w) => w.id);
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
  if (productionQuestion(item) === 'word-order') {
    const answer = phraseWords(item.langB);
    const word: WordOrderWord = {
      kind: 'word-order',
      vocabId: item.id,
      answer,
      tiles: wordOrderTiles(answer, session.extraWords?.[item.id] ?? [], random),
      used: [],
      mistakes: 0,
      outcome: null,
    };
    return { phase: 'spelling', spelling: { pass, queue, position, word } };
  }
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

/** The word being answered, when one is (not yet settled). */
function typing(session: RunningSession): { spelling: SpellingState; word: ProductionWord } | null {
  const spelling = session.spelling;
  const word = spelling?.word;
  if (session.phase !== 'spelling' || !spelling || !word || word.outcome) return null;
  return { spelling, word };
}

/** The word being spelled in letter tiles, when one is. */
function typingLetters(
  session: RunningSession,
): { spelling: SpellingState; word: SpellingWord } | null {
  const current = typing(session);
  if (!current || current.word.kind === 'word-order') return null;
  return { spelling: current.spelling, word: current.word };
}

/** The phrase being built from word tiles, when one is. */
function typingWords(
  session: RunningSession,
): { spelling: SpellingState; word: WordOrderWord } | null {
  const current = typing(session);
  if (current?.word.kind !== 'word-order') return null;
  return { spelling: current.spelling, word: current.word };
}

/**
 * Settles the word: its result in this pass and the answer to record, in the mode of its
 * question ('spelling' or 'word-order'; older versions fold an unknown mode as a plain answer).
 */
function settle<W extends ProductionWord>(
  session: RunningSession,
  spelling: SpellingState,
  word: W,
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
      mode: word.kind === 'word-order' ? 'word-order' : 'spelling',
    },
  };
}

/** Places `char` (from tile `tileId`, or the first free tile of that letter when typed). */
function place(session: RunningSession, char: string, tileId: number | null): RunStep {
  const current = typingLetters(session);
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

/**
 * Places word tile `tileId` of the phrase: right when it is the next word (equal words are
 * interchangeable), otherwise a mistake, as a wrong letter is; the third mistake fails it.
 */
function placeWord(session: RunningSession, tileId: number): RunStep {
  const current = typingWords(session);
  const tile = current?.word.tiles.find((t) => t.id === tileId);
  if (!current || !tile || current.word.used.includes(tileId)) return unchanged(session);
  const { spelling, word } = current;
  if (isNextWord(word.answer, word.used.length, tile.text)) {
    const next: WordOrderWord = { ...word, used: [...word.used, tileId] };
    const placed = { ...spelling, word: next };
    if (next.used.length < next.answer.length) {
      return {
        session: { ...session, spelling: placed },
        outcome: { kind: 'right-word', tileId },
      };
    }
    const done = settle(session, placed, next, 'correct');
    return { session: done.session, outcome: { kind: 'right-word', tileId, record: done.record } };
  }
  const missed: WordOrderWord = { ...word, mistakes: word.mistakes + 1 };
  const withMistake = { ...spelling, word: missed };
  if (missed.mistakes < SPELLING_MAX_MISTAKES) {
    return {
      session: { ...session, spelling: withMistake },
      outcome: { kind: 'wrong-word', tileId },
    };
  }
  const failed = settle(session, withMistake, missed, 'failed');
  return {
    session: failed.session,
    outcome: { kind: 'wrong-word', tileId, record: failed.record },
  };
}

function tap(session: RunningSession, tileId: number): RunStep {
  if (typingWords(session)) return placeWord(session, tileId);
  const word = typingLetters(session)?.word;
  const tile = word?.tiles.find((t) => t.id === tileId);
  if (!word || !tile || word.used.includes(tileId)) return unchanged(session);
  return place(session, tile.char, tileId);
}

/** A typed word picks a tile (`matchTypedWord`) and places it; text picking none does nothing. */
function typeWord(session: RunningSession, text: string): RunStep {
  const word = typingWords(session)?.word;
  if (!word) return unchanged(session);
  const match = matchTypedWord(word.tiles, word.used, text);
  if (match.kind === 'tile') return placeWord(session, match.tileId);
  return { session, outcome: { kind: 'no-word', match: match.kind } };
}

function key(session: RunningSession, char: string): RunStep {
  const typed = char === ' ' ? SPACE_TILE : char.toUpperCase();
  const word = typingLetters(session)?.word;
  if (!word || typed.length !== 1) return unchanged(session);
  if (isNextLetter(word.target, word.used.length, typed)) return place(session, typed, null);
  // A wrong key flashes a free tile of that letter when there is one.
  const tile = word.tiles.find((t) => t.char === typed && !word.used.includes(t.id));
  return place(session, typed, tile ? tile.id : null);
}

/**
 * A word-order phrase said aloud: settled right or failed like the tiles would, and recorded in
 * the spoken mode (an older version folds it as a plain answer).
 */
function answerAloud(session: RunningSession, correct: boolean, mode: 'spoken' | 'self'): RunStep {
  const current = typingWords(session);
  if (!current) return unchanged(session);
  const done = settle(session, current.spelling, current.word, correct ? 'correct' : 'failed');
  const record: RunRecord = { kind: 'answer', vocabId: current.word.vocabId, correct, mode };
  return { session: done.session, outcome: { kind: 'answered', correct, record } };
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

/** The final production result (letters or word order) of a word: the second pass if it had one. */
export function finalSpelling(result: WordResult | undefined): SpellingResult | undefined {
  return result?.retry ?? result?.spelling;
}

/**
 * The words answered correctly: spelled or built right in the end, or (without a production
 * question) chosen right.
 */
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
