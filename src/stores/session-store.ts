/**
 * The study session: what the learner chose (division, role, topics), how the session is set up
 * (size, mode, direction) and the running session itself: the multiple-choice questions, then the
 * spelling passes, then the end screen. A signed-in user's division and role come from and are
 * saved to their settings; a guest's live only here. The whole state is mirrored to
 * sessionStorage, so a reload in the middle of a quiz keeps the session.
 */
import { create } from 'zustand';
import { SESSION_SIZE_DEFAULT, SPELLING_MAX_MISTAKES } from '@/domain/constants';
import { buildChoices, type Choices, pickDirection } from '@/domain/quiz';
import { shuffle } from '@/domain/random';
import { prepareSession, sessionPool } from '@/domain/session';
import {
  isNextLetter,
  SPACE_TILE,
  type SpellingTile,
  spellingTarget,
  spellingTiles,
} from '@/domain/spelling';
import type {
  DirectionSetting,
  DivisionId,
  Random,
  SessionMode,
  User,
  UserWord,
  VocabItem,
} from '@/domain/types';
import { clampSessionSize, stepSessionSize } from '@/domain/validation';
import { tileText } from '@/domain/vocabulary';
import { useAuthStore } from './auth-store';
import { useVocabStore } from './vocab-store';
import { GUEST_ID, useWordsStore } from './words-store';

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
  /** Whose session this is: a user id, or GUEST_ID. */
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

export interface Selection {
  division?: DivisionId;
  role?: string;
  /** Topic ids (`division::name`). */
  topics: string[];
}

export interface SessionSetup {
  size: number;
  mode: SessionMode;
  direction: DirectionSetting;
}

/** What a tap or a key press on the spelling tiles did. */
export type LetterOutcome =
  | { kind: 'right'; tileId: number }
  | { kind: 'wrong'; tileId: number | null }
  | { kind: 'ignored' };

interface RandomOptions {
  random?: Random;
}

interface StartOptions extends RandomOptions {
  now?: number;
  vocab?: readonly VocabItem[];
  userWords?: ReadonlyMap<string, UserWord>;
}

interface SessionState extends Selection, SessionSetup {
  session: RunningSession | null;

  /** Chooses the division (saved to a signed-in user's settings); another division clears the topics. */
  chooseDivision(division: DivisionId): Promise<void>;
  /** Chooses the role (saved to a signed-in user's settings); a new role clears the topics. */
  chooseRole(role: string): Promise<void>;
  /** Sets the topics with the division and role they were chosen under. */
  setTopics(topics: readonly string[], scope?: { division?: DivisionId; role?: string }): void;
  setSize(size: number): void;
  stepSize(direction: 1 | -1): void;
  setMode(mode: SessionMode): void;
  setDirection(direction: DirectionSetting): void;

  /** Prepares a session from the current selection and setup; it may be empty. */
  startSession(options?: StartOptions): RunningSession;
  /** Answers the current question; returns whether it was right, or null when it cannot answer now. */
  answerChoice(option: string): boolean | null;
  skipChoice(): void;
  /** Leaves the answered question: the next one, or the spelling quiz after the last. */
  nextQuestion(options?: RandomOptions): void;

  /** Places a tile; equal letters are interchangeable. */
  tapTile(tileId: number): LetterOutcome;
  /** Types a letter from the keyboard (a space types `_`). */
  typeLetter(char: string): LetterOutcome;
  skipSpelling(): void;
  /** Leaves the finished word: the next one, the second pass, or the end screen. */
  nextSpellingWord(options?: RandomOptions): void;

  /** Starts a new session of the given words (the end screen's "repeat selected"). */
  repeatWords(vocabIds: readonly string[], options?: RandomOptions): RunningSession | null;
  /** Ends the session. */
  finish(): void;
}

const STORAGE_KEY = 'marine.session';

type Persisted = Selection & SessionSetup & { session: RunningSession | null };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const MODES: readonly SessionMode[] = ['mixed', 'review', 'new'];
const DIRECTIONS: readonly DirectionSetting[] = ['random', 'ru-en', 'en-ru'];
const PHASES: readonly SessionPhase[] = ['choice', 'spelling', 'done'];

