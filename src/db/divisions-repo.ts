/** The divisions table: division records, and division deletion cascading to its roles, topics and vocabulary. */
import type { Division, DivisionId } from '@/domain/types';
import { changes, queueChanges, type Share, withOutbox } from './curriculum-repo';
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
  const tx = db.transaction(withOutbox(['divisions'], share), 'readwrite');
  await Promise.all([
    tx.objectStore('divisions').put(division),
    ...queueChanges(tx, share, [changes.division(division)]),
    tx.done,
  ]);
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
export async function deleteDivision(
  db: MarineDB,
  id: DivisionId,
  share?: Share,
): Promise<DeletedDivision> {
  const tx = db.transaction(
    withOutbox(['divisions', 'roles', 'topics', 'vocab'], share),
    'readwrite',
  );
  const result: DeletedDivision = { roles: 0, topics: 0, vocab: 0 };
  const gone = [changes.deleted('division', id)];
  await tx.objectStore('divisions').delete(id);
  let role = await tx.objectStore('roles').openCursor();
  while (role) {
    if (role.value.division === id) {
      gone.push(changes.deleted('role', role.value.id));
      await role.delete();
      result.roles++;
    }
    role = await role.continue();
  }
  let topic = await tx.objectStore('topics').openCursor();
  while (topic) {
    if (topic.value.division === id) {
      gone.push(changes.deleted('topic', topic.value.id));
      await topic.delete();
      result.topics++;
    }
    topic = await topic.continue();
  }
  let item = await tx.objectStore('vocab').index('division').openCursor(id);
  while (item) {
    gone.push(changes.deleted('word', item.value.id));
    await item.delete();
    result.vocab++;
    item = await item.continue();
  }
  await Promise.all(queueChanges(tx, share, gone));
  await tx.done;
  return result;
}
