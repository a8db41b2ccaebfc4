/**
 * The allowed values of every synced setting, stated once: the settings and profile forms, the
 * settings store, the checks of an import and of a cloud profile, the profile's field table
 * (synced-records.ts) and through it the REST test server read them, and a unit test holds
 * firestore.rules' `validProfile` to them.
 */

/**
 * The interface languages, one row each: the code settings and the profile store, the locale that
 * dates and numbers are written in, and the language's name in itself (as the settings list it).
 * Russian's and English's texts are the two halves of `src/i18n/messages/`; any other language's
 * are one file, `src/i18n/languages/<code>.ts`. English is complete and is the fallback.
 */
export const UI_LANGUAGES = [
  { code: 'ru', locale: 'ru-RU', name: 'Русский' },
  { code: 'en', locale: 'en-GB', name: 'English' },
] as const satisfies readonly { code: string; locale: string; name: string }[];

export type UiLang = (typeof UI_LANGUAGES)[number]['code'];
export const UI_LANGS: readonly UiLang[] = UI_LANGUAGES.map((language) => language.code);
export const DEFAULT_UI_LANG: UiLang = 'ru';

/**
 * What a cloud profile may hold as its interface language: any well-formed code (two or three
 * lower-case letters, as ISO 639's), so a new row above needs no change of firestore.rules; the
 * app reads a profile's language only when it is a row of the table (learner-settings.ts).
 */
export const UI_LANG_PATTERN = '^[a-z]{2,3}$';

export function isUiLang(value: unknown): value is UiLang {
  return UI_LANGS.includes(value as UiLang);
}

/** The locale a language writes dates and numbers in (`Intl`). */
export function localeOf(lang: UiLang): string {
  return UI_LANGUAGES.find((language) => language.code === lang)?.locale ?? lang;
}

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

export function isTheme(value: unknown): value is Theme {
  return THEMES.includes(value as Theme);
}

/** The schedule: the specification's intervals (the default) or FSRS. */
export const SCHEDULE_KINDS = ['standard', 'fsrs'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

/** Desired retention under FSRS: 0.80..0.95, 0.90 by default; settings offers these steps. */
export const RETENTION_MIN = 0.8;
export const RETENTION_MAX = 0.95;
export const RETENTION_DEFAULT = 0.9;
export const RETENTION_OPTIONS: readonly number[] = [0.8, 0.85, 0.9, 0.95];

/** Words a day: the profile holds a whole number 5..200; the settings screen offers four. */
export const DAILY_GOAL_DEFAULT = 10;
export const PROFILE_DAILY_GOAL_MIN = 5;
export const PROFILE_DAILY_GOAL_MAX = 200;
export const SETTINGS_DAILY_GOAL_OPTIONS = [5, 10, 15, 20] as const;

/**
 * A home time zone's name as the profile holds it: the characters of IANA names (`Europe/Riga`,
 * `America/Port-au-Prince`, `Etc/GMT+5`), at most 64 of them.
 */
export const HOME_ZONE_PATTERN = '^[A-Za-z0-9_+/-]+$';
export const HOME_ZONE_MAX = 64;

/**
 * The hour (0..23, home zone) a study day begins: answers before it belong to the day before, so a
 * watch that studies across midnight keeps one day (Anki's "next day starts at", 4 by default).
 */
export const DAY_START_HOUR_DEFAULT = 4;
export const DAY_START_HOUR_MIN = 0;
export const DAY_START_HOUR_MAX = 23;

/** What a synced setting may hold beyond its wire type: one of a list, a range, or a pattern. */
export type AllowedValues =
  | { readonly oneOf: readonly string[] }
  | { readonly range: readonly [min: number, max: number] }
  | { readonly pattern: string };

/** The allowed values of the synced settings, by profile field. */
export const SETTING_VALUES = {
  dailyGoal: { range: [PROFILE_DAILY_GOAL_MIN, PROFILE_DAILY_GOAL_MAX] },
  uiLang: { pattern: UI_LANG_PATTERN },
  theme: { oneOf: THEMES },
  homeZone: { pattern: HOME_ZONE_PATTERN },
  schedule: { oneOf: SCHEDULE_KINDS },
  retention: { range: [RETENTION_MIN, RETENTION_MAX] },
  dayStartHour: { range: [DAY_START_HOUR_MIN, DAY_START_HOUR_MAX] },
} as const satisfies Record<string, AllowedValues>;

const patterns = new Map<string, RegExp>();

/** Whether a value is among the allowed ones (a range's bounds included). */
export function isAllowed(allowed: AllowedValues, value: unknown): boolean {
  if ('oneOf' in allowed) return typeof value === 'string' && allowed.oneOf.includes(value);
  if ('range' in allowed) {
    const [min, max] = allowed.range;
    return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
  }
  if (typeof value !== 'string') return false;
  let pattern = patterns.get(allowed.pattern);
  if (!pattern) {
    pattern = new RegExp(allowed.pattern);
    patterns.set(allowed.pattern, pattern);
  }
  return pattern.test(value);
}
