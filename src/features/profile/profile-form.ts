/** Reading the profile form: the daily goal field and the role text. */
import { normalizeRole } from '@/domain/roles';
import { clampDailyGoal, PROFILE_DAILY_GOAL } from '@/domain/validation';

/** The daily goal typed into the profile: a whole number within 5..200; blank or garbage gives 10. */
export function profileGoalFrom(text: string): number {
  const trimmed = text.trim();
  return clampDailyGoal(trimmed === '' ? Number.NaN : Number(trimmed), PROFILE_DAILY_GOAL);
}

/** The role code typed into the profile, normalised; blank means no role. */
export function profileRoleFrom(text: string): string | undefined {
  const role = normalizeRole(text);
  return role === '' ? undefined : role;
}
