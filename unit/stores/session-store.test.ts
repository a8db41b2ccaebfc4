import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { seededRandom } from '@/domain/random';
import type { User, VocabItem } from '@/domain/types';
import { loadTexts } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { readLastSetup } from '@/stores/session-persistence';
import {
  connectSessionStore,
  learnedWords,
  type RunningSession,
  type SpellingWord,
  selectionPool,
  useSessionStore,
  type WordOrderWord,
} from '@/stores/session-store';
import { useToastStore } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { GUEST_ID, useWordsStore } from '@/stores/words-store';

/** A sessionStorage of the test's own: the store is connected to it, as the study routes connect it to the page's. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
}

// The quiz's texts, as its route loads them.
beforeAll(() => loadTexts('quiz'));

let storage = memoryStorage();
let disconnect = () => {};

const NOW = new Date(2026, 10, 22, 12, 30).getTime();

const word = (id: string, en: string, topic: string, division = 'deck'): VocabItem => ({
  id,
  langA: `слово ${id}`,
  langB: en,
  topic,
  division,
  source: 'builtin',
});

const MOORING = [
  word('m1', 'bitts', 'Mooring'),
  word('m2', 'fairlead', 'Mooring'),
  word('m3', 'heaving line', 'Mooring'),
  word('m4', 'spring', 'Mooring'),
  word('m5', 'head line', 'Mooring'),
  word('m6', 'stern line', 'Mooring'),
];
const ANCHORING = [word('a1', 'anchor', 'Anchoring'), word('a2', 'windlass', 'Anchoring')];
const ENGINE = [word('e1', 'bilge pump', 'Pumps', 'engine')];
const VOCAB = [...MOORING, ...ANCHORING, ...ENGINE];

const SIGNED_IN: User = {
  id: 'u1',
  email: 'a@ship.test',
  fullName: '',
  isAdmin: false,
  createdAt: NOW,
  settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light', division: 'bridge', role: 'master' },
};

const state = () => useSessionStore.getState();
const session = () => state().session as RunningSession;
/** The word on the spelling screen, in letter tiles. */
const spellingWord = (): SpellingWord => {
  const current = session().spelling?.word;
  if (!current || current.kind === 'word-order') throw new Error('no letter-tile word');
  return current;
};
/** The phrase on the spelling screen, in word tiles. */
const orderWord = (): WordOrderWord => {
  const current = session().spelling?.word;
  if (current?.kind !== 'word-order') throw new Error('no word-order question');
  return current;
};
const itemOf = (id: string) => VOCAB.find((w) => w.id === id) as VocabItem;

/** Answers every question of the multiple choice: right for the ids in `right`, wrong otherwise. */
function answerAll(right: (id: string) => boolean) {
  while (session().phase === 'choice') {
    const { index, questions, words } = session();
    const question = questions[index];
    const id = words[index]?.id as string;
    const wrong = question?.options.find((o) => o !== question.answer) as string;
    state().answerChoice(right(id) ? (question?.answer as string) : wrong);
    state().nextQuestion({ random: seededRandom(index) });
  }
}

/** Types the current spelling word letter by letter, as the keyboard would. */
function spellCurrent() {
  for (const char of spellingWord().target) {
    state().typeLetter(char === '_' ? ' ' : char.toLowerCase());
  }
}

/** Three wrong letters fail the current word. */
function failCurrent() {
  for (let i = 0; i < 3; i++) state().typeLetter('9');
}

beforeEach(() => {
  useVocabStore.setState({ loaded: true, vocab: VOCAB, topics: [], roles: [], divisions: [] });
  useAuthStore.setState({ user: null, status: 'ready' });
  storage = memoryStorage();
  disconnect = connectSessionStore(storage);
  useWordsStore.setState({ ownerId: GUEST_ID, words: new Map(), loaded: true });
  useSessionStore.setState({
    division: 'deck',
    role: undefined,
    topics: [],
    size: 10,
    mode: 'mixed',
    direction: 'ru-en',
    session: null,
  });
});

afterEach(() => disconnect());

