/**
 * The fleet's rules, twice: firestore.rules' fleet functions against the field tables of
 * src/domain/fleet.ts (a field added to a table and forgotten in the rules fails here, not in
 * production), and the same checks as the Firestore REST test server holds them, driven through
 * the real Firestore Lite SDK by people with their own tokens: who may read and write vessels,
 * join codes, memberships, officers and crew summaries.
 */
import { initializeApp } from 'firebase/app';
import * as lite from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVE_VESSEL_FIELDS,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_FIELDS,
  JOIN_CODE_PATTERN,
  MEMBERSHIP_FIELDS,
  OFFICER_FIELDS,
  OFFICER_VESSELS_MAX,
  SUMMARY_COUNT_MAX,
  SUMMARY_DETAIL_MAX,
  SUMMARY_FIELDS,
  VESSEL_FIELDS,
} from '@/domain/fleet';
import type { WireField, WireType } from '@/domain/synced-records';
import type { FirebaseSettings } from '@/firebase/config';
import { createFirestoreFleet } from '@/sync/firestore-fleet';
import type { FleetRemote } from '@/sync/fleet-remote';
import {
  type FirestoreRestServer,
  firestoreTestApi,
  startFirestoreRestServer,
} from '../../e2e/support/firestore-rest-server';
import { functionBody, RULES } from './rules-text';

const quoted = (text: string) => [...text.matchAll(/'([^']+)'/g)].map((m) => m[1] as string);

/** What a rules function checks of each field: whitelist, required, type and size bound. */
function checksIn(body: string) {
  const only = /hasOnly\(\[([^\]]*)\]\)/.exec(body)?.[1] ?? '';
  const all = /hasAll\(\[([^\]]*)\]\)/.exec(body)?.[1] ?? '';
  const types = new Map<string, WireType>();
  const bounds = new Map<string, number>();
  for (const m of body.matchAll(/data\.(\w+) is (\w+)/g)) {
    types.set(m[1] as string, m[2] as WireType);
  }
  for (const m of body.matchAll(/data\.(\w+) == request\.time/g)) {
    types.set(m[1] as string, 'timestamp');
  }
  for (const m of body.matchAll(/bounded\(data, '(\w+)', (\d+)\)/g)) {
    types.set(m[1] as string, 'string');
    bounds.set(m[1] as string, Number(m[2]));
  }
  for (const m of body.matchAll(/data\.(\w+)\.size\(\) <= (\d+)/g)) {
    bounds.set(m[1] as string, Number(m[2]));
  }
  return { whitelist: quoted(only), required: quoted(all), types, bounds };
}

/** Where a rules function and a field table disagree; empty when they agree. */
function mismatches(rules: string, fn: string, table: Record<string, WireField>): string[] {
  const { whitelist, required, types, bounds } = checksIn(functionBody(rules, fn));
  const fields = Object.values(table);
  const problems: string[] = [];
  const wires = fields.map((field) => field.wire);
  for (const wire of wires) if (!whitelist.includes(wire)) problems.push(`${wire}: not allowed`);
  for (const name of whitelist) if (!wires.includes(name)) problems.push(`${name}: not in table`);
  for (const field of fields) {
    if (field.required !== required.includes(field.wire)) {
      problems.push(`${field.wire}: required ${field.required} in the table`);
    }
    if (types.get(field.wire) !== field.type) {
      problems.push(`${field.wire}: the rules check ${types.get(field.wire)}, not ${field.type}`);
    }
    if (field.max !== undefined && bounds.get(field.wire) !== field.max) {
      problems.push(`${field.wire}: the rules bound ${bounds.get(field.wire)}, not ${field.max}`);
    }
  }
  return problems;
}

const { leftAt: _leftAt, ...JOIN_FIELDS } = MEMBERSHIP_FIELDS;

const FUNCTIONS = [
  ['validActive', ACTIVE_VESSEL_FIELDS],
  ['validVessel', VESSEL_FIELDS],
  ['validJoinCode', JOIN_CODE_FIELDS],
  ['validJoin', JOIN_FIELDS],
  ['validSummary', SUMMARY_FIELDS],
  ['validOfficer', OFFICER_FIELDS],
] as const;

