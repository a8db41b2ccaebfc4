/**
 * The two jobs that need the built-in word data: installing (or upgrading) the vocabulary, and an
 * admin's restore of deleted built-in curriculum. The page runs them in a worker
 * (`vocabulary-worker.ts`, started by `vocabulary-client.ts`), so neither parsing the data nor the
 * thousands of IndexedDB requests of one install ever block the page; each is still one
 * transaction (see `installVocabulary`, `restoreBuiltinCurriculum`).
 */
import { builtinVocabulary, LEGACY_V1_INSTALLED } from '@/data/vocabulary/builtin';
import type { RestorePlan } from '@/domain/vocabulary-update';
import type { Share } from './curriculum-repo';
import type { MarineDB } from './schema';
import { installVocabulary, restoreBuiltinCurriculum } from './vocabulary-install';

export type VocabularyJob = { kind: 'install' } | { kind: 'restore'; share?: Share };

export type VocabularyJobResult =
  /** `installed`: false when the stored vocabulary was already current. */
  { kind: 'install'; installed: boolean } | { kind: 'restore'; counts: RestorePlan['counts'] };

/** What the worker posts back: progress reports, then one outcome. */
export type VocabularyWorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: VocabularyJobResult }
  | { type: 'failed'; message: string };

/** The least time between two progress reports to the page, but the last. */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Passes on a job's progress at most once per `intervalMs`, and always the last report (done ==
 * total): every report the worker posts is a task on the page's thread, and a few a second are
 * enough for a progress bar.
 */
export function spacedProgress(
  report: (done: number, total: number) => void,
  intervalMs = PROGRESS_INTERVAL_MS,
  now: () => number = () => performance.now(),
): (done: number, total: number) => void {
  let reported = Number.NEGATIVE_INFINITY;
  return (done, total) => {
    const time = now();
    if (time - reported < intervalMs && done < total) return;
    reported = time;
    report(done, total);
  };
}

export async function runVocabularyJob(
  db: MarineDB,
  job: VocabularyJob,
  onProgress?: (done: number, total: number) => void,
): Promise<VocabularyJobResult> {
  if (job.kind === 'install') {
    const plan = await installVocabulary(db, builtinVocabulary(), {
      legacy: LEGACY_V1_INSTALLED,
      onProgress,
    });
    return { kind: 'install', installed: plan !== null };
  }
  const plan = await restoreBuiltinCurriculum(db, builtinVocabulary(), job.share);
  return { kind: 'restore', counts: plan.counts };
}
