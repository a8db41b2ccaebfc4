/**
 * Step 4b, the schedule settings another device of the learner changed (home zone, schedule,
 * retention decide how the history folds): read now and then, field by field never over a change
 * made here that the cloud does not have yet; when they differ, the words are refolded.
 */
import { refoldUserWords } from '@/db/history-refold';
import { getUser, unsentProfileFields, updateUser } from '@/db/users-repo';
import { PROFILE_READ_INTERVAL_MS } from '@/domain/constants';
import { foldSettingsDiffer, foldSettingsOfProfile } from '@/domain/learner-settings';
import type { ProfileField } from '@/domain/synced-records';
import type { SyncChange } from '@/sync/changes';
import { type StepResult, type SyncContext, wordsChanges } from './context';

/**
 * Whether the profile is due to be read again: never read, read longer ago than the interval, or
 * read "later" than now, which means this device's clock was ahead then and has been set right
 * since (waiting for that time to come round would miss another device's changes for as long).
 */
export function profileReadDue(readAt: number | undefined, now: number): boolean {
  return readAt === undefined || readAt > now || now - readAt >= PROFILE_READ_INTERVAL_MS;
}

export async function readProfileSettings(ctx: SyncContext): Promise<StepResult> {
  const { db, userId, now } = ctx;
  const reader = await getUser(db, userId);
  if (!reader || !profileReadDue(reader.profileReadAt, now)) return { changes: [], report: {} };
  const cloud = await ctx.cloud.store.readProfile(userId);
  const wanted = cloud ? foldSettingsOfProfile(cloud) : {};
  let changed = false;
  const stored = await updateUser(db, userId, (record) => {
    // A field changed here and not yet sent (meanwhile, say) wins: it is pushed next.
    const pending = unsentProfileFields(record);
    const taken = Object.fromEntries(
      Object.entries(wanted).filter(
        ([field]) => pending !== undefined && !pending.includes(field as ProfileField),
      ),
    );
    const settings = { ...record.settings, ...taken };
    changed = foldSettingsDiffer(record.settings, settings);
    return changed
      ? { ...record, settings, profileReadAt: now }
      : { ...record, profileReadAt: now };
  });
  if (!changed || !stored) return { changes: [], report: {} };
  const refolded = await refoldUserWords(db, userId);
  const changes: SyncChange[] = [
    { kind: 'settings', userId, settings: stored.settings },
    ...wordsChanges(userId, refolded),
  ];
  return {
    changes,
    report: {
      refolded: refolded.words.length + refolded.removed.length,
      settingsApplied: true,
    },
  };
}
