/**
 * The catalogue's rules (SPEC §5, §6), pure: where a new word goes, which words of a list are
 * duplicates, where each row of an import goes and how a topic's roles change. What each
 * catalogue action changes is decided in catalog-edits.ts, from these rules.
 */
import { DEFAULT_DIVISION } from './constants';
import { normalizeRole, normalizeRoles, replaceRole, withRoles } from './roles';
import { topicId } from './topics';
import type { DivisionId, Topic, User, VocabItem } from './types';
import { findByName, sameName, type WordPair } from './validation';
import { rowToVocabItem } from './vocabulary';
import type { ImportFormat, ImportProblem, ImportRow } from './word-import';

/** The topic a word gets when none is given (SPEC §5). */
export const CUSTOM_TOPIC = 'custom';

export type CatalogErrorCode =
  | 'division-name-empty'
  | 'topic-name-empty'
  | 'role-name-empty'
  | 'word-sides-required'
  /** Longer than the cloud's rules allow (CATALOGUE_NAME_MAX, CATALOGUE_TEXT_MAX). */
  | 'name-too-long'
  | 'word-too-long'
  /** Renaming onto the name of another record of the same kind (and division). */
  | 'name-taken'
  /** 'all' means every role; it is never a role of its own. */
  | 'role-name-reserved'
  /** An edit would make the word a copy of another word of its topic. */
  | 'duplicate-word'
  /** A bulk import of more rows than BULK_IMPORT_MAX_ROWS. */
  | 'import-too-large'
  | 'forbidden'
  | 'not-found';

/** The errors a form shows next to its input; the others are alerts (toasts). */
export const INPUT_ERRORS: readonly CatalogErrorCode[] = [
  'division-name-empty',
  'topic-name-empty',
  'role-name-empty',
  'word-sides-required',
  'name-too-long',
  'word-too-long',
  'name-taken',
  'role-name-reserved',
  'duplicate-word',
  'import-too-large',
];

/** `created` is false when an existing record was reused or nothing had to change. */
export type CatalogResult<T> =
  | { ok: true; value: T; created: boolean }
  | { ok: false; code: CatalogErrorCode };

export interface WordInput {
  langA: string;
  langB: string;
  /** Topic name; empty means 'custom'. */
  topic?: string;
  /** Role codes; none means the roles of the topic. */
  roles?: readonly string[];
  /** Where a topic that does not exist yet is created; default: the user's division, else deck. */
  division?: DivisionId;
}

export interface WordPatch {
  langA: string;
  langB: string;
  topic?: string;
  /** Role codes; an empty list means everyone. */
  roles?: readonly string[];
}

export interface BulkImportOutcome {
  format: ImportFormat;
  added: number;
  /**
   * Entries already there: in their topic before, or earlier in the same import (silently
   * ignored, like a single add; the result says how many).
   */
  duplicates: number;
  /** `ru=en` text only: the lines that were not imported, as typed, to be fixed. */
  skipped: string[];
  /** Every row not imported: its line (or JSON position) and the reason. */
  problems: ImportProblem[];
}

/** Makes ids for new records (`newId` in the app, a counter in tests). */
export type IdSource = () => string;

/** The id of a new topic: `division::name` like derived topics, unless that id is taken. */
export function freeTopicId(
  topics: readonly Pick<Topic, 'id'>[],
  division: DivisionId,
  name: string,
  newId: IdSource,
): string {
  const id = topicId(division, name);
  return topics.some((topic) => topic.id === id) ? newId() : id;
}

/** A topic made by a user (an admin's topic, or the topic a word names that did not exist). */
export function userTopic(
  fields: Pick<Topic, 'id' | 'name' | 'division'>,
  createdBy: string,
  roles: readonly string[] = [],
): Topic {
  return withRoles<Topic>({ ...fields, source: 'user', createdBy }, normalizeRoles(roles));
}

