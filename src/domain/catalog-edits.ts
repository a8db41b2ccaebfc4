/**
 * What each catalogue action changes (SPEC §5, §6), pure: one rule per action takes the records
 * the action's transaction read and returns its result with the records to write and the ids to
 * delete (a `CatalogEdit`); `db/catalog-edits.ts` applies them in that same transaction and the
 * store patches its lists with them. Where words go and what counts as a duplicate are
 * catalog.ts's rules.
 */
import {
  type BulkImportOutcome,
  type CatalogErrorCode,
  type CatalogResult,
  type Destination,
  destinationFor,
  editTarget,
  freeTopicId,
  type IdSource,
  type ImportPlan,
  mergedTopicRoles,
  nameTaken,
  planImport,
  topicWithRole,
  userTopic,
  type WordInput,
  type WordPatch,
  wordsToAdd,
} from './catalog';
import { BULK_IMPORT_MAX_ROWS } from './constants';
import { canEditWord } from './permissions';
import {
  KNOWN_ROLES,
  normalizeRole,
  normalizeRoles,
  replaceRole,
  roleLabel,
  withRoles,
} from './roles';
import type { Division, DivisionId, Role, Topic, User, VocabItem } from './types';
import {
  findByName,
  isDuplicateWord,
  sameName,
  validateWordPair,
  type WordPair,
} from './validation';
import { type ImportFormat, type ImportProblem, parseWordImport } from './word-import';

// What an action changes

/** The records of one kind an action wrote, and the ids it deleted. */
export interface KindChanges<T> {
  put: T[];
  deleted: string[];
}

/** What one catalogue action changed, per kind (named like MarineDB's tables). */
export interface CatalogChanges {
  divisions: KindChanges<Division>;
  roles: KindChanges<Role>;
  topics: KindChanges<Topic>;
  vocab: KindChanges<VocabItem>;
}

export type CatalogKind = keyof CatalogChanges;

/** Parents before children: the order in which changes are written and queued for the cloud. */
export const CATALOG_KINDS: readonly CatalogKind[] = ['divisions', 'roles', 'topics', 'vocab'];

/** Changes given by kind; kinds and lists left out changed nothing. */
export type ChangesOf = { [K in CatalogKind]?: Partial<CatalogChanges[K]> };

export function catalogChanges(given: ChangesOf = {}): CatalogChanges {
  const kind = <T>(changes?: Partial<KindChanges<T>>): KindChanges<T> => ({
    put: [...(changes?.put ?? [])],
    deleted: [...(changes?.deleted ?? [])],
  });
  return {
    divisions: kind(given.divisions),
    roles: kind(given.roles),
    topics: kind(given.topics),
    vocab: kind(given.vocab),
  };
}

export function hasChanges(changes: CatalogChanges): boolean {
  return CATALOG_KINDS.some((kind) => changes[kind].put.length + changes[kind].deleted.length > 0);
}

/** An action's result and the changes that make it (none when it refused or had nothing to do). */
export interface CatalogEdit<T> {
  result: CatalogResult<T>;
  changes: CatalogChanges;
}

export const succeeded = <T>(value: T, created: boolean, changes?: ChangesOf): CatalogEdit<T> => ({
  result: { ok: true, value, created },
  changes: catalogChanges(changes),
});

export const refused = <T>(code: CatalogErrorCode): CatalogEdit<T> => ({
  result: { ok: false, code },
  changes: catalogChanges(),
});

/** Every name a record goes by (a built-in division: its labels too), as the caller knows them. */
export type NamesOf<R> = (record: R) => readonly string[];

// Divisions

/** An admin adds a division: the one already known by that name (any of its names), else a new one. */
export function divisionAdded(
  divisions: readonly Division[],
  name: string,
  namesOf: NamesOf<Division>,
  newId: IdSource,
): CatalogEdit<Division> {
  const existing = divisions.find((division) => namesOf(division).some((n) => sameName(n, name)));
  if (existing) return succeeded(existing, false);
  const division: Division = { id: newId(), name };
  return succeeded(division, true, { divisions: { put: [division] } });
}

export function divisionRenamed(
  divisions: readonly Division[],
  id: DivisionId,
  name: string,
  namesOf: NamesOf<Division>,
): CatalogEdit<Division> {
  const division = divisions.find((d) => d.id === id);
  if (!division) return refused('not-found');
  if (sameName(division.name, name)) return succeeded(division, false);
  if (nameTaken(divisions, id, name, namesOf)) return refused('name-taken');
  const renamed: Division = { ...division, name };
  return succeeded(renamed, true, { divisions: { put: [renamed] } });
}

