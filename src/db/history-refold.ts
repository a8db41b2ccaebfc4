/**
 * Refolding: a user's fold rules, and word states recomputed from their whole history and stored
 * inside the caller's transaction (every write that changes a word's history refolds the word in
 * that same transaction).
 */

import { fsrsModel } from '@/domain/fsrs';
import type { HistoryEntry } from '@/domain/history';
import { foldWord, makesWordRecord } from '@/domain/history-fold';
import { type FoldRules, foldRulesFor } from '@/domain/memory';
import type { UserWord } from '@/domain/types';
import { fromStoredEntry, readUserHistory } from './history-queries';
import { fromStoredUserWord, toStoredUserWord } from './records';
import type { LocalUserRecord, MarineDB, StoredHistoryEntry, StoredUserWord } from './schema';

/**
 * Refolds every word of the user under their current rules, in ONE transaction: after a change
 * of schedule, retention or home time zone (the same history, folded the new way).
 */
export async function refoldUser(db: MarineDB, userId: string): Promise<number> {
  const { words, removed } = await refoldUserWords(db, userId);
  return words.length + removed.length;
}

/**
 * `refoldUser`, resolving to what it stored: every word of the user refolded (a word left with
 * no record among `removed`), as listUserWords reads them, so a screen patches its list.
 */
export async function refoldUserWords(db: MarineDB, userId: string): Promise<Refolded> {
  const tx = db.transaction(['history', 'userWords', 'users'], 'readwrite');
  const history = tx.objectStore('history');
  const [entries, user] = await Promise.all([
    readUserHistory(history, tx.objectStore('users'), userId),
    tx.objectStore('users').get(userId),
  ]);
  const vocabIds = [...new Set(entries.map((entry) => entry.vocabId))];
  const refolded = await refoldIn(
    history.index('word'),
    tx.objectStore('userWords'),
    userId,
    vocabIds,
    foldOf(user),
  );
  await tx.done;
  return refolded;
}

/**
 * Words a refold stored, in the form listUserWords reads (the words list of the screens), and the
 * ids of those that have no record (any more).
 */
export interface Refolded {
  words: UserWord[];
  removed: string[];
}

/** The parts of a transaction a refold needs: the history's 'word' index and the userWords store. */
interface WordIndex {
  getAll(query: [string, string]): Promise<StoredHistoryEntry[]>;
}
interface WordStore {
  put(value: StoredUserWord): Promise<unknown>;
  delete(key: [string, string]): Promise<unknown>;
}

/**
 * Recomputes and stores the given words' states from all their entries, inside one transaction. A
 * word with no entry of a kind this version folds (only a later version's kinds) has no record.
 * Resolves to what it stored (the states it wrote, and the words left without a record).
 */
export async function refoldIn(
  byWord: WordIndex,
  words: WordStore,
  userId: string,
  vocabIds: readonly string[],
  fold: Fold,
): Promise<Refolded> {
  const lists = await Promise.all(vocabIds.map((vocabId) => byWord.getAll([userId, vocabId])));
  const result: Refolded = { words: [], removed: [] };
  await Promise.all(
    vocabIds.map((vocabId, index) => {
      const entries = (lists[index] ?? []).map(fromStoredEntry);
      if (!makesWordRecord(entries)) {
        result.removed.push(vocabId);
        return words.delete([userId, vocabId]);
      }
      const stored = toStoredUserWord(fold(userId, vocabId, entries));
      result.words.push(fromStoredUserWord(stored));
      return words.put(stored);
    }),
  );
  return result;
}

/** A word's fold (the app's is `foldWord` under the user's rules; a test may pass another version's). */
export type Fold = (userId: string, vocabId: string, entries: readonly HistoryEntry[]) => UserWord;

/**
 * The fold rules of a user (memory.ts): their home time zone's day, their schedule and retention,
 * and the FSRS memory model. A device without the user's record (a test's bare database) folds by
 * SPEC §4 as written.
 */
export function rulesOf(user: Pick<LocalUserRecord, 'settings'> | undefined): FoldRules {
  return user ? foldRulesFor(user.settings, fsrsModel) : {};
}

export function foldOf(user: Pick<LocalUserRecord, 'settings'> | undefined): Fold {
  const rules = rulesOf(user);
  return (userId, vocabId, entries) => foldWord(userId, vocabId, entries, rules);
}