describe('selection and setup', () => {
  it('keeps the size on the steps of 5 between 5 and 20', () => {
    state().stepSize(-1);
    expect(state().size).toBe(5);
    state().stepSize(-1);
    expect(state().size).toBe(5);
    state().setSize(17);
    expect(state().size).toBe(15);
    state().stepSize(1);
    state().stepSize(1);
    expect(state().size).toBe(20);
  });

  it("keeps a guest's division and role in the store only", async () => {
    const updateSettings = vi.spyOn(useAuthStore.getState(), 'updateSettings');
    state().setTopics(['deck::Mooring']);
    await state().chooseDivision('engine');
    expect(state()).toMatchObject({ division: 'engine', role: undefined, topics: [] });
    await state().chooseRole('motorman');
    expect(state().role).toBe('motorman');
    expect(updateSettings).toHaveBeenCalledWith({ division: 'engine' });
    expect(await updateSettings.mock.results[0]?.value).toBeNull();
    updateSettings.mockRestore();
  });

  it("saves a signed-in user's division and role to their settings and takes them at sign-in", async () => {
    const user = SIGNED_IN;
    const updateSettings = vi.fn(async () => user);
    useAuthStore.setState({ updateSettings });
    useAuthStore.setState({ user });
    expect(state()).toMatchObject({ division: 'bridge', role: 'master', topics: [] });

    await state().chooseDivision('deck');
    await state().chooseRole('os');
    expect(updateSettings).toHaveBeenNthCalledWith(1, { division: 'deck' });
    expect(updateSettings).toHaveBeenNthCalledWith(2, { role: 'os' });
    expect(state()).toMatchObject({ division: 'deck', role: 'os' });

    // Signing out forgets the choice and ends the user's session.
    state().startSession({ now: NOW, random: seededRandom(1) });
    useAuthStore.setState({ user: null });
    expect(state()).toMatchObject({ division: undefined, role: undefined, session: null });
  });

  it('pools the words of the chosen topics, or of the division and role without topics', () => {
    expect(selectionPool({ division: 'deck', topics: [] }, VOCAB, new Map())).toHaveLength(8);
    const pool = selectionPool({ division: 'deck', topics: ['deck::Anchoring'] }, VOCAB, new Map());
    expect(pool.map((w) => w.id).sort()).toEqual(['a1', 'a2']);
  });
});

describe('the multiple-choice part', () => {
  it('prepares up to `size` words of the selected topics, one question each', () => {
    state().setTopics(['deck::Mooring']);
    state().setSize(5);
    const started = state().startSession({ now: NOW, random: seededRandom(7) });
    expect(started.words).toHaveLength(5);
    expect(started.words.every((w) => w.topic === 'Mooring')).toBe(true);
    expect(started).toMatchObject({ index: 0, correctCount: 0, phase: 'choice', feedback: null });
    started.words.forEach((w, i) => {
      const question = started.questions[i];
      expect(question).toMatchObject({ prompt: w.langA, answer: w.langB, direction: 'ru-en' });
      expect(question?.options).toHaveLength(4);
      expect(question?.options).toContain(w.langB);
    });
  });

  it('gives an empty session when nothing matches', () => {
    state().setTopics(['deck::Nothing here']);
    expect(state().startSession({ now: NOW, random: seededRandom(1) }).words).toEqual([]);
  });

  it('records answers and skips, counts the right ones, and goes on to spelling after the last', () => {
    state().setTopics(['deck::Anchoring']);
    state().setSize(5);
    state().startSession({ now: NOW, random: seededRandom(3) });
    const [first, second] = session().words.map((w) => w.id) as [string, string];

    // Nothing advances before the question is answered.
    state().nextQuestion();
    expect(session().index).toBe(0);

    expect(state().answerChoice(session().questions[0]?.answer as string)).toBe(true);
    expect(session().feedback).toEqual({
      chosen: session().questions[0]?.answer,
      result: 'correct',
    });
    // A second answer to the same question is refused.
    expect(state().answerChoice('anything')).toBeNull();
    expect(useWordsStore.getState().words.get(first)).toMatchObject({ attempts: 1, correct: 1 });

    state().nextQuestion();
    expect(session()).toMatchObject({ index: 1, feedback: null, correctCount: 1 });
    state().skipChoice();
    expect(session().feedback).toEqual({ chosen: null, result: 'skipped' });
    expect(useWordsStore.getState().words.get(second)).toMatchObject({ attempts: 0 });

    state().nextQuestion({ random: seededRandom(5) });
    expect(session().results).toEqual({
      [first]: { choice: 'correct' },
      [second]: { choice: 'skipped' },
    });
    expect(session().phase).toBe('spelling');
    expect(session().spelling).toMatchObject({ pass: 1, position: 0, queue: [first, second] });
    expect(spellingWord()).toMatchObject({ vocabId: first, used: [], mistakes: 0, outcome: null });
  });
});

