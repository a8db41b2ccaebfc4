import { describe, expect, it } from 'vitest';
import {
  learnedWords,
  type RunningSession,
  type RunStep,
  repeatRun,
  type SpellingWord,
  startRun,
  stepRun,
  type WordOrderWord,
} from '@/domain/quiz-run';
import { seededRandom } from '@/domain/random';
import type { VocabItem } from '@/domain/types';

const item = (id: string, langA: string, langB: string, extra: Partial<VocabItem> = {}) =>
  ({
    id,
    langA,
    langB,
    topic: 'Anchoring',
    division: 'deck',
    source: 'builtin',
    ...extra,
  }) as VocabItem;

const ANCHOR = item('a1', 'якорь', 'anchor');
const AFT = item('a2', 'корма', 'aft');
/** A phrase no letter tiles spell (`spell: false`): it gets word order instead (word-order.ts). */
const SIGNAL = item('a3', 'сигнал', '7 short blasts', { spell: false });
/** A single word with `spell: false`: no production question at all, the spelling leaves it out. */
const SOLAS = item('a4', 'СОЛАС', 'SOLAS', { spell: false });

/** A session in a known state: the questions are written out, no randomness involved. */
function session(patch: Partial<RunningSession> = {}): RunningSession {
  return {
    ownerId: 'u1',
    words: [ANCHOR, AFT],
    questions: [
      { prompt: 'якорь', answer: 'anchor', options: ['aft', 'anchor'], direction: 'ru-en' },
      { prompt: 'aft', answer: 'корма', options: ['корма', 'якорь'], direction: 'en-ru' },
    ],
    index: 0,
    correctCount: 0,
    feedback: null,
    results: {},
    phase: 'choice',
    spelling: null,
    ...patch,
  };
}

/** The spelling word with its tiles in target order (tile id = position). */
function spellingWord(vocabId: string, target: string, patch: Partial<SpellingWord> = {}) {
  return {
    vocabId,
    target,
    tiles: [...target].map((char, id) => ({ id, char })),
    used: [],
    mistakes: 0,
    outcome: null,
    ...patch,
  } satisfies SpellingWord;
}

const spelling = (word: SpellingWord, pass: 1 | 2 = 1, queue = ['a1', 'a2'], position = 0) =>
  session({
    index: 2,
    phase: 'spelling',
    results: { a1: { choice: 'correct' }, a2: { choice: 'wrong' } },
    spelling: { pass, queue, position, word },
  });

/** A random source that keeps lists in order (Fisher–Yates with j = i). */
const inOrder = () => 0.999_999;

describe('stepRun: the multiple choice', () => {
  it('a right answer: feedback, counted, the answer to record', () => {
    expect(stepRun(session(), { type: 'answer', option: 'anchor' }, inOrder)).toEqual<RunStep>({
      session: session({
        correctCount: 1,
        feedback: { chosen: 'anchor', result: 'correct' },
        results: { a1: { choice: 'correct' } },
      }),
      outcome: {
        kind: 'answered',
        correct: true,
        record: { kind: 'answer', vocabId: 'a1', correct: true, mode: 'choice' },
      },
    });
  });

  it('a wrong answer is not counted; a second answer to the same question is ignored', () => {
    const wrong = stepRun(session(), { type: 'answer', option: 'aft' }, inOrder);
    expect(wrong).toEqual<RunStep>({
      session: session({
        feedback: { chosen: 'aft', result: 'wrong' },
        results: { a1: { choice: 'wrong' } },
      }),
      outcome: {
        kind: 'answered',
        correct: false,
        record: { kind: 'answer', vocabId: 'a1', correct: false, mode: 'choice' },
      },
    });
    expect(stepRun(wrong.session, { type: 'answer', option: 'anchor' }, inOrder)).toEqual({
      session: wrong.session,
      outcome: { kind: 'ignored' },
    });
  });

  it('a skip records a skip; next moves on only after an answer or a skip', () => {
    const start = session();
    expect(stepRun(start, { type: 'next' }, inOrder)).toEqual({
      session: start,
      outcome: { kind: 'ignored' },
    });
    const skipped = stepRun(start, { type: 'skip' }, inOrder);
    expect(skipped).toEqual<RunStep>({
      session: session({
        feedback: { chosen: null, result: 'skipped' },
        results: { a1: { choice: 'skipped' } },
      }),
      outcome: { kind: 'skipped', record: { kind: 'skip', vocabId: 'a1' } },
    });
    expect(stepRun(skipped.session, { type: 'next' }, inOrder)).toEqual<RunStep>({
      session: session({ index: 1, results: { a1: { choice: 'skipped' } } }),
      outcome: { kind: 'moved' },
    });
  });

  it('after the last question the spelling of every word that has something to spell begins', () => {
    const last = session({
      words: [ANCHOR, SOLAS],
      index: 1,
      feedback: { chosen: 'x', result: 'wrong' },
      results: { a1: { choice: 'correct' }, a4: { choice: 'wrong' } },
    });
    expect(stepRun(last, { type: 'next' }, inOrder)).toEqual<RunStep>({
      session: {
        ...last,
        index: 2,
        feedback: null,
        phase: 'spelling',
        spelling: { pass: 1, queue: ['a1'], position: 0, word: spellingWord('a1', 'ANCHOR') },
      },
      outcome: { kind: 'moved' },
    });
  });

  it('a session without anything to spell ends after the questions', () => {
    const last = session({
      words: [SOLAS],
      index: 0,
      feedback: { chosen: null, result: 'skipped' },
    });
    expect(stepRun(last, { type: 'next' }, inOrder).session).toEqual({
      ...last,
      index: 1,
      feedback: null,
      phase: 'done',
      spelling: null,
    });
  });
});