/**
 * The topic a word goes to: the topic of that name (ignoring case) in the wanted division, else
 * in the user's division, else anywhere; undefined when no topic has that name.
 */
export function findTopicFor(
  topics: readonly Topic[],
  name: string,
  preferred: readonly (DivisionId | undefined)[],
): Topic | undefined {
  const named = topics.filter((topic) => sameName(topic.name, name));
  for (const division of preferred) {
    const hit = division && named.find((topic) => topic.division === division);
    if (hit) return hit;
  }
  return named[0];
}

export interface Destination {
  topic: Topic;
  /** The topic is new and must be written with the words. */
  isNew: boolean;
}

/** Where words being added go (SPEC §5 word defaults): an existing topic, or a new one. */
export function destinationFor(
  topics: readonly Topic[],
  user: User,
  input: Pick<WordInput, 'topic' | 'roles' | 'division'>,
  newId: IdSource,
): Destination {
  const name = input.topic?.trim() || CUSTOM_TOPIC;
  const existing = findTopicFor(topics, name, [input.division, user.settings.division]);
  if (existing) return { topic: existing, isNew: false };
  const division = input.division || user.settings.division || DEFAULT_DIVISION;
  const id = freeTopicId(topics, division, name, newId);
  return { topic: userTopic({ id, name, division }, user.id, input.roles), isNew: true };
}

/** Two words are the same when topic, Russian and English match, ignoring case and spaces. */
const wordKey = (word: WordPair & { topic: string }) =>
  [word.topic, word.langA, word.langB].map((s) => s.trim().toLocaleLowerCase()).join('\n');

/**
 * The words to add to a topic that already holds `known`: each pair becomes a new word with the
 * given roles (else the topic's), unless the topic or an earlier pair of the list already has it.
 * Linear in the size of both lists.
 */
export function wordsToAdd(
  destination: Destination,
  known: readonly VocabItem[],
  pairs: readonly WordPair[],
  input: Pick<WordInput, 'roles'> & { createdBy: string },
  newId: IdSource,
): { added: VocabItem[]; duplicates: VocabItem[] } {
  const { topic } = destination;
  const given = normalizeRoles(input.roles);
  const roles = given.length > 0 ? given : normalizeRoles(topic.roles);
  const seen = new Map<string, VocabItem>();
  for (const item of known) if (!seen.has(wordKey(item))) seen.set(wordKey(item), item);
  const added: VocabItem[] = [];
  const duplicates: VocabItem[] = [];
  for (const pair of pairs) {
    const key = wordKey({ ...pair, topic: topic.name });
    const twin = seen.get(key);
    if (twin) {
      duplicates.push(twin);
      continue;
    }
    const item = withRoles<VocabItem>(
      {
        id: newId(),
        langA: pair.langA,
        langB: pair.langB,
        topic: topic.name,
        division: topic.division,
        source: 'user',
        createdBy: input.createdBy,
      },
      roles,
    );
    seen.set(key, item);
    added.push(item);
  }
  return { added, duplicates };
}

export interface ImportPlan {
  /** Topics to create with the words (only those that receive a word). */
  topics: Topic[];
  items: VocabItem[];
  problems: ImportProblem[];
}

/**
 * Where each imported row goes: its own topic (in its own division, or the form's) when the
 * file names one, else the destination chosen in the form; topics missing so far are planned,
 * not written. A row naming a division that does not exist is reported, not guessed.
 */