describe('an answer the device fails to store', () => {
  it('is told to the learner at once, in their language, and counted for the end screen', async () => {
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const recordAnswer = vi.fn(() => Promise.reject(full));
    const original = useWordsStore.getState().recordAnswer;
    onTestFinished(() => useWordsStore.setState({ recordAnswer: original }));
    useWordsStore.setState({ recordAnswer });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    onTestFinished(() => quiet.mockRestore());
    useToastStore.setState({ toasts: [] });
    state().setTopics(['deck::Anchoring']);
    state().startSession({ now: NOW, random: seededRandom(3) });
    expect(state().unsavedAnswers).toBe(0);

    // The quiz goes on: the answer is shown, not lost silently.
    expect(state().answerChoice(session().questions[0]?.answer as string)).toBe(true);
    await vi.waitFor(() => expect(state().unsavedAnswers).toBe(1));
    expect(useToastStore.getState().toasts).toMatchObject([
      {
        tone: 'error',
        title: 'Ответ не сохранён',
        message:
          'На устройстве закончилось место: освободите место, и ответы снова будут сохраняться.',
      },
    ]);
    // A new session starts with nothing unsaved.
    state().startSession({ now: NOW, random: seededRandom(3) });
    expect(state().unsavedAnswers).toBe(0);
  });
});

describe('the spelling part', () => {
  beforeEach(() => {
    state().setTopics(['deck::Mooring']);
    state().setSize(5);
    state().startSession({ now: NOW, random: seededRandom(11) });
    answerAll(() => true);
  });

  it('takes letters in order (equal letters interchangeable) and records a completed word as right', () => {
    const current = spellingWord();
    expect(current.target).toBe(itemOf(current.vocabId).langB.toUpperCase().replaceAll(' ', '_'));
    expect(current.tiles.map((t) => t.char).sort()).toEqual([...current.target].sort());

    const firstChar = current.target[0] as string;
    const tile = current.tiles.find((t) => t.char === firstChar) as { id: number };
    expect(state().tapTile(tile.id)).toEqual({ kind: 'right', tileId: tile.id });
    expect(state().tapTile(tile.id)).toEqual({ kind: 'ignored' });
    for (const char of current.target.slice(1)) {
      state().typeLetter(char === '_' ? ' ' : char);
    }
    expect(spellingWord().outcome).toBe('correct');
    expect(session().results[current.vocabId]).toEqual({ choice: 'correct', spelling: 'correct' });
    // One right choice and one right spelling.
    expect(useWordsStore.getState().words.get(current.vocabId)).toMatchObject({
      attempts: 2,
      correct: 2,
      streak: 2,
    });
    // A finished word takes no more letters.
    expect(state().typeLetter('A')).toEqual({ kind: 'ignored' });
  });

  it('fails a word on the third mistake and records it as wrong', () => {
    const { vocabId } = spellingWord();
    expect(state().typeLetter('9').kind).toBe('wrong');
    expect(state().typeLetter('9').kind).toBe('wrong');
    expect(spellingWord()).toMatchObject({ mistakes: 2, outcome: null });
    state().typeLetter('9');
    expect(spellingWord()).toMatchObject({ mistakes: 3, outcome: 'failed' });
    expect(useWordsStore.getState().words.get(vocabId)).toMatchObject({ attempts: 2, streak: 0 });
  });

  it('repeats failed and skipped words in a second pass, then ends', () => {
    const queue = [...(session().spelling?.queue ?? [])];
    expect(queue).toHaveLength(5);
    const [failed, skipped] = queue as [string, string];

    failCurrent();
    state().nextSpellingWord({ random: seededRandom(1) });
    state().skipSpelling();
    expect(spellingWord().outcome).toBe('skipped');
    state().nextSpellingWord({ random: seededRandom(2) });
    for (let i = 2; i < queue.length; i++) {
      spellCurrent();
      state().nextSpellingWord({ random: seededRandom(i) });
    }

    expect(session().spelling).toMatchObject({ pass: 2, position: 0, queue: [failed, skipped] });
    spellCurrent();
    state().nextSpellingWord();
    failCurrent();
    state().nextSpellingWord();

    expect(session()).toMatchObject({ phase: 'done', spelling: null });
    expect(session().results[failed]).toEqual({
      choice: 'correct',
      spelling: 'failed',
      retry: 'correct',
    });
    expect(session().results[skipped]).toEqual({
      choice: 'correct',
      spelling: 'skipped',
      retry: 'failed',
    });
    const learned = learnedWords(session()).map((w) => w.id);
    expect(learned).toHaveLength(4);
    expect(learned).toContain(failed);
    expect(learned).not.toContain(skipped);
  });

  it('goes straight to the end when every word is spelled the first time', () => {
    for (let i = 0; i < 5; i++) {
      spellCurrent();
      state().nextSpellingWord();
    }
    expect(session().phase).toBe('done');
    expect(learnedWords(session())).toHaveLength(5);
  });
});

