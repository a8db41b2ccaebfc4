/**
 * The app's one MarineDB connection, opened on first use with the built-in vocabulary brought up
 * to date, and the reset that deletes it.
 */
import { VOCABULARY_VERSION } from '@/data/vocabulary/version';
import { installedVocabularyVersion } from './meta-repo';
import { deleteMarineDB, openMarineDB } from './open';
import type { MarineDB } from './schema';
import { seedEmptyDivisions } from './seed';

let connection: Promise<MarineDB> | null = null;

type Listener = (installing: boolean) => void;
const listeners = new Set<Listener>();
let installing = false;

function setInstalling(value: boolean): void {
  installing = value;
  for (const listener of listeners) listener(value);
}

/** Whether the built-in vocabulary is being installed or upgraded right now (the Loading screen says so). */
export function isInstallingVocabulary(): boolean {
  return installing;
}

export function onVocabularyInstall(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const blockedListeners = new Set<() => void>();
let blocked = false;

function setBlocked(value: boolean): void {
  if (blocked === value) return;
  blocked = value;
  for (const listener of blockedListeners) listener();
}

/**
 * Whether opening the database waits for another tab or window that holds an older version open
 * (the upgrade goes on by itself once it closes; the Loading screen asks to close it).
 */
export function isUpgradeBlocked(): boolean {
  return blocked;
}

export function onUpgradeBlocked(listener: () => void): () => void {
  blockedListeners.add(listener);
  return () => blockedListeners.delete(listener);
}

/**
 * Installs the shipped vocabulary when the database holds an older one (or none: a new
 * database). The word data is imported only then, so it never weighs on a normal start. A
 * failure (storage full, the data chunk not reachable) leaves the database as it was, which the
 * app can still use; the install is tried again at the next start.
 */
async function bringVocabularyUpToDate(db: MarineDB): Promise<void> {
  if ((await installedVocabularyVersion(db)) >= VOCABULARY_VERSION) return;
  setInstalling(true);
  try {
    const [{ builtinVocabulary, LEGACY_V1_INSTALLED }, { installVocabulary }] = await Promise.all([
      import('@/data/vocabulary/builtin'),
      import('./vocabulary-install'),
    ]);
    await installVocabulary(db, builtinVocabulary(), { legacy: LEGACY_V1_INSTALLED });
  } catch (error) {
    console.error('MarineDB: the built-in vocabulary could not be installed', error);
  } finally {
    setInstalling(false);
  }
}

export function getDB(): Promise<MarineDB> {
  if (!connection) {
    connection = openMarineDB({
      onBlocked: () => setBlocked(true),
      // Another tab upgrades or deletes the database: this handle is closed; reopen on next use.
      onBlocking: () => {
        connection = null;
      },
      onTerminated: () => {
        connection = null;
      },
    }).then(async (db) => {
      setBlocked(false);
      await bringVocabularyUpToDate(db);
      await seedEmptyDivisions(db).catch((error: unknown) => {
        // Storage full: the app still works with what it has; the seed is tried at the next start.
        console.error('MarineDB: the divisions could not be seeded', error);
      });
      return db;
    });
    connection.catch(() => {
      setBlocked(false);
      connection = null;
    });
  }
  return connection;
}

/** Closes this tab's connection and deletes the whole database; the next `getDB` seeds it anew. */
export async function resetDB(): Promise<void> {
  const open = connection;
  connection = null;
  if (open) (await open.catch(() => null))?.close();
  await deleteMarineDB();
}