/**
 * A division goes with its roles, topics and words (`wordIds`: the words of the division). The
 * cascade runs even when the division record is already gone, so orphans are cleaned up.
 */
export function divisionDeleted(
  id: DivisionId,
  roles: readonly Role[],
  topics: readonly Topic[],
  wordIds: readonly string[],
): CatalogEdit<DivisionId> {
  const ofDivision = (records: readonly { id: string; division: string }[]) =>
    records.filter((record) => record.division === id).map((record) => record.id);
  return succeeded(id, false, {
    divisions: { deleted: [id] },
    roles: { deleted: ofDivision(roles) },
    topics: { deleted: ofDivision(topics) },
    vocab: { deleted: [...wordIds] },
  });
}

// Roles

/** A role's codes as admins may type them: its code and its labels («Боцман», «Bosun»). */
export function roleNames(code: string): string[] {
  return [code, roleLabel(code, 'ru'), roleLabel(code, 'en')].map(normalizeRole);
}

const namesRole = (list: readonly string[] | undefined, code: string) =>
  list?.some((role) => normalizeRole(role) === code) ?? false;

/** An admin adds a role (its code normalised) to a division: the one already named so, else a new one. */
export function roleAdded(
  roles: readonly Role[],
  role: Omit<Role, 'id'>,
  newId: IdSource,
): CatalogEdit<Role> {
  const existing = roles.find(
    (r) => r.division === role.division && roleNames(r.name).includes(role.name),
  );
  if (existing) return succeeded(existing, false);
  const added: Role = { id: newId(), ...role };
  return succeeded(added, true, { roles: { put: [added] } });
}

/**
 * Role `role` renamed to `code` (normalised), with the topics and words of its division that name
 * it (`stored`: the roles, topics and words as stored).
 */
export function roleRenamed(
  role: Role | undefined,
  stored: { roles: readonly Role[]; topics: readonly Topic[]; words: readonly VocabItem[] },
  code: string,
): CatalogEdit<Role> {
  if (!role) return refused('not-found');
  const from = normalizeRole(role.name);
  if (from === code) return succeeded(role, false);
  const sibling = (r: Role) => r.division === role.division && r.id !== role.id;
  if (stored.roles.some((r) => sibling(r) && normalizeRole(r.name) === code)) {
    return refused('name-taken');
  }
  const renamed: Role = { ...role, name: code };
  const naming = <T extends { division: string; roles?: string[] }>(records: readonly T[]) =>
    records
      .filter((record) => record.division === role.division && namesRole(record.roles, from))
      .map((record) => withRoles(record, replaceRole(record.roles, from, code)));
  return succeeded(renamed, true, {
    roles: { put: [renamed] },
    topics: { put: naming(stored.topics) },
    vocab: { put: naming(stored.words) },
  });
}

/**
 * Role `role` deleted; with `detach`, its code also leaves the role lists of the topics and words
 * of its division (a list left empty then means everyone).
 */
export function roleDeleted(
  role: Role | undefined,
  stored: { topics: readonly Topic[]; words: readonly VocabItem[] },
  detach: boolean,
): CatalogEdit<string> {
  if (!role) return refused('not-found');
  const code = normalizeRole(role.name);
  const naming = <T extends { division: string; roles?: string[] }>(records: readonly T[]) =>
    detach
      ? records
          .filter((record) => record.division === role.division && namesRole(record.roles, code))
          .map((record) => ({ ...record, roles: replaceRole(record.roles, code) }))
      : [];
  return succeeded(role.id, false, {
    roles: { deleted: [role.id] },
    topics: { put: naming(stored.topics) },
    vocab: { put: naming(stored.words) },
  });
}

// Topics

/**
 * An admin adds a topic to a division. A topic of the same name (ignoring case) there is reused,
 * with the union of both role lists.
 */
export function topicAdded(
  topics: readonly Topic[],
  topic: Pick<Topic, 'name' | 'division'> & { roles: readonly string[]; createdBy: string },
  newId: IdSource,
): CatalogEdit<Topic> {
  const { name, division, roles, createdBy } = topic;
  const existing = findByName(
    topics.filter((t) => t.division === division),
    name,
  );
  if (existing) {
    const merged = mergedTopicRoles(existing, roles);
    return merged
      ? succeeded(merged, false, { topics: { put: [merged] } })
      : succeeded(existing, false);
  }
  const id = freeTopicId(topics, division, name, newId);
  const added = userTopic({ id, name, division }, createdBy, roles);
  return succeeded(added, true, { topics: { put: [added] } });
}

