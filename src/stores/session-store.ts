/**
 * The study session: what the learner chose (division, role, topics), how the session is set up
 * (size, mode, direction) and the running session itself. The rules of the run are pure
 * (domain/quiz-run); this store keeps the session, records each answer the run reports, and, once
 * connected (`connectSessionStore`, done by the study routes), mirrors itself to sessionStorage
 * and follows the signed-in user. Importing it does nothing.
 *
 * A signed-in user's division and role come from and are saved to their settings; a guest's live
 * only here.
 */
import { create } from 'zustand';
import {
  type RunInput,
  type RunningSession,
  type RunRecord,
  repeatRun,
  startRun,
  stepRun,
} from '@/domain/quiz-run';
import { shuffle } from '@/domain/random';
import { prepareSession, sessionPool } from '@/domain/session';
import type { DivisionId, Random, SessionMode, User, UserWord, VocabItem } from '@/domain/types';
import { clampSessionSize, stepSessionSize } from '@/domain/validation';
import { translate } from '@/i18n';
import { useAuthStore } from './auth-store';
import { studyDayEndFor } from './device-zone';
import {
  deviceStorage,
  EMPTY_SESSION,
  pageSessionStorage,
  readSavedSession,
  readUnfinished,
  type SavedSession,
  type Selection,
  type SessionSetup,
  writeLastSetup,
  writeSavedSession,
  writeUnfinished,
} from './session-persistence';
import { useSettingsStore } from './settings-store';
import { useSpeechStore } from './speech-store';
import { useToastStore } from './toast-store';
import { reconcileUnfinished } from './unfinished-fit';
import { useVocabStore } from './vocab-store';
import { GUEST_ID, useWordsStore } from './words-store';

export type {
  ChoiceFeedback,
  ChoiceResult,
  ProductionWord,
  RunningSession,
  SessionPhase,
  SpellingResult,
  SpellingState,
  SpellingWord,
  WordOrderWord,
  WordResult,
} from '@/domain/quiz-run';
export { finalSpelling, learnedWords } from '@/domain/quiz-run';
export type { Selection, SessionSetup } from './session-persistence';

/** What a tap or a key press on the spelling tiles (letters or words) did. */
export type LetterOutcome =
  | { kind: 'right'; tileId: number }
  | { kind: 'wrong'; tileId: number | null }
  | { kind: 'ignored' };

/** What a word typed for the word-order question did: a tile placed, or no tile picked. */
export type WordOutcome = LetterOutcome | { kind: 'no-word'; match: 'none' | 'several' };

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
  /** Answers of this session the device failed to store (shown at once, and on the end screen). */
  unsavedAnswers: number;

  /** Chooses the division (saved to a signed-in user's settings); another division clears the topics. */
  chooseDivision(division: DivisionId): Promise<void>;
  /** Chooses the role (saved to a signed-in user's settings); a new role clears the topics. */
  chooseRole(role: string): Promise<void>;
  /** Sets the topics with the division and role they were chosen under. */
  setTopics(topics: readonly string[], scope?: { division?: DivisionId; role?: string }): void;
  setSize(size: number): void;
  stepSize(direction: 1 | -1): void;
  setMode(mode: SessionMode): void;
  setDirection(direction: SessionSetup['direction']): void;

  /** Prepares a session from the current selection and setup; it may be empty. */
  startSession(options?: StartOptions): RunningSession;
  /** Answers the current question; returns whether it was right, or null when it cannot answer now. */
  answerChoice(option: string): boolean | null;
  skipChoice(): void;
  /** Leaves the answered question: the next one, or the spelling quiz after the last. */
  nextQuestion(options?: RandomOptions): void;

  /** Places a tile (a letter or a word); equal letters, or words, are interchangeable. */
  tapTile(tileId: number): LetterOutcome;
  /** Types a letter from the keyboard (a space types `_`). */
  typeLetter(char: string): LetterOutcome;
  /** Types a word of the word-order question: the tile of that word, or the one it begins. */
  typeWord(text: string): WordOutcome;
  skipSpelling(): void;
  /** Answers the word-order phrase aloud: right or wrong, marked by the app or judged. */
  answerAloud(correct: boolean, mode: 'spoken' | 'self'): void;
  /** Leaves the finished word: the next one, the second pass, or the end screen. */
  nextSpellingWord(options?: RandomOptions): void;

  /** Starts a new session of the given words (the end screen's "repeat selected"). */
  repeatWords(vocabIds: readonly string[], options?: RandomOptions): RunningSession | null;
  /** Starts a session of these words of the vocabulary (an exam's mistakes); null if none is left. */
  studyWords(vocabIds: readonly string[], options?: RandomOptions): RunningSession | null;
  /** Ends the session (an unfinished one is no longer offered to resume). */
  finish(): void;
  /**
   * Takes up the signed-in learner's unfinished session kept on this device (home's «Продолжить
   * занятие»), fitted to the vocabulary as it is now; null when there is none, or none is left.
   */
  resumeUnfinished(): RunningSession | null;
}

