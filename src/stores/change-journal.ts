/**
 * The journal of a signed-in learner's word changes not yet stored. An answer is written to the
 * history in the background (words-store), in an IndexedDB transaction that a page closed a few
 * milliseconds after the answer never commits. So each change is first kept here, in
 * localStorage, synchronously, in the same task as the answer, under the id its history entry
 * will have; it leaves once its transaction has committed, or once its write failed and the
 * learner was told so. The next load of that learner's words stores what is left
 * (words-store `replayJournal`): a change whose entry is already stored (its transaction
 * committed, the page closed before it left the journal) is not written twice, and one that
 * something newer of its word has overtaken is dropped (db/history-append `recordChange`).
 *
 * A change is a key of its own (`marine.pendingChanges:<id>`), set and removed alone: two tabs
 * never write each other's changes back. Only this device reads the journal; nothing in it is
 * synced (its changes are, once stored, as entries like any other).
 */
import { ANSWER_MODES, HISTORY_KINDS, type WordChange } from '@/domain/history';
import { newId } from '@/domain/ids';

/** The prefix of the journal's localStorage keys. */
const JOURNAL_PREFIX = 'marine.pendingChanges:';

/** Changes kept at most (the oldest go first): a journal that never empties stays small. */
const JOURNAL_MAX = 200;
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

function put(change: JournalledChange): void {
  try {
    storage()?.setItem(JOURNAL_PREFIX + change.id, JSON.stringify(change));
  } catch {
    // Full or blocked: the change is written to the database as before, without this guard.
  }
}

/**
 * Every change in the journal this version can store, oldest first. A key holding no change (not
 * a well-formed record under its own id) is removed; a change this version does not know (a kind
 * or mode of a newer version, open in another tab during an update) is left for that version.
 */
function all(): JournalledChange[] {
  const store = storage();
  if (!store) return [];
  const changes: JournalledChange[] = [];
  try {
    const keys: string[] = [];
    for (let index = 0; index < store.length; index++) {
      const key = store.key(index);
      if (key?.startsWith(JOURNAL_PREFIX)) keys.push(key);
    }
    for (const key of keys) {
      let value: unknown;
      try {
        value = JSON.parse(store.getItem(key) ?? 'null');
      } catch {
        value = null;
      }
      if (!isChangeRecord(value) || key !== JOURNAL_PREFIX + value.id) store.removeItem(key);
      else if (isJournalledChange(value)) changes.push(value);
      else if (!fromNewerVersion(value)) store.removeItem(key);
    }
  } catch {
    return changes;
  }
  changes.sort((a, b) => a.wall - b.wall || a.id.localeCompare(b.id));
  for (const dropped of changes.splice(0, Math.max(0, changes.length - JOURNAL_MAX))) {
    settleChange(dropped.id);
  }
  return changes;
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
  put({ id, userId, vocabId, change, wall, tries: 0 });
  return id;
}

/** The change is stored (or was told as not kept): it leaves the journal. */
export function settleChange(id: string): void {
  try {
    storage()?.removeItem(JOURNAL_PREFIX + id);
  } catch {
    // Blocked: the id check keeps a second write from counting.
  }
}

/** The learner's changes still in the journal, oldest first. */
export function journalledChanges(userId: string): JournalledChange[] {
  return all().filter((change) => change.userId === userId);
}

/** A failed attempt to store it from the journal: counted, and the change dropped at the limit. */
export function changeFailed(change: JournalledChange): void {
  const tries = change.tries + 1;
  if (tries >= REPLAY_TRIES_MAX) settleChange(change.id);
  else put({ ...change, tries });
}

/** A change record of any version: its id, learner, word, time and tries, and a named kind. */
function isChangeRecord(value: unknown): value is JournalledChange {
  if (typeof value !== 'object' || value === null) return false;
  const { id, userId, vocabId, change, wall, tries } = value as Record<string, unknown>;
  if (typeof id !== 'string' || !ID.test(id)) return false;
  if (typeof userId !== 'string' || userId === '' || typeof vocabId !== 'string' || vocabId === '')
    return false;
  if (!Number.isSafeInteger(wall) || (wall as number) <= 0) return false;
  if (!Number.isInteger(tries) || (tries as number) < 0) return false;
  return (
    typeof change === 'object' &&
    change !== null &&
    typeof (change as { kind?: unknown }).kind === 'string'
  );
}

/**
 * Whether a change this version does not store may be a newer version's: a kind it does not know,
 * or a learner's kind with a mode or field it does not know (not a baseline, which no learner
 * makes, nor an answer without its right or wrong).
 */
function fromNewerVersion(value: JournalledChange): boolean {
  const { kind, correct } = value.change as Record<string, unknown>;
  if (!(HISTORY_KINDS as readonly unknown[]).includes(kind)) return true;
  if (kind === 'baseline') return false;
  return kind !== 'answer' || typeof correct === 'boolean';
}

/** A change record this version stores: a learner's kind, and an answer's right or wrong and mode. */
function isJournalledChange(value: JournalledChange): boolean {
  const { kind, correct, mode } = value.change as Record<string, unknown>;
  if (typeof kind !== 'string' || !KINDS.has(kind)) return false;
  if (kind !== 'answer') return Object.keys(value.change).length === 1;
  return (
    typeof correct === 'boolean' &&
    (mode === undefined || (typeof mode === 'string' && MODES.has(mode))) &&
    Object.keys(value.change).every((key) => key === 'kind' || key === 'correct' || key === 'mode')
  );
}
