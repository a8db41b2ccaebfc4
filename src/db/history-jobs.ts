/**
 * The jobs over a learner's whole answer history that take too long for the page's thread on a
 * year of study (70,000 entries): a refold of every word, the progress figures (the charts'
 * series and the calibration of the memory model, history-figures.ts), the series alone under
 * other settings, and the start's upkeep. `history-worker.ts` runs them in a module worker on its
 * own connection to the database; `history-client.ts` runs them here when there is no worker.
 */
import { fsrsModel } from '@/domain/fsrs';
import { foldRulesFor } from '@/domain/memory';
import { answersPerDay, learnedOverTime } from '@/domain/progress-charts';
import type { UserWord } from '@/domain/types';
import {
  computeFigures,
  type FiguresQuery,
  type FoldSettings,
  type ProgressFigures,
  type ProgressSeries,
} from './history-figures';
import { type MaintenanceReport, maintainHistory } from './history-maintenance';
import { listHistory } from './history-queries';
import { type Refolded, refoldUserWords } from './history-refold';
import { openMarineDB } from './open';
import type { MarineDB } from './schema';

export type { FoldSettings, ProgressFigures, ProgressSeries };

export type HistoryJob =
  | { kind: 'refold'; userId: string }
  /** The progress figures, worked out and kept (history-figures `computeFigures`). */
  | ({ kind: 'figures' } & FiguresQuery)
  /** The series alone, under settings that may not be the learner's (nothing kept). */
  | { kind: 'series'; userId: string; now: number; days: number; settings?: FoldSettings }
  /** The start's upkeep (history-maintenance): after an update that changed the fold, a refold of every word. */
  | { kind: 'maintain'; now: number };

export type HistoryJobResult<J extends HistoryJob> = J extends { kind: 'refold' }
  ? Refolded
  : J extends { kind: 'figures' }
    ? ProgressFigures
    : J extends { kind: 'maintain' }
      ? MaintenanceReport
      : ProgressSeries;

/** What the worker posts back: one message per job. */
export type HistoryWorkerMessage =
  /** A part of a refold's words, ahead of its `done` (which carries the rest). */
  | { type: 'words'; words: UserWord[] }
  | { type: 'done'; result: Refolded | ProgressSeries | ProgressFigures | MaintenanceReport }
  | { type: 'failed'; message: string };

/**
 * The most word states a worker's message carries. The page takes each message in a task of its
 * own, and reading a message back is work on the page's thread that grows with its size: a
 * year's 2,300 words in one message were one long task (docs/benchmarks.md, "A year of study").
 */
export const WORDS_PER_MESSAGE = 250;

/** A job as the page sends it: the job and the database it runs on (by name). */
export interface HistoryWorkerRequest {
  dbName: string;
  job: HistoryJob;
}

/**
 * Runs one job on `db`: a refold in one transaction, or the figures or the series from one read.
 */
export async function runHistoryJob(
  db: MarineDB,
  job: HistoryJob,
): Promise<Refolded | ProgressSeries | ProgressFigures | MaintenanceReport> {
  if (job.kind === 'refold') return refoldUserWords(db, job.userId);
  if (job.kind === 'maintain') return maintainHistory(db, job.now);
  if (job.kind === 'figures') {
    const { kind: _figures, ...query } = job;
    return computeFigures(db, query);
  }
  return progressSeries(db, job.userId, job.now, job.days, job.settings);
}

/**
 * The answers per day and the learned words over time of the last `days` days, from the user's
 * whole history folded under their rules (so the last day matches the rank).
 */
export async function progressSeries(
  db: MarineDB,
  userId: string,
  now: number,
  days: number,
  settings?: FoldSettings,
): Promise<ProgressSeries> {
  const entries = await listHistory(db, userId);
  const rules = foldRulesFor(settings, fsrsModel);
  return {
    entries: entries.length,
    answers: answersPerDay(entries, now, days, rules),
    learned: learnedOverTime(userId, entries, now, days, rules),
  };
}

/**
 * The worker's side of one request: opens its own connection (a tab that upgrades or deletes the
 * database closes it, and the job's transaction fails: the page then runs it itself), runs the
 * job, posts the outcome, closes the connection.
 */
export async function answerHistoryRequest(
  request: HistoryWorkerRequest,
  post: (message: HistoryWorkerMessage) => void,
): Promise<void> {
  let db: MarineDB | null = null;
  try {
    db = await openMarineDB({ name: request.dbName });
    const result = await runHistoryJob(db, request.job);
    if ('words' in result) {
      // All but the last part ahead; the page puts them back in order before it resolves.
      let at = 0;
      for (; at + WORDS_PER_MESSAGE < result.words.length; at += WORDS_PER_MESSAGE) {
        post({ type: 'words', words: result.words.slice(at, at + WORDS_PER_MESSAGE) });
      }
      post({ type: 'done', result: { ...result, words: result.words.slice(at) } });
    } else {
      post({ type: 'done', result });
    }
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  } finally {
    db?.close();
  }
}