describe('stepRun: the spelling', () => {
  it('places letters in order; the last one settles the word as right and records it', () => {
    const start = spelling(spellingWord('a2', 'AFT'));
    const a = stepRun(start, { type: 'tap', tileId: 0 }, inOrder);
    expect(a).toEqual<RunStep>({
      session: spelling(spellingWord('a2', 'AFT', { used: [0] })),
      outcome: { kind: 'right-letter', tileId: 0 },
    });
    const f = stepRun(a.session, { type: 'key', char: 'f' }, inOrder);
    const t = stepRun(f.session, { type: 'key', char: 't' }, inOrder);
    expect(t).toEqual<RunStep>({
      session: {
        ...spelling(spellingWord('a2', 'AFT', { used: [0, 1, 2], outcome: 'correct' })),
        results: { a1: { choice: 'correct' }, a2: { choice: 'wrong', spelling: 'correct' } },
      },
      outcome: {
        kind: 'right-letter',
        tileId: 2,
        record: { kind: 'answer', vocabId: 'a2', correct: true, mode: 'spelling' },
      },
    });
    // A settled word takes no more letters.
    expect(stepRun(t.session, { type: 'key', char: 'a' }, inOrder).outcome).toEqual({
      kind: 'ignored',
    });
  });

  it('equal letters are interchangeable, and a used tile cannot be tapped again', () => {
    const start = spelling(spellingWord('x', 'AA'), 1, ['x']);
    // The second A is tapped first: still right.
    const first = stepRun(start, { type: 'tap', tileId: 1 }, inOrder);
    expect(first.outcome).toEqual({ kind: 'right-letter', tileId: 1 });
    expect(stepRun(first.session, { type: 'tap', tileId: 1 }, inOrder)).toEqual({
      session: first.session,
      outcome: { kind: 'ignored' },
    });
  });

  it('the third mistake fails the word; a wrong key flashes a free tile of that letter', () => {
    const start = spelling(spellingWord('a2', 'AFT'));
    const one = stepRun(start, { type: 'key', char: 't' }, inOrder);
    expect(one).toEqual<RunStep>({
      session: spelling(spellingWord('a2', 'AFT', { mistakes: 1 })),
      outcome: { kind: 'wrong-letter', tileId: 2 },
    });
    const two = stepRun(one.session, { type: 'key', char: 'z' }, inOrder);
    expect(two.outcome).toEqual({ kind: 'wrong-letter', tileId: null });
    const three = stepRun(two.session, { type: 'tap', tileId: 1 }, inOrder);
    expect(three).toEqual<RunStep>({
      session: {
        ...spelling(spellingWord('a2', 'AFT', { mistakes: 3, outcome: 'failed' })),
        results: { a1: { choice: 'correct' }, a2: { choice: 'wrong', spelling: 'failed' } },
      },
      outcome: {
        kind: 'wrong-letter',
        tileId: 1,
        record: { kind: 'answer', vocabId: 'a2', correct: false, mode: 'spelling' },
      },
    });
  });

  it('a skipped spelling counts as a wrong answer', () => {
    const skipped = stepRun(
      spelling(spellingWord('a1', 'ANCHOR')),
      { type: 'skip-spelling' },
      inOrder,
    );
    expect(skipped.outcome).toEqual({
      kind: 'skipped',
      record: { kind: 'answer', vocabId: 'a1', correct: false, mode: 'spelling' },
    });
    expect(skipped.session.results.a1).toEqual({ choice: 'correct', spelling: 'skipped' });
  });

  it('after the first pass the failed words are spelled again, then the session ends', () => {
    // a1 failed, a2 (the last of the pass) was just spelled right.
    const endOfPass = {
      ...spelling(
        spellingWord('a2', 'AFT', { used: [0, 1, 2], outcome: 'correct' }),
        1,
        ['a1', 'a2'],
        1,
      ),
      results: {
        a1: { choice: 'correct', spelling: 'failed' },
        a2: { choice: 'wrong', spelling: 'correct' },
      },
    } satisfies RunningSession;
    const retry = stepRun(endOfPass, { type: 'next-spelling' }, inOrder);
    expect(retry).toEqual<RunStep>({
      session: {
        ...endOfPass,
        spelling: { pass: 2, queue: ['a1'], position: 0, word: spellingWord('a1', 'ANCHOR') },
      },
      outcome: { kind: 'moved' },
    });
    const skipped = stepRun(retry.session, { type: 'skip-spelling' }, inOrder);
    expect(skipped.session.results.a1).toEqual({
      choice: 'correct',
      spelling: 'failed',
      retry: 'skipped',
    });
    expect(stepRun(skipped.session, { type: 'next-spelling' }, inOrder).session).toEqual({
      ...skipped.session,
      phase: 'done',
      spelling: null,
    });
    expect(learnedWords({ ...skipped.session, phase: 'done' }).map((w) => w.id)).toEqual(['a2']);
  });
});

