/**
 * The RemoteStore port over `firebase/firestore/lite` (plain REST, no WebChannel). Documents:
 * `users/{uid}` (profile), `users/{uid}/history/{batchId}` (append-only batches of history
 * entries, see history-wire.ts; each created with `syncedAt` = the server's time, and pulls are
 * incremental on it; each in a commit of its own that steps the account's counter
 * `users/{uid}/meta/history`), the history segments `users/{uid}/historySegments/s<n>` with their
 * counter `users/{uid}/meta/segments` (history-segments.ts) and, read once for the migration, the
 * old `users/{uid}/userWords/{vocabId}`.
 * Firebase is loaded with `import()` on first use only.
 */
import type { DocumentData, Firestore, QueryDocumentSnapshot } from 'firebase/firestore/lite';
import { SYNC_BATCH_MAX_WRITES } from '@/domain/constants';
import { CURRICULUM_COLLECTION } from '@/domain/curriculum';
import { hasWireType, PROFILE_FIELDS, type ProfileField } from '@/domain/synced-records';
import type { UserWord, WordStatus } from '@/domain/types';
import { loadFirebaseApp } from '@/firebase/app';
import { type FirebaseSettings, parseEmulatorHost } from '@/firebase/config';
import {
  SEGMENT_COUNTER_ID,
  SEGMENTS_COLLECTION,
  type SegmentRead,
  segmentChars,
  segmentId,
  segmentOf,
  segmentStep,
} from './history-segments';
import {
  batchNowAt,
  entriesOfBatch,
  HISTORY_COLLECTION,
  HISTORY_COUNTER_COLLECTION,
  HISTORY_COUNTER_FIELDS,
  HISTORY_COUNTER_ID,
  toBatchWire,
  utf8Length,
} from './history-wire';
import type {
  HistoryPage,
  PulledBatch,
  PulledCurriculumDoc,
  PullResult,
  PushBatchInput,
  RemoteProfile,
  RemoteStore,
  SegmentState,
  SyncCursor,
} from './remote-store';

type Lite = typeof import('firebase/firestore/lite');

export const USERS_COLLECTION = 'users';
export const USER_WORDS_COLLECTION = 'userWords';

let lite: Promise<Lite> | undefined;

/** The cached `firebase/firestore/lite` module. */
export function loadFirestoreLite(): Promise<Lite> {
  if (!lite) {
    lite = import('firebase/firestore/lite');
    lite.catch(() => {
      lite = undefined;
    });
  }
  return lite;
}

/** Firestore instances already pointed at their emulator (connect may be called only once). */
const emulatorConnected = new WeakSet<Firestore>();

/** The Lite module and the default app's Firestore, pointed at the emulator when one is set. */
export async function openFirestore(
  settings: FirebaseSettings,
): Promise<{ fs: Lite; db: Firestore }> {
  const [fs, app] = await Promise.all([loadFirestoreLite(), loadFirebaseApp(settings)]);
  const db = fs.getFirestore(app);
  if (settings.firestoreEmulator && !emulatorConnected.has(db)) {
    const { host, port } = parseEmulatorHost(settings.firestoreEmulator);
    fs.connectFirestoreEmulator(db, host, port);
    emulatorConnected.add(db);
  }
  return { fs, db };
}

// ---- wire format ---------------------------------------------------------------------------

const STATUSES: readonly string[] = ['new', 'learning', 'learned'] satisfies WordStatus[];

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * A word document back to a UserWord, or null when the document is malformed (a pull skips it
 * rather than crash). Missing optional fields stay missing; null counts as missing.
 */
export function fromWordDocument(
  userId: string,
  documentId: string,
  data: DocumentData,
): UserWord | null {
  const vocabId = data.vocabId === undefined ? documentId : data.vocabId;
  if (typeof vocabId !== 'string' || vocabId === '') return null;
  if (typeof data.status !== 'string' || !STATUSES.includes(data.status)) return null;
  const { attempts, correct, streak, strength, updatedAt } = data;
  if (!isCount(attempts) || !isCount(correct) || !isCount(streak)) return null;
  if (!isCount(strength) || strength > 1) return null;
  if (!isTime(updatedAt)) return null;
  const word: UserWord = {
    userId,
    vocabId,
    status: data.status as WordStatus,
    attempts,
    correct,
    streak,
    strength,
    updatedAt,
    remoteId: documentId,
  };
  for (const key of ['lastSeenAt', 'nextReviewAt'] as const) {
    const value: unknown = data[key];
    if (value === undefined || value === null) continue;
    if (!isTime(value)) return null;
    word[key] = value;
  }
  for (const key of ['hidden', 'deleted'] as const) {
    const value: unknown = data[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'boolean') return null;
    word[key] = value;
  }
  return word;
}

/** A Firestore Timestamp-like value in epoch microseconds, or null when it is not one. */
export function timestampToMicros(value: unknown): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const { seconds, nanoseconds } = value as { seconds?: unknown; nanoseconds?: unknown };
  if (typeof seconds !== 'number' || typeof nanoseconds !== 'number') return null;
  return seconds * 1_000_000 + Math.floor(nanoseconds / 1000);
}

