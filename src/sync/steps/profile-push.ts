/**
 * Step 4, the profile, when it changed here and the cloud may lack it (changed offline, or a
 * failed push). Read now, not at the start of the sync; should it change while on the way (or the
 * profile screen send its own copy meanwhile, whose write may land first), what is here then is
 * sent again, so the cloud ends with the newest. Only the fields changed here are written (a
 * merge), so what another device set in another field survives.
 */
import { getUser, markProfileSent, unsentProfileFields } from '@/db/users-repo';
import { profilePatch, profileRecordOf } from '@/domain/synced-records';
import type { StepResult, SyncContext } from './context';

export async function pushProfile(ctx: SyncContext): Promise<StepResult> {
  const { db, userId } = ctx;
  let profile = await getUser(db, userId);
  if (!profile?.profileUnsent) return { changes: [], report: {} };
  let fields = unsentProfileFields(profile);
  for (let round = 0; profile && round < 3; round++) {
    const revision: number | undefined = profile.profileUnsent;
    const patch = profilePatch(profileRecordOf(profile), fields);
    await ctx.cloud.store.writeProfile(userId, patch);
    const after = await getUser(db, userId);
    if (!after || after.profileUnsent === revision) {
      if (revision !== undefined) await markProfileSent(db, userId, revision);
      break;
    }
    profile = after;
    // This write may have landed over a newer one of the same fields: they go again, as now.
    const more = unsentProfileFields(after);
    fields = fields && more ? [...new Set([...fields, ...more])] : undefined;
  }
  return { changes: [], report: { profileSent: true } };
}
