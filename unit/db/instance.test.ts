/** The app's connection: a new database gets the built-in vocabulary before `getDB` resolves. */
import { expect, it } from 'vitest';
import { VOCABULARY_VERSION } from '@/data/vocabulary/version';
import { getDB, onVocabularyInstall, resetDB } from '@/db/instance';
import { installedVocabularyVersion } from '@/db/meta-repo';

it('installs the vocabulary of a new database, telling the Loading screen meanwhile', async () => {
  await resetDB();
  const seen: boolean[] = [];
  const stop = onVocabularyInstall((installing) => seen.push(installing));
  const db = await getDB();
  expect(seen).toEqual([true, false]);
  expect(await installedVocabularyVersion(db)).toBe(VOCABULARY_VERSION);
  expect(await db.count('vocab')).toBeGreaterThanOrEqual(1500);
  // The same connection again: nothing more to install.
  await getDB();
  expect(seen).toEqual([true, false]);
  stop();
  await resetDB();
});
