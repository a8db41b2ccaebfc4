/**
 * The cloud RemoteStore of this build: the Firestore Lite adapter, loaded with import() on first
 * use, or null in the local edition (no Firebase configuration), which never loads it.
 */

import { REMOTE_CALL_TIMEOUT_MS } from '@/domain/constants';
import { firebaseSettings } from '@/firebase/config';
import type { ExamRemote } from './exam-remote';
import type { FleetRemote } from './fleet-remote';
import type { RemoteProfile, RemoteStore } from './remote-store';
import { withTimeout } from './timeout';

let remote: Promise<RemoteStore> | null = null;
let fleet: Promise<FleetRemote> | null = null;
let exams: Promise<ExamRemote> | null = null;

/** The exam result documents' and sittings' calls, loaded with import() on first use. */
export function loadCloudExams(): Promise<ExamRemote> {
  const settings = firebaseSettings();
  if (!settings) return Promise.reject(new Error('Cloud sync is not configured'));
  if (!exams) {
    exams = import('./firestore-exams').then((m) => m.createFirestoreExams(settings));
    exams.catch(() => {
      exams = null;
    });
  }
  return exams;
}

/** The fleet's calls (vessels, memberships, officers), loaded with import() on first use. */
export function loadCloudFleet(): Promise<FleetRemote> {
  const settings = firebaseSettings();
  if (!settings) return Promise.reject(new Error('Cloud sync is not configured'));
  if (!fleet) {
    fleet = import('./firestore-fleet').then((m) => m.createFirestoreFleet(settings));
    fleet.catch(() => {
      fleet = null;
    });
  }
  return fleet;
}

export function loadCloudRemote(): Promise<RemoteStore> {
  const settings = firebaseSettings();
  if (!settings) return Promise.reject(new Error('Cloud sync is not configured'));
  if (!remote) {
    remote = import('./firestore-remote').then((m) => m.createFirestoreRemote(settings));
    // A failed load (an offline start before the chunk was cached) is retried on the next call.
    remote.catch(() => {
      remote = null;
    });
  }
  return remote;
}

/**
 * Merge-writes profile fields to users/{uid}; true when the cloud has them. A failure (offline)
 * is logged, never thrown: the profile stays marked unsent and the next sync sends it.
 */
export async function pushProfile(userId: string, patch: RemoteProfile): Promise<boolean> {
  if (!firebaseSettings()) return false;
  try {
    await withTimeout(
      (await loadCloudRemote()).writeProfile(userId, patch),
      REMOTE_CALL_TIMEOUT_MS,
      'Saving the profile',
    );
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
    const profile = await withTimeout(
      (await loadCloudRemote()).readProfile(userId),
      REMOTE_CALL_TIMEOUT_MS,
      'Reading the profile',
    );
    return { ok: true, profile };
  } catch (error) {
    console.warn('Reading the cloud profile failed', error);
    return { ok: false };
  }
}
