/**
 * The VHF exchange drills: the built-in data (its chunk loads with the drill screens; the service
 * worker precaches it) and the drills' progress of whoever studies now, folded from their answer
 * history (a guest's from this visit's memory). Replies are recorded by the words store, which
 * owns the history's write side.
 */
import { listHistoryOfPrefix } from '@/db/history-queries';
import { openDB } from '@/db/instance';
import {
  DRILL_VOCAB_PREFIX,
  type Drill,
  type DrillProgress,
  drillProgress,
  readDrills,
} from '@/domain/drills';
import { effectiveTime, type HistoryEntry } from '@/domain/history';
import { GUEST_ID, useWordsStore } from './words-store';

export type { Drill, DrillProgress };

let drills: Drill[] | null = null;
let loading: Promise<Drill[]> | null = null;

/** Loads the drills once; a drill that breaks the data contract is left out (and logged). */
export function loadDrills(): Promise<Drill[]> {
  loading ??= import('@/data/drills.json')
    .then((module) => {
      const read = readDrills(module.default);
      if (read.problems.length > 0) console.error('Drills left out:', read.problems);
      drills = read.drills;
      return read.drills;
    })
    .catch((error: unknown) => {
      // A failed load (an update removed the chunk) may be retried by the next navigation.
      loading = null;
      throw error;
    });
  return loading;
}

/** The drills, once `loadDrills` (their routes' loader) has resolved; empty before. */
export function loadedDrills(): readonly Drill[] {
  return drills ?? [];
}

/** The progress of every drill of whoever studies now (drills never done are missing). */
export async function readDrillProgress(): Promise<Map<string, DrillProgress>> {
  const { ownerId, guestHistory } = useWordsStore.getState();
  const entries: readonly HistoryEntry[] =
    ownerId === GUEST_ID
      ? guestHistory
      : await listHistoryOfPrefix(await openDB(), ownerId, DRILL_VOCAB_PREFIX);
  return drillProgress(entries.map((entry) => ({ ...entry, time: effectiveTime(entry) })));
}
