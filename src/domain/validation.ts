/** Input rules of SPEC §5: sizes, daily goals, names, registration, words and JSON import. */
import {
  CATALOGUE_NAME_MAX,
  CATALOGUE_TEXT_MAX,
  REGISTRATION_DAILY_GOAL_MAX,
  REGISTRATION_DAILY_GOAL_MIN,
  SESSION_SIZE_DEFAULT,
  SESSION_SIZE_MAX,
  SESSION_SIZE_MIN,
  SESSION_SIZE_STEP,
} from './constants';
import { isDayStartHour, isKnownHomeZone, isRetention, isSchedule } from './learner-settings';
import {
  DAILY_GOAL_DEFAULT,
  isAllowed,
  isTheme,
  isUiLang,
  PROFILE_DAILY_GOAL_MAX,
  PROFILE_DAILY_GOAL_MIN,
  SETTING_VALUES,
  SETTINGS_DAILY_GOAL_OPTIONS,
} from './settings-schema';
import { PROFILE_FIELDS } from './synced-records';
import type { UserSettings } from './types';

/** Either the cleaned value or a code with the specification's message. */
export type Validated<T> =
  | { ok: true; value: T }
  | { ok: false; code: ValidationCode; message: string };

export type ValidationCode =
  | 'credentials-required'
  | 'passwords-differ'
  | 'division-name-empty'
  | 'topic-name-empty'
  | 'role-name-empty'
  | 'word-sides-required'
  | 'name-too-long'
  | 'word-too-long'
  | 'invalid-json';

/** The specification's texts, verbatim (U+2011 in "e‑mail" included). */
export const VALIDATION_MESSAGES: Readonly<Record<ValidationCode, string>> = {
  'credentials-required': 'Введите e\u2011mail и пароль',
  'passwords-differ': 'Пароли не совпадают',
  'division-name-empty': 'Division name cannot be empty',
  'topic-name-empty': 'Topic name cannot be empty',
  'role-name-empty': 'Role name cannot be empty',
  'word-sides-required': 'Both the Russian and the English side are required',
  'name-too-long': `A name has at most ${CATALOGUE_NAME_MAX} characters`,
  'word-too-long': `Each side has at most ${CATALOGUE_TEXT_MAX} characters`,
  'invalid-json': 'Invalid JSON',
};

const fail = <T>(code: ValidationCode): Validated<T> => ({
  ok: false,
  code,
  message: VALIDATION_MESSAGES[code],
});

// Session size

/** Rounds to the step of 5 and clamps to 5..20; anything that is not a number gives 10. */
export function clampSessionSize(size: number): number {
  if (!Number.isFinite(size)) return SESSION_SIZE_DEFAULT;
  const stepped = Math.round(size / SESSION_SIZE_STEP) * SESSION_SIZE_STEP;
  return Math.min(SESSION_SIZE_MAX, Math.max(SESSION_SIZE_MIN, stepped));
}

/** One press of the stepper: +5 or -5, clamped. */
export function stepSessionSize(size: number, direction: 1 | -1): number {
  return clampSessionSize(clampSessionSize(size) + direction * SESSION_SIZE_STEP);
}

// Daily goal

export interface DailyGoalBounds {
  min: number;
  max: number;
  default: number;
}

export const REGISTRATION_DAILY_GOAL: DailyGoalBounds = {
  min: REGISTRATION_DAILY_GOAL_MIN,
  max: REGISTRATION_DAILY_GOAL_MAX,
  default: DAILY_GOAL_DEFAULT,
};

export const PROFILE_DAILY_GOAL: DailyGoalBounds = {
  min: PROFILE_DAILY_GOAL_MIN,
  max: PROFILE_DAILY_GOAL_MAX,
  default: DAILY_GOAL_DEFAULT,
};

export { SETTINGS_DAILY_GOAL_OPTIONS };

/** A whole number within the bounds; anything that is not a number gives the default. */
export function clampDailyGoal(value: number, bounds: DailyGoalBounds): number {
  if (!Number.isFinite(value)) return bounds.default;
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(value)));
}

/** The settings screen offers only 5, 10, 15 and 20. */
export function isSettingsDailyGoal(value: number): boolean {
  return (SETTINGS_DAILY_GOAL_OPTIONS as readonly number[]).includes(value);
}

// Names

function validateName(name: string, code: ValidationCode): Validated<string> {
  const value = name.trim();
  if (value === '') return fail(code);
  return value.length > CATALOGUE_NAME_MAX ? fail('name-too-long') : { ok: true, value };
}

export const validateDivisionName = (name: string) => validateName(name, 'division-name-empty');
export const validateTopicName = (name: string) => validateName(name, 'topic-name-empty');
export const validateRoleName = (name: string) => validateName(name, 'role-name-empty');

/** Names compare trimmed and case-insensitively. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/** The existing record with the same name (ignoring case), which an add returns instead of a duplicate. */
export function findByName<T extends { name: string }>(
  items: readonly T[],
  name: string,
): T | undefined {
  return items.find((item) => sameName(item.name, name));
}

// Accounts

export function normalizeEmail(email: string): string {
  return email.trim();
}

