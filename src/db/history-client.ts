/**
 * Runs a job over a learner's whole history (`history-jobs.ts`) off the page's thread: a module
 * worker per job, loaded from the service worker's cache like any chunk, on its own connection to
 * the same database. IndexedDB serializes the worker's transaction with the page's, so an answer
 * recorded meanwhile is either folded in or folded after it, never lost. Where there is no worker
 * (Node's tests, a service worker's background sync) or it fails (its file not loaded, its
 * connection closed by an upgrade), the job runs here on the caller's connection: slower for the
 * page, never skipped.
 */

import type { UserWord } from '@/domain/types';
import type { FiguresQuery } from './history-figures';
import type {
  FoldSettings,
  HistoryJob,
  HistoryJobResult,
  HistoryWorkerMessage,
  ProgressFigures,
  ProgressSeries,
} from './history-jobs';
import type { MaintenanceReport } from './history-maintenance';
import type { Refolded } from './history-refold';
import type { MarineDB } from './schema';

export type { FiguresQuery, FoldSettings, ProgressFigures, ProgressSeries };

/**
 * Refolds every word of the user under the rules in their record, in one transaction (the
 * worker's, or `db`'s here), resolving to what it stored.
 */
export function refoldUserOffThread(db: MarineDB, userId: string): Promise<Refolded> {
  return runHistoryJobOffThread(db, { kind: 'refold', userId });
}

/**
 * The start's upkeep of the history (history-maintenance `maintainHistory`): after an update that
 * changed the fold, every word of every account refolded, a year's in seconds, so off the page.
 */
export function maintainHistoryOffThread(db: MarineDB, now: number): Promise<MaintenanceReport> {
  return runHistoryJobOffThread(db, { kind: 'maintain', now });
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

/**
 * The progress figures of the user's history (the charts' series and the calibration of the
 * memory model): the ones kept when nothing they rest on has changed (a few small reads here),
 * else worked out off the page's thread and kept.
 */
export async function progressFigures(db: MarineDB, query: FiguresQuery): Promise<ProgressFigures> {
  let same: string | null = null;
  try {
    // The figures' code (the FSRS model with it) loads when they are asked for, not with this
    // client, which the start's history upkeep loads.
    const { figuresState } = await import('./history-figures');
    const { of, kept } = await figuresState(db, query);
    if (kept) return kept;
    same = `${db.name}\n${of}`;
  } catch (error) {
    console.error('Reading the kept progress figures failed', error);
  }
  // One job at a time for the same figures of the same history: the screen opened while they are
  // worked out ahead (figures-refresh) waits for that job rather than folding the history again.
  const running = same === null ? undefined : figuresJobs.get(same);
  if (running) return running;
  const job = runHistoryJobOffThread(db, { kind: 'figures', ...query });
  if (same !== null) {
    const key = same;
    figuresJobs.set(key, job);
    void job.then(
      () => figuresJobs.delete(key),
      () => figuresJobs.delete(key),
    );
  }
  return job;
}

/**
 * The kept progress figures of the query (`kept`), or else those kept for the same learner, fold
 * settings and code before the history or the study day moved on (`earlier`): three small reads,
 * no job.
 */
export async function keptProgressFigures(
  db: MarineDB,
  query: FiguresQuery,
): Promise<{ kept: ProgressFigures | null; earlier: ProgressFigures | null }> {
  const { figuresState } = await import('./history-figures');
  const { kept, earlier } = await figuresState(db, query);
  return { kept, earlier };
}

/** The figures jobs under way on this page, by the history and query they work out. */
const figuresJobs = new Map<string, Promise<ProgressFigures>>();

/**
 * How long a worker may take before it is ended and its job run on the page: a year's refold
 * takes seconds on a slow phone. Ending the worker aborts its transaction whole, so the job run
 * again here starts from what is stored, and nothing is written twice or half.
 */
export const HISTORY_WORKER_TIMEOUT_MS = 90_000;

export async function runHistoryJobOffThread<J extends HistoryJob>(
  db: MarineDB,
  job: J,
  timeoutMs = HISTORY_WORKER_TIMEOUT_MS,
): Promise<HistoryJobResult<J>> {
  if (typeof Worker === 'function') {
    try {
      return (await inWorker(db.name, job, timeoutMs)) as HistoryJobResult<J>;
    } catch (error) {
      console.error('The history worker failed; the job runs on the page', error);
    }
  }
  const { runHistoryJob } = await import('./history-jobs');
  return (await runHistoryJob(db, job)) as HistoryJobResult<J>;
}

function inWorker(dbName: string, job: HistoryJob, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./history-worker.ts', import.meta.url), {
      type: 'module',
      name: 'history',
    });
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error(`the history worker did not answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    // A refold's words come in parts, each read back in a task of its own (WORDS_PER_MESSAGE).
    const parts: UserWord[][] = [];
    worker.onmessage = (event: MessageEvent<HistoryWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'words') {
        parts.push(message.words);
        return;
      }
      clearTimeout(timer);
      worker.terminate();
      if (message.type === 'failed') reject(new Error(message.message));
      else if ('words' in message.result) {
        resolve({ ...message.result, words: [...parts.flat(), ...message.result.words] });
      } else resolve(message.result);
    };
    // The worker's file could not be loaded or run (offline without it in the cache, say).
    worker.onerror = (event) => {
      clearTimeout(timer);
      event.preventDefault();
      worker.terminate();
      reject(new Error(`the history worker failed: ${event.message || 'not loaded'}`));
    };
    worker.postMessage({ dbName, job });
  });
}
