/**
 * What screens read of the answer history and the records set aside (the dead letters): plain
 * async reads from MarineDB for the signed-in user, so features never reach into db/.
 */
import { DEAD_LETTERS_KEPT, letterPreview } from '@/db/dead-letters';
import {
  type FoldSettings,
  keptProgressFigures,
  type ProgressFigures,
  type ProgressSeries,
  progressFigures,
  progressSeriesOffThread,
} from '@/db/history-client';
import {
  type DeadLetterList,
  deleteDeadLetters,
  listHistory,
  readDeadLetterList,
} from '@/db/history-queries';
import { openDB } from '@/db/instance';
import type { DeadLetter } from '@/db/schema';
import { getUser, updateUser } from '@/db/users-repo';
import type { HistoryEntry } from '@/domain/history';

export type { DeadLetter, DeadLetterList, FoldSettings, ProgressFigures, ProgressSeries };
/** How many letters are kept per source (settings says so when more were not kept). */
export { DEAD_LETTERS_KEPT };

/**
 * The history entries of the user (the charts, the export), or only those whose effective time
 * is `since` or later (today's, for the daily goal: an index range, not the whole history).
 */
export async function readHistory(userId: string, since?: number): Promise<HistoryEntry[]> {
  return listHistory(await openDB(), userId, since);
}

/**
 * The history's part of the progress charts (answers per day, learned words over time) for the
 * last `days` days up to `now`, folded under `settings`: computed off the page's thread where a
 * worker can run (a year is 70,000 entries read and folded), here otherwise. Resolves to a few
 * dozen figures, never the history itself.
 */
export async function readProgressSeries(
  userId: string,
  now: number,
  days: number,
  settings?: FoldSettings,
): Promise<ProgressSeries> {
  return progressSeriesOffThread(await openDB(), userId, now, days, settings);
}

/**
 * The progress screen's figures of the user's history for the last 30 days up to `now` (the
 * study day's), folded under `settings`: the charts' series and how the user's own answers
 * compare with the memory model (the factor the recall figure and the exam's prediction are
 * scaled by). The last ones kept when the history has not changed since, else worked out off the
 * page's thread (a year is 70,000 entries read and folded) and kept.
 */
export async function readProgressFigures(
  userId: string,
  now: number,
  settings?: FoldSettings,
): Promise<ProgressFigures> {
  return progressFigures(await openDB(), { userId, now, settings });
}

/**
 * The progress figures kept for the query (`kept`), or those kept before the user's history or
 * study day moved on (`earlier`: for the screen to show, said to be updating, while
 * `readProgressFigures` works the new ones out). A few small reads.
 */
export async function readKeptProgressFigures(
  userId: string,
  now: number,
  settings?: FoldSettings,
): Promise<{ kept: ProgressFigures | null; earlier: ProgressFigures | null }> {
  return keptProgressFigures(await openDB(), { userId, now, settings });
}

/** The user's dead letters, newest first, and how many more were set aside but not kept. */
export async function readDeadLetters(userId: string): Promise<DeadLetterList> {
  return readDeadLetterList(await openDB(), userId);
}

/** Forgets the given dead letters (and summaries: the `ids` of a list). */
export async function forgetDeadLetters(ids: readonly string[]): Promise<void> {
  await deleteDeadLetters(await openDB(), ids);
}

/** The text a letter shows of its record, at most `max` characters (plus '…' when cut). */
export function describeDeadLetter(letter: DeadLetter, max: number): string {
  return letterPreview(letter, max);
}

/** How the learned count changed when an update refolded the words under new rules, if it did. */
export interface FoldChange {
  before: number;
  after: number;
}

/** The change to tell the learner about once (home), or null. */
export async function readFoldChange(userId: string): Promise<FoldChange | null> {
  const record = await getUser(await openDB(), userId);
  return record?.foldChange
    ? { before: record.foldChange.before, after: record.foldChange.after }
    : null;
}

/** The learner has read it: it is not shown again on this device. */
export async function dismissFoldChange(userId: string): Promise<void> {
  await updateUser(await openDB(), userId, ({ foldChange: _read, ...rest }) => rest);
}
