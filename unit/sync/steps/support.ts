/** A step's context over a device's database and the in-memory cloud, as the engine makes it. */
import type { MarineDB } from '@/db/schema';
import { HISTORY_BATCH_MAX_ENTRIES, SYNC_BATCH_MAX_WRITES } from '@/domain/constants';
import { type Cloud, timedCloud } from '@/sync/cloud';
import type { SyncContext } from '@/sync/steps/context';
import type { MemoryRemote } from '../support/memory-remote';

export function contextOf(
  db: MarineDB,
  remote: MemoryRemote,
  userId: string,
  now: number,
  more: Partial<Omit<Cloud, 'store'>> & Partial<SyncContext> = {},
): SyncContext {
  const { fleet, exams, ...rest } = more;
  const cloud: Cloud = { store: remote, ...(fleet ? { fleet } : {}), ...(exams ? { exams } : {}) };
  return {
    db,
    userId,
    now,
    clock: () => now,
    cloud: timedCloud(cloud, 1000),
    timeoutMs: 1000,
    batchSize: SYNC_BATCH_MAX_WRITES,
    entriesPerBatch: HISTORY_BATCH_MAX_ENTRIES,
    fleetRecheck: false,
    ...rest,
  };
}
