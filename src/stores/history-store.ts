/**
 * What screens read of the answer history and the records set aside (the dead letters): plain
 * async reads from MarineDB for the signed-in user, so features never reach into db/.
 */
import { deleteDeadLetters, listDeadLetters, listHistory } from '@/db/history-queries';
import { getDB } from '@/db/instance';
import type { DeadLetter } from '@/db/schema';
import type { HistoryEntry } from '@/domain/history';

export type { DeadLetter };

/** Every history entry of the user (the charts, the export). */
export async function readHistory(userId: string): Promise<HistoryEntry[]> {
  return listHistory(await getDB(), userId);
}

/** The user's dead letters, newest first. */
export async function readDeadLetters(userId: string): Promise<DeadLetter[]> {
  return listDeadLetters(await getDB(), userId);
}

/** Forgets the given dead letters. */
export async function forgetDeadLetters(ids: readonly string[]): Promise<void> {
  await deleteDeadLetters(await getDB(), ids);
}
