/**
 * The FleetRemote port over `firebase/firestore/lite` (documents in domain/fleet.ts). Every write
 * that must hold together (a vessel and its code, a join and the leave of the vessel before, a
 * leave and the removal of the summary) is one commit.
 */
import type { DocumentData, Firestore, QueryDocumentSnapshot } from 'firebase/firestore/lite';
import { type FleetMembership, newJoinCode, VESSEL_FIELDS, type Vessel } from '@/domain/fleet';
import type { FirebaseSettings } from '@/firebase/config';
import { openFirestore, timestampToMicros, USERS_COLLECTION } from './firestore-remote';
import type {
  FleetRemote,
  FoundUser,
  JoinCodeInfo,
  Officer,
  OfficerGrant,
  PulledCrewDoc,
} from './fleet-remote';

type Lite = typeof import('firebase/firestore/lite');

export const VESSELS = 'vessels';
export const JOIN_CODES = 'joinCodes';
export const MEMBERSHIPS = 'memberships';
export const CREW = 'crew';
export const OFFICERS = 'officers';
/** `users/{uid}/fleet/active`: the vessel the learner is on (domain/fleet.ts ACTIVE_VESSEL_FIELDS). */
export const FLEET = 'fleet';
export const ACTIVE = 'active';

const isString = (value: unknown): value is string => typeof value === 'string';

/** A vessel document back, or null when it is not one this version can show. */
export function fromVesselDocument(id: string, data: DocumentData): Vessel | null {
  const { name, imo, flag, code } = data;
  if (!isString(name) || !isString(imo)) return null;
  if (name.length > VESSEL_FIELDS.name.max) return null;
  return {
    id,
    name,
    imo,
    ...(isString(flag) && flag ? { flag } : {}),
    ...(isString(code) && code ? { code } : {}),
  };
}

function fromOfficerDocument(data: DocumentData): OfficerGrant {
  const vessels = Array.isArray(data.vessels) ? data.vessels.filter(isString) : [];
  return { vessels, fleet: data.fleet === true };
}

