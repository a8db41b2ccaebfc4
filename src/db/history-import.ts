/**
 * Imports into the answer history: word records as baseline entries, a settings export with each
 * answer counted once, and whether an entry came from a file.
 */

import { baselineEntry } from '@/domain/history-snapshot';
import type { UserWord } from '@/domain/types';
import { deviceId } from './device-clock';
import { type MergeOptions, type MergeResult, mergeEntries } from './history-merge';
import type { MarineDB } from './schema';

/**
 * Turns word records (an old cloud document, an imported record) into baseline entries of
 * `userId` and merges them (see `mergeEntries`): the same record always gives the same entry, so
 * doing it twice changes nothing. `history` (the entries of an export) is merged in the same
 * transaction, so an import lands whole or not at all.
 */
export async function importBaselines(
  db: MarineDB,
  userId: string,
  words: readonly UserWord[],
  options: MergeOptions & { prefix: string; history?: readonly unknown[] },
): Promise<MergeResult> {
  const device = options.sent ? options.prefix : await deviceId(db);
  const entries = words.map((word) => {
    try {
      const entry = baselineEntry({ ...word, userId }, { prefix: options.prefix, device });
      // Check the record as given, not the copy baselineEntry made of it.
      return { ...entry, snapshot: { ...word } };
    } catch {
      // A field too deep to digest (a broken file): the check names what is wrong with the
      // record, which goes to the dead letters while the rest imports.
      const raw = (typeof word === 'object' && word !== null ? word : {}) as Partial<UserWord>;
      return { ...raw, id: 'unreadable', userId, kind: 'baseline', device, snapshot: { ...raw } };
    }
  });
  return mergeEntries(db, userId, [...entries, ...(options.history ?? [])], options);
}

/** The part of a settings export an import reads (domain/validation.ts `ExportData`). */
export interface ImportedFile {
  userWords: readonly unknown[];
  /** Missing in the files of versions before the answer history. */
  history?: readonly unknown[];
}

/**
 * Imports a settings export into `userId`'s history in ONE transaction, counting every answer
 * once (docs/cloud-edition.md, "Counted once"). A file that carries a history is merged by entry
 * id alone: its word records are the fold of that history, so turning them into baselines as
 * well would count each answer twice, and again on every device that syncs them. Only a file of
 * a version before the history (no `history` list) becomes baselines: they stand for answers
 * that were never entries, so they cover nothing the history holds. Entries of another account
 * or device become this user's; receive times are dropped, entries dated past the clock bound
 * are refused, and what is new here is marked as imported (`isImportedEntry`).
 */
export async function importExport(
  db: MarineDB,
  userId: string,
  file: ImportedFile,
  now: number,
): Promise<MergeResult> {
  const options = { sent: false, source: 'import', now, origin: 'import' } as const;
  if (!Array.isArray(file.history)) {
    return importBaselines(db, userId, file.userWords as UserWord[], {
      ...options,
      prefix: 'import',
    });
  }
  const history = file.history.map((entry) =>
    typeof entry === 'object' && entry !== null ? { ...entry, userId } : entry,
  );
  return mergeEntries(db, userId, history, options);
}

/**
 * Whether the entry first reached this device through an import, not through this device's own
 * recording or the sync: a file anyone can edit, so what it says (an exam pass, say) is never
 * presented as the learner's own verified work.
 */
export async function isImportedEntry(db: MarineDB, entryId: string): Promise<boolean> {
  return (await db.get('history', entryId))?.origin === 'import';
}
