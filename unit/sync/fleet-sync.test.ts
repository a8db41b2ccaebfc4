/**
 * The fleet through the REAL Firestore Lite SDK against the Firestore REST test server, which holds
 * every call to firestore.rules' fleet checks: an admin adds a vessel, learners join with its code
 * (their devices' sync writes their summaries, and only when due), a leave made offline reaches the
 * cloud at the next sync, and an officer's dashboard copy follows the crew reading as little as it
 * can. Each person has their own signed-in Firestore, as each device has.
 */
import { initializeApp } from 'firebase/app';
import * as lite from 'firebase/firestore/lite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getFleetMeta, updateFleetMeta } from '@/db/fleet-repo';
import { recordChange } from '@/db/history-append';
import { listHistory } from '@/db/history-queries';
import { rulesOf } from '@/db/history-refold';
import { recordExamResult } from '@/db/history-results';
import type { MarineDB } from '@/db/schema';
import { getUser } from '@/db/users-repo';
import { putVocab } from '@/db/vocab-repo';
import { SUMMARY_REWRITE_MS } from '@/domain/fleet-summary';
import { learnedOverTime } from '@/domain/progress-charts';
import type { FirebaseSettings } from '@/firebase/config';
import { createFirestoreFleet } from '@/sync/firestore-fleet';
import { refreshCopy } from '@/sync/fleet-refresh';
import type { FleetRemote } from '@/sync/fleet-remote';
import { joinVesselFromCloud, syncFleet } from '@/sync/fleet-sync';
import {
  type FirestoreRestServer,
  firestoreTestApi,
  startFirestoreRestServer,
} from '../../e2e/support/firestore-rest-server';
import { openDeviceOf, vocab } from '../db/helpers';

const PROJECT = 'demo-fleet';
const NOW = Date.UTC(2026, 10, 25, 8);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let server: FirestoreRestServer;
let settings: FirebaseSettings;
let testApi: ReturnType<typeof firestoreTestApi>;
let apps = 0;

/** A signed-in person's fleet calls, on a Firestore of their own (as their device has). */
function signedIn(uid: string, admin = false): FleetRemote {
  apps += 1;
  const app = initializeApp({ apiKey: 'demo-key', projectId: PROJECT }, `fleet-${apps}`);
  const db = lite.getFirestore(app);
  const [host, port] = server.host.split(':') as [string, string];
  lite.connectFirestoreEmulator(db, host, Number(port), {
    mockUserToken: { user_id: uid, ...(admin ? { admin: true } : {}) },
  });
  return createFirestoreFleet(settings, async () => ({ fs: lite, db }));
}

const open: MarineDB[] = [];
async function deviceOf(uid: string, name: string): Promise<MarineDB> {
  const db = await openDeviceOf(uid);
  open.push(db);
  const tx = db.transaction('users', 'readwrite');
  const user = await tx.store.get(uid);
  if (user)
    await tx.store.put({
      ...user,
      fullName: name,
      settings: { ...user.settings, division: 'deck', role: 'ab' },
    });
  await tx.done;
  await putVocab(db, vocab('dk1', { topic: 'Mooring', division: 'deck' }));
  await putVocab(db, vocab('dk2', { topic: 'Mooring', division: 'deck' }));
  return db;
}

beforeAll(async () => {
  lite.setLogLevel('silent');
  server = await startFirestoreRestServer({ port: 0 });
  settings = { apiKey: 'demo-key', projectId: PROJECT, firestoreEmulator: server.host };
  testApi = firestoreTestApi(server.url);
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await testApi.reset();
});

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const crewDocs = async (vessel: string) =>
  (await testApi.documents(`vessels/${vessel}/crew/`)).filter(
    (doc) => doc.path.split('/').length === 4,
  );

