/**
 * Saving and restoring the study session in sessionStorage, so a reload in the middle of a quiz
 * keeps the selection, the set-up and the unfinished session. A saved value of another shape (an
 * older version, a damaged entry) restores only what is valid; nothing here throws.
 */
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

/** What `storage` holds, each part checked; what is missing or invalid takes its default. */
export function readSavedSession(storage: Storage | null): SavedSession {
  let saved: Partial<Record<keyof SavedSession, unknown>> | null = null;
  try {
    const raw = storage?.getItem(SESSION_STORAGE_KEY);
    saved = raw ? (JSON.parse(raw) as typeof saved) : null;
  } catch {
    // A damaged entry only costs the unfinished session.
  }
  if (typeof saved !== 'object' || saved === null) return EMPTY_SESSION;
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
