/**
 * The divisions table: division records, and the admin's edits of them, each in one transaction
 * (deleting a division cascades to its roles, topics and vocabulary).
 */
import {
  type CatalogEdit,
  divisionAdded,
  divisionDeleted,
  divisionRenamed,
  type NamesOf,
  succeeded,
} from '@/domain/catalog-edits';
import { newId } from '@/domain/ids';
import type { Division, DivisionId } from '@/domain/types';
import { editCatalog } from './catalog-edits';
import type { Share } from './curriculum-repo';
import type { MarineDB } from './schema';

export async function listDivisions(db: MarineDB): Promise<Division[]> {
  return db.getAll('divisions');
}

/** Writes a division; a shared write is queued for the cloud in the same transaction. */
export async function putDivision(
  db: MarineDB,
  division: Division,
  share?: Share,
): Promise<Division> {
  await editCatalog(db, ['divisions'], share, async () =>
    succeeded(division, true, { divisions: { put: [division] } }),
  );
  return division;
}

/** Adds a division named `name`, unless one goes by that name already (see `divisionAdded`). */
export function findOrAddDivision(
  db: MarineDB,
  name: string,
  namesOf: NamesOf<Division>,
  share?: Share,
): Promise<CatalogEdit<Division>> {
  return editCatalog(db, ['divisions'], share, async (tx) =>
    divisionAdded(await tx.objectStore('divisions').getAll(), name, namesOf, newId),
  );
}

/** Renames division `id`, unless another division goes by `name` (see `divisionRenamed`). */
export function renameDivisionTo(
  db: MarineDB,
  id: DivisionId,
  name: string,
  namesOf: NamesOf<Division>,
  share?: Share,
): Promise<CatalogEdit<Division>> {
  return editCatalog(db, ['divisions'], share, async (tx) =>
    divisionRenamed(await tx.objectStore('divisions').getAll(), id, name, namesOf),
  );
}

/**
 * Deletes a division and every role, topic and vocab item whose `division` is its id, in one
 * transaction. User words of the deleted items are kept (they are progress, and sync data). The
 * cascade also runs if the division record is already gone, so orphans can be cleaned up.
 */
export function deleteDivision(
  db: MarineDB,
  id: DivisionId,
  share?: Share,
): Promise<CatalogEdit<DivisionId>> {
  return editCatalog(db, ['divisions', 'roles', 'topics', 'vocab'], share, async (tx) => {
    const [roles, topics, words] = await Promise.all([
      tx.objectStore('roles').getAll(),
      tx.objectStore('topics').getAll(),
      tx.objectStore('vocab').index('division').getAllKeys(id),
    ]);
    return divisionDeleted(id, roles, topics, words);
  });
}
