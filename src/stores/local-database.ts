/**
 * The local database as the screens see it: the built-in vocabulary's install and its progress,
 * how many local changes the cloud lacks, and the reset (features never reach into db/).
 */
import { countAllUnsent } from '@/db/history-queries';
import {
  isInstallingVocabulary,
  isUpgradeBlocked,
  onUpgradeBlocked,
  onVocabularyInstall,
  openDB,
  resetDB,
  type VocabularyInstall,
  vocabularyInstall,
} from '@/db/instance';
import type { InstallSource } from '@/ui/vocabulary-progress';

export {
  isInstallingVocabulary,
  isUpgradeBlocked,
  onUpgradeBlocked,
  onVocabularyInstall,
  type VocabularyInstall,
  vocabularyInstall,
};

/** `unsentChanges` says this when the database could not be opened in time. */
export const UNREADABLE = -1;

/**
 * How many history entries the cloud does not hold, counted on a fresh connection attempt; a
 * database that cannot open within `waitMs` (another tab holds an older version open) gives
 * UNREADABLE.
 */
export function unsentChanges(waitMs: number): Promise<number> {
  return Promise.race([
    openDB().then(countAllUnsent),
    new Promise<number>((resolve) => setTimeout(() => resolve(UNREADABLE), waitMs)),
  ]);
}

/** Deletes the whole local database (the reset). */
export function resetLocalDatabase(): Promise<void> {
  return resetDB();
}

/** What a page drawn ahead of time shows: the first visit's (src/app/prerender.tsx), about to install. */
const FIRST_VISIT_INSTALL: VocabularyInstall = { done: 0, total: 1 };

/**
 * The built-in vocabulary's install for the progress components of ui/ (`VocabularyProgress`,
 * `WordsLoading`), which subscribe to it themselves: a progress report re-renders the bar alone,
 * never the screen around it.
 */
export const vocabularyInstallSource: InstallSource = {
  subscribe: onVocabularyInstall,
  current: vocabularyInstall,
  firstVisit: FIRST_VISIT_INSTALL,
};
