/**
 * The catalogue's write side (SPEC §5, §6): admin actions on divisions, roles and topics, and the
 * word actions of the dictionary. Each action checks who acts (the signed-in user of
 * `useAuthStore`) and what it can without the database, then makes ONE transaction of `db/`
 * (read, decide by a rule of `domain/catalog-edits.ts`, write), and patches `useVocabStore`, which holds
 * the data the screens read, with the records that transaction changed.
 *
 * Mistakes a person can make (an empty name, a taken name) come back as `{ ok: false, code }` so
 * the form can say what is wrong and keep its input; anything else (a storage failure) throws, and
 * the screen shows the specification's alert for the action (see `catalog-runner.ts`).
 */

import { create } from 'zustand';
import { renameRoleEverywhere, renameTopicEverywhere } from '@/db/catalog-edits';
import type { Share } from '@/db/curriculum-repo';
import { deleteDivision, findOrAddDivision, renameDivisionTo } from '@/db/divisions-repo';
import { putExamSetting } from '@/db/exam-settings-repo';
import { getDB } from '@/db/instance';
import { deleteRole, findOrAddRole } from '@/db/roles-repo';
import type { MarineDB } from '@/db/schema';
import { assignTopicRole, deleteTopic, findOrAddTopic } from '@/db/topics-repo';
import { addWordBy, deleteWordBy, editWordBy, importWordsBy } from '@/db/vocab-repo';
import { runVocabularyJobOffThread } from '@/db/vocabulary-client';
import type {
  BulkImportOutcome,
  CatalogErrorCode,
  CatalogResult,
  WordInput,
  WordPatch,
} from '@/domain/catalog';
import { type CatalogEdit, hasChanges } from '@/domain/catalog-edits';
import { CATALOGUE_DIVISIONS } from '@/domain/constants';
import { type ExamConfig, type ExamSetting, normalizeExamConfig } from '@/domain/exam';
import { canAddWords, canManageCatalog, isAdmin } from '@/domain/permissions';
import { ALL_ROLES, normalizeRole, normalizeRoles } from '@/domain/roles';
import { UI_LANGS } from '@/domain/settings-schema';
import type { Division, DivisionId, Role, Topic, VocabItem } from '@/domain/types';
import {
  type Validated,
  validateDivisionName,
  validateRoleName,
  validateTopicName,
  validateWordPair,
} from '@/domain/validation';
import type { RestorePlan } from '@/domain/vocabulary-update';
import { type MessageKey, translate } from '@/i18n';
import { useAuthStore } from './auth-store';
import { notifyLocalChange } from './sync-store';
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
  return [division.name, ...UI_LANGS.map((lang) => translate(lang, key))];
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

/** Reads the whole catalogue again; a failure is logged (the action's own error is what counts). */
async function reload(): Promise<void> {
  try {
    await useVocabStore.getState().load();
  } catch (error) {
    console.error(error);
  }
}

/**
 * Makes one edit (one transaction) and patches the vocabulary store with what it changed; a
 * shared change arms the sync that takes it to the cloud. A failed transaction changed nothing,
 * but the store is read again in full so the screens surely show what is stored.
 */
