/** The settings export: its file name and its content, `{ user, userWords, history }` (SPEC §7 plus the answer history). */
import { compareEntries, type HistoryEntry } from '@/domain/history';
import type { User, UserWord } from '@/domain/types';
import type { ExportData } from '@/domain/validation';

const pad = (n: number) => String(n).padStart(2, '0');

/** `marine-english-export-YYYY-MM-DD.json`, dated by the device's local calendar. */
export function exportFileName(now: number): string {
  const date = new Date(now);
  return `marine-english-export-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

/**
 * The signed-in user, their word records and their answer history (in history order). Only the
 * public user fields are copied, so a record that carried password fields at run time could
 * never leak them into a file.
 */
export function buildExport(
  user: User,
  words: Iterable<UserWord>,
  history: readonly HistoryEntry[],
): ExportData<User> {
  const { id, email, fullName, isAdmin, createdAt, settings } = user;
  // The remembered pre-mark state is the fold's own bookkeeping: the history in the file rebuilds it.
  const userWords = [...words]
    .map(({ beforeMarked: _, ...word }) => word)
    .sort((a, b) => a.vocabId.localeCompare(b.vocabId));
  return {
    user: { id, email, fullName, isAdmin, createdAt, settings },
    userWords,
    history: [...history].sort(compareEntries),
  };
}

export function exportJson(data: ExportData<User>): string {
  return JSON.stringify(data, null, 2);
}
