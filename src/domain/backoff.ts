/** How long to wait after failures in a row (sync runs, token refreshes): one formula for all. */
import { SYNC_BACKOFF_INITIAL_MS, SYNC_BACKOFF_MAX_MS } from './constants';

/** The backoff after `failures` failed attempts in a row: 30 s, 60 s, 120 s, ... at most 16 min. */
export function backoffDelay(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(SYNC_BACKOFF_INITIAL_MS * 2 ** (failures - 1), SYNC_BACKOFF_MAX_MS);
}
