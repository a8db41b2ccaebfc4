/**
 * The catalogue's write side (SPEC §5, §6): admin actions on divisions, roles and topics, and the
 * word actions of the dictionary. Each action checks who acts (the signed-in user of
 * `useAuthStore`), validates, writes MarineDB through the repositories in `db/`, then reloads
 * `useVocabStore`, which holds the data the screens read.
 *
 * Mistakes a person can make (an empty name, a taken name) come back as `{ ok: false, code }` so
 * the form can say what is wrong and keep its input; anything else (a storage failure) throws, and
 * the screen shows the specification's alert for the action.
 */

import { useCallback } from 'react';
import { create } from 'zustand';
import {
  type RenameResult,
  renameRoleEverywhere,
  renameTopicEverywhere,
} from '@/db/catalog-renames';
import { deleteDivision, listDivisions, putDivision } from '@/db/divisions-repo';
import { getDB } from '@/db/instance';
import { deleteRole, listRoles, listRolesByDivision, putRole } from '@/db/roles-repo';
import type { MarineDB } from '@/db/schema';
import { deleteTopic, getTopic, listTopics, putTopic } from '@/db/topics-repo';
import {
  addWordsWithTopics,
  deleteVocab,
  getVocab,
  listVocabByTopic,
  putVocab,
  putVocabItems,
} from '@/db/vocab-repo';
import { DEFAULT_DIVISION } from '@/domain/constants';
import { newId } from '@/domain/ids';
import { canAddWords, canEditWord, canManageCatalog } from '@/domain/permissions';
import {
  ALL_ROLES,
  KNOWN_ROLES,
  normalizeRole,
  normalizeRoles,
  replaceRole,
  withRoles,
} from '@/domain/roles';
import { topicId } from '@/domain/topics';
import type { Division, DivisionId, Role, Topic, User, VocabItem } from '@/domain/types';
import {
  findByName,
  isDuplicateWord,
  sameName,
  type Validated,
  validateDivisionName,
  validateRoleName,
  validateTopicName,
  validateWordPair,
  type WordPair,
} from '@/domain/validation';
import { rowToVocabItem } from '@/domain/vocabulary';
import {
  type ImportFormat,
  type ImportProblem,
  type ImportRow,
  parseWordImport,
} from '@/domain/word-import';
import { type MessageKey, useT } from '@/i18n';
import { useAuthStore } from './auth-store';
import { useToast } from './toast-store';
import { useVocabStore } from './vocab-store';

/** The topic a word gets when none is given (SPEC §5). */
export const CUSTOM_TOPIC = 'custom';

export type CatalogErrorCode =
  | 'division-name-empty'
  | 'topic-name-empty'
  | 'role-name-empty'
  | 'word-sides-required'
  /** Renaming onto the name of another record of the same kind (and division). */
  | 'name-taken'
  /** 'all' means every role; it is never a role of its own. */
  | 'role-name-reserved'
  /** An edit would make the word a copy of another word of its topic. */
  | 'duplicate-word'
  | 'forbidden'
  | 'not-found';

/** The errors a form shows next to its input; the others are alerts (toasts). */
export const INPUT_ERRORS: readonly CatalogErrorCode[] = [
  'division-name-empty',
  'topic-name-empty',
  'role-name-empty',
  'word-sides-required',
  'name-taken',
  'role-name-reserved',
  'duplicate-word',
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
  /** Entries that were already in the topic (silently ignored, like a single add). */
  duplicates: number;
  /** `ru=en` text only: the lines that were not imported, as typed, to be fixed. */
  skipped: string[];
  /** Every row not imported: its line (or JSON position) and the reason. */
  problems: ImportProblem[];
}

// Helpers

/** A rename cascade's result as a catalogue result. */
function renameOutcome<T>(result: RenameResult<T>): CatalogResult<T> {
  if (result.status === 'not-found' || result.status === 'name-taken') return fail(result.status);
  return ok(result.value, result.status === 'renamed');
}

const ok = <T>(value: T, created: boolean): CatalogResult<T> => ({ ok: true, value, created });
const fail = <T>(code: CatalogErrorCode): CatalogResult<T> => ({ ok: false, code });
const invalid = <T>(result: Extract<Validated<unknown>, { ok: false }>): CatalogResult<T> =>
  fail(result.code as CatalogErrorCode);

