/** Opening MarineDB: the first creation with its seed, and a later start (fake-indexeddb in Node). */
import 'fake-indexeddb/auto';
import { BUILTIN_VOCABULARY } from '@/data/vocabulary/index';
import { openMarineDB } from '@/db/open';
import { report, timeRuns } from './stats';

export async function benchDb(): Promise<void> {
  console.log(
    `(built-in vocabulary: ${BUILTIN_VOCABULARY.length} words; IndexedDB: fake-indexeddb)`,
  );
  report(
    'openMarineDB: first creation + seed of the built-in vocabulary',
    await timeRuns(async (run) => {
      const db = await openMarineDB({ name: `bench-create-${run}` });
      db.close();
    }, 20),
  );

  const seeded = await openMarineDB({ name: 'bench-existing' });
  seeded.close();
  report(
    'openMarineDB: reopen an existing seeded database',
    await timeRuns(async () => {
      const db = await openMarineDB({ name: 'bench-existing' });
      db.close();
    }, 50),
  );
  report(
    'openMarineDB: reopen, then read the whole vocabulary',
    await timeRuns(async () => {
      const db = await openMarineDB({ name: 'bench-existing' });
      await db.getAll('vocab');
      db.close();
    }, 50),
  );
}
