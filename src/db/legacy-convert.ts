/** Pure record conversions used by the schema migrations: a record in an older version's shape in, the next shape out. */
import { DEFAULT_DIVISION, DEFAULT_TOPIC } from '@/domain/constants';
import { normalizeRoles } from '@/domain/roles';

/** A record read from a store during an upgrade: its shape is whatever an older version wrote. */
export type LegacyRecord = Record<string, unknown>;

const USER_WORD_TIMESTAMPS = ['lastSeenAt', 'nextReviewAt', 'updatedAt'] as const;

/** An ISO-8601 string, a Date or a finite number as epoch ms; anything else (or an unparsable string) is undefined. */
export function toEpochMs(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (value instanceof Date) {
    const ms = value.getTime();
    return Number.isNaN(ms) ? undefined : ms;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** v1 -> v2 vocab: missing division -> deck, missing topic -> General, roles normalised. */
export function convertVocabV2(record: LegacyRecord): LegacyRecord {
  const next: LegacyRecord = { ...record };
  if (!isNonEmptyString(next.division)) next.division = DEFAULT_DIVISION;
  if (!isNonEmptyString(next.topic)) next.topic = DEFAULT_TOPIC;
  const roles = next.roles;
  if (Array.isArray(roles)) {
    next.roles = normalizeRoles(roles.filter((r): r is string => typeof r === 'string'));
  } else if (typeof roles === 'string') {
    next.roles = normalizeRoles(roles.split(','));
  } else {
    delete next.roles;
  }
  return next;
}

/**
 * v3 -> v4 user word timestamps: ISO strings -> epoch ms. An invalid or missing lastSeenAt or
 * nextReviewAt is removed; an invalid or missing updatedAt becomes 0.
 */
export function convertUserWordTimestampsV4(record: LegacyRecord): LegacyRecord {
  const next: LegacyRecord = { ...record };
  for (const field of USER_WORD_TIMESTAMPS) {
    const ms = toEpochMs(next[field]);
    if (ms !== undefined) next[field] = ms;
    else if (field === 'updatedAt') next[field] = 0;
    else delete next[field];
  }
  return next;
}

/** v3 -> v4 sync queue entry: createdAt -> epoch ms (invalid -> 0) and the payload's timestamps likewise. */
export function convertQueueEntryV4(record: LegacyRecord): LegacyRecord {
  const next: LegacyRecord = { ...record, createdAt: toEpochMs(record.createdAt) ?? 0 };
  const payload = record.payload;
  if (payload !== null && typeof payload === 'object' && !Array.isArray(payload)) {
    next.payload = convertUserWordTimestampsV4(payload as LegacyRecord);
  }
  return next;
}

/** v4 -> v5 user word flags: deleted boolean -> 0/1 (missing -> 0), hidden boolean -> 0/1 when present. */
export function convertUserWordFlagsV5(record: LegacyRecord): LegacyRecord {
  const next: LegacyRecord = { ...record };
  next.deleted = record.deleted === true || record.deleted === 1 ? 1 : 0;
  const hidden = record.hidden;
  if (hidden === true || hidden === 1) next.hidden = 1;
  else if (hidden === false || hidden === 0) next.hidden = 0;
  else delete next.hidden;
  return next;
}
