/**
 * The journal of a signed-in learner's word changes not yet stored. An answer is written to the
 * history in the background (words-store), in an IndexedDB transaction that a page closed a few
 * milliseconds after the answer never commits. So each change is first kept here, in
 * localStorage, synchronously, in the same task as the answer, under the id its history entry
 * will have; it leaves once its transaction has committed. The next load of that learner's words
 * writes what is left (`replayChanges`): a change whose entry is already stored (its transaction
 * committed, the page closed before it left the journal) is not written twice (db/history-append
 * `recordChange`, by the entry's id).
 *
 * Only this device reads the journal; nothing in it is synced (its changes are, once stored, as
 * entries like any other).
 */
import { ANSWER_MODES, HISTORY_KINDS, type WordChange } from '@/domain/history';
import { newId } from '@/domain/ids';

/** The localStorage key of the journal. */
export const JOURNAL_KEY = 'marine.pendingChanges';

/** Changes kept at most (the oldest go first): a journal that never empties stays small. */
const JOURNAL_MAX = 500;
/** A change that failed to be stored this many times from the journal is dropped. */
export const REPLAY_TRIES_MAX = 5;

export interface JournalledChange {
  /** The id of the history entry the change becomes. */
  id: string;
  userId: string;
  vocabId: string;
  change: WordChange;
  /** The device's clock when the change was made (epoch ms). */
  wall: number;
  /** Failed attempts to store it from the journal. */
  tries: number;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The kinds a learner's change may have (every kind but the baseline, which none makes). */
const KINDS = new Set<string>(HISTORY_KINDS.filter((kind) => kind !== 'baseline'));
const MODES = new Set<string>(ANSWER_MODES);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The journal as stored; anything that is not a change as written here is left out. */
function read(): JournalledChange[] {
  try {
    const value = JSON.parse(storage()?.getItem(JOURNAL_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter(isJournalledChange) : [];
  } catch {
    return [];
  }
}

function write(changes: readonly JournalledChange[]): void {
  const store = storage();
  if (!store) return;
  try {
    if (changes.length === 0) store.removeItem(JOURNAL_KEY);
    else store.setItem(JOURNAL_KEY, JSON.stringify(changes.slice(-JOURNAL_MAX)));
  } catch {
    // Full or blocked: the change is written to the database as before, without this guard.
  }
}

/**
 * Keeps a change before it is written; returns the id its history entry must have. Synchronous:
 * called in the task of the answer itself.
 */
export function journalChange(
  userId: string,
  vocabId: string,
  change: WordChange,
  wall: number,
): string {
  const id = newId();
  write([...read(), { id, userId, vocabId, change, wall, tries: 0 }]);
  return id;
}

/** The change is stored (or was told as not kept): it leaves the journal. */
export function settleChange(id: string): void {
  const changes = read();
  const left = changes.filter((change) => change.id !== id);
  if (left.length !== changes.length) write(left);
}

/** The learner's changes still in the journal, oldest first. */
export function journalledChanges(userId: string): JournalledChange[] {
  return read().filter((change) => change.userId === userId);
}

/** A failed attempt to store it from the journal: counted, and the change dropped at the limit. */
export function changeFailed(id: string): void {
  const changes = read();
  write(
    changes.flatMap((change) => {
      if (change.id !== id) return [change];
      const tries = change.tries + 1;
      return tries >= REPLAY_TRIES_MAX ? [] : [{ ...change, tries }];
    }),
  );
}

function isJournalledChange(value: unknown): value is JournalledChange {
  if (typeof value !== 'object' || value === null) return false;
  const { id, userId, vocabId, change, wall, tries } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !ID.test(id)) return false;
  if (typeof userId !== 'string' || userId === '' || typeof vocabId !== 'string' || vocabId === '')
    return false;
  if (!Number.isSafeInteger(wall) || (wall as number) <= 0) return false;
  if (!Number.isInteger(tries) || (tries as number) < 0) return false;
  if (typeof change !== 'object' || change === null) return false;
  const { kind, correct, mode } = change as Record<string, unknown>;
  if (typeof kind !== 'string' || !KINDS.has(kind)) return false;
  if (kind !== 'answer') return Object.keys(change).length === 1;
  return (
    typeof correct === 'boolean' &&
    (mode === undefined || (typeof mode === 'string' && MODES.has(mode))) &&
    Object.keys(change).every((key) => key === 'kind' || key === 'correct' || key === 'mode')
  );
}