describe('firestore.rules and the fleet tables', () => {
  it.each(FUNCTIONS)(
    '%s whitelists, requires, types and bounds what the table says',
    (fn, table) => {
      expect(mismatches(RULES, fn, table)).toEqual([]);
    },
  );

  it('catch a forgotten field, a field the table lacks and a looser bound', () => {
    const forgot = RULES.replace(
      "'lastActive', 'version', 's', 'syncedAt'])",
      "'lastActive', 'version', 'syncedAt'])",
    );
    expect(mismatches(forgot, 'validSummary', SUMMARY_FIELDS)).toContain('s: not allowed');
    const extra = RULES.replace(
      "['vessels', 'fleet', 'email', 'name', 'by', 'updatedAt']",
      "['vessels', 'fleet', 'email', 'name', 'by', 'updatedAt', 'admin']",
    );
    expect(mismatches(extra, 'validOfficer', OFFICER_FIELDS)).toContain('admin: not in table');
    const looser = RULES.replace('data.s.size() <= 6000', 'data.s.size() <= 60000');
    expect(mismatches(looser, 'validSummary', SUMMARY_FIELDS)).toContain(
      `s: the rules bound 60000, not ${SUMMARY_DETAIL_MAX}`,
    );
  });

  it('take the join codes the app makes, every count up to the summary bound, and no answers', () => {
    expect(functionBody(RULES, 'joinCodePattern')).toContain(`'${JOIN_CODE_PATTERN}'`);
    expect(JOIN_CODE_PATTERN).toContain(JOIN_CODE_ALPHABET);
    const summary = functionBody(RULES, 'validSummary');
    for (const count of ['mast', 'due', 'overdue']) {
      expect(summary).toContain(`data.${count} >= 0 && data.${count} <= ${SUMMARY_COUNT_MAX}`);
    }
    expect(functionBody(RULES, 'validOfficer')).toContain(
      `data.vessels.size() <= ${OFFICER_VESSELS_MAX}`,
    );
  });

  it('let a learner join only with a code in force for that vessel, and leave only once', () => {
    const join = functionBody(RULES, 'validJoin');
    expect(join).toContain('.data.vessel == vesselId');
    expect(join).toContain('.data.revoked == false');
    expect(join).toContain(".data.get('code', '') == data.code");
    const leave = functionBody(RULES, 'validLeave');
    expect(leave).toContain("!('leftAt' in resource.data)");
    expect(leave).toContain("affectedKeys().hasOnly(['leftAt'])");
    const crew = RULES.slice(RULES.indexOf('match /crew/{uid}'));
    expect(crew).toMatch(
      /allow create, update: if signedInAs\(uid\) && isMemberAfter\(uid, vesselId\)\s+&& activeAfter\(uid\) == vesselId/,
    );
  });
});

// ---- the same rules as the REST test server holds them ----------------------------------------

const PROJECT = 'demo-fleet-rules';
let server: FirestoreRestServer;
let settings: FirebaseSettings;
let apps = 0;

/** A signed-in person's Firestore (their own token, as their own device has). */
function firestoreOf(
  uid: string,
  admin = false,
  email: { email?: string; email_verified?: boolean } = {},
): lite.Firestore {
  apps += 1;
  const app = initializeApp({ apiKey: 'demo-key', projectId: PROJECT }, `rules-${apps}`);
  const db = lite.getFirestore(app);
  const [host, port] = server.host.split(':') as [string, string];
  lite.connectFirestoreEmulator(db, host, Number(port), {
    mockUserToken: { user_id: uid, ...(admin ? { admin: true } : {}), ...email },
  });
  return db;
}

const fleetOf = (db: lite.Firestore): FleetRemote =>
  createFirestoreFleet(settings, async () => ({ fs: lite, db }));

const DENIED = /permission/i;

/** A summary as a member's device writes it. */
const summary = (extra: Record<string, unknown> = {}) => ({
  name: 'Ivan Petrov',
  rank: 'L1',
  mast: 3,
  due: 1,
  overdue: 0,
  lastActive: Date.UTC(2026, 10, 20),
  version: '0.2.0',
  s: '{}',
  syncedAt: lite.serverTimestamp(),
  ...extra,
});

beforeAll(async () => {
  lite.setLogLevel('silent');
  server = await startFirestoreRestServer({ port: 0 });
  settings = { apiKey: 'demo-key', projectId: PROJECT, firestoreEmulator: server.host };
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await firestoreTestApi(server.url).reset();
});