const currentOwner = () => useAuthStore.getState().user?.id ?? GUEST_ID;

/**
 * The last instant of the learner's study day at `now` (home zone, from the hour the day begins;
 * a guest's in the device's zone): a word due by then is a review word.
 */
export function studyDueBy(now: number): number {
  return studyDayEndFor(now, useAuthStore.getState().user?.settings);
}

/** Listening questions: chosen in the set-up, and only where this device can speak English. */
const listeningWanted = () => {
  const speech = useSpeechStore.getState();
  return speech.settings.listening && speech.voice !== null;
};

/**
 * Answers are recorded in the background. A failed write (storage full, the database closed) is
 * told to the learner at once, in their language, and counted for the end screen: the quiz goes
 * on, but never pretends the answer was kept.
 */
function record(entry: RunRecord | undefined): void {
  if (!entry) return;
  const words = useWordsStore.getState();
  const write =
    entry.kind === 'skip'
      ? words.recordSkip(entry.vocabId)
      : words.recordAnswer(entry.vocabId, entry.correct, entry.mode);
  write.catch((error: unknown) => {
    console.error('Recording an answer failed', error);
    useSessionStore.setState((state) => ({ unsavedAnswers: state.unsavedAnswers + 1 }));
    const lang = useSettingsStore.getState().lang;
    const full = error instanceof DOMException && error.name === 'QuotaExceededError';
    useToastStore.getState().show(
      {
        tone: 'error',
        title: translate(lang, 'quiz.saveFailed'),
        message: translate(lang, full ? 'quiz.saveFailed.full' : 'quiz.saveFailed.other'),
      },
      SAVE_FAILED_TOAST_MS,
    );
  });
}

/** A failed save stays on screen longer than the usual toast: it asks the learner to act. */
const SAVE_FAILED_TOAST_MS = 10_000;

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

