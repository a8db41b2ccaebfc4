/**
 * The ExamRemote port over `firebase/firestore/lite`: a result document and the use of its
 * sitting code in one commit, so a code is consumed exactly when a result names it.
 */
import type { DocumentData, Firestore } from 'firebase/firestore/lite';
import {
  EXAM_RESULTS_COLLECTION,
  type ExamResultDoc,
  newSittingCode,
  readExamResultDoc,
  SITTINGS_COLLECTION,
  type Sitting,
} from '@/domain/exam-proof';
import type { FirebaseSettings } from '@/firebase/config';
import { type ExamRemote, isRefusal, type StoredExamResult } from './exam-remote';
import { openFirestore, timestampToMicros, USERS_COLLECTION } from './firestore-remote';

type Lite = typeof import('firebase/firestore/lite');

/** New codes tried when an issued code is taken already (the rules refuse to overwrite one). */
const ISSUE_ATTEMPTS = 3;

const msOf = (value: unknown) => {
  const micros = timestampToMicros(value);
  return micros === null ? null : Math.floor(micros / 1000);
};

/** A sitting document back, or null when it is not one this version can read. */
export function fromSittingDocument(code: string, data: DocumentData): Sitting | null {
  const { uid, vessel, role, by, byName, issuedAt, usedAt, exam } = data;
  const issued = msOf(issuedAt);
  if (
    typeof uid !== 'string' ||
    typeof vessel !== 'string' ||
    typeof role !== 'string' ||
    typeof by !== 'string' ||
    typeof byName !== 'string' ||
    issued === null
  ) {
    return null;
  }
  const used = usedAt === undefined ? null : msOf(usedAt);
  return {
    code,
    uid,
    vessel,
    role,
    by,
    byName,
    issuedAt: issued,
    ...(used !== null ? { usedAt: used } : {}),
    ...(typeof exam === 'string' ? { exam } : {}),
  };
}

/** The adapter; `open` defaults to the app's Firestore (tests pass one per signed-in user). */
export function createFirestoreExams(
  settings: FirebaseSettings,
  open: () => Promise<{ fs: Lite; db: Firestore }> = () => openFirestore(settings),
): ExamRemote {
  return {
    async pushExamResult(uid, examId, doc: ExamResultDoc) {
      const { fs, db } = await open();
      const batch = fs.writeBatch(db);
      batch.set(fs.doc(db, USERS_COLLECTION, uid, EXAM_RESULTS_COLLECTION, examId), {
        ...doc,
        syncedAt: fs.serverTimestamp(),
      });
      if (doc.sc) {
        batch.update(fs.doc(db, SITTINGS_COLLECTION, doc.sc), {
          usedAt: fs.serverTimestamp(),
          exam: examId,
        });
      }
      await batch.commit();
    },

    async readExamResult(uid, examId): Promise<StoredExamResult | null> {
      const { fs, db } = await open();
      const snapshot = await fs.getDoc(
        fs.doc(db, USERS_COLLECTION, uid, EXAM_RESULTS_COLLECTION, examId),
      );
      if (!snapshot.exists()) return null;
      const data = snapshot.data();
      const doc = readExamResultDoc(data);
      const syncedAt = msOf(data.syncedAt);
      return doc && syncedAt !== null ? { ...doc, syncedAt } : null;
    },

    async readSitting(code) {
      const { fs, db } = await open();
      try {
        const snapshot = await fs.getDoc(fs.doc(db, SITTINGS_COLLECTION, code));
        return snapshot.exists() ? fromSittingDocument(code, snapshot.data()) : null;
      } catch (error) {
        // The rules refuse a code that names someone else, and one that does not exist.
        if (isRefusal(error)) return null;
        throw error;
      }
    },

    async issueSitting(request, by) {
      const { fs, db } = await open();
      let last: unknown = null;
      for (let attempt = 0; attempt < ISSUE_ATTEMPTS; attempt++) {
        const code = newSittingCode();
        try {
          await fs.setDoc(fs.doc(db, SITTINGS_COLLECTION, code), {
            uid: request.uid,
            vessel: request.vessel,
            role: request.role,
            by,
            byName: request.byName,
            issuedAt: fs.serverTimestamp(),
          });
        } catch (error) {
          last = error;
          if (isRefusal(error)) continue;
          throw error;
        }
        const snapshot = await fs.getDoc(fs.doc(db, SITTINGS_COLLECTION, code));
        const sitting = snapshot.exists() ? fromSittingDocument(code, snapshot.data()) : null;
        return sitting ?? { code, ...request, by, issuedAt: Date.now() };
      }
      throw last;
    },
  };
}