const actor = () => useAuthStore.getState().user;
const reload = () => useVocabStore.getState().load();

/** Runs a write, then reloads the vocabulary store whatever happened (a half-done write shows). */
async function writing<T>(body: (db: MarineDB) => Promise<T>): Promise<T> {
  try {
    return await body(await getDB());
  } finally {
    await reload();
  }
}

/** The id of a new topic: `division::name` like derived topics, unless that id is taken. */
async function freeTopicId(db: MarineDB, division: DivisionId, name: string): Promise<string> {
  const id = topicId(division, name);
  return (await getTopic(db, id)) ? newId() : id;
}

/**
 * The topic a word goes to: the topic of that name (ignoring case) in the wanted division, else
 * in the user's division, else anywhere; undefined when no topic has that name.
 */
function findTopicFor(
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

interface Destination {
  topic: Topic;
  /** The topic is new and must be written with the words. */
  isNew: boolean;
}

/** Resolves (or prepares) the topic of words being added: SPEC §5 word defaults. */
async function destinationFor(
  db: MarineDB,
  user: User,
  input: Pick<WordInput, 'topic' | 'roles' | 'division'>,
): Promise<Destination> {
  const name = input.topic?.trim() || CUSTOM_TOPIC;
  const existing = findTopicFor(await listTopics(db), name, [
    input.division,
    user.settings.division,
  ]);
  if (existing) return { topic: existing, isNew: false };
  const division = input.division || user.settings.division || DEFAULT_DIVISION;
  const topic = withRoles<Topic>(
    {
      id: await freeTopicId(db, division, name),
      name,
      division,
      source: 'user',
      createdBy: user.id,
    },
    normalizeRoles(input.roles),
  );
  return { topic, isNew: true };
}

/** Adds the pairs to one topic, skipping duplicates (also within the list); returns what was added. */
async function addPairs(
  db: MarineDB,
  user: User,
  pairs: readonly WordPair[],
  input: Pick<WordInput, 'topic' | 'roles' | 'division'>,
): Promise<{ added: VocabItem[]; duplicates: VocabItem[] }> {
  const { topic, isNew } = await destinationFor(db, user, input);
  const given = normalizeRoles(input.roles);
  const roles = given.length > 0 ? given : normalizeRoles(topic.roles);
  const known = isNew ? [] : await listVocabByTopic(db, topic.name, topic.division);
  const added: VocabItem[] = [];
  const duplicates: VocabItem[] = [];
  for (const pair of pairs) {
    const candidate = { ...pair, topic: topic.name };
    const twin = [...known, ...added].find((item) => isDuplicateWord(item, candidate));
    if (twin) {
      duplicates.push(twin);
      continue;
    }
    added.push(
      withRoles<VocabItem>(
        {
          id: newId(),
          langA: pair.langA,
          langB: pair.langB,
          topic: topic.name,
          division: topic.division,
          source: 'user',
          createdBy: user.id,
        },
        roles,
      ),
    );
  }
  if (added.length > 0) {
    if (isNew) await putTopic(db, topic);
    await putVocabItems(db, added);
  }
  return { added, duplicates };
}

/**
 * Where each imported row goes: its own topic (in its own division, or the form's) when the
 * file names one, else the topic chosen in the form; topics missing so far are prepared, not yet
 * written. A row naming a division that does not exist is reported, not guessed.
 */
async function planImport(
  db: MarineDB,
  user: User,
  rows: readonly ImportRow[],
  input: Pick<WordInput, 'topic' | 'roles' | 'division'>,
  catalogue: { topics: readonly Topic[]; divisions: ReadonlySet<string> },
): Promise<{ topics: Topic[]; items: VocabItem[]; problems: ImportProblem[] }> {
  const fallback = await destinationFor(db, user, input);
  const formRoles = normalizeRoles(input.roles);
  const fresh: Topic[] = fallback.isNew ? [fallback.topic] : [];
  const problems: ImportProblem[] = [];
  const items: VocabItem[] = [];
  const topicFor = (division: string, name: string): Topic => {
    const known = [...catalogue.topics, ...fresh].filter((t) => t.division === division);
    const hit = findByName(known, name);
    if (hit) return hit;
    const id = topicId(division, name);
    const taken = catalogue.topics.some((t) => t.id === id) || fresh.some((t) => t.id === id);
    const topic: Topic = {
      id: taken ? newId() : id,
      name,
      division,
      source: 'user',
      createdBy: user.id,
    };
    fresh.push(topic);
    return topic;
  };
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
    items.push(withRoles<VocabItem>({ ...item, createdBy: user.id }, roles));
  }
  // Only topics that receive a word are created.
  const used = new Set(items.map((item) => `${item.division}\n${item.topic}`));
  return {
    topics: fresh.filter((t) => used.has(`${t.division}\n${t.name}`)),
    items,
    problems,
  };
}

