/** The divisions table: division records, and division deletion cascading to its roles, topics and vocabulary. */
import type { Division, DivisionId } from '@/domain/types';
import type { MarineDB } from './schema';

export async function listDivisions(db: MarineDB): Promise<Division[]> {
  return db.getAll('divisions');
}

export async function putDivision(db: MarineDB, division: Division): Promise<Division> {
  await db.put('divisions', division);
  return division;
}

export interface DeletedDivision {
  roles: number;
  topics: number;
  vocab: number;
}

/**
 * Deletes a division and every role, topic and vocab item whose `division` is its id, in one
 * transaction. User words of the deleted items are kept (they are progress, and sync data).
 * Returns how many records of each kind went; the cascade also runs if the division record is
 * already gone, so orphans can be cleaned up.
 */
export async function deleteDivision(db: MarineDB, id: DivisionId): Promise<DeletedDivision> {
  const tx = db.transaction(['divisions', 'roles', 'topics', 'vocab'], 'readwrite');
  const result: DeletedDivision = { roles: 0, topics: 0, vocab: 0 };
  await tx.objectStore('divisions').delete(id);
  let role = await tx.objectStore('roles').openCursor();
  while (role) {
    if (role.value.division === id) {
      await role.delete();
      result.roles++;
    }
    role = await role.continue();
  }
  let topic = await tx.objectStore('topics').openCursor();
  while (topic) {
    if (topic.value.division === id) {
      await topic.delete();
      result.topics++;
    }
    topic = await topic.continue();
  }
  let item = await tx.objectStore('vocab').index('division').openCursor(id);
  while (item) {
    await item.delete();
    result.vocab++;
    item = await item.continue();
  }
  await tx.done;
  return result;
}
