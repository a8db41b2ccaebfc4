/**
 * Bringing a device's built-in vocabulary up to the version an app ships (pure: the database
 * layer reads the stores, calls `planVocabularyUpdate` and writes the plan in one transaction).
 *
 * The rules:
 * - a built-in word, topic, role or division that is new in this version is added, unless a
 *   record with its id is already there;
 * - a built-in word or topic that changed is updated, unless an admin edited it on this device
 *   (its digest differs from the one recorded when it was installed) or deleted it;
 * - a built-in word this version drops is deleted when nobody has progress on it, otherwise
 *   kept as `retired` (shown nowhere, progress intact); an admin-edited one is left alone;
 * - admin-made words, topics and roles and all user progress are never touched.
 * Applying a plan and planning again with the same data gives an empty plan (idempotent).
 */
import { DEFAULT_DIVISION, DEFAULT_TOPIC } from './constants';
import { normalizeRole, normalizeRoles } from './roles';
import { topicId } from './topics';
import type { Division, Role, Topic, VocabItem } from './types';
import { digestOf, vocabFingerprint } from './vocabulary';

/** What a device has installed of the built-in vocabulary: kept in the database's meta store. */
export interface InstalledVocabulary {
  version: number;
  /** Built-in word id -> digest of the pair as installed. */
  words: Record<string, string>;
  /** Built-in topic id -> digest of the topic as installed. */
  topics: Record<string, string>;
  /** Ids of the built-in roles installed. */
  roles: string[];
  /** Ids of the built-in divisions installed. */
  divisions: string[];
}

/** The built-in vocabulary an app version ships. */
export interface BuiltinVocabulary {
  version: number;
  words: readonly VocabItem[];
  topics: readonly Topic[];
  roles: readonly Role[];
  divisions: readonly Division[];
}

export interface StoredCatalogue {
  vocab: ReadonlyMap<string, VocabItem>;
  topics: ReadonlyMap<string, Topic>;
  roles: ReadonlyMap<string, Role>;
  divisions: ReadonlyMap<string, Division>;
}

export interface VocabularyUpdatePlan {
  putVocab: VocabItem[];
  deleteVocab: string[];
  putTopics: Topic[];
  /** Shipped topics no longer shipped, unedited here, with no word left in them. */
  deleteTopics: string[];
  putRoles: Role[];
  putDivisions: Division[];
  installed: InstalledVocabulary;
  counts: { added: number; updated: number; retired: number; removed: number };
}

/** A digest of a topic's editable fields (name, division, roles). */
export function topicFingerprint(topic: Topic): string {
  return digestOf([topic.name, topic.division, normalizeRoles(topic.roles).sort()]);
}

/** What an install records for a shipped vocabulary. */
export function installedRecordOf(builtin: BuiltinVocabulary): InstalledVocabulary {
  return {
    version: builtin.version,
    words: Object.fromEntries(builtin.words.map((w) => [w.id, vocabFingerprint(w)])),
    topics: Object.fromEntries(builtin.topics.map((t) => [t.id, topicFingerprint(t)])),
    roles: builtin.roles.map((r) => r.id),
    divisions: builtin.divisions.map((d) => d.id),
  };
}

const NOTHING_INSTALLED: InstalledVocabulary = {
  version: 0,
  words: {},
  topics: {},
  roles: [],
  divisions: [],
};

/** The stored item with the shipped content; a retired flag goes, nothing else is kept. */
function shipped(item: VocabItem): VocabItem {
  const { retired: _retired, ...rest } = item;
  return { ...rest, source: 'builtin', roles: normalizeRoles(rest.roles) };
}

/**
 * The changes that bring `stored` from `installed` (null: nothing recorded, a fresh database) to
 * `next`. `hasProgress(id)` says whether any user has a record for the word.
 */
export function planVocabularyUpdate(input: {
  installed: InstalledVocabulary | null;
  next: BuiltinVocabulary;
  stored: StoredCatalogue;
  hasProgress: (vocabId: string) => boolean;
}): VocabularyUpdatePlan {
  const installed = input.installed ?? NOTHING_INSTALLED;
  const { next, stored } = input;
  const plan: VocabularyUpdatePlan = {
    putVocab: [],
    deleteVocab: [],
    putTopics: [],
    deleteTopics: [],
    putRoles: [],
    putDivisions: [],
    installed: installedRecordOf(next),
    counts: { added: 0, updated: 0, retired: 0, removed: 0 },
  };

  const nextIds = new Set<string>();
  for (const word of next.words) {
    nextIds.add(word.id);
    const current = stored.vocab.get(word.id);
    const wanted = shipped(word);
    const digest = installed.words[word.id];
    if (digest === undefined) {
      // New in this version (or dropped earlier and now back): add, or bring back a retired copy.
      if (!current) {
        plan.putVocab.push(wanted);
        plan.counts.added++;
      } else if (current.retired && current.source === 'builtin') {
        plan.putVocab.push(wanted);
        plan.counts.updated++;
      }
      continue;
    }
    // Installed before: an admin deleted it (absent) or edited it (digest differs): keep theirs.
    if (!current || vocabFingerprint(current) !== digest) continue;
    if (vocabFingerprint(wanted) !== digest || current.retired || !sameExtras(current, wanted)) {
      plan.putVocab.push(wanted);
      plan.counts.updated++;
    }
  }

  for (const [id, digest] of Object.entries(installed.words)) {
    if (nextIds.has(id)) continue;
    const current = stored.vocab.get(id);
    if (!current || current.retired || vocabFingerprint(current) !== digest) continue;
    if (input.hasProgress(id)) {
      plan.putVocab.push({ ...current, retired: true });
      plan.counts.retired++;
    } else {
      plan.deleteVocab.push(id);
      plan.counts.removed++;
    }
  }

  for (const topic of next.topics) {
    const current = stored.topics.get(topic.id);
    const digest = installed.topics[topic.id];
    if (digest === undefined) {
      if (!current) plan.putTopics.push(topic);
    } else if (current && topicFingerprint(current) === digest) {
      if (topicFingerprint(topic) !== digest) plan.putTopics.push({ ...current, ...topic });
    }
  }

  // A shipped topic this version no longer ships (its words moved elsewhere) goes, unless an
  // admin edited it here or a word (an admin's, or one kept for progress) is still in it.
  const shippedTopics = new Set(next.topics.map((topic) => topic.id));
  const planned = new Map(plan.putVocab.map((item) => [item.id, item]));
  const deleted = new Set(plan.deleteVocab);
  const inUse = new Set<string>();
  for (const item of stored.vocab.values()) {
    if (deleted.has(item.id)) continue;
    const after = planned.get(item.id) ?? item;
    if (!after.retired) inUse.add(topicIdOf(after));
  }
  for (const [id, digest] of Object.entries(installed.topics)) {
    const current = stored.topics.get(id);
    if (shippedTopics.has(id) || !current || inUse.has(id)) continue;
    if (topicFingerprint(current) === digest) plan.deleteTopics.push(id);
  }

  const installedRoles = new Set(installed.roles);
  for (const role of next.roles) {
    if (!installedRoles.has(role.id) && !stored.roles.has(role.id)) plan.putRoles.push(role);
  }
  const installedDivisions = new Set(installed.divisions);
  for (const division of next.divisions) {
    if (!installedDivisions.has(division.id) && !stored.divisions.has(division.id)) {
      plan.putDivisions.push(division);
    }
  }
  return plan;
}