describe('the fleet in the cloud', () => {
  it('writes a member’s summary at the join, then only when due, and a new exam at once', async () => {
    const admin = signedIn('admin-1', true);
    const vessel = await admin.createVessel({ name: 'Sea Star', imo: '9074729' }, 'admin-1');
    const sailor = signedIn('sailor-1');
    const code = await sailor.readJoinCode(vessel.code as string);
    expect(code).toMatchObject({ vessel: vessel.id, vesselName: 'Sea Star', revoked: false });

    const ship = await deviceOf('sailor-1', 'Ivan Petrov');
    await recordChange(ship, 'sailor-1', 'dk1', { kind: 'answer', correct: true }, NOW - HOUR);
    await recordChange(ship, 'sailor-1', 'dk2', { kind: 'answer', correct: false }, NOW - HOUR);
    await sailor.joinVessel('sailor-1', {
      vessel: vessel.id,
      vesselName: 'Sea Star',
      code: vessel.code as string,
    });

    // The session's first sync learns the membership and writes the summary.
    const first = await syncFleet(ship, sailor, 'sailor-1', NOW, 10_000, true);
    expect(first).toEqual({ summaryWritten: true, changed: true });
    const [doc] = await crewDocs(vessel.id);
    // dk1 answered right is learned (the app's status rule), dk2 answered wrong is not.
    expect(doc?.data).toMatchObject({ name: 'Ivan Petrov', role: 'ab', mast: 1, rank: 'L1' });
    expect(JSON.parse(doc?.data.s as string).t).toEqual([['Mooring', 1, 2]]);
    expect(JSON.stringify(doc?.data)).not.toContain('dk1');

    // A sync a minute later writes nothing (and reads nothing: no check is due).
    const before = await testApi.stats();
    await recordChange(ship, 'sailor-1', 'dk2', { kind: 'answer', correct: true }, NOW + 30_000);
    expect(await syncFleet(ship, sailor, 'sailor-1', NOW + 60_000)).toEqual({
      summaryWritten: false,
      changed: false,
    });
    const after = await testApi.stats();
    expect(after.writes - before.writes).toBe(0);
    expect(after.reads - before.reads).toBe(0);

    // A new exam result goes at once; a changed summary otherwise waits for SUMMARY_REWRITE_MS.
    await recordExamResult(
      ship,
      'sailor-1',
      'ex1',
      true,
      {
        dv: 'deck',
        role: 'ab',
        c: 32,
        n: 40,
        pm: 70,
        lim: 1800,
        sec: 300,
        pr: null,
        s: { terms: [32, 40] },
        t: [],
        miss: [],
      },
      NOW + 2 * 60_000,
    );
    expect((await syncFleet(ship, sailor, 'sailor-1', NOW + 3 * 60_000)).summaryWritten).toBe(true);
    expect(JSON.parse((await crewDocs(vessel.id))[0]?.data.s as string).ex[0]).toEqual([
      'ex1',
      NOW + 2 * 60_000,
      80,
      1,
      'ab',
    ]);
    // Not sent as a result document yet (no exam step ran): marked unconfirmed for the officers.
    expect(JSON.parse((await crewDocs(vessel.id))[0]?.data.s as string).exp).toEqual([
      'unconfirmed',
    ]);
    expect((await syncFleet(ship, sailor, 'sailor-1', NOW + 4 * 60_000)).summaryWritten).toBe(
      false,
    );
    expect(
      (await syncFleet(ship, sailor, 'sailor-1', NOW + 3 * 60_000 + SUMMARY_REWRITE_MS))
        .summaryWritten,
    ).toBe(false);
    await recordChange(
      ship,
      'sailor-1',
      'dk1',
      { kind: 'answer', correct: false },
      NOW + SUMMARY_REWRITE_MS,
    );
    expect(
      (await syncFleet(ship, sailor, 'sailor-1', NOW + 4 * 60_000 + SUMMARY_REWRITE_MS))
        .summaryWritten,
    ).toBe(true);
  });

  it('sends a leave made offline at the next sync, and a revoked code lets nobody in', async () => {
    const admin = signedIn('admin-2', true);
    const vessel = await admin.createVessel({ name: 'North Cape', imo: '9176187' }, 'admin-2');
    const sailor = signedIn('sailor-2');
    await sailor.joinVessel('sailor-2', {
      vessel: vessel.id,
      vesselName: 'North Cape',
      code: vessel.code as string,
    });
    const ship = await deviceOf('sailor-2', 'Olga Smirnova');
    await syncFleet(ship, sailor, 'sailor-2', NOW, 10_000, true);
    expect(await crewDocs(vessel.id)).toHaveLength(1);

    // Left offline: off the device at once, in the cloud with the next sync.
    await updateFleetMeta(ship, 'sailor-2', ({ membership: _m, written: _w, ...rest }) => ({
      ...rest,
      leaving: vessel.id,
    }));
    await syncFleet(ship, sailor, 'sailor-2', NOW + 60_000);
    expect(await crewDocs(vessel.id)).toHaveLength(0);
    const [membership] = await testApi.documents('users/sailor-2/memberships/');
    expect(membership?.data.leftAt).toBeTruthy();
    const meta = await getFleetMeta(ship, 'sailor-2');
    expect(meta.leaving).toBeUndefined();
    expect(meta.membership).toBeUndefined();
    // Left, the device cannot write a summary any more (the rules refuse it).
    await expect(sailor.writeCrewSummary('sailor-2', vessel.id, { name: 'x' })).rejects.toThrow();

    // The admin renews the code: the old one is refused by the rules, the new one works.
    const renewed = await admin.renewCode(vessel, 'admin-2');
    expect(await sailor.readJoinCode(vessel.code as string)).toMatchObject({ revoked: true });
    await expect(
      sailor.joinVessel('sailor-2', {
        vessel: vessel.id,
        vesselName: 'North Cape',
        code: vessel.code as string,
      }),
    ).rejects.toThrow();
    await sailor.joinVessel('sailor-2', {
      vessel: vessel.id,
      vesselName: 'North Cape',
      code: renewed.code as string,
    });
  });

  it('gives an officer their vessels’ crew, then only what changed, and drops who left', async () => {
    const admin = signedIn('admin-3', true);
    const a = await admin.createVessel({ name: 'Alpha', imo: '9074729' }, 'admin-3');
    const b = await admin.createVessel({ name: 'Bravo', imo: '9176187' }, 'admin-3');
    await admin.setOfficer({ uid: 'officer-3', vessels: [a.id], fleet: false }, 'admin-3');
    const crew = ['c1', 'c2', 'c3'];
    for (const uid of crew) {
      const remote = signedIn(uid);
      const vessel = uid === 'c3' ? b : a;
      await remote.joinVessel(uid, {
        vessel: vessel.id,
        vesselName: vessel.name,
        code: vessel.code as string,
      });
      await syncFleet(await deviceOf(uid, `Crew ${uid}`), remote, uid, NOW, 10_000, true);
    }

    const officer = signedIn('officer-3');
    const first = await refreshCopy(officer, 'officer-3', false, undefined);
    // The officer document, the vessel and its two crew: a vessel read whole needs no count.
    expect(first.reads).toBe(4);
    expect(first.grant).toEqual({ vessels: [a.id], fleet: false });
    expect(first.next.vessels.map((v) => v.name)).toEqual(['Alpha']);
    expect(first.next.crew[a.id]?.map((row) => row.name).sort()).toEqual(['Crew c1', 'Crew c2']);
    // Not another vessel's crew.
    await expect(officer.listCrew(b.id, 0)).rejects.toThrow();

    // Nothing changed: the officer document, the vessel, an empty query and a count.
    const again = await refreshCopy(officer, 'officer-3', false, { ...first.next });
    expect(again.reads).toBe(4);
    expect(again.next.crew[a.id]).toEqual(first.next.crew[a.id]);

    // c2 leaves: the count tells the copy to read the vessel whole.
    await signedIn('c2').leaveVessel('c2', a.id);
    const third = await refreshCopy(officer, 'officer-3', false, { ...again.next });
    expect(third.next.crew[a.id]?.map((row) => row.name)).toEqual(['Crew c1']);
  });
  it('never sticks on a leave the cloud already has, nor loses one made before joining elsewhere', async () => {
    const admin = signedIn('admin-4', true);
    const a = await admin.createVessel({ name: 'Alpha', imo: '9074729' }, 'admin-4');
    const b = await admin.createVessel({ name: 'Bravo', imo: '9176187' }, 'admin-4');
    const sailor = signedIn('sailor-4');
    const ship = await deviceOf('sailor-4', 'Pavel Orlov');
    const join = (vessel: typeof a) =>
      joinVesselFromCloud(sailor, 'sailor-4', {
        vessel: vessel.id,
        vesselName: vessel.name,
        code: vessel.code as string,
      });
    const queueLeave = (vessel: string) =>
      updateFleetMeta(ship, 'sailor-4', ({ membership: _m, written: _w, ...rest }) => ({
        ...rest,
        changes: (rest.changes ?? 0) + 1,
        leaving: vessel,
      }));

    // The leave reached the cloud but its answer was lost: the device still holds it queued.
    await join(a);
    await syncFleet(ship, sailor, 'sailor-4', NOW, 10_000, true);
    await sailor.leaveVessel('sailor-4', a.id);
    await queueLeave(a.id);
    // The cloud refuses a second leave; the sync finds it done and goes on.
    await expect(syncFleet(ship, sailor, 'sailor-4', NOW + 60_000)).resolves.toBeDefined();
    expect((await getFleetMeta(ship, 'sailor-4')).leaving).toBeUndefined();

    // Joined Alpha again, left it offline, then joined Bravo: Alpha is left in the same commit.
    await join(a);
    await syncFleet(ship, sailor, 'sailor-4', NOW + 2 * 60_000, 10_000, true);
    expect(await crewDocs(a.id)).toHaveLength(1);
    await queueLeave(a.id);
    await join(b);
    const memberships = await testApi.documents('users/sailor-4/memberships/');
    expect(memberships.find((doc) => doc.id === a.id)?.data.leftAt).toBeTruthy();
    expect(memberships.find((doc) => doc.id === b.id)?.data.leftAt).toBeUndefined();
    expect(await crewDocs(a.id)).toHaveLength(0);
  });

  it('holds a learner to one vessel: a second join is refused unless it leaves the first', async () => {
    const admin = signedIn('admin-6', true);
    const a = await admin.createVessel({ name: 'Alpha', imo: '9074729' }, 'admin-6');
    const b = await admin.createVessel({ name: 'Bravo', imo: '9176187' }, 'admin-6');
    const sailor = signedIn('sailor-6');
    const ship = await deviceOf('sailor-6', 'Oleg Sidorov');
    const joinOf = (vessel: typeof a) => ({
      vessel: vessel.id,
      vesselName: vessel.name,
      code: vessel.code as string,
    });
    await joinVesselFromCloud(sailor, 'sailor-6', joinOf(a));
    await syncFleet(ship, sailor, 'sailor-6', NOW, 10_000, true);
    // A device that joins Bravo without leaving Alpha (an older version, a hand-written call).
    await expect(sailor.joinVessel('sailor-6', joinOf(b))).rejects.toThrow(/permission/i);
    // The app's join leaves Alpha in the same commit.
    await joinVesselFromCloud(sailor, 'sailor-6', joinOf(b));
    const memberships = await testApi.documents('users/sailor-6/memberships/');
    expect(memberships.filter((doc) => doc.data.leftAt === undefined).map((doc) => doc.id)).toEqual(
      [b.id],
    );
    expect((await testApi.documents('users/sailor-6/fleet/'))[0]?.data.vessel).toBe(b.id);
    // Alpha's summary stays gone: its officers see nothing written after the move.
    await expect(sailor.writeCrewSummary('sailor-6', a.id, { name: 'x' }, true)).rejects.toThrow(
      /permission/i,
    );
    expect(await crewDocs(a.id)).toHaveLength(0);
  });

  it('points the cloud at the vessel an older version joined, with the first summary', async () => {
    const admin = signedIn('admin-7', true);
    const a = await admin.createVessel({ name: 'Alpha', imo: '9074729' }, 'admin-7');
    // The membership as an older version wrote it: no vessel pointer (the emulator's owner
    // writes it past the rules that now ask for one).
    const owner = initializeApp({ apiKey: 'demo-key', projectId: PROJECT }, 'fleet-owner-7');
    const ownerDb = lite.getFirestore(owner);
    const [host, port] = server.host.split(':') as [string, string];
    lite.connectFirestoreEmulator(ownerDb, host, Number(port), { mockUserToken: 'owner' });
    await lite.setDoc(lite.doc(ownerDb, 'users', 'sailor-7', 'memberships', a.id), {
      vessel: a.id,
      vesselName: a.name,
      code: a.code,
      joinedAt: lite.serverTimestamp(),
    });
    const sailor = signedIn('sailor-7');
    const ship = await deviceOf('sailor-7', 'Marina Belova');
    await recordChange(ship, 'sailor-7', 'dk1', { kind: 'answer', correct: true }, NOW - HOUR);
    expect((await syncFleet(ship, sailor, 'sailor-7', NOW, 10_000, true)).summaryWritten).toBe(
      true,
    );
    expect((await testApi.documents('users/sailor-7/fleet/'))[0]?.data.vessel).toBe(a.id);
    expect(await crewDocs(a.id)).toHaveLength(1);
    // Once set, later summaries write no pointer again.
    const pointer = (await testApi.documents('users/sailor-7/fleet/'))[0]?.updateTime;
    const writes = (await testApi.stats()).writes;
    const later = NOW + 25 * HOUR;
    expect((await syncFleet(ship, sailor, 'sailor-7', later, 10_000, true)).summaryWritten).toBe(
      true,
    );
    expect((await testApi.stats()).writes - writes).toBe(1);
    expect((await testApi.documents('users/sailor-7/fleet/'))[0]?.updateTime).toBe(pointer);
  });

  it('folds the learned words per week with the learner’s own schedule, as their chart does', async () => {
    const admin = signedIn('admin-8', true);
    const a = await admin.createVessel({ name: 'Alpha', imo: '9074729' }, 'admin-8');
    const sailor = signedIn('sailor-8');
    const ship = await deviceOf('sailor-8', 'Nina Popova');
    const tx = ship.transaction('users', 'readwrite');
    const user = await tx.store.get('sailor-8');
    if (user) {
      await tx.store.put({
        ...user,
        settings: { ...user.settings, schedule: 'fsrs', retention: 0.95 },
      });
    }
    await tx.done;
    // Ten words answered every other day for six weeks, one wrong answer in five.
    for (let w = 0; w < 10; w++) {
      await putVocab(ship, vocab(`wk${w}`, { topic: 'Mooring', division: 'deck' }));
      for (let d = 0; d < 20; d++) {
        const at = NOW - (40 - d * 2 - (w % 3)) * DAY + w * HOUR;
        await recordChange(
          ship,
          'sailor-8',
          `wk${w}`,
          { kind: 'answer', correct: d % 5 !== 4 },
          at,
        );
      }
    }
    await joinVesselFromCloud(sailor, 'sailor-8', {
      vessel: a.id,
      vesselName: a.name,
      code: a.code as string,
    });
    await syncFleet(ship, sailor, 'sailor-8', NOW, 10_000, true);
    const [doc] = await crewDocs(a.id);
    const weekly = (days: { learned: number }[]) =>
      Array.from({ length: 7 }, (_, week) => days[(week + 1) * 7 - 1]?.learned);
    const entries = await listHistory(ship, 'sailor-8');
    const own = weekly(
      learnedOverTime('sailor-8', entries, NOW, 56, rulesOf(await getUser(ship, 'sailor-8'))),
    );
    // The case tells the two apart: the default rules give other weeks.
    expect(weekly(learnedOverTime('sailor-8', entries, NOW, 56))).not.toEqual(own);
    // The last week is the rank's own count (MAST); the seven before are the chart's.
    expect(JSON.parse(doc?.data.s as string).wk.slice(0, 7)).toEqual(own);
  });

  it('sets aside a membership read that a join on this device overtook', async () => {
    const admin = signedIn('admin-5', true);
    const a = await admin.createVessel({ name: 'Alpha', imo: '9074729' }, 'admin-5');
    const sailor = signedIn('sailor-5');
    const ship = await deviceOf('sailor-5', 'Anna Volkova');
    const joined = {
      vessel: a.id,
      vesselName: a.name,
      code: a.code as string,
      joinedAt: NOW,
    };
    // While the sync reads (the cloud: no vessel yet), the user joins on this device.
    const racing: FleetRemote = {
      ...sailor,
      async readMembership(uid) {
        const cloud = await sailor.readMembership(uid);
        await sailor.joinVessel('sailor-5', joined);
        await updateFleetMeta(ship, 'sailor-5', (record) => ({
          ...record,
          changes: (record.changes ?? 0) + 1,
          membership: joined,
        }));
        return cloud;
      },
    };
    await syncFleet(ship, racing, 'sailor-5', NOW, 10_000, true);
    const meta = await getFleetMeta(ship, 'sailor-5');
    expect(meta.membership?.vessel).toBe(a.id);
    // The next check, with nothing racing, reads afresh.
    expect(meta.checkedAt).toBeUndefined();
  });
});