export function planImport(
  rows: readonly ImportRow[],
  fallback: Destination,
  input: Pick<WordInput, 'roles'> & { createdBy: string },
  catalogue: { topics: readonly Topic[]; divisions: ReadonlySet<string> },
  newId: IdSource,
): ImportPlan {
  const formRoles = normalizeRoles(input.roles);
  const fresh: Topic[] = fallback.isNew ? [fallback.topic] : [];
  // Topics by division and lower-cased name, so each row finds its topic in constant time.
  const byName = new Map<string, Topic>();
  const nameKey = (division: string, name: string) =>
    `${division}\n${name.trim().toLocaleLowerCase()}`;
  for (const topic of [...catalogue.topics, ...fresh]) {
    const key = nameKey(topic.division, topic.name);
    if (!byName.has(key)) byName.set(key, topic);
  }
  const ids = new Set([...catalogue.topics, ...fresh].map((t) => t.id));
  const topicFor = (division: string, name: string): Topic => {
    const hit = byName.get(nameKey(division, name));
    if (hit) return hit;
    const id = topicId(division, name);
    const topic = userTopic({ id: ids.has(id) ? newId() : id, name, division }, input.createdBy);
    ids.add(topic.id);
    byName.set(nameKey(division, name), topic);
    fresh.push(topic);
    return topic;
  };
  const problems: ImportProblem[] = [];
  const items: VocabItem[] = [];
  for (const row of rows) {
    let topic = fallback.topic;
    if (row.topic?.trim() || row.division?.trim()) {
      const division = row.division?.trim() || fallback.topic.division;
      if (!catalogue.divisions.has(division)) {
        problems.push({ line: row.line, reason: 'unknown-division', field: division });
        continue;
      }
      topic = topicFor(division, row.topic?.trim() || fallback.topic.name);
    }
    const own = normalizeRoles(row.roles);
    const roles =
      own.length > 0 ? own : formRoles.length > 0 ? formRoles : normalizeRoles(topic.roles);
    const item = rowToVocabItem(
      { ...row, id: newId(), topic: topic.name, division: topic.division },
      'user',
    );
    items.push(withRoles<VocabItem>({ ...item, createdBy: input.createdBy }, roles));
  }
  const used = new Set(items.map((item) => `${item.division}\n${item.topic}`));
  return {
    topics: fresh.filter((t) => used.has(`${t.division}\n${t.name}`)),
    items,
    problems,
  };
}

/**
 * An admin adds a topic whose name (ignoring case) the division already has: the existing topic
 * is reused with the union of both role lists; null when that changes nothing.
 */
export function mergedTopicRoles(existing: Topic, wanted: readonly string[]): Topic | null {
  const merged = normalizeRoles([...(existing.roles ?? []), ...wanted]);
  if (merged.length === (existing.roles?.length ?? 0)) return null;
  return withRoles(existing, merged);
}

/** A topic assigned to a role (or detached from it); null when it already is (or is not). */
export function topicWithRole(topic: Topic, code: string, assigned: boolean): Topic | null {
  const has = (topic.roles ?? []).some((r) => normalizeRole(r) === code);
  if (has === assigned) return null;
  const roles = assigned
    ? normalizeRoles([...(topic.roles ?? []), code])
    : replaceRole(topic.roles, code);
  return withRoles(topic, roles);
}

/**
 * Whether another record of the list (not `id`) already has the name, ignoring case; `namesOf`
 * gives every name a record goes by (a built-in division: its id and its labels).
 */
export function nameTaken<R extends { id: string; name: string }>(
  records: readonly R[],
  id: string,
  name: string,
  namesOf: (record: R) => readonly string[] = (record) => [record.name],
): boolean {
  return records.some(
    (record) => record.id !== id && namesOf(record).some((other) => sameName(other, name)),
  );
}

/** The topic an edited word moves to: an existing topic of its division, or a new name. */
export function editTarget(
  item: VocabItem,
  topics: readonly Topic[],
  wanted: string | undefined,
): { name: string; existing: Topic | undefined; moving: boolean } {
  const name = wanted?.trim() ?? '';
  if (name === '' || sameName(name, item.topic)) {
    return { name: item.topic, existing: undefined, moving: false };
  }
  const existing = findByName(
    topics.filter((t) => t.division === item.division),
    name,
  );
  return { name: existing?.name ?? name, existing, moving: true };
}