/** Whether the fields outside the digest (kind, reference, note, alternatives) are the same. */
function sameExtras(a: VocabItem, b: VocabItem): boolean {
  return (
    a.kind === b.kind &&
    a.ref === b.ref &&
    a.note === b.note &&
    JSON.stringify(a.alt ?? []) === JSON.stringify(b.alt ?? [])
  );
}

export interface RestorePlan {
  putVocab: VocabItem[];
  putTopics: Topic[];
  putRoles: Role[];
  putDivisions: Division[];
  /** Records written, by kind (a topic or word whose role is given back counts too). */
  counts: { divisions: number; roles: number; topics: number; words: number };
}

/** `current` with the shipped roles of `wanted` that are being given back, or null if none is missing. */
function withRolesBack<T extends { roles?: string[] }>(
  current: T,
  wanted: { roles?: string[] },
  back: ReadonlySet<string> | undefined,
): T | null {
  if (!back) return null;
  const have = new Set(normalizeRoles(current.roles));
  const missing = normalizeRoles(wanted.roles).filter((code) => back.has(code) && !have.has(code));
  if (missing.length === 0) return null;
  return { ...current, roles: [...normalizeRoles(current.roles), ...missing] };
}

/**
 * Bringing back the built-in curriculum an admin deleted (pure; the admin screen's «restore»):
 * every shipped division, role, topic and word that is missing is added as shipped; a restored
 * role is given back to the shipped topics and words that had it (deleting the role took it off
 * them). What is there stays as it is: admin edits, admin-made records and, since progress lives
 * elsewhere, every user's progress. A word comes back into its topic under the topic's current
 * name; a deleted topic comes back only with a word in it. Restoring twice adds nothing the
 * second time.
 */
export function planBuiltinRestore(next: BuiltinVocabulary, stored: StoredCatalogue): RestorePlan {
  const plan: RestorePlan = {
    putVocab: [],
    putTopics: [],
    putRoles: [],
    putDivisions: [],
    counts: { divisions: 0, roles: 0, topics: 0, words: 0 },
  };
  for (const division of next.divisions) {
    if (!stored.divisions.has(division.id)) plan.putDivisions.push(division);
  }
  // Division id -> the role codes given back in it.
  const rolesBack = new Map<string, Set<string>>();
  for (const role of next.roles) {
    if (stored.roles.has(role.id)) continue;
    plan.putRoles.push(role);
    const codes = rolesBack.get(role.division) ?? new Set<string>();
    codes.add(normalizeRole(role.name));
    rolesBack.set(role.division, codes);
  }
  // Topic ids that will hold a word once the plan is applied.
  const inUse = new Set<string>();
  for (const item of stored.vocab.values()) {
    if (!item.retired) inUse.add(topicIdOf(item));
  }
  for (const word of next.words) {
    const current = stored.vocab.get(word.id);
    if (!current) {
      // Into its topic as it is named now (an admin may have renamed it; the id stays).
      const topic = stored.topics.get(topicIdOf(word));
      const restored = shipped(word);
      plan.putVocab.push(
        topic && topic.name !== restored.topic ? { ...restored, topic: topic.name } : restored,
      );
      inUse.add(topicIdOf(word));
      continue;
    }
    const back = withRolesBack(current, word, rolesBack.get(current.division));
    if (back) plan.putVocab.push(back);
  }
  for (const topic of next.topics) {
    const current = stored.topics.get(topic.id);
    if (!current) {
      if (inUse.has(topic.id)) plan.putTopics.push(topic);
      continue;
    }
    const back = withRolesBack(current, topic, rolesBack.get(current.division));
    if (back) plan.putTopics.push(back);
  }
  plan.counts = {
    divisions: plan.putDivisions.length,
    roles: plan.putRoles.length,
    topics: plan.putTopics.length,
    words: plan.putVocab.length,
  };
  return plan;
}

function topicIdOf(item: VocabItem): string {
  return topicId(item.division || DEFAULT_DIVISION, item.topic || DEFAULT_TOPIC);
}
