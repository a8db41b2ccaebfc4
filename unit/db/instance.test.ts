/**
 * The app's connection: `openDB` gives a new database at once and leaves the built-in vocabulary
 * alone (a start reads nothing of it); `getDB` installs it, reporting its progress, and resolves
 * once it is in.
 */
import { expect, it } from 'vitest';
import { VOCABULARY_VERSION } from '@/data/vocabulary/version';
import {
  getDB,
  isInstallingVocabulary,
  onVocabularyInstall,
  openDB,
  resetDB,
  type VocabularyInstall,
} from '@/db/instance';
import { installedVocabularyVersion } from '@/db/meta-repo';

it('opens a new database before its vocabulary is in, and installs it with progress', async () => {
  await resetDB();
  const seen: (VocabularyInstall | null)[] = [];
  const stop = onVocabularyInstall((install) => seen.push(install));
  const opened = await openDB();
  // Open, and the words not in yet: the home screen can render now; nothing installs before a
  // caller asks for the catalogue.
  expect(await installedVocabularyVersion(opened)).toBe(0);
  expect(isInstallingVocabulary()).toBe(false);
  expect(seen).toEqual([]);

  const db = await getDB();
  expect(db).toBe(opened);
  expect(isInstallingVocabulary()).toBe(false);
  expect(await installedVocabularyVersion(db)).toBe(VOCABULARY_VERSION);
  const words = await db.count('vocab');
  expect(words).toBeGreaterThanOrEqual(1500);
  // Starts at nothing known, counts up, reaches every write (each word and the rest), then ends.
  expect(seen[0]).toEqual({ done: 0, total: 0 });
  expect(seen.at(-1)).toBeNull();
  const reports = seen.slice(1, -1) as VocabularyInstall[];
  expect(reports.length).toBeGreaterThan(10);
  expect(reports.map((r) => r.done)).toEqual([...reports.map((r) => r.done)].sort((a, b) => a - b));
  const last = reports.at(-1) as VocabularyInstall;
  expect(last.done).toBe(last.total);
  expect(last.total).toBeGreaterThan(words);

  // The same connection again: nothing more to install.
  seen.length = 0;
  await getDB();
  expect(seen).toEqual([]);
  stop();
  await resetDB();
});
