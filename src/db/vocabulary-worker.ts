/**
 * The vocabulary worker: runs one job of `vocabulary-jobs.ts` on its own connection to MarineDB,
 * posts its progress and outcome, and closes the connection. The page starts one per job.
 */
/// <reference lib="webworker" />
import { openMarineDB } from './open';
import type { MarineDB } from './schema';
import {
  runVocabularyJob,
  spacedProgress,
  type VocabularyJob,
  type VocabularyWorkerMessage,
} from './vocabulary-jobs';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: VocabularyWorkerMessage) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<VocabularyJob>) => {
  let db: MarineDB | null = null;
  try {
    // A tab that upgrades or deletes the database closes this connection (see openMarineDB): the
    // job's transaction then fails and the page tries again at its next start.
    db = await openMarineDB();
    const result = await runVocabularyJob(
      db,
      event.data,
      spacedProgress((done, total) => post({ type: 'progress', done, total })),
    );
    post({ type: 'done', result });
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  } finally {
    db?.close();
  }
};
