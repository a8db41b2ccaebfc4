/**
 * The Firestore Lite Cloud (cloud.ts): the records' adapter, and the fleet's and the exams'
 * adapters as parts that load their own chunks with their first call. One Firestore for all.
 */
import type { FirebaseSettings } from '@/firebase/config';
import { type Cloud, lazyPart } from './cloud';
import { createFirestoreRemote } from './firestore-remote';

export function createFirestoreCloud(settings: FirebaseSettings): Cloud {
  return {
    store: createFirestoreRemote(settings),
    fleet: lazyPart(() =>
      import('./firestore-fleet').then((m) => m.createFirestoreFleet(settings)),
    ),
    exams: lazyPart(() =>
      import('./firestore-exams').then((m) => m.createFirestoreExams(settings)),
    ),
  };
}