/** A saved session of the shape this version writes; anything else is dropped. */
function isSession(value: unknown): value is RunningSession {
  const session = value as RunningSession | null | undefined;
  return (
    typeof session === 'object' &&
    session !== null &&
    Array.isArray(session.words) &&
    Array.isArray(session.questions) &&
    session.questions.length === session.words.length &&
    typeof session.index === 'number' &&
    typeof session.results === 'object' &&
    PHASES.includes(session.phase) &&
    (session.phase !== 'spelling' || Array.isArray(session.spelling?.queue))
  );
}

function restore(): Partial<Persisted> {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (!raw) return {};
    const saved = JSON.parse(raw) as Partial<Persisted> | null;
    if (typeof saved !== 'object' || saved === null) return {};
    return { ...saved, session: isSession(saved.session) ? saved.session : null };
  } catch {
    // A damaged entry only costs the unfinished session.
    return {};
  }
}

const currentOwner = () => useAuthStore.getState().user?.id ?? GUEST_ID;

/** Answers are recorded in the background; a failed write is logged and the quiz goes on. */
function record(write: Promise<unknown>): void {
  write.catch((error: unknown) => console.error('Recording an answer failed', error));
}

function wordById(session: RunningSession, vocabId: string): VocabItem | undefined {
  return session.words.find((w) => w.id === vocabId);
}

function spellingWordFor(item: VocabItem, random: Random): SpellingWord {
  const target = spellingTarget(tileText(item) ?? '');
  return {
    vocabId: item.id,
    target,
    tiles: spellingTiles(target, random),
    used: [],
    mistakes: 0,
    outcome: null,
  };
}

/** The spelling state at `position` of `queue`, or the end screen when the queue is done. */
function spellingAt(
  session: RunningSession,
  pass: 1 | 2,
  queue: string[],
  position: number,
  random: Random,
): Pick<RunningSession, 'phase' | 'spelling'> {
  const item = queue[position] ? wordById(session, queue[position]) : undefined;
  if (!item) return { phase: 'done', spelling: null };
  return {
    phase: 'spelling',
    spelling: { pass, queue, position, word: spellingWordFor(item, random) },
  };
}

/** The words the spelling quiz asks: those with something to spell (`spell: false` has none). */
function spellingQueue(words: readonly VocabItem[]): string[] {
  return words.filter((w) => spellingTarget(tileText(w) ?? '') !== '').map((w) => w.id);
}