export const useSessionStore = create<SessionState>()((set, get) => {
  /** Runs one step of the session, keeps the result and records the answer it reports. */
  function step(input: RunInput, random: Random = Math.random) {
    const session = get().session;
    if (!session) return null;
    const next = stepRun(session, input, random);
    if (next.outcome.kind === 'ignored') return next.outcome;
    set({ session: next.session });
    if ('record' in next.outcome) record(next.outcome.record);
    return next.outcome;
  }

  function tile(input: RunInput): WordOutcome {
    const outcome = step(input);
    switch (outcome?.kind) {
      case 'right-letter':
      case 'right-word':
        return { kind: 'right', tileId: outcome.tileId };
      case 'wrong-letter':
      case 'wrong-word':
        return { kind: 'wrong', tileId: outcome.tileId };
      case 'no-word':
        return { kind: 'no-word', match: outcome.match };
      default:
        return { kind: 'ignored' };
    }
  }

  /** Letters and taps never pick no tile. */
  const letter = (input: RunInput): LetterOutcome => {
    const outcome = tile(input);
    return outcome.kind === 'no-word' ? { kind: 'ignored' } : outcome;
  };

  return {
    ...EMPTY_SESSION,
    unsavedAnswers: 0,

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
      const now = options.now ?? Date.now();
      const words = prepareSession({
        vocab,
        userWords,
        size,
        mode,
        topics,
        division,
        role,
        now,
        dueBy: studyDueBy(now),
        random,
      });
      const session = startRun(
        { ownerId: currentOwner(), words, vocab, direction, listening: listeningWanted() },
        random,
      );
      set({ session, unsavedAnswers: 0 });
      // A signed-in learner's set-up is kept for home's one-tap start of the next session.
      const owner = currentOwner();
      if (owner !== GUEST_ID && words.length > 0) {
        writeLastSetup(deviceStorage(), owner, { division, role, topics, size, mode, direction });
      }
      return session;
    },

    answerChoice(option) {
      const outcome = step({ type: 'answer', option });
      return outcome?.kind === 'answered' ? outcome.correct : null;
    },
    skipChoice: () => void step({ type: 'skip' }),
    nextQuestion: (options = {}) => void step({ type: 'next' }, options.random),

    tapTile: (tileId) => letter({ type: 'tap', tileId }),
    typeLetter: (char) => letter({ type: 'key', char }),
    typeWord: (text) => tile({ type: 'word', text }),
    skipSpelling: () => void step({ type: 'skip-spelling' }),
    answerAloud: (correct, mode) => void step({ type: 'aloud', correct, mode }),
    nextSpellingWord: (options = {}) => void step({ type: 'next-spelling' }, options.random),

    studyWords(vocabIds, options = {}) {
      const random = options.random ?? Math.random;
      const vocab = useVocabStore.getState().vocab;
      const wanted = new Set(vocabIds);
      const words = vocab.filter((item) => wanted.has(item.id));
      if (words.length === 0) return null;
      const session = startRun(
        {
          ownerId: currentOwner(),
          words: shuffle(words, random),
          vocab,
          direction: get().direction,
          listening: listeningWanted(),
        },
        random,
      );
      set({ session, unsavedAnswers: 0 });
      return session;
    },

    repeatWords(vocabIds, options = {}) {
      const session = get().session;
      if (!session) return null;
      const next = repeatRun(
        session,
        vocabIds,
        {
          vocab: useVocabStore.getState().vocab,
          direction: get().direction,
          listening: listeningWanted(),
        },
        options.random ?? Math.random,
      );
      if (next) set({ session: next, unsavedAnswers: 0 });
      return next;
    },

    finish() {
      const owner = get().session?.ownerId;
      if (owner && owner !== GUEST_ID) writeUnfinished(deviceStorage(), owner, null);
      set({ session: null });
    },

    resumeUnfinished() {
      const owner = currentOwner();
      if (owner === GUEST_ID) return null;
      const current = get().session;
      if (current && current.ownerId === owner && current.phase !== 'done') return current;
      // Before the vocabulary is read every word would look deleted: the kept session stays.
      if (!useVocabStore.getState().loaded) return null;
      const read = readUnfinished(deviceStorage(), owner);
      // Words hidden, deleted or edited since leave it or take their current texts.
      const kept = read && reconcileUnfinished(read, useVocabStore.getState().vocab);
      if (kept) set({ session: kept, unsavedAnswers: 0 });
      else if (read) writeUnfinished(deviceStorage(), owner, null);
      return kept;
    },
  };
});

/** A signed-in user's division and role come from their settings; another person's session ends. */
function adoptUser(user: User | null): void {
  const { division, session } = useSessionStore.getState();
  const owner = user?.id ?? GUEST_ID;
  const patch: Partial<SavedSession> = {};
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

let disconnect: (() => void) | null = null;

/**
 * Restores the saved session from `storage`, then mirrors every change to it and follows the
 * signed-in user (a signed-in user is adopted at once: the study screens load after sign-in has
 * settled). Connecting again does nothing until the returned function disconnects.
 */
export function connectSessionStore(storage: Storage | null = pageSessionStorage()): () => void {
  if (disconnect) return disconnect;
  useSessionStore.setState(readSavedSession(storage));
  const stopMirror = useSessionStore.subscribe((state, previous) => {
    writeSavedSession(storage, state);
    // A signed-in learner's running session is kept on the device too, so it resumes after a
    // restart; a session that ended by finish() or another user's sign-in is not written here.
    const session = state.session;
    if (session && session !== previous.session && session.ownerId !== GUEST_ID) {
      writeUnfinished(deviceStorage(), session.ownerId, session);
    }
  });
  const stopAuth = useAuthStore.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id) adoptUser(state.user);
  });
  const settled = useAuthStore.getState().user;
  if (settled) adoptUser(settled);
  disconnect = () => {
    stopMirror();
    stopAuth();
    disconnect = null;
  };
  return disconnect;
}
