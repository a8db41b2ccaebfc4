/**
 * Step 1, once per user on this device: the per-word documents older versions wrote are read (all
 * of them, with or without `syncedAt`) and become baseline entries (see domain/history.ts); they
 * stay in the cloud, so every device makes the same baselines.
 */
import { importBaselines } from '@/db/history-import';
import { getUser, updateUser } from '@/db/users-repo';
import { type StepResult, type SyncContext, wordsChanges } from './context';

export async function readLegacyWords(ctx: SyncContext): Promise<StepResult> {
  const { db, userId, now } = ctx;
  const user = await getUser(db, userId);
  if (!user || user.legacyCloudRead) return { changes: [], report: {} };
  const words = await ctx.cloud.store.readLegacyWords(userId);
  const result: StepResult = { changes: [], report: {} };
  if (words.length > 0) {
    const merged = await importBaselines(db, userId, words, {
      prefix: 'cloud',
      sent: true,
      source: 'pull',
      now,
    });
    result.changes = wordsChanges(userId, merged.words);
    result.report = { refolded: merged.refolded.length, rejected: merged.rejected };
  }
  await updateUser(db, userId, (record) => ({ ...record, legacyCloudRead: true }));
  return result;
}
