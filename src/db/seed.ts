/** First-run seeding of MarineDB: built-in vocabulary, default divisions, default roles and derived topics. */
import { type IDBPTransaction, type StoreNames, unwrap } from 'idb';
import { BUILTIN_DIVISIONS } from '@/domain/constants';
import { defaultRoleRecords } from '@/domain/roles';
import { deriveTopics } from '@/domain/topics';
import type { Division, VocabItem } from '@/domain/types';
import { toStoredVocab } from './records';
import type { MarineDB, MarineDBSchema } from './schema';

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
    for (const role of defaultRoleRecords(divisionIds)) await roles.put(role);
  }

  const topics = tx.objectStore('topics');
  if ((await topics.count()) === 0) {
    const vocabulary = await tx.objectStore('vocab').getAll();
    for (const topic of deriveTopics(vocabulary)) await topics.put(topic);
  }
}

/**
 * SPEC §3: the divisions are seeded with deck, engine, bridge and galley whenever the table is
 * empty, not only when the database is made (an admin may have deleted every division); their
 * default roles come too when no role is left. One count on a normal start; the writes, when
 * needed, are one transaction. Words are not brought back here: that is the admin's «restore
 * built-in curriculum». Returns whether it seeded.
 */
export async function seedEmptyDivisions(db: MarineDB): Promise<boolean> {
  if ((await db.count('divisions')) > 0) return false;
  const tx = db.transaction(['divisions', 'roles'], 'readwrite');
  const divisions = tx.objectStore('divisions');
  const roles = tx.objectStore('roles');
  // Another tab may have seeded between the count and this transaction.
  if ((await divisions.count()) > 0) {
    await tx.done;
    return false;
  }
  const writes: Promise<unknown>[] = defaultDivisions().map((division) => divisions.put(division));
  if ((await roles.count()) === 0) {
    for (const role of defaultRoleRecords(BUILTIN_DIVISIONS)) writes.push(roles.put(role));
  }
  await Promise.all([...writes, tx.done]);
  return true;
}
