/**
 * Saving and restoring the study session in sessionStorage, so a reload in the middle of a quiz
 * keeps the selection, the set-up and the unfinished session. A saved value of another shape (an
 * older version, a damaged entry) restores only what is valid; nothing here throws.
 */
import { VOCABULARY_VERSION } from '@/data/vocabulary/version';
import { SESSION_SIZE_DEFAULT } from '@/domain/constants';
import type { RunningSession, SessionPhase } from '@/domain/quiz-run';
import type { DirectionSetting, DivisionId, SessionMode } from '@/domain/types';
import { clampSessionSize } from '@/domain/validation';

export const SESSION_STORAGE_KEY = 'marine.session';

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

export type SavedSession = Selection & SessionSetup & { session: RunningSession | null };

export const EMPTY_SESSION: SavedSession = {
  division: undefined,
  role: undefined,
  topics: [],
  size: SESSION_SIZE_DEFAULT,
  mode: 'mixed',
  direction: 'random',
  session: null,
};

/** The page's sessionStorage, or null where there is none or it is blocked. */
export function pageSessionStorage(): Storage | null {
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
    typeof session.ownerId === 'string' &&
    Array.isArray(session.words) &&
    Array.isArray(session.questions) &&
    session.questions.length === session.words.length &&
    typeof session.index === 'number' &&
    typeof session.results === 'object' &&
    PHASES.includes(session.phase) &&
    (session.phase !== 'spelling' || Array.isArray(session.spelling?.queue))
  );
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The parsed JSON object `storage` holds under `key`, or null (missing, damaged, blocked). */
function readObject(
  storage: Storage | null,
  key: string,
): Partial<Record<keyof SavedSession, unknown>> | null {
  try {
    const raw = storage?.getItem(key);
    const saved: unknown = raw ? JSON.parse(raw) : null;
    return typeof saved === 'object' && saved !== null
      ? (saved as Partial<Record<keyof SavedSession, unknown>>)
      : null;
  } catch {
    // A damaged entry only costs what it held.
    return null;
  }
}

/** What `storage` holds, each part checked; what is missing or invalid takes its default. */
export function readSavedSession(storage: Storage | null): SavedSession {
  return readSavedSessionFrom(storage, SESSION_STORAGE_KEY);
}

function readSavedSessionFrom(storage: Storage | null, key: string): SavedSession {
  const saved = readObject(storage, key);
  if (!saved) return EMPTY_SESSION;
  const { division, role, topics, size, mode, direction, session } = saved;
  return {
    division: text(division),
    role: text(role),
    topics: Array.isArray(topics)
      ? (topics as unknown[]).filter((t): t is string => typeof t === 'string')
      : [],
    size: typeof size === 'number' ? clampSessionSize(size) : SESSION_SIZE_DEFAULT,
    mode: MODES.includes(mode as SessionMode) ? (mode as SessionMode) : 'mixed',
    direction: DIRECTIONS.includes(direction as DirectionSetting)
      ? (direction as DirectionSetting)
      : 'random',
    session: isSession(session) ? session : null,
  };
}

/** Saves the state; a full or blocked storage leaves the session running in memory only. */
export function writeSavedSession(storage: Storage | null, state: SavedSession): void {
  const saved: SavedSession = {
    division: state.division,
    role: state.role,
    topics: state.topics,
    size: state.size,
    mode: state.mode,
    direction: state.direction,
    session: state.session,
  };
  try {
    storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage full or blocked: the session still runs in memory.
  }
}

/**
 * A signed-in learner's unfinished session, kept in localStorage per learner as it runs, so home's
 * «Продолжить занятие» resumes it at the question it stopped at, after a restart and offline too.
 * A finished or ended session is removed. It is kept with the format of the entry, the version of
 * the built-in vocabulary and when it was last saved: an entry of another format (an older app's,
 * or a newer one's), of another vocabulary version, or untouched for UNFINISHED_MAX_AGE_MS is not
 * resumed (home offers «Новое занятие»); `reconcileUnfinished` fits what is resumed to the
 * vocabulary as it is now
 * (unfinished-fit.ts).
 */
const UNFINISHED_PREFIX = 'marine.unfinished.';
/** The shape of the kept entry this version writes and reads. */
export const UNFINISHED_FORMAT = 1;
/** A session left this long ago is not resumed: the learner has moved on. */
export const UNFINISHED_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

interface KeptUnfinished {
  format: number;
  vocabVersion: number;
  savedAt: number;
  session: RunningSession;
}

/**
 * The learner's unfinished session on this device, or null (none, finished, damaged, another's,
 * of another format or vocabulary version, or too old at `now`).
 */
export function readUnfinished(
  storage: Storage | null,
  userId: string,
  now: number = Date.now(),
): RunningSession | null {
  const saved = readObject(storage, UNFINISHED_PREFIX + userId) as Partial<
    Record<keyof KeptUnfinished, unknown>
  > | null;
  if (!saved || saved.format !== UNFINISHED_FORMAT) return null;
  if (saved.vocabVersion !== VOCABULARY_VERSION) return null;
  const savedAt = saved.savedAt;
  if (typeof savedAt !== 'number' || !(now - savedAt <= UNFINISHED_MAX_AGE_MS)) return null;
  const session = saved.session;
  if (!isSession(session) || session.ownerId !== userId || session.phase === 'done') return null;
  return session.words.length > 0 ? session : null;
}

/** Keeps the learner's session while it is unfinished, and removes it once done (or with null). */
export function writeUnfinished(
  storage: Storage | null,
  userId: string,
  session: RunningSession | null,
  now: number = Date.now(),
): void {
  try {
    if (session && session.phase !== 'done' && session.words.length > 0) {
      const kept: KeptUnfinished = {
        format: UNFINISHED_FORMAT,
        vocabVersion: VOCABULARY_VERSION,
        savedAt: now,
        session,
      };
      storage?.setItem(UNFINISHED_PREFIX + userId, JSON.stringify(kept));
    } else {
      storage?.removeItem(UNFINISHED_PREFIX + userId);
    }
  } catch {
    // Storage full or blocked: the session runs on, and this tab's copy still resumes a reload.
  }
}

/**
 * The last session a signed-in learner started on this device: its selection and set-up, kept in
 * localStorage per learner, so home starts the next one with one tap, after a restart too.
 */
export type LastSetup = Selection & SessionSetup;
const LAST_SETUP_PREFIX = 'marine.lastSetup.';

/** The device's localStorage, or null where there is none or it is blocked. */
export function deviceStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The learner's last set-up, or null when none was kept (or it names no topic). */
export function readLastSetup(storage: Storage | null, userId: string): LastSetup | null {
  const { session: _none, ...setup } = readSavedSessionFrom(storage, LAST_SETUP_PREFIX + userId);
  return setup.division && setup.topics.length > 0 ? setup : null;
}

/** Keeps the learner's set-up; a full or blocked storage keeps nothing (the steps still work). */
export function writeLastSetup(storage: Storage | null, userId: string, setup: LastSetup): void {
  const kept: LastSetup = {
    division: setup.division,
    role: setup.role,
    topics: setup.topics,
    size: setup.size,
    mode: setup.mode,
    direction: setup.direction,
  };
  try {
    storage?.setItem(LAST_SETUP_PREFIX + userId, JSON.stringify(kept));
  } catch {
    // Nothing kept: home offers the steps only.
  }
}
