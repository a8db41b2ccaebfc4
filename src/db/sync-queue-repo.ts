/** The syncQueue table: pending upserts for the cloud, read in createdAt order and deleted once pushed. */
import type { SyncQueueEntry } from '@/domain/types';
import type { MarineDB } from './schema';

/** Every entry, oldest first (createdAt, then id for equal times). Entries are added by `saveUserWord(s)`. */
export async function listQueue(db: MarineDB): Promise<SyncQueueEntry[]> {
  return db.getAllFromIndex('syncQueue', 'createdAt');
}

export async function countQueue(db: MarineDB): Promise<number> {
  return db.count('syncQueue');
}

/** Deletes the given entries in one transaction; unknown ids are ignored. */
export async function deleteQueueEntries(db: MarineDB, ids: readonly string[]): Promise<void> {
  const tx = db.transaction('syncQueue', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

export async function clearQueue(db: MarineDB): Promise<void> {
  await db.clear('syncQueue');
}