/** The phrase's word-order question with its tiles in a known order (tile id = position). */
function orderWord(vocabId: string, words: string[], patch: Partial<WordOrderWord> = {}) {
  return {
    kind: 'word-order',
    vocabId,
    answer: words,
    tiles: words.map((text, id) => ({ id, text })),
    used: [],
    mistakes: 0,
    outcome: null,
    ...patch,
  } satisfies WordOrderWord;
}

describe('stepRun: the word order', () => {
  const MEDICAL = item('p1', 'Мне нужна медицинская помощь', 'I require medical assistance.', {
    kind: 'phrase',
    spell: false,
  });
  /** The phrase's tiles: its four words and the extra word "vessel" (tile 4). */
  const TILES = ['I', 'require', 'medical', 'assistance', 'vessel'];
  const building = (patch: Partial<WordOrderWord> = {}, pass: 1 | 2 = 1) =>
    session({
      words: [ANCHOR, MEDICAL],
      index: 2,
      phase: 'spelling',
      results: { a1: { choice: 'correct' }, p1: { choice: 'correct' } },
      spelling: {
        pass,
        queue: ['p1'],
        position: 0,
        word: {
          ...orderWord('p1', ['I', 'require', 'medical', 'assistance'], patch),
          tiles: TILES.map((text, id) => ({ id, text })),
        },
      },
    });

  it('after the questions a phrase gets word tiles (its words and the extra words), a word letters', () => {
    const last = session({
      words: [ANCHOR, MEDICAL],
      index: 1,
      feedback: { chosen: 'x', result: 'wrong' },
      extraWords: { p1: ['vessel'] },
    });
    const spelling = stepRun(last, { type: 'next' }, inOrder).session.spelling;
    expect(spelling).toEqual({
      pass: 1,
      queue: ['a1', 'p1'],
      position: 0,
      word: spellingWord('a1', 'ANCHOR'),
    });
    const afterAnchor = stepRun(
      {
        ...last,
        index: 2,
        phase: 'spelling',
        spelling: {
          ...(spelling as NonNullable<typeof spelling>),
          word: spellingWord('a1', 'ANCHOR', { outcome: 'correct' }),
        },
      },
      { type: 'next-spelling' },
      inOrder,
    ).session.spelling?.word;
    expect(afterAnchor).toEqual({
      ...orderWord('p1', ['I', 'require', 'medical', 'assistance']),
      tiles: TILES.map((text, id) => ({ id, text })),
    });
  });

  it('takes words in order, typed (any case, or the first letters) or tapped; the last records word-order', () => {
    const i = stepRun(building(), { type: 'word', text: 'i' }, inOrder);
    expect(i.outcome).toEqual({ kind: 'right-word', tileId: 0 });
    const require = stepRun(i.session, { type: 'word', text: 'req' }, inOrder);
    expect(require.outcome).toEqual({ kind: 'right-word', tileId: 1 });
    const medical = stepRun(require.session, { type: 'tap', tileId: 2 }, inOrder);
    const done = stepRun(medical.session, { type: 'word', text: 'ASSISTANCE' }, inOrder);
    expect(done).toEqual<RunStep>({
      session: {
        ...building({ used: [0, 1, 2, 3], outcome: 'correct' }),
        results: { a1: { choice: 'correct' }, p1: { choice: 'correct', spelling: 'correct' } },
      },
      outcome: {
        kind: 'right-word',
        tileId: 3,
        record: { kind: 'answer', vocabId: 'p1', correct: true, mode: 'word-order' },
      },
    });
    // The end screen counts a phrase built right as learned, as a word spelled right.
    expect(learnedWords({ ...done.session, phase: 'done' }).map((w) => w.id)).toContain('p1');
    // Letters do not apply to word tiles, nor words to a settled phrase.
    expect(stepRun(building(), { type: 'key', char: 'i' }, inOrder).outcome.kind).toBe('ignored');
    expect(stepRun(done.session, { type: 'word', text: 'I' }, inOrder).outcome.kind).toBe(
      'ignored',
    );
  });

  it('a typed word that picks no tile changes nothing; a wrong word is a mistake, the third fails', () => {
    const start = building();
    expect(stepRun(start, { type: 'word', text: 'help' }, inOrder)).toEqual<RunStep>({
      session: start,
      outcome: { kind: 'no-word', match: 'none' },
    });
    const one = stepRun(start, { type: 'tap', tileId: 4 }, inOrder);
    expect(one).toEqual<RunStep>({
      session: building({ mistakes: 1 }),
      outcome: { kind: 'wrong-word', tileId: 4 },
    });
    const two = stepRun(one.session, { type: 'word', text: 'medical' }, inOrder);
    expect(two.outcome).toEqual({ kind: 'wrong-word', tileId: 2 });
    const three = stepRun(two.session, { type: 'word', text: 'vess' }, inOrder);
    expect(three).toEqual<RunStep>({
      session: {
        ...building({ mistakes: 3, outcome: 'failed' }),
        results: { a1: { choice: 'correct' }, p1: { choice: 'correct', spelling: 'failed' } },
      },
      outcome: {
        kind: 'wrong-word',
        tileId: 4,
        record: { kind: 'answer', vocabId: 'p1', correct: false, mode: 'word-order' },
      },
    });
    expect(learnedWords({ ...three.session, phase: 'done' }).map((w) => w.id)).toEqual(['a1']);
  });

  it('a phrase said aloud settles the word, recorded in its spoken mode; letters and settled words ignore it', () => {
    const said = stepRun(building(), { type: 'aloud', correct: true, mode: 'spoken' }, inOrder);
    expect(said).toEqual<RunStep>({
      session: {
        ...building({ outcome: 'correct' }),
        results: { a1: { choice: 'correct' }, p1: { choice: 'correct', spelling: 'correct' } },
      },
      outcome: {
        kind: 'answered',
        correct: true,
        record: { kind: 'answer', vocabId: 'p1', correct: true, mode: 'spoken' },
      },
    });
    expect(learnedWords({ ...said.session, phase: 'done' }).map((w) => w.id)).toContain('p1');
    const judged = stepRun(building(), { type: 'aloud', correct: false, mode: 'self' }, inOrder);
    expect(judged.outcome).toEqual({
      kind: 'answered',
      correct: false,
      record: { kind: 'answer', vocabId: 'p1', correct: false, mode: 'self' },
    });
    expect(judged.session.results.p1?.spelling).toBe('failed');
    const aloud = { type: 'aloud', correct: true, mode: 'spoken' } as const;
    expect(stepRun(said.session, aloud, inOrder).outcome.kind).toBe('ignored');
    expect(stepRun(session(), aloud, inOrder).outcome.kind).toBe('ignored');
  });

  it('a skipped phrase is a wrong word-order answer and comes back in the second pass', () => {
    const skipped = stepRun(building(), { type: 'skip-spelling' }, inOrder);
    expect(skipped.outcome).toEqual({
      kind: 'skipped',
      record: { kind: 'answer', vocabId: 'p1', correct: false, mode: 'word-order' },
    });
    const retry = stepRun(
      { ...skipped.session, extraWords: { p1: ['vessel'] } },
      { type: 'next-spelling' },
      inOrder,
    );
    expect(retry.session.spelling).toMatchObject({
      pass: 2,
      queue: ['p1'],
      word: { kind: 'word-order', answer: ['I', 'require', 'medical', 'assistance'] },
    });
    expect(retry.session.spelling?.word?.tiles).toHaveLength(5);
  });

  it('equal words are interchangeable', () => {
    const both = session({
      phase: 'spelling',
      index: 2,
      spelling: {
        pass: 1,
        queue: ['x'],
        position: 0,
        word: orderWord('x', ['the', 'ship', 'the', 'bell']),
      },
    });
    // The second "the" placed first: still right.
    expect(stepRun(both, { type: 'tap', tileId: 2 }, inOrder).outcome).toEqual({
      kind: 'right-word',
      tileId: 2,
    });
  });
});

