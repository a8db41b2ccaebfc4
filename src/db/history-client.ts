/**
 * Runs a job over a learner's whole history (`history-jobs.ts`) off the page's thread: a module
 * worker per job, loaded from the service worker's cache like any chunk, on its own connection to
 * the same database. IndexedDB serializes the worker's transaction with the page's, so an answer
 * recorded meanwhile is either folded in or folded after it, never lost. Where there is no worker
 * (Node's tests, a service worker's background sync) or it fails (its file not loaded, its
 * connection closed by an upgrade), the job runs here on the caller's connection: slower for the
 * page, never skipped.
 */
import type {
  FoldSettings,
  HistoryJob,
  HistoryJobResult,
  HistoryWorkerMessage,
  ProgressSeries,
} from './history-jobs';
import type { Refolded } from './history-refold';
import type { MarineDB } from './schema';

export type { FoldSettings, ProgressSeries };

/**
 * Refolds every word of the user under the rules in their record, in one transaction (the
 * worker's, or `db`'s here), resolving to what it stored.
 */
export function refoldUserOffThread(db: MarineDB, userId: string): Promise<Refolded> {
  return runHistoryJobOffThread(db, { kind: 'refold', userId });
}

/** The progress charts' series of the user's history (the last `days` days up to `now`). */
export function progressSeriesOffThread(
  db: MarineDB,
  userId: string,
  now: number,
  days: number,
  settings?: FoldSettings,
): Promise<ProgressSeries> {
  return runHistoryJobOffThread(db, { kind: 'series', userId, now, days, settings });
}

export async function runHistoryJobOffThread<J extends HistoryJob>(
  db: MarineDB,
  job: J,
): Promise<HistoryJobResult<J>> {
  if (typeof Worker === 'function') {
    try {
      return (await inWorker(db.name, job)) as HistoryJobResult<J>;
    } catch (error) {
      console.error('The history worker failed; the job runs on the page', error);
    }
  }
  const { runHistoryJob } = await import('./history-jobs');
  return (await runHistoryJob(db, job)) as HistoryJobResult<J>;
}

function inWorker(dbName: string, job: HistoryJob): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./history-worker.ts', import.meta.url), {
      type: 'module',
      name: 'history',
    });
    worker.onmessage = (event: MessageEvent<HistoryWorkerMessage>) => {
      worker.terminate();
      const message = event.data;
      if (message.type === 'done') resolve(message.result);
      else reject(new Error(message.message));
    };
    // The worker's file could not be loaded or run (offline without it in the cache, say).
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(`the history worker failed: ${event.message || 'not loaded'}`));
    };
    worker.postMessage({ dbName, job });
  });
}
