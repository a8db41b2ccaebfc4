/** Which topics a division and role see (SPEC §2, §6). */
import { CATALOGUE_DIVISIONS, COMMON_DIVISION, DEFAULT_DIVISION, DEFAULT_TOPIC } from './constants';
import { matchesRole, normalizeRoles } from './roles';
import type { Division, DivisionId, Topic, VocabItem } from './types';

/**
 * Whether a word or topic of `itemDivision` belongs to what a learner of `division` studies: its
 * own division and the common core. No division chosen: everything.
 */
export function inDivision(
  itemDivision: DivisionId,
  division: DivisionId | undefined | null,
): boolean {
  return !division || itemDivision === division || itemDivision === COMMON_DIVISION;
}

/**
 * Topics of the division (and of the common core) visible to the role: a topic matches like a
 * word (no roles, 'all', or the role). The deck list hides topics whose names contain 'engine'.
 * The division's own topics come first, then the common core's, each sorted by the name shown
 * (`shown`: a built-in topic's name in the interface language; by default the name itself).
 */
export function visibleTopics(
  topics: readonly Topic[],
  division: DivisionId | undefined,
  role?: string | null,
  shown: (name: string) => string = (name) => name,
): Topic[] {
  return topics
    .filter((topic) => inDivision(topic.division, division))
    .filter((topic) => matchesRole(topic, role))
    .filter((topic) => division !== 'deck' || !/engine/i.test(topic.name))
    .sort(
      (a, b) =>
        Number(a.division === COMMON_DIVISION) - Number(b.division === COMMON_DIVISION) ||
        shown(a.name).localeCompare(shown(b.name)),
    );
}

/** The words of a topic (by its division and name). */
export function wordsOfTopic(
  vocab: readonly VocabItem[],
  topic: Pick<Topic, 'division' | 'name'>,
): VocabItem[] {
  return vocab.filter((item) => item.division === topic.division && item.topic === topic.name);
}

/** The id a topic derived from the vocabulary gets: `division::name`. */
export function topicId(division: DivisionId, name: string): string {
  return `${division}::${name}`;
}

/** How many words each topic holds, keyed by topic id (`division::name`). */
export function countWordsByTopic(vocab: readonly VocabItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of vocab) {
    const key = topicId(item.division, item.topic);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * Topics derived from vocabulary: one per (division, topic), id `division::topic`. A missing topic
 * is General and a missing division deck. A topic's roles are the union of its items' roles only
 * when every item has roles (otherwise it has none: everyone). Source is builtin when all its items
 * are builtin, else user.
 */
export function deriveTopics(items: readonly VocabItem[]): Topic[] {
  interface Group {
    topic: Topic;
    roles: Set<string>;
    everyItemHasRoles: boolean;
    allBuiltin: boolean;
  }
  const groups = new Map<string, Group>();
  for (const item of items) {
    const name = item.topic || DEFAULT_TOPIC;
    const division = item.division || DEFAULT_DIVISION;
    const id = topicId(division, name);
    let group = groups.get(id);
    if (!group) {
      group = {
        topic: { id, name, division, source: 'builtin' },
        roles: new Set(),
        everyItemHasRoles: true,
        allBuiltin: true,
      };
      groups.set(id, group);
    }
    const roles = normalizeRoles(item.roles);
    if (roles.length === 0) group.everyItemHasRoles = false;
    for (const role of roles) group.roles.add(role);
    if (item.source !== 'builtin') group.allBuiltin = false;
  }
  return [...groups.values()].map(({ topic, roles, everyItemHasRoles, allBuiltin }) => {
    const derived: Topic = { ...topic, source: allBuiltin ? 'builtin' : 'user' };
    if (everyItemHasRoles && roles.size > 0) derived.roles = [...roles];
    return derived;
  });
}

/** Divisions in display order: the built-in ones as the specification lists them, the common core, then by name. */
export function orderedDivisions(divisions: readonly Division[]): Division[] {
  const rank = (d: Division) => {
    const index = CATALOGUE_DIVISIONS.indexOf(d.id);
    return index < 0 ? CATALOGUE_DIVISIONS.length : index;
  };
  return [...divisions].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