/**
 * Topic `topic` renamed to `name` (trimmed) with the words of it (`stored.words`: the words of its
 * name). SPEC §5: renaming ignores an empty name.
 */
export function topicRenamed(
  topic: Topic | undefined,
  stored: { topics: readonly Topic[]; words: readonly VocabItem[] },
  name: string,
): CatalogEdit<Topic> {
  if (!topic) return refused('not-found');
  if (name === '' || name === topic.name) return succeeded(topic, false);
  const siblings = stored.topics.filter((t) => t.division === topic.division && t.id !== topic.id);
  if (findByName(siblings, name)) return refused('name-taken');
  const renamed: Topic = { ...topic, name };
  const moved = stored.words
    .filter((item) => item.division === topic.division && item.topic === topic.name)
    .map((item) => ({ ...item, topic: name }));
  return succeeded(renamed, true, { topics: { put: [renamed] }, vocab: { put: moved } });
}

/** Topic `topic` deleted; `withVocabulary`, with its words (`words`: the words of its name). */
export function topicDeleted(
  topic: Topic | undefined,
  words: readonly VocabItem[],
  withVocabulary: boolean,
): CatalogEdit<string> {
  if (!topic) return refused('not-found');
  const gone = withVocabulary
    ? words
        .filter((item) => item.division === topic.division && item.topic === topic.name)
        .map((item) => item.id)
    : [];
  return succeeded(topic.id, false, { topics: { deleted: [topic.id] }, vocab: { deleted: gone } });
}

/**
 * Only the topic's roles change. They decide which topics a role sees in the topic lists
 * (select-topic, /topics); the words keep their own roles, because those are set per word (e.g.
 * bosun-only terms inside a shared topic) and detaching a topic must not widen or narrow words
 * that other topics' rules already describe.
 */
export function topicRoleSet(
  topic: Topic | undefined,
  code: string,
  assigned: boolean,
): CatalogEdit<Topic> {
  if (!topic) return refused('not-found');
  const changed = topicWithRole(topic, code, assigned);
  return changed
    ? succeeded(changed, true, { topics: { put: [changed] } })
    : succeeded(topic, false);
}

// Words

/**
 * A word added to `destination`, whose words are `known`. A duplicate is silently ignored: the
 * existing word comes back and nothing is written. A new topic is written with the word.
 */
export function wordAdded(
  destination: Destination,
  known: readonly VocabItem[],
  pair: WordPair,
  input: Pick<WordInput, 'roles'> & { createdBy: string },
  newId: IdSource,
): CatalogEdit<VocabItem> {
  const { added, duplicates } = wordsToAdd(destination, known, [pair], input, newId);
  const item = added[0];
  if (!item) return succeeded(duplicates[0] as VocabItem, false);
  return succeeded(item, true, {
    topics: { put: destination.isNew ? [destination.topic] : [] },
    vocab: { put: [item] },
  });
}

/**
 * `user` edits word `item`: the sides (checked), the topic (a new name moves the word there, in its
 * own division, and makes the topic if needed) and the roles. `stored`: the topics, and the words
 * of the topic the word ends in (`editTarget(item, topics, patch.topic).name`).
 */
export function wordEdited(
  item: VocabItem | undefined,
  user: User | null | undefined,
  patch: WordPatch,
  stored: { topics: readonly Topic[]; words: readonly VocabItem[] },
  newId: IdSource,
): CatalogEdit<VocabItem> {
  if (!item) return refused('not-found');
  if (!user || !canEditWord(user, item)) return refused('forbidden');
  const pair = validateWordPair(patch);
  if (!pair.ok) return refused(pair.code as CatalogErrorCode);
  const target = editTarget(item, stored.topics, patch.topic);
  const next: VocabItem = { ...item, ...pair.value, topic: target.name };
  const twin = stored.words.find(
    (other) =>
      other.id !== item.id && other.division === item.division && isDuplicateWord(other, next),
  );
  if (twin) return refused('duplicate-word');
  const topics =
    target.moving && !target.existing
      ? [
          userTopic(
            {
              id: freeTopicId(stored.topics, item.division, target.name, newId),
              name: target.name,
              division: item.division,
            },
            user.id,
          ),
        ]
      : [];
  const saved = patch.roles === undefined ? next : withRoles(next, normalizeRoles(patch.roles));
  return succeeded(saved, true, { topics: { put: topics }, vocab: { put: [saved] } });
}