const PROFILE_WIRE = Object.entries(PROFILE_FIELDS) as [
  ProfileField,
  (typeof PROFILE_FIELDS)[ProfileField],
][];

/** The profile fields a client may write (PROFILE_FIELDS): a whitelist, so `isAdmin` never goes. */
export function toProfileWire(patch: RemoteProfile): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  for (const [field, { wire: name }] of PROFILE_WIRE) {
    if (patch[field] !== undefined) wire[name] = patch[field];
  }
  return wire;
}

/** A profile document back: each PROFILE_FIELDS field of the right type, and the admin flag. */
function fromProfileDocument(data: DocumentData): RemoteProfile {
  const profile: Record<string, unknown> = {};
  for (const [field, { wire: name, type }] of PROFILE_WIRE) {
    if (hasWireType(data[name], type)) profile[field] = data[name];
  }
  if (typeof data.isAdmin === 'boolean') profile.isAdmin = data.isAdmin;
  return profile as RemoteProfile;
}

// ---- the adapter ---------------------------------------------------------------------------

export function createFirestoreRemote(settings: FirebaseSettings): RemoteStore {
  const open = () => openFirestore(settings);

  return {
    async pushHistory(userId, batches) {
      if (batches.length === 0) return;
      // Before anything is sent: a batch out of the rules' bounds throws here.
      const documents = batches.map(({ entries }) => toBatchWire(entries));
      const { fs, db } = await open();
      const counter = fs.doc(
        db,
        USERS_COLLECTION,
        userId,
        HISTORY_COUNTER_COLLECTION,
        HISTORY_COUNTER_ID,
      );
      const { batches: n, bytes: c, last } = HISTORY_COUNTER_FIELDS;
      for (const [index, data] of documents.entries()) {
        const { id, now } = batches[index] as PushBatchInput;
        // The counter steps by increments, applied by the server in the commit: no read, and two
        // devices of one account pushing at once each count their own batch.
        const batch = fs.writeBatch(db);
        batch.set(fs.doc(db, USERS_COLLECTION, userId, HISTORY_COLLECTION, id), {
          ...data,
          ...(now === undefined ? {} : { now: batchNowAt(now) }),
          syncedAt: fs.serverTimestamp(),
        });
        batch.set(
          counter,
          {
            [n.wire]: fs.increment(1),
            [c.wire]: fs.increment(utf8Length(data.e)),
            [last.wire]: id,
          },
          { merge: true },
        );
        await batch.commit();
      }
    },

    async hasHistoryBatch(userId, batchId) {
      const { fs, db } = await open();
      const snapshot = await fs.getDoc(
        fs.doc(db, USERS_COLLECTION, userId, HISTORY_COLLECTION, batchId),
      );
      return snapshot.exists();
    },

    async pullHistory(userId, cursor: SyncCursor, page?: HistoryPage): Promise<PullResult> {
      const { fs, db } = await open();
      const history = fs.collection(db, USERS_COLLECTION, userId, HISTORY_COLLECTION);
      const at = microsToTimestamp(fs, cursor);
      let query: ReturnType<typeof fs.query<DocumentData, DocumentData>>;
      if (!page) {
        const ordered = fs.orderBy('syncedAt');
        query =
          cursor > 0
            ? fs.query(history, fs.where('syncedAt', '>', at), ordered)
            : fs.query(history, ordered);
      } else {
        // (syncedAt, batch id) order: a page may end inside a commit and the next goes on after it.
        const ordered = [fs.orderBy('syncedAt'), fs.orderBy(fs.documentId())] as const;
        const limit = fs.limit(page.limit);
        query = page.afterId
          ? fs.query(history, ...ordered, fs.startAfter(at, page.afterId), limit)
          : cursor > 0
            ? fs.query(history, fs.where('syncedAt', '>', at), ...ordered, limit)
            : fs.query(history, ...ordered, limit);
      }
      const snapshot = await fs.getDocs(query);
      const batches: PulledBatch[] = [];
      let next = cursor;
      let nextId: string | undefined;
      snapshot.forEach((document: QueryDocumentSnapshot) => {
        const data = document.data();
        const syncedAt = timestampToMicros(data.syncedAt);
        if (syncedAt === null) return;
        if (syncedAt >= next) {
          next = syncedAt;
          nextId = document.id;
        }
        batches.push({
          id: document.id,
          receivedAt: Math.floor(syncedAt / 1000),
          entries: entriesOfBatch(userId, Math.floor(syncedAt / 1000), data),
        });
      });
      return page && nextId !== undefined
        ? { batches, cursor: next, cursorId: nextId }
        : { batches, cursor: next };
    },

    async readSegments(userId, after, limit) {
      const { fs, db } = await open();
      const collection = fs.collection(db, USERS_COLLECTION, userId, SEGMENTS_COLLECTION);
      const snapshot = await fs.getDocs(
        fs.query(collection, fs.where('to', '>', after), fs.orderBy('to'), fs.limit(limit)),
      );
      const segments: SegmentRead[] = [];
      snapshot.forEach((document: QueryDocumentSnapshot) => {
        const segment = segmentOf(userId, document.id, document.data());
        if (segment) segments.push(segment);
      });
      return segments;
    },

    async readSegmentState(userId) {
      const { fs, db } = await open();
      const snapshot = await fs.getDoc(
        fs.doc(db, USERS_COLLECTION, userId, HISTORY_COUNTER_COLLECTION, SEGMENT_COUNTER_ID),
      );
      return snapshot.exists() ? segmentStateOf(snapshot.data()) : null;
    },

    async writeSegment(userId, index, segment, before) {
      const { fs, db } = await open();
      const id = segmentId(index);
      const batch = fs.writeBatch(db);
      batch.set(fs.doc(db, USERS_COLLECTION, userId, SEGMENTS_COLLECTION, id), {
        ...segment,
        syncedAt: fs.serverTimestamp(),
      });
      // The counter steps by increments (no read); the rules check the step against the segment
      // it replaces and that the segment goes on from the counter as it stood.
      const replaced = before && before.index === index ? before.chars : 0;
      batch.set(
        fs.doc(db, USERS_COLLECTION, userId, HISTORY_COUNTER_COLLECTION, SEGMENT_COUNTER_ID),
        {
          n: fs.increment(1),
          c: fs.increment(segmentStep(segment.e, replaced)),
          last: index,
          from: segment.from,
          to: segment.to,
          size: segmentChars(segment.e),
        },
        { merge: true },
      );
      await batch.commit();
    },

    async readLegacyWords(userId) {
      const { fs, db } = await open();
      const snapshot = await fs.getDocs(
        fs.collection(db, USERS_COLLECTION, userId, USER_WORDS_COLLECTION),
      );
      const words: UserWord[] = [];
      snapshot.forEach((document: QueryDocumentSnapshot) => {
        const word = fromWordDocument(userId, document.id, document.data());
        if (word) words.push(word);
      });
      return words;
    },

    async pushCurriculum(docs) {
      if (docs.length > SYNC_BATCH_MAX_WRITES) {
        throw new RangeError(
          `pushCurriculum: ${docs.length} documents exceed the ${SYNC_BATCH_MAX_WRITES} writes of one commit`,
        );
      }
      if (docs.length === 0) return;
      const { fs, db } = await open();
      const batch = fs.writeBatch(db);
      for (const { docId, doc } of docs) {
        batch.set(fs.doc(db, CURRICULUM_COLLECTION, docId), {
          ...doc,
          updatedAt: fs.serverTimestamp(),
        });
      }
      await batch.commit();
    },

    async pullCurriculum(cursor, limit) {
      const { fs, db } = await open();
      const collection = fs.collection(db, CURRICULUM_COLLECTION);
      // (updatedAt, document id) order: a page may end inside a commit (whose documents share
      // one server time) and the next page goes on after its last document.
      const ordered = [fs.orderBy('updatedAt'), fs.orderBy(fs.documentId())] as const;
      const at = microsToTimestamp(fs, cursor.at);
      const query = cursor.id
        ? fs.query(collection, ...ordered, fs.startAfter(at, cursor.id), fs.limit(limit))
        : fs.query(collection, fs.where('updatedAt', '>=', at), ...ordered, fs.limit(limit));
      const snapshot = await fs.getDocs(query);
      const docs: PulledCurriculumDoc[] = [];
      let next = cursor;
      snapshot.forEach((document: QueryDocumentSnapshot) => {
        const { updatedAt: stamp, ...data } = document.data();
        const updatedAt = timestampToMicros(stamp);
        if (updatedAt === null) return;
        next = { at: updatedAt, id: document.id };
        docs.push({ docId: document.id, data, updatedAt });
      });
      return { docs, cursor: next };
    },

    async readProfile(userId) {
      const { fs, db } = await open();
      const snapshot = await fs.getDoc(fs.doc(db, USERS_COLLECTION, userId));
      return snapshot.exists() ? fromProfileDocument(snapshot.data()) : null;
    },

    async writeProfile(userId, patch) {
      const wire = toProfileWire(patch);
      if (Object.keys(wire).length === 0) return;
      const { fs, db } = await open();
      await fs.setDoc(fs.doc(db, USERS_COLLECTION, userId), wire, { merge: true });
    },
  };
}

/** The segments' counter document as the open segment, or null when it is not one. */
function segmentStateOf(data: DocumentData): SegmentState | null {
  const { last, from, to, size } = data;
  const whole = (value: unknown): value is number => Number.isSafeInteger(value);
  if (!whole(last) || !whole(from) || !whole(to) || !whole(size)) return null;
  return { index: last, from, to, chars: size };
}

function microsToTimestamp(fs: Lite, micros: number) {
  const seconds = Math.floor(micros / 1_000_000);
  const nanoseconds = (micros - seconds * 1_000_000) * 1000;
  return new fs.Timestamp(seconds, nanoseconds);
}
