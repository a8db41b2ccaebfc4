/**
 * The records that go to the cloud, each defined ONCE as a field table: the wire conversions
 * (sync/history-wire.ts, sync/firestore-remote.ts) are derived from these tables, and a unit test
 * reads firestore.rules and fails when its field whitelists and types differ from them. Adding a
 * field means: the table, the rule or fold that uses it, and tests.
 */
import type { HistoryEntry } from './history';
import { type AllowedValues, HOME_ZONE_MAX, SETTING_VALUES } from './settings-schema';

/** A Firestore value type, named as the rules language names it. */
export type WireType = 'string' | 'int' | 'number' | 'bool' | 'map' | 'list' | 'timestamp';

export interface WireField {
  /** The document's field name. */
  wire: string;
  type: WireType;
  required: boolean;
  /** Longest string, or most list items, the rules allow. */
  max?: number;
  /** The values a synced setting may hold (settings-schema.ts), as the rules check them. */
  allowed?: AllowedValues;
}

/** Document ids the rules accept where the app chooses them (users, batches). */
export const DOCUMENT_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
/** How far ahead of the server's clock a client's time may be (the rules refuse more). */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * One history entry inside a batch document (`entries[]`), keyed by the domain's field name.
 * `userId` (the document path's), `receivedAt` (the batch's `syncedAt`) and `sentAt` (the batch's
 * `now`) are not stored.
 */
export const ENTRY_FIELDS = {
  id: { wire: 'i', type: 'string', required: true },
  vocabId: { wire: 'v', type: 'string', required: true },
  kind: { wire: 'k', type: 'string', required: true },
  correct: { wire: 'c', type: 'bool', required: false },
  mode: { wire: 'm', type: 'string', required: false },
  hlc: { wire: 'h', type: 'int', required: true },
  wall: { wire: 'w', type: 'int', required: true },
  device: { wire: 'd', type: 'string', required: true },
  snapshot: { wire: 's', type: 'map', required: false },
  /** A later version's fields, passed on unread (domain/history.ts, KIND_PATTERN). */
  x: { wire: 'x', type: 'map', required: false },
} as const satisfies Record<
  Exclude<keyof HistoryEntry, 'userId' | 'receivedAt' | 'sentAt'>,
  WireField
>;

/**
 * The profile document `users/{uid}`: what a client may write (never `isAdmin`, which only the
 * Admin SDK sets and clients only read).
 */
export const PROFILE_FIELDS = {
  email: { wire: 'email', type: 'string', required: false, max: 254 },
  /**
   * The account's e-mail is verified (written only when its token says so, with its own address):
   * how an admin finds the one account an officer's grant may go to.
   */
  emailVerified: { wire: 'emailVerified', type: 'bool', required: false },
  fullName: { wire: 'fullName', type: 'string', required: false, max: 200 },
  /** Epoch ms; never ahead of the server's clock by more than CLOCK_SKEW_MS. */
  createdAt: { wire: 'createdAt', type: 'number', required: false },
  division: { wire: 'division', type: 'string', required: false, max: 128 },
  role: { wire: 'role', type: 'string', required: false, max: 64 },
  dailyGoal: { wire: 'dailyGoal', type: 'int', required: false, allowed: SETTING_VALUES.dailyGoal },
  uiLang: { wire: 'uiLang', type: 'string', required: false, allowed: SETTING_VALUES.uiLang },
  theme: { wire: 'theme', type: 'string', required: false, allowed: SETTING_VALUES.theme },
  /** The learner's home time zone (an IANA name): the day of the schedule. */
  homeZone: {
    wire: 'homeZone',
    type: 'string',
    required: false,
    max: HOME_ZONE_MAX,
    allowed: SETTING_VALUES.homeZone,
  },
  schedule: { wire: 'schedule', type: 'string', required: false, allowed: SETTING_VALUES.schedule },
  /** FSRS's desired retention. */
  retention: {
    wire: 'retention',
    type: 'number',
    required: false,
    allowed: SETTING_VALUES.retention,
  },
  /** The hour (0..23, home zone) the learner's study day begins. */
  dayStartHour: {
    wire: 'dayStartHour',
    type: 'int',
    required: false,
    allowed: SETTING_VALUES.dayStartHour,
  },
} as const satisfies Record<string, WireField>;

export type ProfileField = keyof typeof PROFILE_FIELDS;

/** The TypeScript type of a wire type. */
export type WireValue<T extends WireType> = T extends 'string'
  ? string
  : T extends 'int' | 'number'
    ? number
    : T extends 'bool'
      ? boolean
      : T extends 'list'
        ? unknown[]
        : object;

/** The profile fields as a record type, derived from the table. */
export type ProfileRecord = {
  [K in ProfileField]?: WireValue<(typeof PROFILE_FIELDS)[K]['type']>;
};
export type EntryField = keyof typeof ENTRY_FIELDS;

/** The profile fields of a user, as the cloud's profile document holds them. */
export function profileRecordOf(user: {
  email: string;
  fullName: string;
  createdAt: number;
  settings: Pick<
    ProfileRecord,
    | 'division'
    | 'role'
    | 'dailyGoal'
    | 'uiLang'
    | 'theme'
    | 'homeZone'
    | 'schedule'
    | 'retention'
    | 'dayStartHour'
  >;
}): ProfileRecord {
  const { division, role, dailyGoal, uiLang, theme, homeZone, schedule, retention, dayStartHour } =
    user.settings;
  return {
    email: user.email,
    fullName: user.fullName,
    createdAt: user.createdAt,
    division,
    role,
    dailyGoal,
    uiLang,
    theme,
    homeZone,
    schedule,
    retention,
    dayStartHour,
  };
}

/**
 * The part of a profile to write: the fields changed here (`fields`), or every field when that is
 * not known (a change recorded by an older version). A merge-write of only these leaves what other
 * devices set in the other fields as it is.
 */
export function profilePatch(
  record: ProfileRecord,
  fields: readonly ProfileField[] | undefined,
): ProfileRecord {
  if (fields === undefined) return record;
  const patch: Record<string, unknown> = {};
  for (const field of fields) {
    if (field in record) patch[field] = record[field];
  }
  return patch as ProfileRecord;
}

/** The profile fields among the keys of a settings change (the others never go to the cloud). */
export function profileFieldsOf(keys: Iterable<string>): ProfileField[] {
  return [...keys].filter((key): key is ProfileField => Object.hasOwn(PROFILE_FIELDS, key));
}

/** Whether a value has a wire type (`int` is a whole number; `number` any finite number). */
export function hasWireType(value: unknown, type: WireType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'int':
      return Number.isSafeInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'bool':
      return typeof value === 'boolean';
    case 'map':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'list':
      return Array.isArray(value);
    case 'timestamp':
      return typeof value === 'object' && value !== null;
  }
}
