/** Reading the profile form: the daily goal field and the role text. */
import { normalizeRole } from '@/domain/roles';
import { PROFILE_DAILY_GOAL } from '@/domain/validation';

/**
 * The daily goal typed into the profile: a whole number within 5..200, or null for anything else
 * (the form says the range and saves nothing, rather than saving another number than typed).
 */
export function profileGoalFrom(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const goal = Number(trimmed);
  return goal >= PROFILE_DAILY_GOAL.min && goal <= PROFILE_DAILY_GOAL.max ? goal : null;
}

/** The role code typed into the profile, normalised; blank means no role. */
export function profileRoleFrom(text: string): string | undefined {
  const role = normalizeRole(text);
  return role === '' ? undefined : role;
}