export function validateLogin(input: { email: string; password: string }): Validated<{
  email: string;
  password: string;
}> {
  const email = normalizeEmail(input.email);
  if (email === '' || input.password === '') return fail('credentials-required');
  return { ok: true, value: { email, password: input.password } };
}

export function validateRegistration(input: {
  email: string;
  password: string;
  repeatPassword: string;
}): Validated<{ email: string; password: string }> {
  const login = validateLogin(input);
  if (!login.ok) return login;
  if (input.password !== input.repeatPassword) return fail('passwords-differ');
  return login;
}

// Words

export interface WordPair {
  langA: string;
  langB: string;
}

/** Both sides are required and trimmed. */
export function validateWordPair(input: WordPair): Validated<WordPair> {
  const langA = input.langA.trim();
  const langB = input.langB.trim();
  if (langA === '' || langB === '') return fail('word-sides-required');
  if (langA.length > CATALOGUE_TEXT_MAX || langB.length > CATALOGUE_TEXT_MAX) {
    return fail('word-too-long');
  }
  return { ok: true, value: { langA, langB } };
}

/** Same topic and the same sides, ignoring case: such an added word is silently ignored. */
export function isDuplicateWord(
  a: WordPair & { topic: string },
  b: WordPair & { topic: string },
): boolean {
  return sameName(a.topic, b.topic) && sameName(a.langA, b.langA) && sameName(a.langB, b.langB);
}

// Settings export and import

export interface ExportData<U = unknown> {
  user: U;
  /** Word states; each record is checked against the wire contract when it is merged. */
  userWords: unknown[];
  /** Answer-history entries (exports of older versions have none); checked when merged. */
  history?: unknown[];
}

/**
 * Parses pasted export JSON `{ user, userWords, history? }`. Anything that is not JSON of that
 * shape is 'Invalid JSON' and nothing is imported. The records inside are checked one by one
 * when they are merged: one that fails is kept aside (the dead letters) and the rest import.
 */
/** What an import may change of the signed-in user: never the id, e-mail, password or admin flag. */
export interface ImportedUser {
  fullName?: string;
  settings: Partial<
    Pick<
      UserSettings,
      | 'dailyGoal'
      | 'division'
      | 'role'
      | 'uiLang'
      | 'theme'
      | 'homeZone'
      | 'schedule'
      | 'retention'
      | 'dayStartHour'
    >
  >;
}

/**
 * The user part of an export, checked as the profile and settings check them (a name of at most
 * 200 characters, a whole daily goal 5..200, a known language and theme, short division and role,
 * a time zone this runtime knows, a known schedule, a retention 0.80..0.95, a first hour 0..23); null when a field
 * present is not valid, so the import is refused whole.
 */
export function importedUser(user: unknown): ImportedUser | null {
  const data = (typeof user === 'object' && user !== null ? user : {}) as Record<string, unknown>;
  const given = (data.settings ?? {}) as Record<string, unknown>;
  const settings = (typeof given === 'object' && given !== null ? given : {}) as Record<
    string,
    unknown
  >;
  const result: ImportedUser = { settings: {} };
  if (data.fullName !== undefined) {
    if (
      typeof data.fullName !== 'string' ||
      data.fullName.trim().length > PROFILE_FIELDS.fullName.max
    ) {
      return null;
    }
    result.fullName = data.fullName.trim();
  }
  const { dailyGoal, division, role, uiLang, theme } = settings;
  if (dailyGoal !== undefined) {
    if (!Number.isInteger(dailyGoal) || !isAllowed(SETTING_VALUES.dailyGoal, dailyGoal)) {
      return null;
    }
    result.settings.dailyGoal = dailyGoal as number;
  }
  for (const [name, value, max] of [
    ['division', division, PROFILE_FIELDS.division.max],
    ['role', role, PROFILE_FIELDS.role.max],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '' || value.length > max) return null;
    result.settings[name] = value.trim();
  }
  if (uiLang !== undefined) {
    if (!isUiLang(uiLang)) return null;
    result.settings.uiLang = uiLang;
  }
  if (theme !== undefined) {
    if (!isTheme(theme)) return null;
    result.settings.theme = theme;
  }
  const { homeZone, schedule, retention } = settings;
  if (homeZone !== undefined) {
    if (!isKnownHomeZone(homeZone)) return null;
    result.settings.homeZone = homeZone;
  }
  if (schedule !== undefined) {
    if (!isSchedule(schedule)) return null;
    result.settings.schedule = schedule;
  }
  if (retention !== undefined) {
    if (!isRetention(retention)) return null;
    result.settings.retention = retention;
  }
  const { dayStartHour } = settings;
  if (dayStartHour !== undefined) {
    if (!isDayStartHour(dayStartHour)) return null;
    result.settings.dayStartHour = dayStartHour;
  }
  return result;
}

export function parseExportJson(text: string): Validated<ExportData> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return fail('invalid-json');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail('invalid-json');
  const { user, userWords, history } = data as Record<string, unknown>;
  if (typeof user !== 'object' || user === null) return fail('invalid-json');
  if (!Array.isArray(userWords)) return fail('invalid-json');
  if (history !== undefined && !Array.isArray(history)) return fail('invalid-json');
  return { ok: true, value: history ? { user, userWords, history } : { user, userWords } };
}