async function commit<T>(
  edit: (db: MarineDB, share: Share | undefined) => Promise<CatalogEdit<T>>,
): Promise<CatalogResult<T>> {
  const share = shared();
  let done: CatalogEdit<T>;
  try {
    done = await edit(await getDB(), share);
  } catch (error) {
    await reload();
    throw error;
  }
  if (hasChanges(done.changes)) {
    useVocabStore.getState().applyChanges(done.changes);
    if (share) notifyLocalChange();
  }
  return done.result;
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
  /** Sets the exam composition of a post (made valid: see `normalizeExamConfig`). */
  setExamSetting(
    roleId: string,
    post: { division: DivisionId; role: string },
    config: Partial<Record<keyof ExamConfig, unknown>>,
  ): Promise<CatalogResult<ExamSetting>>;

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
  /** Assigns a topic to a role (checked) or detaches it (unchecked); the words keep their roles. */
  setTopicRole(id: string, role: string, assigned: boolean): Promise<CatalogResult<Topic>>;

  addWord(input: WordInput): Promise<CatalogResult<VocabItem>>;
  editWord(id: string, patch: WordPatch): Promise<CatalogResult<VocabItem>>;
  removeWord(id: string): Promise<CatalogResult<string>>;
  /**
   * 'ru=en' per line (or JSON, CSV) into one topic (SPEC §5); `added` counts the new words,
   * `duplicates` those already there.
   */
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
    // Compared with what the admin sees too: «Палуба» is the deck division, not a new one.
    return commit((db, share) => findOrAddDivision(db, valid.value, divisionNames, share));
  },

  async renameDivision(id, name) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const valid = validateDivisionName(name);
    if (!valid.ok) return invalid(valid);
    return commit((db, share) => renameDivisionTo(db, id, valid.value, divisionNames, share));
  },

  async removeDivision(id) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    return commit((db, share) => deleteDivision(db, id, share));
  },

  async restoreBuiltin() {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const share = shared();
    // The word data is read by the vocabulary worker, never by the page (the service worker
    // precaches the worker: it works offline). Its one transaction may bring back thousands of
    // records and sends back only their counts, so the store reads the catalogue again after it.
    let counts: RestorePlan['counts'];
    try {
      const result = await runVocabularyJobOffThread({ kind: 'restore', share }, getDB);
      if (result.kind !== 'restore') throw new Error('the vocabulary worker answered another job');
      counts = result.counts;
    } catch (error) {
      await reload();
      throw error;
    }
    const restored = counts.divisions + counts.roles + counts.topics + counts.words > 0;
    if (restored) {
      await reload();
      if (share) notifyLocalChange();
    }
    return ok(counts, restored);
  },

  async setExamSetting(roleId, post, config) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const setting: ExamSetting = { id: roleId, ...post, ...normalizeExamConfig(config) };
    const share = shared();
    await putExamSetting(await getDB(), setting, share);
    if (share) notifyLocalChange();
    return ok(setting, true);
  },

  // Roles

  async addRole(division, name) {
    const user = actor();
    if (!canManageCatalog(user)) return fail('forbidden');
    const valid = validateRoleName(name);
    if (!valid.ok) return invalid(valid);
    const code = normalizeRole(valid.value);
    if (code === ALL_ROLES) return fail('role-name-reserved');
    return commit((db, share) =>
      findOrAddRole(db, { name: code, division, createdBy: user.id }, share),
    );
  },

  async renameRole(id, name) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const valid = validateRoleName(name);
    if (!valid.ok) return invalid(valid);
    const code = normalizeRole(valid.value);
    if (code === ALL_ROLES) return fail('role-name-reserved');
    return commit((db, share) => renameRoleEverywhere(db, id, code, share));
  },

  async removeRole(id) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    return commit((db, share) => deleteRole(db, id, { detach: true, share }));
  },

  // Topics

  async addTopic(division, name, roles = []) {
    const user = actor();
    if (!canManageCatalog(user)) return fail('forbidden');
    const valid = validateTopicName(name);
    if (!valid.ok) return invalid(valid);
    const topic = { name: valid.value, division, roles: normalizeRoles(roles), createdBy: user.id };
    return commit((db, share) => findOrAddTopic(db, topic, share));
  },

  async renameTopic(id, name) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    // SPEC §5: renaming ignores empty names (the rule gives the topic back unchanged).
    return commit((db, share) => renameTopicEverywhere(db, id, name.trim(), share));
  },

  async removeTopic(id) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    return commit((db, share) => deleteTopic(db, id, { withVocabulary: true, share }));
  },

  async setTopicRole(id, role, assigned) {
    if (!canManageCatalog(actor())) return fail('forbidden');
    const code = normalizeRole(role);
    if (code === '' || code === ALL_ROLES) return fail('role-name-reserved');
    return commit((db, share) => assignTopicRole(db, id, code, assigned, share));
  },

  // Words

  async addWord(input) {
    const user = actor();
    if (!canAddWords(user)) return fail('forbidden');
    const pair = validateWordPair(input);
    if (!pair.ok) return invalid(pair);
    return commit((db, share) => addWordBy(db, user, pair.value, input, share));
  },

  async editWord(id, patch) {
    // Who may edit depends on the word, read in the edit's transaction.
    const user = actor();
    return commit((db, share) => editWordBy(db, user, id, patch, share));
  },

  async removeWord(id) {
    const user = actor();
    return commit((db, share) => deleteWordBy(db, user, id, share));
  },

  async bulkImport(text, options = {}) {
    const user = actor();
    if (!canAddWords(user)) return fail('forbidden');
    return commit((db, share) => importWordsBy(db, user, text, options, share));
  },
}));
