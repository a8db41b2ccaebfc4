/**
 * The local database as the Loading screen sees it: whether the built-in vocabulary is being
 * installed, how many local changes the cloud lacks, and the reset (features never reach into db/).
 */
import { countAllUnsent } from '@/db/history-queries';
import {
  getDB,
  isInstallingVocabulary,
  isUpgradeBlocked,
  onUpgradeBlocked,
  onVocabularyInstall,
  resetDB,
} from '@/db/instance';

export { isInstallingVocabulary, isUpgradeBlocked, onUpgradeBlocked, onVocabularyInstall };

/** `unsentChanges` says this when the database could not be opened in time. */
export const UNREADABLE = -1;

/**
 * How many history entries the cloud does not hold, counted on a fresh connection attempt; a
 * database that cannot open within `waitMs` (another tab holds an older version open) gives
 * UNREADABLE.
 */
export function unsentChanges(waitMs: number): Promise<number> {
  return Promise.race([
    getDB().then(countAllUnsent),
    new Promise<number>((resolve) => setTimeout(() => resolve(UNREADABLE), waitMs)),
  ]);
}

/** Deletes the whole local database (the reset). */
export function resetLocalDatabase(): Promise<void> {
  return resetDB();
}