describe('the fleet rules on the REST test server', () => {
  /** Two vessels, a member of the first, an officer of the first, a fleet officer. */
  async function fleetWithCrew() {
    const adminDb = firestoreOf('admin', true);
    const admin = fleetOf(adminDb);
    const alpha = await admin.createVessel({ name: 'Alpha', imo: '9074729' }, 'admin');
    const bravo = await admin.createVessel({ name: 'Bravo', imo: '9176187' }, 'admin');
    await admin.setOfficer({ uid: 'officer', vessels: [alpha.id], fleet: false }, 'admin');
    await admin.setOfficer({ uid: 'chief', vessels: [], fleet: true }, 'admin');
    const sailorDb = firestoreOf('sailor');
    await fleetOf(sailorDb).joinVessel('sailor', {
      vessel: alpha.id,
      vesselName: alpha.name,
      code: alpha.code as string,
    });
    await lite.setDoc(lite.doc(sailorDb, 'vessels', alpha.id, 'crew', 'sailor'), summary());
    return { adminDb, admin, alpha, bravo, sailorDb };
  }

  it('keep vessels, codes and officers to admins', async () => {
    const { alpha, sailorDb } = await fleetWithCrew();
    const learner = fleetOf(sailorDb);
    await expect(learner.createVessel({ name: 'Mine', imo: '9074729' }, 'sailor')).rejects.toThrow(
      DENIED,
    );
    await expect(learner.renewCode(alpha, 'sailor')).rejects.toThrow(DENIED);
    await expect(
      learner.setOfficer({ uid: 'sailor', vessels: [alpha.id], fleet: true }, 'sailor'),
    ).rejects.toThrow(DENIED);
    await expect(learner.listVessels()).rejects.toThrow(DENIED);
    await expect(learner.readVessels([alpha.id])).rejects.toThrow(DENIED);
    await expect(learner.listOfficers()).rejects.toThrow(DENIED);
    await expect(lite.getDocs(lite.collection(sailorDb, 'joinCodes'))).rejects.toThrow(DENIED);
    // A code is got by the code itself.
    expect(await learner.readJoinCode(alpha.code as string)).toMatchObject({ vessel: alpha.id });
  });

  it('refuse an admin a vessel without a valid IMO number, and a code moved to another vessel', async () => {
    const { adminDb, alpha, bravo } = await fleetWithCrew();
    await expect(
      lite.setDoc(lite.doc(adminDb, 'vessels', 'v-bad'), {
        name: 'Bad',
        imo: '12345',
        by: 'admin',
        updatedAt: lite.serverTimestamp(),
      }),
    ).rejects.toThrow(DENIED);
    await expect(
      lite.updateDoc(lite.doc(adminDb, 'joinCodes', alpha.code as string), {
        vessel: bravo.id,
        updatedAt: lite.serverTimestamp(),
      }),
    ).rejects.toThrow(DENIED);
    await expect(
      lite.deleteDoc(lite.doc(adminDb, 'joinCodes', alpha.code as string)),
    ).rejects.toThrow(DENIED);
  });

  it('let a learner join only with a code in force for that vessel', async () => {
    const { adminDb, alpha, bravo } = await fleetWithCrew();
    const other = fleetOf(firestoreOf('other'));
    // Alpha's code does not open Bravo.
    await expect(
      other.joinVessel('other', {
        vessel: bravo.id,
        vesselName: 'Bravo',
        code: alpha.code as string,
      }),
    ).rejects.toThrow(DENIED);
    // A code nobody made.
    await expect(
      other.joinVessel('other', { vessel: alpha.id, vesselName: 'Alpha', code: 'ZZZZ2345' }),
    ).rejects.toThrow(DENIED);
    // Nor into someone else's record.
    await expect(
      other.joinVessel('sailor', {
        vessel: bravo.id,
        vesselName: 'Bravo',
        code: bravo.code as string,
      }),
    ).rejects.toThrow(DENIED);
    // An unrevoked code that is not the vessel's current one (two renewals at once could leave
    // one behind) opens nothing.
    await lite.setDoc(lite.doc(adminDb, 'joinCodes', 'STRAY234'), {
      vessel: bravo.id,
      vesselName: 'Bravo',
      revoked: false,
      by: 'admin',
      updatedAt: lite.serverTimestamp(),
    });
    await expect(
      other.joinVessel('other', { vessel: bravo.id, vesselName: 'Bravo', code: 'STRAY234' }),
    ).rejects.toThrow(DENIED);
    await other.joinVessel('other', {
      vessel: bravo.id,
      vesselName: 'Bravo',
      code: bravo.code as string,
    });
  });

  it('let a summary be written by its learner while a member, with known fields only', async () => {
    const { alpha, bravo, sailorDb } = await fleetWithCrew();
    // Not on a vessel the learner never joined, not as someone else, not with answers in it.
    await expect(
      lite.setDoc(lite.doc(sailorDb, 'vessels', bravo.id, 'crew', 'sailor'), summary()),
    ).rejects.toThrow(DENIED);
    await expect(
      lite.setDoc(lite.doc(sailorDb, 'vessels', alpha.id, 'crew', 'someone'), summary()),
    ).rejects.toThrow(DENIED);
    const crewDoc = lite.doc(sailorDb, 'vessels', alpha.id, 'crew', 'sailor');
    await expect(lite.setDoc(crewDoc, summary({ answers: '[]' }))).rejects.toThrow(DENIED);
    await expect(
      lite.setDoc(crewDoc, summary({ s: 'x'.repeat(SUMMARY_DETAIL_MAX + 1) })),
    ).rejects.toThrow(DENIED);
    await expect(lite.setDoc(crewDoc, summary({ mast: 2.5 }))).rejects.toThrow(DENIED);
    await expect(lite.setDoc(crewDoc, summary({ syncedAt: new Date() }))).rejects.toThrow(DENIED);
    await lite.setDoc(crewDoc, summary({ mast: 4 }));
  });

  it('never take a client’s time for the request time, even in the very microsecond', async () => {
    const { alpha, sailorDb } = await fleetWithCrew();
    // The server's clock stopped a day ahead: its next commit is stamped exactly then, and the
    // client sends that very instant. Only the serverTimestamp transform is the request time.
    const at = Date.now() + 24 * 60 * 60 * 1000;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at);
      const crewDoc = lite.doc(sailorDb, 'vessels', alpha.id, 'crew', 'sailor');
      await expect(
        lite.setDoc(crewDoc, summary({ syncedAt: lite.Timestamp.fromMillis(at) })),
      ).rejects.toThrow(DENIED);
      await lite.setDoc(crewDoc, summary({ mast: 5 }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('let a learner leave once, keep the membership on record, and stop their summary', async () => {
    const { alpha, sailorDb } = await fleetWithCrew();
    const membership = lite.doc(sailorDb, 'users', 'sailor', 'memberships', alpha.id);
    // A leave touches leftAt only.
    await expect(
      lite.updateDoc(membership, { leftAt: lite.serverTimestamp(), vesselName: 'Renamed' }),
    ).rejects.toThrow(DENIED);
    await expect(lite.deleteDoc(membership)).rejects.toThrow(DENIED);
    await fleetOf(sailorDb).leaveVessel('sailor', alpha.id);
    await expect(lite.updateDoc(membership, { leftAt: lite.serverTimestamp() })).rejects.toThrow(
      DENIED,
    );
    await expect(
      lite.setDoc(lite.doc(sailorDb, 'vessels', alpha.id, 'crew', 'sailor'), summary()),
    ).rejects.toThrow(DENIED);
  });

  it('grant officer rights to the account that verified the e-mail, never to a profile claiming it', async () => {
    const admin = fleetOf(firestoreOf('admin', true));
    const alpha = await admin.createVessel({ name: 'Alpha', imo: '9074729' }, 'admin');
    const MATE = 'mate@ship.test';
    const impostorDb = firestoreOf('impostor', false, {
      email: 'impostor@ship.test',
      email_verified: true,
    });
    // A profile cannot claim another account's e-mail, nor call an address verified itself.
    await expect(
      lite.setDoc(lite.doc(impostorDb, 'users', 'impostor'), { email: MATE, fullName: 'Mate' }),
    ).rejects.toThrow(DENIED);
    const unverifiedDb = firestoreOf('mate', false, { email: MATE, email_verified: false });
    const mateProfile = lite.doc(unverifiedDb, 'users', 'mate');
    await lite.setDoc(mateProfile, { email: MATE, fullName: 'Chief Mate' });
    await expect(
      lite.setDoc(mateProfile, { emailVerified: true }, { merge: true }),
    ).rejects.toThrow(DENIED);
    // Until the address is verified, the admin finds no one to grant to.
    expect(await admin.findUser(MATE)).toBeNull();
    const mateDb = firestoreOf('mate', false, { email: MATE, email_verified: true });
    await lite.setDoc(
      lite.doc(mateDb, 'users', 'mate'),
      { email: MATE, emailVerified: true },
      { merge: true },
    );
    const found = await admin.findUser(` ${MATE} `);
    expect(found).toMatchObject({ uid: 'mate', email: MATE, name: 'Chief Mate' });
    await admin.setOfficer(
      { uid: 'mate', email: MATE, vessels: [alpha.id], fleet: false },
      'admin',
    );
    expect(await fleetOf(mateDb).readVessels([alpha.id])).toHaveLength(1);
    // The grant holds only while the token carries the granted address, verified.
    await expect(fleetOf(unverifiedDb).readVessels([alpha.id])).rejects.toThrow(DENIED);
    // A grant the old flow gave to the impostor's uid under the officer's address opens nothing.
    await admin.setOfficer(
      { uid: 'impostor', email: MATE, vessels: [alpha.id], fleet: true },
      'admin',
    );
    await expect(fleetOf(impostorDb).listVessels()).rejects.toThrow(DENIED);
    await expect(fleetOf(impostorDb).listCrew(alpha.id, 0)).rejects.toThrow(DENIED);
  });

  it('let officers read their vessels’ summaries only, and nobody else’s answers', async () => {
    const { alpha, bravo, sailorDb } = await fleetWithCrew();
    // A batch of answers as the learner's sync writes it: with the account's counter.
    const batch = lite.writeBatch(sailorDb);
    batch.set(lite.doc(sailorDb, 'users', 'sailor', 'history', 'b1'), {
      device: 'd1',
      count: 1,
      e: '[]',
      syncedAt: lite.serverTimestamp(),
    });
    batch.set(
      lite.doc(sailorDb, 'users', 'sailor', 'meta', 'history'),
      { n: lite.increment(1), c: lite.increment(2), last: 'b1' },
      { merge: true },
    );
    await batch.commit();
    const officerDb = firestoreOf('officer');
    const officer = fleetOf(officerDb);
    expect((await officer.listCrew(alpha.id, 0)).map((doc) => doc.uid)).toEqual(['sailor']);
    expect(await officer.readVessels([alpha.id])).toHaveLength(1);
    await expect(officer.listCrew(bravo.id, 0)).rejects.toThrow(DENIED);
    await expect(officer.readVessels([bravo.id])).rejects.toThrow(DENIED);
    await expect(officer.listVessels()).rejects.toThrow(DENIED);
    await expect(
      lite.getDocs(lite.collection(officerDb, 'users', 'sailor', 'history')),
    ).rejects.toThrow(DENIED);
    await expect(
      lite.getDocs(lite.collection(officerDb, 'users', 'sailor', 'memberships')),
    ).rejects.toThrow(DENIED);
    // Officers see; they do not write.
    await expect(
      lite.setDoc(lite.doc(officerDb, 'vessels', alpha.id, 'crew', 'sailor'), summary()),
    ).rejects.toThrow(DENIED);
    await expect(officer.renewCode({ ...alpha }, 'officer')).rejects.toThrow(DENIED);

    // A fleet officer lists every vessel and reads any crew.
    const chief = fleetOf(firestoreOf('chief'));
    expect((await chief.listVessels()).map((v) => v.name)).toEqual(['Alpha', 'Bravo']);
    expect(await chief.listCrew(bravo.id, 0)).toEqual([]);
    expect(await chief.countCrew(alpha.id)).toBe(1);
    // Another learner reads neither.
    const other = fleetOf(firestoreOf('other'));
    await expect(other.listCrew(alpha.id, 0)).rejects.toThrow(DENIED);
    await expect(other.countCrew(alpha.id)).rejects.toThrow(DENIED);
  });
});
