/**
 * The vocabulary worker: runs one job of `vocabulary-jobs.ts` on its own connection to MarineDB,
 * posts its progress and outcome, and closes the connection. The page starts one per job.
 */
/// <reference lib="webworker" />
import { openMarineDB } from './open';
import type { MarineDB } from './schema';
import {
  runVocabularyJob,
  type VocabularyJob,
  type VocabularyWorkerMessage,
} from './vocabulary-jobs';

declare const self: DedicatedWorkerGlobalScope;

/** The least time between two progress reports to the page, but the last. */
const PROGRESS_INTERVAL_MS = 250;

const post = (message: VocabularyWorkerMessage) => self.postMessage(message);

self.onmessage = async (event: MessageEvent<VocabularyJob>) => {
  let db: MarineDB | null = null;
  try {
    // A tab that upgrades or deletes the database closes this connection (see openMarineDB): the
    // job's transaction then fails and the page tries again at its next start.
    db = await openMarineDB();
    // Every report is a task on the page's thread: a few a second are enough for a bar.
    let reported = Number.NEGATIVE_INFINITY;
    const result = await runVocabularyJob(db, event.data, (done, total) => {
      const now = performance.now();
      if (now - reported < PROGRESS_INTERVAL_MS && done < total) return;
      reported = now;
      post({ type: 'progress', done, total });
    });
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
