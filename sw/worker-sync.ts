/// <reference lib="webworker" />
/**
 * The sync the worker runs itself when no app window is open: the same MarineDB, the persisted
 * Firebase session (its Auth instance started as the page starts it: src/firebase), the same sync
 * engine and Firestore Lite adapter, and the same Web Lock as the page, so a window opened
 * meanwhile never syncs at the same time.
 */
import { openMarineDB } from '@/db/open';
import { SYNC_LOCK_NAME, SYNC_LOCK_WAIT_MS } from '@/domain/constants';
import { startFirebaseAuth } from '@/firebase/auth-instance';
import type { FirebaseSettings } from '@/firebase/config';
import { syncOnce } from '@/sync/engine';
import { createFirestoreFleet } from '@/sync/firestore-fleet';
import { createFirestoreRemote } from '@/sync/firestore-remote';

export async function syncFromWorker(settings: FirebaseSettings): Promise<'signed-out' | 'synced'> {
  const { auth } = await startFirebaseAuth(settings);
  const user = auth.currentUser;
  if (!user) return 'signed-out';
  const run = async () => {
    const db = await openMarineDB();
    try {
      await syncOnce({
        db,
        remote: createFirestoreRemote(settings),
        fleet: createFirestoreFleet(settings),
        userId: user.uid,
        now: Date.now(),
      });
    } finally {
      db.close();
    }
  };
  if (navigator.locks) {
    await navigator.locks.request(
      SYNC_LOCK_NAME,
      { signal: AbortSignal.timeout(SYNC_LOCK_WAIT_MS) },
      run,
    );
  } else {
    await run();
  }
  return 'synced';
}
