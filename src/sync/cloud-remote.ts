/**
 * The Cloud of this build (sync/cloud.ts): the Firestore Lite adapters, loaded with import() on
 * first use, or none in the local edition (no Firebase configuration), which never loads them.
 * One loader for all three parts; the fleet's and the exams' modules stay chunks of their own,
 * loaded by their first call.
 */

import { REMOTE_CALL_TIMEOUT_MS } from '@/domain/constants';
import { firebaseSettings } from '@/firebase/config';
import type { Cloud } from './cloud';
import type { RemoteProfile } from './remote-store';

let cloud: Promise<Cloud> | null = null;

/** The cloud's calls (one Firestore for all), loaded with import() on first use. */
export function loadCloud(): Promise<Cloud> {
  const settings = firebaseSettings();
  if (!settings) return Promise.reject(new Error('Cloud sync is not configured'));
  if (!cloud) {
    cloud = import('./firestore-cloud').then((m) => m.createFirestoreCloud(settings));
    // A failed load (an offline start before the chunk was cached) is retried on the next call.
    cloud.catch(() => {
      cloud = null;
    });
  }
  return cloud;
}

/**
 * One part of the cloud (`loadCloud`): its learner records and curriculum (`store`), its fleet or
 * its exam calls. A cloud without the part (one made for a test) fails the call that needs it.
 */
export async function loadCloudPart<K extends keyof Cloud>(
  part: K,
): Promise<NonNullable<Cloud[K]>> {
  const calls = (await loadCloud())[part];
  if (!calls) throw new Error(`The cloud has no ${part} calls`);
  return calls;
}

/** The cloud with the app's time limit on every call (the wrapper loads with the cloud). */
async function timedAppCloud(): Promise<Cloud> {
  const [cloud, { timedCloud }] = await Promise.all([loadCloud(), import('./cloud')]);
  return timedCloud(cloud, REMOTE_CALL_TIMEOUT_MS);
}

/**
 * Merge-writes profile fields to users/{uid}; true when the cloud has them. A failure (offline)
 * is logged, never thrown: the profile stays marked unsent and the next sync sends it.
 */
export async function pushProfile(userId: string, patch: RemoteProfile): Promise<boolean> {
  if (!firebaseSettings()) return false;
  try {
    await (await timedAppCloud()).store.writeProfile(userId, patch);
    return true;
  } catch (error) {
    console.warn('Saving the cloud profile failed; the next sync sends it', error);
    return false;
  }
}

/** A read of users/{uid}: the document (null when there is none), or that the read failed. */
export type ProfileRead = { ok: true; profile: RemoteProfile | null } | { ok: false };

/**
 * Reads users/{uid}, saying whether the read succeeded: a missing document is a successful read,
 * an offline device's or a timed-out one is not. The local edition has no cloud document.
 */
export async function readProfileChecked(userId: string): Promise<ProfileRead> {
  if (!firebaseSettings()) return { ok: true, profile: null };
  try {
    // A connection that looks up but never answers must not hold the first start after a
    // sign-in on the Loading screen.
    const profile = await (await timedAppCloud()).store.readProfile(userId);
    return { ok: true, profile };
  } catch (error) {
    console.warn('Reading the cloud profile failed', error);
    return { ok: false };
  }
}