// The store

interface CatalogState {
  addDivision(name: string): Promise<CatalogResult<Division>>;
  renameDivision(id: DivisionId, name: string): Promise<CatalogResult<Division>>;
  /** Cascades: the division's roles, topics and vocabulary go too. */
  removeDivision(id: DivisionId): Promise<CatalogResult<DivisionId>>;

  addRole(division: DivisionId, name: string): Promise<CatalogResult<Role>>;
  renameRole(id: string, name: string): Promise<CatalogResult<Role>>;
  /** The role's code is detached from every topic and word of its division. */
  removeRole(id: string): Promise<CatalogResult<string>>;

  addTopic(
    division: DivisionId,
    name: string,
    roles?: readonly string[],
  ): Promise<CatalogResult<Topic>>;
  renameTopic(id: string, name: string): Promise<CatalogResult<Topic>>;
  /** Deletes the topic with all its words. */
  removeTopic(id: string): Promise<CatalogResult<string>>;
  /** Assigns a topic to a role (checked) or detaches it (unchecked). */
  setTopicRole(id: string, role: string, assigned: boolean): Promise<CatalogResult<Topic>>;

  addWord(input: WordInput): Promise<CatalogResult<VocabItem>>;
  editWord(id: string, patch: WordPatch): Promise<CatalogResult<VocabItem>>;
  removeWord(id: string): Promise<CatalogResult<string>>;
  /** 'ru=en' per line into one topic (SPEC §5); `added` counts the new words. */
  bulkImport(
    text: string,
    options?: Pick<WordInput, 'topic' | 'roles' | 'division'>,
  ): Promise<CatalogResult<BulkImportOutcome>>;
}