describe('startRun and repeatRun', () => {
  it('builds one question per word and the same session from the same random source', () => {
    const input = {
      ownerId: 'u1',
      words: [ANCHOR, AFT],
      vocab: [ANCHOR, AFT, SIGNAL],
      direction: 'ru-en' as const,
    };
    const run = startRun(input, seededRandom(3));
    expect(run).toEqual(startRun(input, seededRandom(3)));
    expect(run).toMatchObject({ ownerId: 'u1', words: [ANCHOR, AFT], index: 0, phase: 'choice' });
    expect(run.questions.map((q) => [q.prompt, q.answer])).toEqual([
      ['якорь', 'anchor'],
      ['корма', 'aft'],
    ]);
  });

  it('draws the extra words of each phrase at the start, and only for phrases', () => {
    const input = {
      ownerId: 'u1',
      words: [ANCHOR, SIGNAL],
      vocab: [ANCHOR, AFT, SIGNAL, item('a5', 'x', 'Sound one prolonged blast!', { spell: false })],
      direction: 'ru-en' as const,
    };
    const run = startRun(input, seededRandom(5));
    expect(Object.keys(run.extraWords ?? {})).toEqual(['a3']);
    expect(run.extraWords?.a3).toHaveLength(2);
    expect(startRun(input, seededRandom(5)).extraWords).toEqual(run.extraWords);
    // A session without phrases carries none (and looks as it did before word order).
    expect(startRun({ ...input, words: [ANCHOR, AFT] }, seededRandom(5))).not.toHaveProperty(
      'extraWords',
    );
  });

  it('repeats the chosen words as a fresh session, or nothing when none is chosen', () => {
    const done = session({ phase: 'done', index: 2, results: { a1: { choice: 'correct' } } });
    const again = repeatRun(done, ['a2'], { vocab: [], direction: 'en-ru' }, inOrder);
    expect(again).toEqual<RunningSession>({
      ownerId: 'u1',
      words: [AFT],
      questions: [
        { prompt: 'aft', answer: 'корма', options: ['корма', 'якорь'], direction: 'en-ru' },
      ],
      index: 0,
      correctCount: 0,
      feedback: null,
      results: {},
      phase: 'choice',
      spelling: null,
    });
    expect(repeatRun(done, [], { vocab: [], direction: 'en-ru' }, inOrder)).toBeNull();
  });

  it('with listening questions, some questions play the English and offer Russian options', () => {
    const words = [ANCHOR, AFT, SIGNAL];
    const input = { ownerId: 'u1', words, vocab: words, direction: 'ru-en' as const };
    // A random source below the listening share makes every question a listening one.
    const low = () => 0;
    const listening = startRun({ ...input, listening: true }, low);
    expect(listening.questions.map((q) => [q.listening, q.direction, q.prompt, q.answer])).toEqual([
      [true, 'en-ru', 'anchor', 'якорь'],
      [true, 'en-ru', 'aft', 'корма'],
      [true, 'en-ru', '7 short blasts', 'сигнал'],
    ]);
    // Above it, none; and without the option, never (the fixed direction stays).
    const high = startRun({ ...input, listening: true }, inOrder);
    expect(high.questions.every((q) => !q.listening && q.direction === 'ru-en')).toBe(true);
    const off = startRun(input, low);
    expect(off.questions.every((q) => !q.listening && q.direction === 'ru-en')).toBe(true);
  });
});
