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
import type { Share } from '@/db/curriculum-repo';
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
} from '@/db/vocab-repo';
import { runVocabularyJobOffThread } from '@/db/vocabulary-client';
import {
  type BulkImportOutcome,
  type CatalogErrorCode,
  type CatalogResult,
  type Destination,
  destinationFor,
  editTarget,
  freeTopicId,
  INPUT_ERRORS,
  mergedTopicRoles,
  nameTaken,
  planImport,
  topicWithRole,
  userTopic,
  type WordInput,
  type WordPatch,
  wordsToAdd,
} from '@/domain/catalog';
import { BULK_IMPORT_MAX_ROWS, CATALOGUE_DIVISIONS } from '@/domain/constants';
import { newId } from '@/domain/ids';
import { canAddWords, canEditWord, canManageCatalog, isAdmin } from '@/domain/permissions';
import {
  ALL_ROLES,
  KNOWN_ROLES,
  normalizeRole,
  normalizeRoles,
  roleLabel,
  withRoles,
} from '@/domain/roles';
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
} from '@/domain/validation';
import type { RestorePlan } from '@/domain/vocabulary-update';
import { parseWordImport } from '@/domain/word-import';
import { type MessageKey, translate, useT } from '@/i18n';
import { useAuthStore } from './auth-store';
import { notifyLocalChange } from './sync-store';
import { useToast } from './toast-store';
import { useVocabStore } from './vocab-store';

export type {
  BulkImportOutcome,
  CatalogErrorCode,
  CatalogResult,
  WordInput,
  WordPatch,
} from '@/domain/catalog';
export { CUSTOM_TOPIC } from '@/domain/catalog';

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

/** A built-in division's names as admins see them: its stored name and its labels in both languages. */
function divisionNames(division: Division): string[] {
  if (division.name !== division.id || !CATALOGUE_DIVISIONS.includes(division.id)) {
    return [division.name];
  }
  const key = `division.${division.id}` as MessageKey;
  return [division.name, translate('ru', key), translate('en', key)];
}

/** A role's codes as admins may type them: its code and its labels («Боцман», «Bosun»). */
function roleNames(code: string): string[] {
  return [code, roleLabel(code, 'ru'), roleLabel(code, 'en')].map(normalizeRole);
}

/**
 * In the cloud edition an admin's catalogue change is shared: queued for the cloud in the same
 * transaction as the change, so every crew device gets it. The local edition keeps it here.
 */
function shared(): Share | undefined {
  const { provider, user } = useAuthStore.getState();
  if (provider.kind !== 'firebase' || !isAdmin(user)) return undefined;
  return { by: user.id, now: Date.now() };
}
const reload = () => useVocabStore.getState().load();

/**
 * Runs a write, then reloads the vocabulary store whatever happened (a half-done write shows);
 * a shared change arms the sync that takes it to the cloud.
 */
async function writing<T>(body: (db: MarineDB) => Promise<T>): Promise<T> {
  try {
    return await body(await getDB());
  } finally {
    await reload();
    if (shared()) notifyLocalChange();
  }
}

/** Where words being added go, from the topics as stored now. */
async function destination(
  db: MarineDB,
  user: User,
  input: Pick<WordInput, 'topic' | 'roles' | 'division'>,
): Promise<Destination> {
  return destinationFor(await listTopics(db), user, input, newId);
}

// The store

