/**
 * The app's one MarineDB connection and the reset that deletes it. `openDB` gives the connection
 * as soon as it is open; `getDB` first brings the built-in vocabulary up to date, in a worker, and
 * waits for that too (whatever reads or writes the catalogue uses `getDB`; what the home screen
 * needs, such as users and progress, uses `openDB` and never waits for the words). The check
 * starts with the first `getDB`, not with the open: it reads the installed vocabulary's record
 * (a digest of every word, some 64 KB), which took the page's thread while a start restored the
 * session (docs/benchmarks.md, "The first tap"); the app's first `getDB` is the vocabulary's
 * load, once the first screen is up.
 */
import { VOCABULARY_VERSION } from '@/data/vocabulary/version';
import { installedVocabularyVersion } from './meta-repo';
import { deleteMarineDB, openMarineDB } from './open';
import type { MarineDB } from './schema';
import { seedEmptyDivisions } from './seed';
import { runVocabularyJobOffThread } from './vocabulary-client';

let connection: Promise<MarineDB> | null = null;
let ready: Promise<MarineDB> | null = null;

/** The install of the built-in vocabulary now: null when none runs; `total` 0 until it is known. */
export interface VocabularyInstall {
  done: number;
  total: number;
}

type Listener = (install: VocabularyInstall | null) => void;
const listeners = new Set<Listener>();
let install: VocabularyInstall | null = null;

function setInstall(value: VocabularyInstall | null): void {
  install = value;
  for (const listener of listeners) listener(value);
}

/** Whether the built-in vocabulary is being installed or upgraded right now. */
export function isInstallingVocabulary(): boolean {
  return install !== null;
}

/** The running install's progress (a stable object between reports), or null. */
export function vocabularyInstall(): VocabularyInstall | null {
  return install;
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
 * database), in a worker that loads the word data only then, so it never weighs on a normal start
 * or on the page's thread. A failure (storage full, the worker's file not reachable) leaves the
 * database as it was, which the app can still use; the install is tried again at the next start.
 */
async function bringVocabularyUpToDate(db: MarineDB): Promise<void> {
  if ((await installedVocabularyVersion(db)) >= VOCABULARY_VERSION) return;
  setInstall({ done: 0, total: 0 });
  try {
    await runVocabularyJobOffThread(
      { kind: 'install' },
      async () => db,
      (done, total) => setInstall({ done, total }),
    );
  } catch (error) {
    console.error('MarineDB: the built-in vocabulary could not be installed', error);
  } finally {
    setInstall(null);
  }
  performance.mark('vocabulary:installed');
}

/** The open connection, without the vocabulary's check (`getDB`). */
export function openDB(): Promise<MarineDB> {
  if (!connection) {
    const opening = openMarineDB({
      onBlocked: () => setBlocked(true),
      // Another tab upgrades or deletes the database: this handle is closed; reopen on next use.
      onBlocking: () => {
        connection = null;
        ready = null;
      },
      onTerminated: () => {
        connection = null;
        ready = null;
      },
    }).then((db) => {
      setBlocked(false);
      return db;
    });
    connection = opening;
    opening.catch(() => {
      setBlocked(false);
      if (connection === opening) {
        connection = null;
        ready = null;
      }
    });
  }
  return connection;
}

/**
 * The open connection with the built-in vocabulary brought up to date: the first call (after an
 * open) checks the installed version and installs the vocabulary when it is missing or older.
 */
export function getDB(): Promise<MarineDB> {
  const opening = openDB();
  if (!ready) {
    ready = opening.then(async (db) => {
      await bringVocabularyUpToDate(db);
      await seedEmptyDivisions(db).catch((error: unknown) => {
        // Storage full: the app still works with what it has; the seed is tried at the next start.
        console.error('MarineDB: the divisions could not be seeded', error);
      });
      return db;
    });
    ready.catch(() => undefined);
  }
  return ready;
}

/** Closes this tab's connection and deletes the whole database; the next `getDB` seeds it anew. */
export async function resetDB(): Promise<void> {
  const open = connection;
  connection = null;
  ready = null;
  if (open) (await open.catch(() => null))?.close();
  await deleteMarineDB();
}