describe('the word-order part', () => {
  /** A topic with a phrase, a term with an apostrophe and a plain word. */
  const SIGNALS: VocabItem[] = [
    {
      ...word('s1', 'I require medical assistance.', 'Signals', 'bridge'),
      kind: 'phrase',
      spell: false,
    },
    { ...word('s2', "ship's bell", 'Signals', 'bridge'), kind: 'term', spell: 'ships bell' },
    { ...word('s3', 'pilot', 'Signals', 'bridge'), kind: 'term' },
    { ...word('s4', 'I am proceeding to your assistance.', 'Signals', 'bridge'), spell: false },
  ];

  beforeEach(() => {
    useVocabStore.setState({ vocab: SIGNALS });
    state().setTopics(['bridge::Signals'], { division: 'bridge' });
    state().setSize(5);
    state().startSession({ now: NOW, random: seededRandom(5), vocab: SIGNALS });
    answerAll(() => true);
  });

  /** The kind of production question each word of the spelling queue gets. */
  function kinds(): Record<string, string> {
    const found: Record<string, string> = {};
    while (session().phase === 'spelling') {
      const current = session().spelling?.word;
      if (!current) break;
      found[current.vocabId] = current.kind ?? 'letters';
      state().skipSpelling();
      state().nextSpellingWord();
    }
    return found;
  }

  it('gives a phrase (and a term with an apostrophe) word order, and a word letters', () => {
    expect(kinds()).toEqual({
      s1: 'word-order',
      s2: 'word-order',
      s3: 'letters',
      s4: 'word-order',
    });
  });

  it('takes words typed or tapped in order, records the phrase in the word-order mode', () => {
    const recordAnswer = vi.spyOn(useWordsStore.getState(), 'recordAnswer');
    onTestFinished(() => recordAnswer.mockRestore());
    while (session().spelling?.word?.kind !== 'word-order') {
      state().skipSpelling();
      state().nextSpellingWord();
    }
    const phrase = orderWord();
    const [first, ...rest] = phrase.answer as [string, ...string[]];
    // The first word typed (in any case), the rest tapped.
    expect(state().typeWord(first.toUpperCase()).kind).toBe('right');
    for (const text of rest) {
      const tile = phrase.tiles.find(
        (t) => t.text === text && !orderWord().used.includes(t.id),
      ) as { id: number };
      expect(state().tapTile(tile.id)).toEqual({ kind: 'right', tileId: tile.id });
    }
    expect(orderWord().outcome).toBe('correct');
    expect(session().results[phrase.vocabId]).toEqual({ choice: 'correct', spelling: 'correct' });
    expect(recordAnswer).toHaveBeenLastCalledWith(phrase.vocabId, true, 'word-order');
    // A settled phrase takes no more words.
    expect(state().typeWord(first)).toEqual({ kind: 'ignored' });
  });

  it('a word that picks no tile is not a mistake; three wrong words fail the phrase', () => {
    while (session().spelling?.word?.kind !== 'word-order') {
      state().skipSpelling();
      state().nextSpellingWord();
    }
    const phrase = orderWord();
    expect(state().typeWord('zzz')).toEqual({ kind: 'no-word', match: 'none' });
    expect(orderWord().mistakes).toBe(0);
    const wrong = phrase.tiles.find((t) => t.text !== phrase.answer[0]) as { id: number };
    for (let i = 1; i <= 3; i++) {
      expect(state().tapTile(wrong.id)).toEqual({ kind: 'wrong', tileId: wrong.id });
    }
    expect(orderWord()).toMatchObject({ mistakes: 3, outcome: 'failed' });
    expect(session().results[phrase.vocabId]?.spelling).toBe('failed');
  });
});