interface CatalogState {
  addDivision(name: string): Promise<CatalogResult<Division>>;
  renameDivision(id: DivisionId, name: string): Promise<CatalogResult<Division>>;
  /** Cascades: the division's roles, topics and vocabulary go too. */
  removeDivision(id: DivisionId): Promise<CatalogResult<DivisionId>>;
  /**
   * Brings back every built-in division, role, topic and word that was deleted (progress and
   * admin edits untouched); `created` is false when nothing was missing.
   */
  restoreBuiltin(): Promise<CatalogResult<RestorePlan['counts']>>;

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
      // Compared with what the admin sees too: «Палуба» is the deck division, not a new one.
      const existing = (await listDivisions(db)).find((division) =>
        divisionNames(division).some((name) => sameName(name, valid.value)),
      );
      if (existing) return ok(existing, false);
      return ok(await putDivision(db, { id: newId(), name: valid.value }, shared()), true);
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
      if (nameTaken(divisions, id, valid.value, divisionNames)) return fail('name-taken');
      return ok(await putDivision(db, { ...division, name: valid.value }, shared()), true);
    });
  },

  async removeDivision(id) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    return writing(async (db) => {
      await deleteDivision(db, id, shared());
      return ok(id, false);
    });
  },

  async restoreBuiltin() {
    if (!canManageCatalog(actor())) return fail('forbidden');
    // The word data is read by the vocabulary worker, never by the page (the service worker
    // precaches the worker: it works offline).
    return writing(async (db) => {
      const result = await runVocabularyJobOffThread(
        { kind: 'restore', share: shared() },
        async () => db,
      );
      if (result.kind !== 'restore') throw new Error('the vocabulary worker answered another job');
      const { counts } = result;
      return ok(counts, counts.divisions + counts.roles + counts.topics + counts.words > 0);
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
      const existing = (await listRolesByDivision(db, division)).find((role) =>
        roleNames(role.name).includes(code),
      );
      if (existing) return ok(existing, false);
      return ok(
        await putRole(db, { id: newId(), name: code, division, createdBy: user.id }, shared()),
        true,
      );
    });
  },

  async renameRole(id, name) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const valid = validateRoleName(name);
    if (!valid.ok) return invalid(valid);
    const code = normalizeRole(valid.value);
    if (code === ALL_ROLES) return fail('role-name-reserved');
    return writing(async (db) => renameOutcome(await renameRoleEverywhere(db, id, code, shared())));
  },

  async removeRole(id) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    return writing(async (db) =>
      (await deleteRole(db, id, { detach: true, share: shared() }))
        ? ok(id, false)
        : fail('not-found'),
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
      const topics = await listTopics(db);
      const existing = findByName(
        topics.filter((t) => t.division === division),
        valid.value,
      );
      if (existing) {
        // Same name in the same division: reuse it, with the union of both role lists.
        const merged = mergedTopicRoles(existing, wanted);
        return ok(merged ? await putTopic(db, merged, shared()) : existing, false);
      }
      const id = freeTopicId(topics, division, valid.value, newId);
      return ok(
        await putTopic(
          db,
          userTopic({ id, name: valid.value, division }, user.id, wanted),
          shared(),
        ),
        true,
      );
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
    return writing(async (db) =>
      renameOutcome(await renameTopicEverywhere(db, id, value, shared())),
    );
  },

  async removeTopic(id) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    return writing(async (db) =>
      (await deleteTopic(db, id, { withVocabulary: true, share: shared() })) === undefined
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
      const changed = topicWithRole(topic, code, assigned);
      return changed ? ok(await putTopic(db, changed, shared()), true) : ok(topic, false);
    });
  },

  // Words

  async addWord(input) {
    const user = actor();
    if (!canAddWords(user)) return fail('forbidden');
    const pair = validateWordPair(input);
    if (!pair.ok) return invalid(pair);
    return writing(async (db) => {
      const target = await destination(db, user, input);
      const known = target.isNew
        ? []
        : await listVocabByTopic(db, target.topic.name, target.topic.division);
      const { added, duplicates } = wordsToAdd(
        target,
        known,
        [pair.value],
        { roles: input.roles, createdBy: user.id },
        newId,
      );
      // A duplicate is silently ignored: the existing word comes back, nothing is written.
      if (!added[0]) return ok(duplicates[0] as VocabItem, false);
      // The word and its new topic are written in one transaction.
      await addWordsWithTopics(db, target.isNew ? [target.topic] : [], added, shared());
      return ok(added[0], true);
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
      const topics = await listTopics(db);
      const target = editTarget(item, topics, patch.topic);
      const topicName = target.name;
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
      if (target.moving && !target.existing && user) {
        const id = freeTopicId(topics, item.division, topicName, newId);
        await putTopic(
          db,
          userTopic({ id, name: topicName, division: item.division }, user.id),
          shared(),
        );
      }
      const saved = patch.roles === undefined ? next : withRoles(next, normalizeRoles(patch.roles));
      return ok(await putVocab(db, saved, shared()), true);
    });
  },

  async removeWord(id) {
    const user = actor();
    return writing(async (db) => {
      const item = await getVocab(db, id);
      if (!item) return fail('not-found');
      if (!canEditWord(user, item)) return fail('forbidden');
      await deleteVocab(db, id, shared());
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
      // One import is bounded: a huge paste is refused whole, with the limit, before any work.
      if (parsed.rows.length + parsed.problems.length > BULK_IMPORT_MAX_ROWS) {
        return fail<BulkImportOutcome>('import-too-large');
      }
      const problems = [...parsed.problems];
      const skippedLines = new Set(problems.map((p) => p.line));
      const planned = planImport(
        parsed.rows,
        destinationFor(topics, user, options, newId),
        { roles: options.roles, createdBy: user.id },
        { topics, divisions: new Set(divisions.map((d) => d.id)) },
        newId,
      );
      problems.push(...planned.problems);
      for (const problem of planned.problems) skippedLines.add(problem.line);
      problems.sort((a, b) => a.line - b.line);
      const { added, duplicates } =
        planned.items.length > 0
          ? await addWordsWithTopics(db, planned.topics, planned.items, shared())
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
  'name-too-long': 'catalog.error.nameTooLong',
  'word-too-long': 'catalog.error.wordTooLong',
  'name-taken': 'catalog.error.nameTaken',
  'role-name-reserved': 'catalog.error.roleNameReserved',
  'duplicate-word': 'catalog.error.duplicateWord',
  'import-too-large': 'catalog.error.importTooLarge',
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