export const useCatalogStore = create<CatalogState>()(() => ({
  // Divisions

  async addDivision(name) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const valid = validateDivisionName(name);
    if (!valid.ok) return invalid(valid);
    return writing(async (db) => {
      const existing = findByName(await listDivisions(db), valid.value);
      if (existing) return ok(existing, false);
      return ok(await putDivision(db, { id: newId(), name: valid.value }), true);
    });
  },

  async renameDivision(id, name) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const valid = validateDivisionName(name);
    if (!valid.ok) return invalid(valid);
    return writing(async (db) => {
      const divisions = await listDivisions(db);
      const division = divisions.find((d) => d.id === id);
      if (!division) return fail('not-found');
      if (sameName(division.name, valid.value)) return ok(division, false);
      if (divisions.some((d) => d.id !== id && sameName(d.name, valid.value))) {
        return fail('name-taken');
      }
      return ok(await putDivision(db, { ...division, name: valid.value }), true);
    });
  },

  async removeDivision(id) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    return writing(async (db) => {
      await deleteDivision(db, id);
      return ok(id, false);
    });
  },

  // Roles

  async addRole(division, name) {
    const user = actor();
    if (!canManageCatalog(user)) return fail('forbidden');
    const valid = validateRoleName(name);
    if (!valid.ok) return invalid(valid);
    const code = normalizeRole(valid.value);
    if (code === ALL_ROLES) return fail('role-name-reserved');
    return writing(async (db) => {
      const existing = (await listRolesByDivision(db, division)).find(
        (role) => normalizeRole(role.name) === code,
      );
      if (existing) return ok(existing, false);
      return ok(await putRole(db, { id: newId(), name: code, division, createdBy: user.id }), true);
    });
  },

  async renameRole(id, name) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const valid = validateRoleName(name);
    if (!valid.ok) return invalid(valid);
    const code = normalizeRole(valid.value);
    if (code === ALL_ROLES) return fail('role-name-reserved');
    return writing(async (db) => renameOutcome(await renameRoleEverywhere(db, id, code)));
  },

  async removeRole(id) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    return writing(async (db) =>
      (await deleteRole(db, id, { detach: true })) ? ok(id, false) : fail('not-found'),
    );
  },

  // Topics

  async addTopic(division, name, roles = []) {
    const user = actor();
    if (!canManageCatalog(user)) return fail('forbidden');
    const valid = validateTopicName(name);
    if (!valid.ok) return invalid(valid);
    const wanted = normalizeRoles(roles);
    return writing(async (db) => {
      const topics = (await listTopics(db)).filter((t) => t.division === division);
      const existing = findByName(topics, valid.value);
      if (existing) {
        // Same name in the same division: reuse it, with the union of both role lists.
        const merged = normalizeRoles([...(existing.roles ?? []), ...wanted]);
        if (merged.length === (existing.roles?.length ?? 0)) return ok(existing, false);
        return ok(await putTopic(db, withRoles(existing, merged)), false);
      }
      const topic = withRoles<Topic>(
        {
          id: await freeTopicId(db, division, valid.value),
          name: valid.value,
          division,
          source: 'user',
          createdBy: user.id,
        },
        wanted,
      );
      return ok(await putTopic(db, topic), true);
    });
  },

  async renameTopic(id, name) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const value = name.trim();
    // SPEC §5: renaming ignores empty names.
    if (value === '') {
      return writing(async (db) => {
        const topic = await getTopic(db, id);
        return topic ? ok(topic, false) : fail('not-found');
      });
    }
    return writing(async (db) => renameOutcome(await renameTopicEverywhere(db, id, value)));
  },

  async removeTopic(id) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    return writing(async (db) =>
      (await deleteTopic(db, id, { withVocabulary: true })) === undefined
        ? fail('not-found')
        : ok(id, false),
    );
  },

  async setTopicRole(id, role, assigned) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const code = normalizeRole(role);
    if (code === '' || code === ALL_ROLES) return fail('role-name-reserved');
    // Only the topic's roles change. They decide which topics a role sees in the topic lists
    // (select-topic, /topics); the words keep their own roles, because those are set per word
    // (e.g. bosun-only terms inside a shared topic) and detaching a topic must not widen or
    // narrow words that other topics' rules already describe.
    return writing(async (db) => {
      const topic = await getTopic(db, id);
      if (!topic) return fail('not-found');
      const has = (topic.roles ?? []).some((r) => normalizeRole(r) === code);
      if (has === assigned) return ok(topic, false);
      const roles = assigned
        ? normalizeRoles([...(topic.roles ?? []), code])
        : replaceRole(topic.roles, code);
      return ok(await putTopic(db, withRoles(topic, roles)), true);
    });
  },

  // Words

  async addWord(input) {
    const user = actor();
    if (!canAddWords(user)) return fail('forbidden');
    const pair = validateWordPair(input);
    if (!pair.ok) return invalid(pair);
    return writing(async (db) => {
      const { added, duplicates } = await addPairs(db, user, [pair.value], input);
      // A duplicate is silently ignored: the existing word comes back, nothing is written.
      return added[0] ? ok(added[0], true) : ok(duplicates[0] as VocabItem, false);
    });
  },

  async editWord(id, patch) {
    const user = actor();
    const pair = validateWordPair(patch);
    return writing(async (db) => {
      const item = await getVocab(db, id);
      if (!item) return fail('not-found');
      if (!canEditWord(user, item)) return fail('forbidden');
      if (!pair.ok) return invalid(pair);
      // A new topic name moves the word there, in its own division (the topic is made if needed).
      const wantedTopic = patch.topic?.trim();
      const moving = Boolean(wantedTopic) && !sameName(wantedTopic ?? '', item.topic);
      const target = moving
        ? findByName(
            (await listTopics(db)).filter((t) => t.division === item.division),
            wantedTopic ?? '',
          )
        : undefined;
      const topicName = moving ? (target?.name ?? (wantedTopic as string)) : item.topic;
      const next: VocabItem = {
        ...item,
        langA: pair.value.langA,
        langB: pair.value.langB,
        topic: topicName,
      };
      const others = await listVocabByTopic(db, topicName, item.division);
      if (others.some((other) => other.id !== id && isDuplicateWord(other, next))) {
        return fail('duplicate-word');
      }
      if (moving && !target && user) {
        await putTopic(db, {
          id: await freeTopicId(db, item.division, topicName),
          name: topicName,
          division: item.division,
          source: 'user',
          createdBy: user.id,
        });
      }
      const saved = patch.roles === undefined ? next : withRoles(next, normalizeRoles(patch.roles));
      return ok(await putVocab(db, saved), true);
    });
  },

  async removeWord(id) {
    const user = actor();
    return writing(async (db) => {
      const item = await getVocab(db, id);
      if (!item) return fail('not-found');
      if (!canEditWord(user, item)) return fail('forbidden');
      await deleteVocab(db, id);
      return ok(id, false);
    });
  },

  async bulkImport(text, options = {}) {
    const user = actor();
    if (!canAddWords(user)) return fail('forbidden');
    return writing(async (db) => {
      const [roles, topics, divisions] = await Promise.all([
        listRoles(db),
        listTopics(db),
        listDivisions(db),
      ]);
      const knownRoles = [...KNOWN_ROLES, ...roles.map((r) => normalizeRole(r.name))];
      const parsed = parseWordImport(text, { knownRoles });
      const problems = [...parsed.problems];
      const skippedLines = new Set(problems.map((p) => p.line));
      const planned = await planImport(db, user, parsed.rows, options, {
        topics,
        divisions: new Set(divisions.map((d) => d.id)),
      });
      problems.push(...planned.problems);
      for (const problem of planned.problems) skippedLines.add(problem.line);
      problems.sort((a, b) => a.line - b.line);
      const { added, duplicates } =
        planned.items.length > 0
          ? await addWordsWithTopics(db, planned.topics, planned.items)
          : { added: [], duplicates: [] };
      const skipped =
        parsed.format === 'lines'
          ? text
              .split(/\r\n|\n|\r/)
              .filter((_, index) => skippedLines.has(index + 1))
              .map((line) => line.trim())
          : [];
      return ok(
        {
          format: parsed.format,
          added: added.length,
          duplicates: duplicates.length,
          skipped,
          problems,
        },
        added.length > 0,
      );
    });
  },
}));