export function wordDeleted(
  item: VocabItem | undefined,
  user: User | null | undefined,
): CatalogEdit<string> {
  if (!item) return refused('not-found');
  if (!canEditWord(user, item)) return refused('forbidden');
  return succeeded(item.id, false, { vocab: { deleted: [item.id] } });
}

/**
 * The words of `items` not yet stored: one equal to a word of `known` (same division and topic,
 * same sides ignoring case) or to an earlier item is a duplicate. Topics are new unless their id
 * is in `storedTopicIds`. Linear in the size of the lists.
 */
export function newWords(
  topics: readonly Topic[],
  items: readonly VocabItem[],
  known: readonly VocabItem[],
  storedTopicIds: ReadonlySet<string>,
): { topics: Topic[]; added: VocabItem[]; duplicates: VocabItem[] } {
  const keyOf = (item: Pick<VocabItem, 'division' | 'topic' | 'langA' | 'langB'>) =>
    [item.division, item.topic, item.langA, item.langB]
      .map((v) => v.trim().toLowerCase())
      .join('\n');
  const seen = new Set(known.map(keyOf));
  const added: VocabItem[] = [];
  const duplicates: VocabItem[] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) {
      duplicates.push(item);
      continue;
    }
    seen.add(key);
    added.push(item);
  }
  return { topics: topics.filter((topic) => !storedTopicIds.has(topic.id)), added, duplicates };
}

/** A bulk import parsed and planned, before the words of its topics are read. */
export interface ImportDraft {
  format: ImportFormat;
  plan: ImportPlan;
  /** Every row not imported, in line order. */
  problems: ImportProblem[];
  /** `ru=en` text only: the lines not imported, as typed. */
  skipped: string[];
}

/**
 * Step one of a bulk import (SPEC §5): the text parsed against the stored roles and planned into
 * the stored topics and divisions; the form's topic and roles are the defaults. A text of more
 * than BULK_IMPORT_MAX_ROWS rows is refused whole, before any other work.
 */
export function draftImport(
  text: string,
  input: Pick<WordInput, 'topic' | 'roles' | 'division'>,
  user: User,
  stored: { roles: readonly Role[]; topics: readonly Topic[]; divisions: readonly Division[] },
  newId: IdSource,
): ImportDraft | { refused: CatalogErrorCode } {
  const knownRoles = [...KNOWN_ROLES, ...stored.roles.map((r) => normalizeRole(r.name))];
  const parsed = parseWordImport(text, { knownRoles });
  if (parsed.rows.length + parsed.problems.length > BULK_IMPORT_MAX_ROWS) {
    return { refused: 'import-too-large' };
  }
  const plan = planImport(
    parsed.rows,
    destinationFor(stored.topics, user, input, newId),
    { roles: input.roles, createdBy: user.id },
    { topics: stored.topics, divisions: new Set(stored.divisions.map((d) => d.id)) },
    newId,
  );
  const problems = [...parsed.problems, ...plan.problems].sort((a, b) => a.line - b.line);
  const lines = new Set(problems.map((problem) => problem.line));
  const skipped =
    parsed.format === 'lines'
      ? text
          .split(/\r\n|\n|\r/)
          .filter((_, index) => lines.has(index + 1))
          .map((line) => line.trim())
      : [];
  return { format: parsed.format, plan, problems, skipped };
}

/**
 * Step two: the planned words less those already there (`known`: the stored words of the planned
 * topics' names), counted as duplicates; the new topics are written with them.
 */
export function wordsImported(
  draft: ImportDraft,
  known: readonly VocabItem[],
  storedTopicIds: ReadonlySet<string>,
): CatalogEdit<BulkImportOutcome> {
  const { topics, added, duplicates } = newWords(
    draft.plan.topics,
    draft.plan.items,
    known,
    storedTopicIds,
  );
  const outcome: BulkImportOutcome = {
    format: draft.format,
    added: added.length,
    duplicates: duplicates.length,
    skipped: draft.skipped,
    problems: draft.problems,
  };
  return succeeded(outcome, added.length > 0, { topics: { put: topics }, vocab: { put: added } });
}