describe('repeat and finish', () => {
  it('starts a new session of the selected words, and finish ends it', () => {
    state().setTopics(['deck::Mooring']);
    state().setSize(5);
    state().startSession({ now: NOW, random: seededRandom(21) });
    const picked = session()
      .words.slice(0, 2)
      .map((w) => w.id);

    const repeated = state().repeatWords(picked, { random: seededRandom(4) });
    expect(repeated?.words.map((w) => w.id).sort()).toEqual([...picked].sort());
    expect(session()).toMatchObject({ index: 0, correctCount: 0, phase: 'choice', results: {} });
    expect(session().questions).toHaveLength(2);

    expect(state().repeatWords([])).toBeNull();
    state().finish();
    expect(state().session).toBeNull();
  });
});

describe('persistence', () => {
  it('keeps the selection and an unfinished session across a reload', () => {
    state().setTopics(['deck::Mooring']);
    state().setSize(5);
    state().startSession({ now: NOW, random: seededRandom(8) });
    state().answerChoice(session().questions[0]?.answer as string);
    const before = session();
    expect(storage.getItem('marine.session')).toContain('"phase":"choice"');

    // A reload: the page's state is gone, the storage stays, the study route connects again.
    disconnect();
    useSessionStore.setState({ division: undefined, topics: [], size: 10, session: null });
    disconnect = connectSessionStore(storage);
    expect(state()).toMatchObject({
      division: 'deck',
      topics: ['deck::Mooring'],
      size: 5,
      session: before,
    });
  });

  it('restores only what is valid from a damaged or foreign entry', () => {
    disconnect();
    storage.setItem(
      'marine.session',
      JSON.stringify({
        division: 'engine',
        topics: ['engine::Pumps', 7],
        size: 999,
        mode: 'odd',
        session: { words: 'x' },
      }),
    );
    disconnect = connectSessionStore(storage);
    expect(state()).toMatchObject({
      division: 'engine',
      topics: ['engine::Pumps'],
      size: 20,
      mode: 'mixed',
      direction: 'random',
      session: null,
    });
    disconnect();
    storage.setItem('marine.session', '{not json');
    disconnect = connectSessionStore(storage);
    expect(state()).toMatchObject({ division: undefined, topics: [], size: 10, session: null });
  });

  it("keeps a signed-in learner's last set-up on the device for home's one-tap start", () => {
    const device = memoryStorage();
    vi.stubGlobal('localStorage', device);
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    // A guest's choice is not kept.
    state().setTopics(['deck::Mooring']);
    state().startSession({ now: NOW, random: seededRandom(1) });
    expect(readLastSetup(device, GUEST_ID)).toBeNull();

    useAuthStore.setState({ user: SIGNED_IN });
    useSessionStore.setState({ division: 'deck', role: 'ab', topics: ['deck::Mooring'] });
    state().setSize(5);
    state().setMode('new');
    state().startSession({ now: NOW, random: seededRandom(1) });
    const kept = {
      division: 'deck',
      role: 'ab',
      topics: ['deck::Mooring'],
      size: 5,
      mode: 'new',
      direction: 'ru-en',
    };
    expect(readLastSetup(device, SIGNED_IN.id)).toEqual(kept);
    // A choice that prepares no words does not replace it.
    state().setTopics(['deck::Nothing here']);
    state().startSession({ now: NOW, random: seededRandom(1) });
    expect(readLastSetup(device, SIGNED_IN.id)).toEqual(kept);
    // Another learner on the device has their own; a damaged entry is none.
    expect(readLastSetup(device, 'u2')).toBeNull();
    device.setItem(`marine.lastSetup.${SIGNED_IN.id}`, '{oops');
    expect(readLastSetup(device, SIGNED_IN.id)).toBeNull();
  });

  it('does nothing until connected: changes are not saved and sign-ins not followed', () => {
    disconnect();
    storage.clear();
    state().setTopics(['deck::Anchoring']);
    useAuthStore.setState({
      user: { ...SIGNED_IN, settings: { ...SIGNED_IN.settings, division: 'galley' } },
    });
    expect(storage.getItem('marine.session')).toBeNull();
    expect(state().division).toBe('deck');
  });
});
