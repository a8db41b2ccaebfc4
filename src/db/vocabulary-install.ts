/**
 * Installing and upgrading the built-in vocabulary of MarineDB: one transaction, idempotent.
 * Loaded lazily with the word data: nothing of it runs on a start that finds the vocabulary current.
 */
import type { Division, Role, Topic, VocabItem } from '@/domain/types';
import {
  type BuiltinVocabulary,
  type InstalledVocabulary,
  planBuiltinRestore,
  planVocabularyUpdate,
  type RestorePlan,
  type VocabularyUpdatePlan,
} from '@/domain/vocabulary-update';
import { abortQuietly } from './abort';
import { changes, queueChanges, type Share, withOutbox } from './curriculum-repo';
import { VOCABULARY_META_KEY as META_KEY } from './meta-repo';
import { toStoredTopic, toStoredVocab } from './records';
import type { MarineDB, VocabularyMeta } from './schema';

export interface InstallOptions {
  /** What a `legacy` record stands for: the first vocabulary's digests. */
  legacy: InstalledVocabulary;
  /**
   * Told how many of the install's writes have succeeded so far, of how many, every
   * `PROGRESS_STEP` writes and at the last (the writes commit together at the end).
   */
  onProgress?: (done: number, total: number) => void;
}

/** How many writes pass between two progress reports. */
const PROGRESS_STEP = 100;

function byId<T extends { id: string }>(records: readonly T[]): Map<string, T> {
  return new Map(records.map((record) => [record.id, record]));
}

/**
 * Brings the database to the shipped vocabulary (see `planVocabularyUpdate` for the rules).
 * Everything is read and written inside one readwrite transaction, and the installed record is
 * written in it too: a crash halfway changes nothing, and a second run finds nothing to do.
 * Returns the plan that was applied, or null when the installed version was already current.
 */
export async function installVocabulary(
  db: MarineDB,
  builtin: BuiltinVocabulary,
  options: InstallOptions,
): Promise<VocabularyUpdatePlan | null> {
  const tx = db.transaction(
    ['meta', 'vocab', 'topics', 'roles', 'divisions', 'userWords'],
    'readwrite',
  );
  const meta = (await tx.objectStore('meta').get(META_KEY)) as VocabularyMeta | undefined;
  if (meta && meta.version >= builtin.version) {
    await tx.done;
    return null;
  }
  const [vocab, topics, roles, divisions] = await Promise.all([
    tx.objectStore('vocab').getAll() as Promise<VocabItem[]>,
    tx.objectStore('topics').getAll() as Promise<Topic[]>,
    tx.objectStore('roles').getAll() as Promise<Role[]>,
    tx.objectStore('divisions').getAll() as Promise<Division[]>,
  ]);
  // Which words anyone has progress on: a dropped word with progress is retired, not deleted.
  const progressIds = new Set(
    (await tx.objectStore('userWords').index('vocabId').getAllKeys()).map(([, vocabId]) => vocabId),
  );
  const installed = !meta ? null : 'legacy' in meta ? options.legacy : meta;
  const plan = planVocabularyUpdate({
    installed,
    next: builtin,
    stored: {
      vocab: byId(vocab),
      topics: byId(topics),
      roles: byId(roles),
      divisions: byId(divisions),
    },
    hasProgress: (id) => progressIds.has(id),
  });

  await writeAllOrNothing(
    tx,
    (writes) => {
      const vocabStore = tx.objectStore('vocab');
      for (const item of plan.putVocab) writes.push(vocabStore.put(toStoredVocab(item)));
      for (const id of plan.deleteVocab) writes.push(vocabStore.delete(id));
      for (const topic of plan.putTopics) {
        writes.push(tx.objectStore('topics').put(toStoredTopic(topic)));
      }
      for (const id of plan.deleteTopics) writes.push(tx.objectStore('topics').delete(id));
      for (const role of plan.putRoles) writes.push(tx.objectStore('roles').put(role));
      for (const division of plan.putDivisions) {
        writes.push(tx.objectStore('divisions').put(division));
      }
      const record: VocabularyMeta = { key: META_KEY, ...plan.installed };
      writes.push(tx.objectStore('meta').put(record));
    },
    options.onProgress,
  );
  return plan;
}

/**
 * Makes the requests `add` pushes and waits for the transaction. A request that cannot even be
 * made (a record without a key) or one that fails must not let the ones before it commit: the
 * whole transaction is undone and the error passed on.
 */
async function writeAllOrNothing(
  tx: { abort(): void; done: Promise<void> },
  add: (writes: Promise<unknown>[]) => void,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  const writes: Promise<unknown>[] = [];
  try {
    add(writes);
    if (onProgress) {
      const total = writes.length;
      let done = 0;
      for (const write of writes) {
        write.then(
          () => {
            done++;
            if (done % PROGRESS_STEP === 0 || done === total) onProgress(done, total);
          },
          () => undefined,
        );
      }
    }
    await Promise.all([...writes, tx.done]);
  } catch (error) {
    for (const write of writes) write.catch(() => undefined);
    abortQuietly(tx);
    throw error;
  }
}

/**
 * Brings back the built-in curriculum an admin deleted (see `planBuiltinRestore`), in one
 * transaction over the catalogue tables only: user progress is not even opened. A shared restore
 * (an admin of the cloud edition) queues every record it writes for the cloud in the same
 * transaction, so the crew's devices get them back too. Returns the plan that was applied.
 */
export async function restoreBuiltinCurriculum(
  db: MarineDB,
  builtin: BuiltinVocabulary,
  share?: Share,
): Promise<RestorePlan> {
  const tx = db.transaction(
    withOutbox(['vocab', 'topics', 'roles', 'divisions'], share),
    'readwrite',
  );
  const [vocab, topics, roles, divisions] = await Promise.all([
    tx.objectStore('vocab').getAll() as Promise<VocabItem[]>,
    tx.objectStore('topics').getAll() as Promise<Topic[]>,
    tx.objectStore('roles').getAll() as Promise<Role[]>,
    tx.objectStore('divisions').getAll() as Promise<Division[]>,
  ]);
  const plan = planBuiltinRestore(builtin, {
    vocab: byId(vocab),
    topics: byId(topics),
    roles: byId(roles),
    divisions: byId(divisions),
  });
  await writeAllOrNothing(tx, (writes) => {
    for (const division of plan.putDivisions) {
      writes.push(tx.objectStore('divisions').put(division));
    }
    for (const role of plan.putRoles) writes.push(tx.objectStore('roles').put(role));
    for (const topic of plan.putTopics) {
      writes.push(tx.objectStore('topics').put(toStoredTopic(topic)));
    }
    for (const item of plan.putVocab) writes.push(tx.objectStore('vocab').put(toStoredVocab(item)));
    writes.push(
      ...queueChanges(tx, share, [
        ...plan.putDivisions.map(changes.division),
        ...plan.putRoles.map(changes.role),
        ...plan.putTopics.map((topic) => changes.topic(toStoredTopic(topic))),
        ...plan.putVocab.map((item) => changes.word(toStoredVocab(item))),
      ]),
    );
  });
  return plan;
}