function buildSession(
  words: VocabItem[],
  vocab: readonly VocabItem[],
  direction: DirectionSetting,
  random: Random,
): RunningSession {
  return {
    ownerId: currentOwner(),
    words,
    questions: words.map((word) =>
      buildChoices(word, vocab, pickDirection(direction, random), random),
    ),
    index: 0,
    correctCount: 0,
    feedback: null,
    results: {},
    phase: 'choice',
    spelling: null,
  };
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

/** The candidate words of the selection (before the mode splits them), for the setup screen. */
export function selectionPool(
  selection: Selection,
  vocab: readonly VocabItem[],
  userWords: ReadonlyMap<string, UserWord>,
): VocabItem[] {
  return sessionPool({
    vocab,
    userWords,
    topics: selection.topics,
    division: selection.division,
    role: selection.role,
  });
}

const saved = restore();

export const useSessionStore = create<SessionState>()((set, get) => {
  /** Applies a change to the running session, if any. */
  function update(change: (session: RunningSession) => Partial<RunningSession> | null): void {
    const session = get().session;
    if (!session) return;
    const patch = change(session);
    if (patch) set({ session: { ...session, ...patch } });
  }

  /** Settles the spelling word: its result, the recorded answer. */
  function settleSpelling(
    session: RunningSession,
    outcome: SpellingResult,
  ): Partial<RunningSession> {
    const spelling = session.spelling as SpellingState;
    const word = spelling.word as SpellingWord;
    const previous = session.results[word.vocabId] ?? {};
    const result: WordResult =
      spelling.pass === 1 ? { ...previous, spelling: outcome } : { ...previous, retry: outcome };
    record(useWordsStore.getState().recordAnswer(word.vocabId, outcome === 'correct', 'spelling'));
    return {
      results: { ...session.results, [word.vocabId]: result },
      spelling: { ...spelling, word: { ...word, outcome } },
    };
  }

  function place(char: string, tileId: number | null): LetterOutcome {
    const session = get().session;
    const word = session?.spelling?.word;
    if (session?.phase !== 'spelling' || !word || word.outcome) return { kind: 'ignored' };
    const typed = word.used.length;
    if (isNextLetter(word.target, typed, char)) {
      const wanted = char.toUpperCase();
      // Equal letters are interchangeable: the tapped tile, or the first free tile of that letter.
      const tile =
        tileId !== null
          ? word.tiles.find((t) => t.id === tileId)
          : word.tiles.find((t) => t.char === wanted && !word.used.includes(t.id));
      if (!tile) return { kind: 'ignored' };
      const next: SpellingWord = { ...word, used: [...word.used, tile.id] };
      const spelling = { ...(session.spelling as SpellingState), word: next };
      let patch: Partial<RunningSession> = { spelling };
      if (next.used.length === next.target.length) {
        patch = settleSpelling({ ...session, spelling }, 'correct');
      }
      set({ session: { ...session, ...patch } });
      return { kind: 'right', tileId: tile.id };
    }
    const mistakes = word.mistakes + 1;
    const spelling = { ...(session.spelling as SpellingState), word: { ...word, mistakes } };
    let patch: Partial<RunningSession> = { spelling };
    if (mistakes >= SPELLING_MAX_MISTAKES) {
      patch = settleSpelling({ ...session, spelling }, 'failed');
    }
    set({ session: { ...session, ...patch } });
    return { kind: 'wrong', tileId };
  }

  return {
    division: saved.division,
    role: saved.role,
    topics: Array.isArray(saved.topics) ? saved.topics : [],
    size: clampSessionSize(saved.size ?? SESSION_SIZE_DEFAULT),
    mode: saved.mode && MODES.includes(saved.mode) ? saved.mode : 'mixed',
    direction: saved.direction && DIRECTIONS.includes(saved.direction) ? saved.direction : 'random',
    session: saved.session ?? null,

    async chooseDivision(division) {
      const changed = division !== get().division;
      set(changed ? { division, role: undefined, topics: [] } : { division });
      await useAuthStore.getState().updateSettings({ division });
    },

    async chooseRole(role) {
      if (role !== get().role) set({ role, topics: [] });
      await useAuthStore.getState().updateSettings({ role });
    },

    setTopics(topics, scope) {
      set({
        topics: [...new Set(topics)],
        ...(scope?.division !== undefined ? { division: scope.division } : {}),
        ...(scope?.role !== undefined ? { role: scope.role } : {}),
      });
    },

    setSize: (size) => set({ size: clampSessionSize(size) }),
    stepSize: (direction) => set({ size: stepSessionSize(get().size, direction) }),
    setMode: (mode) => set({ mode }),
    setDirection: (direction) => set({ direction }),

    startSession(options = {}) {
      const random = options.random ?? Math.random;
      const vocab = options.vocab ?? useVocabStore.getState().vocab;
      const userWords = options.userWords ?? useWordsStore.getState().words;
      const { size, mode, topics, division, role, direction } = get();
      const words = prepareSession({
        vocab,
        userWords,
        size,
        mode,
        topics,
        division,
        role,
        now: options.now ?? Date.now(),
        random,
      });
      const session = buildSession(words, vocab, direction, random);
      set({ session });
      return session;
    },

    answerChoice(option) {
      const session = get().session;
      const question = session?.questions[session.index];
      if (session?.phase !== 'choice' || session.feedback || !question) return null;
      const word = session.words[session.index] as VocabItem;
      const correct = option === question.answer;
      const result: ChoiceResult = correct ? 'correct' : 'wrong';
      set({
        session: {
          ...session,
          correctCount: session.correctCount + (correct ? 1 : 0),
          feedback: { chosen: option, result },
          results: {
            ...session.results,
            [word.id]: { ...session.results[word.id], choice: result },
          },
        },
      });
      record(useWordsStore.getState().recordAnswer(word.id, correct, 'choice'));
      return correct;
    },

    skipChoice() {
      const session = get().session;
      if (session?.phase !== 'choice' || session.feedback) return;
      const word = session.words[session.index];
      if (!word) return;
      set({
        session: {
          ...session,
          feedback: { chosen: null, result: 'skipped' },
          results: {
            ...session.results,
            [word.id]: { ...session.results[word.id], choice: 'skipped' },
          },
        },
      });
      record(useWordsStore.getState().recordSkip(word.id));
    },

    nextQuestion(options = {}) {
      update((session) => {
        if (session.phase !== 'choice' || !session.feedback) return null;
        const index = session.index + 1;
        if (index < session.words.length) return { index, feedback: null };
        return {
          index: session.words.length,
          feedback: null,
          ...spellingAt(session, 1, spellingQueue(session.words), 0, options.random ?? Math.random),
        };
      });
    },

    tapTile(tileId) {
      const tile = get().session?.spelling?.word?.tiles.find((t) => t.id === tileId);
      const word = get().session?.spelling?.word;
      if (!tile || !word || word.used.includes(tileId)) return { kind: 'ignored' };
      return place(tile.char, tileId);
    },

    typeLetter(char) {
      const typed = char === ' ' ? SPACE_TILE : char.toUpperCase();
      const word = get().session?.spelling?.word;
      if (!word || typed.length !== 1) return { kind: 'ignored' };
      if (isNextLetter(word.target, word.used.length, typed)) return place(typed, null);
      // A wrong key flashes a free tile of that letter when there is one.
      const tile = word.tiles.find((t) => t.char === typed && !word.used.includes(t.id));
      return place(typed, tile ? tile.id : null);
    },

    skipSpelling() {
      update((session) => {
        const word = session.spelling?.word;
        if (session.phase !== 'spelling' || !word || word.outcome) return null;
        return settleSpelling(session, 'skipped');
      });
    },

    nextSpellingWord(options = {}) {
      update((session) => {
        const spelling = session.spelling;
        if (session.phase !== 'spelling' || !spelling?.word?.outcome) return null;
        const random = options.random ?? Math.random;
        const position = spelling.position + 1;
        if (position < spelling.queue.length) {
          return spellingAt(session, spelling.pass, spelling.queue, position, random);
        }
        if (spelling.pass === 1) {
          const failed = spelling.queue.filter((id) => session.results[id]?.spelling !== 'correct');
          if (failed.length > 0) return spellingAt(session, 2, failed, 0, random);
        }
        return { phase: 'done', spelling: null };
      });
    },

    repeatWords(vocabIds, options = {}) {
      const session = get().session;
      if (!session) return null;
      const wanted = new Set(vocabIds);
      const words = session.words.filter((w) => wanted.has(w.id));
      if (words.length === 0) return null;
      const random = options.random ?? Math.random;
      const vocab = useVocabStore.getState().vocab;
      const next = buildSession(
        shuffle(words, random),
        vocab.length > 0 ? vocab : session.words,
        get().direction,
        random,
      );
      set({ session: next });
      return next;
    },

    finish: () => set({ session: null }),
  };
});

// Mirror the state to sessionStorage so a reload keeps the selection and an unfinished session.
useSessionStore.subscribe((state) => {
  const persisted: Persisted = {
    division: state.division,
    role: state.role,
    topics: state.topics,
    size: state.size,
    mode: state.mode,
    direction: state.direction,
    session: state.session,
  };
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(persisted));
  } catch {
    // Storage full or blocked: the session still runs in memory.
  }
});

// A signed-in user's division and role come from their settings; another person's session ends.
function adoptUser(user: User | null): void {
  const { division, session } = useSessionStore.getState();
  const owner = user?.id ?? GUEST_ID;
  const patch: Partial<Persisted> = {};
  if (session && session.ownerId !== owner) patch.session = null;
  if (user) {
    const saved = user.settings;
    if (saved.division && saved.division !== division) patch.topics = [];
    if (saved.division) patch.division = saved.division;
    if (saved.role) patch.role = saved.role;
  } else {
    Object.assign(patch, { division: undefined, role: undefined, topics: [] });
  }
  useSessionStore.setState(patch);
}

useAuthStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) adoptUser(state.user);
});
// This module may load after sign-in settled (the study screens load lazily): adopt a signed-in
// user now. A guest keeps the selection restored from session storage.
const settledUser = useAuthStore.getState().user;
if (settledUser) adoptUser(settledUser);
