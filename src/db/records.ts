/** Conversions between domain records and their stored form, shared by seeding and the repositories. */
import { DEFAULT_DIVISION, DEFAULT_TOPIC } from '@/domain/constants';
import { effectiveTime, type HistoryEntry } from '@/domain/history';
import { normalizeRoles } from '@/domain/roles';
import type { Topic, UserWord, VocabItem } from '@/domain/types';
import type { StoredHistoryEntry, StoredUserWord } from './schema';

/** Drops properties whose value is undefined, so stored records hold only real fields. */
function withoutUndefined<T extends object>(record: T): T {
  const copy = { ...record } as Record<string, unknown>;
  for (const key of Object.keys(copy)) {
    if (copy[key] === undefined) delete copy[key];
  }
  return copy as T;
}

/** A vocab item as stored: roles normalised (when present), empty topic -> General, empty division -> deck. */
export function toStoredVocab(item: VocabItem): VocabItem {
  const stored: VocabItem = withoutUndefined({
    ...item,
    topic: item.topic || DEFAULT_TOPIC,
    division: item.division || DEFAULT_DIVISION,
  });
  if (item.roles !== undefined) stored.roles = normalizeRoles(item.roles);
  return stored;
}

/** A topic as stored: roles normalised when present. */
export function toStoredTopic(topic: Topic): Topic {
  const stored = withoutUndefined(topic);
  if (topic.roles !== undefined) stored.roles = normalizeRoles(topic.roles);
  return stored;
}

/** Domain user word -> stored record (`deleted` always 0/1, `hidden` 0/1 when present). */
export function toStoredUserWord(word: UserWord): StoredUserWord {
  const { deleted, hidden, ...rest } = word;
  const stored: StoredUserWord = { ...withoutUndefined(rest), deleted: deleted ? 1 : 0 };
  if (hidden !== undefined) stored.hidden = hidden ? 1 : 0;
  return stored;
}

/** Stored record -> domain user word (`deleted` always a boolean, `hidden` a boolean when present). */
export function fromStoredUserWord(stored: StoredUserWord): UserWord {
  const { deleted, hidden, ...rest } = stored;
  const word: UserWord = { ...rest, deleted: Boolean(deleted) };
  if (hidden !== undefined) word.hidden = Boolean(hidden);
  return word;
}

/** History entry -> stored record: `sent` 0/1, its effective time `t`, batch and origin if any. */
export function toStoredEntry(
  entry: HistoryEntry,
  sent: boolean,
  batch?: string,
  origin?: StoredHistoryEntry['origin'],
): StoredHistoryEntry {
  const stored: StoredHistoryEntry = { ...entry, sent: sent ? 1 : 0, t: effectiveTime(entry) };
  if (batch !== undefined) stored.batch = batch;
  if (origin !== undefined) stored.origin = origin;
  return stored;
}