// For the screens: the text of an error, and running an action with the alert of SPEC §8

const ERROR_KEYS: Readonly<Record<CatalogErrorCode, MessageKey>> = {
  'division-name-empty': 'catalog.error.divisionNameEmpty',
  'topic-name-empty': 'catalog.error.topicNameEmpty',
  'role-name-empty': 'catalog.error.roleNameEmpty',
  'word-sides-required': 'catalog.error.wordSidesRequired',
  'name-taken': 'catalog.error.nameTaken',
  'role-name-reserved': 'catalog.error.roleNameReserved',
  'duplicate-word': 'catalog.error.duplicateWord',
  forbidden: 'catalog.error.forbidden',
  'not-found': 'catalog.error.notFound',
};

export const catalogErrorKey = (code: CatalogErrorCode): MessageKey => ERROR_KEYS[code];

/** What a screen gets back: the result, or an input error to show next to the field. */
export type CatalogOutcome<T> =
  | { ok: true; value: T; created: boolean }
  | { ok: false; message: string }
  | null;

/**
 * `run(action, failure)`: runs a catalogue action. An input error comes back with its text for
 * the form; any other failure shows `failure` (the SPEC alert, e.g. 'Failed to add division') as
 * an error toast, with the reason as its title, and gives null.
 */
export function useCatalogRunner() {
  const t = useT();
  const toast = useToast();
  return useCallback(
    async <T>(
      action: () => Promise<CatalogResult<T>>,
      failure: MessageKey,
    ): Promise<CatalogOutcome<T>> => {
      try {
        const result = await action();
        if (result.ok) return result;
        if (INPUT_ERRORS.includes(result.code)) {
          return { ok: false, message: t(catalogErrorKey(result.code)) };
        }
        toast.show({ tone: 'error', message: t(failure), title: t(catalogErrorKey(result.code)) });
        return null;
      } catch (error) {
        console.error(error);
        toast.show({ tone: 'error', message: t(failure) });
        return null;
      }
    },
    [t, toast],
  );
}
