/**
 * The learner's settings that decide how the answer history folds (memory.ts `foldRulesFor`): the
 * home time zone, the schedule and FSRS's desired retention. What a valid value is, whether a
 * change asks for the words to be refolded, and how a cloud profile's values become settings.
 */
import { clampRetention, dayStartHourOf, isTimeZone } from './memory';
import {
  DAILY_GOAL_DEFAULT,
  HOME_ZONE_MAX,
  isAllowed,
  isTheme,
  isUiLang,
  type ScheduleKind,
  SETTING_VALUES,
} from './settings-schema';
import type { ProfileRecord } from './synced-records';
import type { UserSettings } from './types';

/** The settings the fold reads. */
export type FoldSettings = Pick<
  UserSettings,
  'homeZone' | 'schedule' | 'retention' | 'dayStartHour'
>;

/** The fold's settings of a learner's (none of a guest's: the defaults). */
export function foldSettingsOf(settings: Partial<UserSettings> | undefined): FoldSettings {
  return {
    homeZone: settings?.homeZone,
    dayStartHour: settings?.dayStartHour,
    schedule: settings?.schedule,
    retention: settings?.retention,
  };
}

/**
 * Whether `value` has the shape of a home time zone as the profile stores it (an IANA name such as
 * `Europe/Riga` or `Etc/GMT+5`, at most 64 characters), whether or not this runtime knows it.
 */
export function isHomeZoneName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= HOME_ZONE_MAX &&
    isAllowed(SETTING_VALUES.homeZone, value)
  );
}

/** A home time zone this runtime knows (what a learner may set or import). */
export function isKnownHomeZone(value: unknown): value is string {
  return isHomeZoneName(value) && isTimeZone(value);
}

export function isSchedule(value: unknown): value is ScheduleKind {
  return isAllowed(SETTING_VALUES.schedule, value);
}

/** A desired retention within FSRS's bounds, as the profile's rules check it. */
export function isRetention(value: unknown): value is number {
  return isAllowed(SETTING_VALUES.retention, value);
}

/** An hour a study day may begin at (0..23), as the profile's rules check it. */
export function isDayStartHour(value: unknown): value is number {
  return Number.isInteger(value) && isAllowed(SETTING_VALUES.dayStartHour, value);
}

/**
 * Whether two sets of settings fold the same history differently: another home zone, study day,
 * schedule or retention (a missing schedule is the standard one, a missing retention or first
 * hour the default).
 */
export function foldSettingsDiffer(
  a: FoldSettings | undefined,
  b: FoldSettings | undefined,
): boolean {
  return (
    (a?.homeZone ?? '') !== (b?.homeZone ?? '') ||
    (a?.schedule === 'fsrs') !== (b?.schedule === 'fsrs') ||
    clampRetention(a?.retention) !== clampRetention(b?.retention) ||
    dayStartHourOf(a) !== dayStartHourOf(b)
  );
}

/**
 * The settings a device takes from the cloud profile when it first meets the account: each field
 * the profile holds with a usable value, the device's own otherwise.
 */
export function settingsWithProfile(base: UserSettings, cloud: ProfileRecord): UserSettings {
  const settings: UserSettings = {
    ...base,
    dailyGoal: cloud.dailyGoal ?? base.dailyGoal ?? DAILY_GOAL_DEFAULT,
    division: cloud.division ?? base.division,
    role: cloud.role ?? base.role,
    uiLang: isUiLang(cloud.uiLang) ? cloud.uiLang : base.uiLang,
    theme: isTheme(cloud.theme) ? cloud.theme : base.theme,
  };
  return { ...settings, ...foldSettingsOfProfile(cloud) };
}

/**
 * The schedule settings a cloud profile holds with usable values. A home zone this runtime does
 * not know is still taken (the day then counts as UTC here, see `dayInZone`), so a device never
 * replaces the learner's zone with its own.
 */
export function foldSettingsOfProfile(cloud: ProfileRecord): FoldSettings {
  const settings: FoldSettings = {};
  if (isHomeZoneName(cloud.homeZone)) settings.homeZone = cloud.homeZone;
  if (isSchedule(cloud.schedule)) settings.schedule = cloud.schedule;
  if (isRetention(cloud.retention)) settings.retention = cloud.retention;
  if (isDayStartHour(cloud.dayStartHour)) settings.dayStartHour = cloud.dayStartHour;
  return settings;
}
