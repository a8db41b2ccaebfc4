/** First-run seeding of MarineDB: built-in vocabulary, default divisions, default roles and derived topics. */
import { type IDBPTransaction, type StoreNames, unwrap } from 'idb';
import { BUILTIN_DIVISIONS, DEFAULT_DIVISION, DEFAULT_TOPIC } from '@/domain/constants';
import { defaultRolesFor, normalizeRoles } from '@/domain/roles';
import type { Division, Role, Topic, VocabItem } from '@/domain/types';
import { toStoredVocab } from './records';
import type { MarineDBSchema } from './schema';

export type SeedTransaction = IDBPTransaction<
  MarineDBSchema,
  StoreNames<MarineDBSchema>[],
  'versionchange'
>;

export interface SeedOptions {
  /** True when the database is being created (oldVersion 0): only then is the vocabulary loaded. */
  firstCreation: boolean;
  vocabulary: readonly VocabItem[];
}

/** The built-in divisions: id = name. */
export function defaultDivisions(): Division[] {
  return BUILTIN_DIVISIONS.map((id) => ({ id, name: id }));
}

/** The default roles of the given divisions: id `division::code`, name = code. */
export function defaultRoles(divisionIds: readonly string[]): Role[] {
  return divisionIds.flatMap((division) =>
    defaultRolesFor(division).map((code) => ({ id: `${division}::${code}`, name: code, division })),
  );
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
    const id = `${division}::${name}`;
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

/**
 * Adds each item with `add`, ignoring individual failures (duplicate id, invalid key): a failed
 * request's error event is cancelled so it does not abort the transaction. The first of two
 * items with the same id is kept.
 */
function addAllIgnoringFailures(tx: SeedTransaction, items: readonly VocabItem[]): void {
  const store = unwrap(tx.objectStore('vocab'));
  for (const item of items) {
    try {
      const request = store.add(toStoredVocab(item));
      request.onerror = (event) => {
        event.preventDefault();
        event.stopPropagation();
      };
    } catch {
      // A synchronous failure (no usable key, uncloneable value): skip the item.
    }
  }
}

/**
 * Seeds inside the upgrade transaction, after the structural steps: the vocabulary on first
 * creation, then divisions, roles and topics wherever their store is empty. Everything happens in
 * this one transaction, so a crash cannot leave half a seed.
 */
export async function seedMarineDB(tx: SeedTransaction, options: SeedOptions): Promise<void> {
  if (options.firstCreation) addAllIgnoringFailures(tx, options.vocabulary);

  const divisions = tx.objectStore('divisions');
  if ((await divisions.count()) === 0) {
    for (const division of defaultDivisions()) await divisions.put(division);
  }

  const roles = tx.objectStore('roles');
  if ((await roles.count()) === 0) {
    const divisionIds = (await divisions.getAllKeys()) as string[];
    for (const role of defaultRoles(divisionIds)) await roles.put(role);
  }

  const topics = tx.objectStore('topics');
  if ((await topics.count()) === 0) {
    const vocabulary = await tx.objectStore('vocab').getAll();
    for (const topic of deriveTopics(vocabulary)) await topics.put(topic);
  }
}
