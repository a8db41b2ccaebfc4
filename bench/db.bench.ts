/**
 * Opening MarineDB with the built-in vocabulary (fake-indexeddb in Node): a new database with the
 * whole vocabulary installed, the upgrade of a database holding the first vocabulary with
 * progress in it, and a later start.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { builtinVocabulary, LEGACY_V1_INSTALLED } from '@/data/vocabulary/builtin';
import { installedVocabularyVersion } from '@/db/meta-repo';
import { openMarineDB } from '@/db/open';
import { toStoredUserWord } from '@/db/records';
import { installVocabulary } from '@/db/vocabulary-install';
import { deriveTopics } from '@/domain/topics';
import type { VocabItem } from '@/domain/types';
import { report, timeRuns } from './stats';

const FIRST_VOCABULARY: VocabItem[] = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../unit/fixtures/vocabulary-v1.json'), 'utf8'),
);

export async function benchDb(): Promise<void> {
  const shipped = builtinVocabulary();
  const legacy = { legacy: LEGACY_V1_INSTALLED };
  console.log(
    `(built-in vocabulary: ${shipped.words.length} words in ${shipped.topics.length} topics; IndexedDB: fake-indexeddb)`,
  );
  report(
    'new database: create + install the whole built-in vocabulary',
    await timeRuns(async (run) => {
      const db = await openMarineDB({ name: `bench-create-${run}` });
      await installVocabulary(db, builtinVocabulary(), legacy);
      db.close();
    }, 20),
  );

  report(
    'upgrade: first vocabulary (221 words, 200 progress records) -> current',
    await timeRuns(async (run) => {
      const name = `bench-upgrade-${run}`;
      const old = await openMarineDB({ name, vocabulary: FIRST_VOCABULARY });
      await old.put('meta', { key: 'vocabulary', version: 1, legacy: true });
      for (const topic of deriveTopics(FIRST_VOCABULARY)) await old.put('topics', topic);
      const tx = old.transaction('userWords', 'readwrite');
      for (const item of FIRST_VOCABULARY.slice(0, 200)) {
        void tx.store.put(
          toStoredUserWord({
            userId: 'u1',
            vocabId: item.id,
            status: 'learned',
            attempts: 3,
            correct: 3,
            streak: 3,
            strength: 0.8,
            updatedAt: 1,
          }),
        );
      }
      await tx.done;
      const start = performance.now();
      await installVocabulary(old, builtinVocabulary(), legacy);
      const elapsed = performance.now() - start;
      old.close();
      return elapsed;
    }, 10),
  );

  const seeded = await openMarineDB({ name: 'bench-existing' });
  await installVocabulary(seeded, shipped, legacy);
  seeded.close();
  report(
    'later start: reopen, the version check finds the vocabulary current',
    await timeRuns(async () => {
      const db = await openMarineDB({ name: 'bench-existing' });
      await installedVocabularyVersion(db);
      db.close();
    }, 50),
  );
  report(
    'later start: reopen, then read the whole vocabulary',
    await timeRuns(async () => {
      const db = await openMarineDB({ name: 'bench-existing' });
      await db.getAll('vocab');
      db.close();
    }, 50),
  );
}