/** The adapter; `open` defaults to the app's Firestore (tests pass one per signed-in user). */
export function createFirestoreFleet(
  settings: FirebaseSettings,
  open: () => Promise<{ fs: Lite; db: Firestore }> = () => openFirestore(settings),
): FleetRemote {
  const vesselFields = (fs: Lite, vessel: Omit<Vessel, 'id'>, by: string) => ({
    name: vessel.name,
    imo: vessel.imo,
    ...(vessel.flag ? { flag: vessel.flag } : {}),
    ...(vessel.code ? { code: vessel.code } : {}),
    by,
    updatedAt: fs.serverTimestamp(),
  });

  return {
    async readJoinCode(code): Promise<JoinCodeInfo | null> {
      const { fs, db } = await open();
      const snapshot = await fs.getDoc(fs.doc(db, JOIN_CODES, code));
      if (!snapshot.exists()) return null;
      const { vessel, vesselName, revoked } = snapshot.data();
      if (!isString(vessel) || !isString(vesselName)) return null;
      return { code, vessel, vesselName, revoked: revoked !== false };
    },

    async joinVessel(uid, join, leave) {
      const { fs, db } = await open();
      const batch = fs.writeBatch(db);
      if (leave && leave !== join.vessel) {
        batch.update(fs.doc(db, USERS_COLLECTION, uid, MEMBERSHIPS, leave), {
          leftAt: fs.serverTimestamp(),
        });
        batch.delete(fs.doc(db, VESSELS, leave, CREW, uid));
      }
      batch.set(fs.doc(db, USERS_COLLECTION, uid, MEMBERSHIPS, join.vessel), {
        vessel: join.vessel,
        vesselName: join.vesselName,
        code: join.code,
        joinedAt: fs.serverTimestamp(),
      });
      batch.set(fs.doc(db, USERS_COLLECTION, uid, FLEET, ACTIVE), {
        vessel: join.vessel,
        at: fs.serverTimestamp(),
      });
      await batch.commit();
    },

    async leaveVessel(uid, vessel) {
      const { fs, db } = await open();
      const batch = fs.writeBatch(db);
      // One commit: the summary goes with the membership (deleting it needs no membership).
      batch.delete(fs.doc(db, VESSELS, vessel, CREW, uid));
      batch.update(fs.doc(db, USERS_COLLECTION, uid, MEMBERSHIPS, vessel), {
        leftAt: fs.serverTimestamp(),
      });
      batch.set(fs.doc(db, USERS_COLLECTION, uid, FLEET, ACTIVE), {
        vessel: '',
        at: fs.serverTimestamp(),
      });
      await batch.commit();
    },

    async writeCrewSummary(uid, vessel, fields, setActive = false) {
      const { fs, db } = await open();
      const batch = fs.writeBatch(db);
      // A membership joined by an older version has no pointer yet: it is set with the summary.
      if (setActive) {
        batch.set(fs.doc(db, USERS_COLLECTION, uid, FLEET, ACTIVE), {
          vessel,
          at: fs.serverTimestamp(),
        });
      }
      batch.set(fs.doc(db, VESSELS, vessel, CREW, uid), {
        ...fields,
        syncedAt: fs.serverTimestamp(),
      });
      await batch.commit();
    },

    async readMembership(uid) {
      const { fs, db } = await open();
      const snapshot = await fs.getDocs(fs.collection(db, USERS_COLLECTION, uid, MEMBERSHIPS));
      let current: FleetMembership | null = null;
      snapshot.forEach((document: QueryDocumentSnapshot) => {
        const { vessel, vesselName, code, joinedAt, leftAt } = document.data();
        if (leftAt !== undefined || !isString(vessel) || !isString(vesselName)) return;
        const micros = timestampToMicros(joinedAt);
        if (micros === null || !isString(code)) return;
        const at = Math.floor(micros / 1000);
        if (!current || at > current.joinedAt) {
          current = { vessel, vesselName, code, joinedAt: at };
        }
      });
      return current;
    },

    async readOfficer(uid) {
      const { fs, db } = await open();
      const snapshot = await fs.getDoc(fs.doc(db, OFFICERS, uid));
      return snapshot.exists() ? fromOfficerDocument(snapshot.data()) : null;
    },

    async listVessels() {
      const { fs, db } = await open();
      const snapshot = await fs.getDocs(fs.collection(db, VESSELS));
      const vessels: Vessel[] = [];
      snapshot.forEach((document: QueryDocumentSnapshot) => {
        const vessel = fromVesselDocument(document.id, document.data());
        if (vessel) vessels.push(vessel);
      });
      return vessels.sort((a, b) => a.name.localeCompare(b.name));
    },

    async createVessel(input, by) {
      const { fs, db } = await open();
      const ref = fs.doc(fs.collection(db, VESSELS));
      const code = newJoinCode();
      const vessel: Vessel = { ...input, id: ref.id, code };
      const batch = fs.writeBatch(db);
      batch.set(ref, vesselFields(fs, vessel, by));
      batch.set(fs.doc(db, JOIN_CODES, code), {
        vessel: vessel.id,
        vesselName: vessel.name,
        revoked: false,
        by,
        updatedAt: fs.serverTimestamp(),
      });
      await batch.commit();
      return vessel;
    },

    async renewCode(vessel, by, revokeOnly = false) {
      const { fs, db } = await open();
      const batch = fs.writeBatch(db);
      if (vessel.code) {
        batch.update(fs.doc(db, JOIN_CODES, vessel.code), {
          revoked: true,
          by,
          updatedAt: fs.serverTimestamp(),
        });
      }
      const { code: _old, ...rest } = vessel;
      const next: Vessel = revokeOnly ? rest : { ...rest, code: newJoinCode() };
      if (next.code) {
        batch.set(fs.doc(db, JOIN_CODES, next.code), {
          vessel: vessel.id,
          vesselName: vessel.name,
          revoked: false,
          by,
          updatedAt: fs.serverTimestamp(),
        });
      }
      batch.set(fs.doc(db, VESSELS, vessel.id), vesselFields(fs, next, by));
      await batch.commit();
      return next;
    },

    async findUser(email): Promise<FoundUser | null> {
      const { fs, db } = await open();
      const wanted = email.trim();
      // Only a profile whose account verified this address (the rules write `emailVerified` only
      // from the token) names its owner; any profile could claim the address itself. Two such
      // accounts name no one.
      const snapshot = await fs.getDocs(
        fs.query(
          fs.collection(db, USERS_COLLECTION),
          fs.where('email', '==', wanted),
          fs.where('emailVerified', '==', true),
          fs.limit(2),
        ),
      );
      if (snapshot.size !== 1) return null;
      let found: FoundUser | null = null;
      snapshot.forEach((document: QueryDocumentSnapshot) => {
        const { fullName } = document.data();
        found = {
          uid: document.id,
          email: wanted,
          ...(isString(fullName) ? { name: fullName } : {}),
        };
      });
      return found;
    },

    async listOfficers() {
      const { fs, db } = await open();
      const snapshot = await fs.getDocs(fs.collection(db, OFFICERS));
      const officers: Officer[] = [];
      snapshot.forEach((document: QueryDocumentSnapshot) => {
        const data = document.data();
        officers.push({
          uid: document.id,
          ...fromOfficerDocument(data),
          ...(isString(data.email) ? { email: data.email } : {}),
          ...(isString(data.name) ? { name: data.name } : {}),
        });
      });
      return officers;
    },

    async setOfficer(officer, by) {
      const { fs, db } = await open();
      const ref = fs.doc(db, OFFICERS, officer.uid);
      if (!officer.fleet && officer.vessels.length === 0) {
        await fs.deleteDoc(ref);
        return;
      }
      await fs.setDoc(ref, {
        vessels: officer.vessels,
        fleet: officer.fleet,
        ...(officer.email ? { email: officer.email } : {}),
        ...(officer.name ? { name: officer.name } : {}),
        by,
        updatedAt: fs.serverTimestamp(),
      });
    },

    async readVessels(ids) {
      const { fs, db } = await open();
      const snapshots = await Promise.all(ids.map((id) => fs.getDoc(fs.doc(db, VESSELS, id))));
      return snapshots
        .map((snapshot) =>
          snapshot.exists() ? fromVesselDocument(snapshot.id, snapshot.data()) : null,
        )
        .filter((vessel): vessel is Vessel => vessel !== null);
    },

    async listCrew(vessel, after): Promise<PulledCrewDoc[]> {
      const { fs, db } = await open();
      const crew = fs.collection(db, VESSELS, vessel, CREW);
      const seconds = Math.floor(after / 1_000_000);
      const at = new fs.Timestamp(seconds, (after - seconds * 1_000_000) * 1000);
      const snapshot = await fs.getDocs(
        after > 0 ? fs.query(crew, fs.where('syncedAt', '>', at)) : fs.query(crew),
      );
      const docs: PulledCrewDoc[] = [];
      snapshot.forEach((document: QueryDocumentSnapshot) => {
        const { syncedAt: stamp, ...data } = document.data();
        const syncedAt = timestampToMicros(stamp);
        if (syncedAt !== null) docs.push({ uid: document.id, data, syncedAt });
      });
      return docs;
    },

    async countCrew(vessel) {
      const { fs, db } = await open();
      const snapshot = await fs.getCount(fs.collection(db, VESSELS, vessel, CREW));
      return snapshot.data().count;
    },
  };
}
