/** Opening and deleting MarineDB: upgrade, first-run seed and multi-tab version-change handling. */
import { deleteDB, openDB } from 'idb';
import { DB_NAME, DB_VERSION } from '@/domain/constants';
import type { VocabItem } from '@/domain/types';
import { abortQuietly } from './abort';
import { type UpgradeDB, type UpgradeTransaction, upgradeMarineDB } from './migrations';
import type { MarineDB, MarineDBSchema } from './schema';
import { type SeedTransaction, seedMarineDB } from './seed';

export interface OpenMarineDBOptions {
  /** Database name; defaults to `DB_NAME`. */
  name?: string;
  /**
   * Vocabulary added on first creation (tests use it to seed a small set); the app passes none
   * and installs the built-in vocabulary afterwards (`installVocabulary`), lazily loaded.
   */
  vocabulary?: readonly VocabItem[];
  /** Another tab holds an older version open; opening waits until it closes. */
  onBlocked?: () => void;
  /**
   * Another tab wants a newer version (or to delete the database). This connection has already
   * been closed when this is called: the app should stop using it and reload or reopen.
   */
  onBlocking?: () => void;
  /** The browser closed the connection abnormally (e.g. storage cleared). */
  onTerminated?: () => void;
}

/**
 * Opens MarineDB at `DB_VERSION`, running the migrations from whatever version is stored and,
 * in the same versionchange transaction, the seed (vocabulary only on first creation; divisions,
 * roles and topics whenever their store is empty). Rejects, leaving the database untouched, if an
 * upgrade step fails; rejects with a VersionError if the stored version is newer.
 */
export async function openMarineDB(options: OpenMarineDBOptions = {}): Promise<MarineDB> {
  const name = options.name ?? DB_NAME;
  const vocabulary = options.vocabulary ?? [];
  let upgradeError: unknown;
  try {
    return await openDB<MarineDBSchema>(name, DB_VERSION, {
      upgrade(db, oldVersion, newVersion, tx) {
        const run = async () => {
          await upgradeMarineDB(
            db as unknown as UpgradeDB,
            oldVersion,
            newVersion,
            tx as unknown as UpgradeTransaction,
          );
          try {
            await seedMarineDB(tx as SeedTransaction, {
              firstCreation: oldVersion === 0,
              vocabulary,
            });
          } catch (error) {
            abortQuietly(tx);
            throw error;
          }
        };
        run().catch((error: unknown) => {
          upgradeError = error;
        });
      },
      blocked(currentVersion, blockedVersion) {
        console.warn(
          `MarineDB: upgrade from ${currentVersion} to ${blockedVersion} is waiting for another tab to close the database`,
        );
        options.onBlocked?.();
      },
      blocking(_currentVersion, _blockedVersion, event) {
        // Let the other tab upgrade or delete: close this connection.
        (event.target as IDBDatabase).close();
        options.onBlocking?.();
      },
      terminated() {
        console.warn('MarineDB: the connection was closed by the browser');
        options.onTerminated?.();
      },
    });
  } catch (error) {
    throw upgradeError ?? error;
  }
}

/**
 * Deletes the whole database (the "reset local database" action). Close your own connection
 * first; other tabs opened with `openMarineDB` close theirs when asked.
 */
export async function deleteMarineDB(
  name: string = DB_NAME,
  options: { onBlocked?: () => void } = {},
): Promise<void> {
  await deleteDB(name, {
    blocked() {
      console.warn('MarineDB: deletion is waiting for another connection to close');
      options.onBlocked?.();
    },
  });
}
