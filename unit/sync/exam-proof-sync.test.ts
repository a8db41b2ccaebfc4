/**
 * Exam results that mean what they say, through the REAL Firestore Lite SDK against the Firestore
 * REST test server (which holds every call to firestore.rules' exam and sitting matches): the
 * sync sends one result document per exam made on the device, an officer's sitting code is
 * consumed once by a supervised result, a wrong, used, foreign or other post's code is refused
 * (the result then goes self-reported), hand-written documents with numbers that do not agree are
 * refused, and verification says how each result was obtained.
 */
import { initializeApp } from 'firebase/app';
import * as lite from 'firebase/firestore/lite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getExamProofs } from '@/db/exam-proof-repo';
import { importExport } from '@/db/history-import';
import { recordExamResult } from '@/db/history-results';
import type { MarineDB } from '@/db/schema';
import { curriculumDocId } from '@/domain/curriculum';
import { EXAM_DEFAULTS } from '@/domain/exam';
import type { ExamResultDoc } from '@/domain/exam-proof';
import { EXAM_RESULT_VERSION } from '@/domain/exam-result';
import type { FirebaseSettings } from '@/firebase/config';
import { syncOnce } from '@/sync/engine';
import { syncExamProofs } from '@/sync/exam-proof-sync';
import type { ExamRemote } from '@/sync/exam-remote';
import { verificationCode, verifyExamResult } from '@/sync/exam-verify';
import { createFirestoreExams } from '@/sync/firestore-exams';
import { createFirestoreFleet } from '@/sync/firestore-fleet';
import type { FleetRemote } from '@/sync/fleet-remote';
import {
  type FirestoreRestServer,
  firestoreTestApi,
  startFirestoreRestServer,
} from '../../e2e/support/firestore-rest-server';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const PROJECT = 'demo-exams';
const NOW = Date.now();
const MS = 10_000;
const SAILOR = 'sailor-1';

let server: FirestoreRestServer;
let settings: FirebaseSettings;
let testApi: ReturnType<typeof firestoreTestApi>;
let apps = 0;

interface Person {
  fs: typeof lite;
  db: lite.Firestore;
  exams: ExamRemote;
  fleet: FleetRemote;
}

/** A signed-in person's calls, on a Firestore of their own (as their device has). */
function signedIn(uid: string, admin = false): Person {
  apps += 1;
  const app = initializeApp({ apiKey: 'demo-key', projectId: PROJECT }, `exams-${apps}`);
  const db = lite.getFirestore(app);
  const [host, port] = server.host.split(':') as [string, string];
  lite.connectFirestoreEmulator(db, host, Number(port), {
    mockUserToken: { user_id: uid, ...(admin ? { admin: true } : {}) },
  });
  const open = async () => ({ fs: lite, db });
  return {
    fs: lite,
    db,
    exams: createFirestoreExams(settings, open),
    fleet: createFirestoreFleet(settings, open),
  };
}

const open: MarineDB[] = [];
async function device(uid = SAILOR): Promise<MarineDB> {
  const db = await openDeviceOf(uid);
  open.push(db);
  return db;
}

/** A default exam's result fields: `right` of 40 in 20 minutes. */
function fields(right: number, extra: Record<string, unknown> = {}) {
  const terms = Math.min(right, 14);
  const orders = Math.min(right - terms, 13);
  return {
    dv: 'deck',
    role: 'os',
    c: right,
    n: 40,
    pm: 70,
    lim: 1800,
    sec: 1200,
    pr: null,
    s: { terms: [terms, 14], orders: [orders, 13], phrases: [right - terms - orders, 13] },
    t: [],
    miss: [],
    v: EXAM_RESULT_VERSION,
    ...extra,
  };
}

/** The result document a device would write for `fields(right)`, by hand. */
const handWritten = (right: number, patch: Partial<ExamResultDoc> = {}) => {
  const { pr: _pr, t: _t, miss: _miss, v: _v, ...numbers } = fields(right);
  return {
    ...numbers,
    p: right * 100 >= 70 * 40,
    at: NOW - 60_000,
    cur: curriculumDocId('exam', 'os'),
    ...patch,
  };
};

/** An admin's vessel with the sailor on it and `officer` its training officer. */
async function vesselWithCrew(officer: string, learners: string[] = [SAILOR]) {
  const admin = signedIn('admin-1', true);
  const vessel = await admin.fleet.createVessel({ name: 'Sea Star', imo: '9074729' }, 'admin-1');
  await admin.fleet.setOfficer({ uid: officer, vessels: [vessel.id], fleet: false }, 'admin-1');
  for (const uid of learners) {
    await signedIn(uid).fleet.joinVessel(uid, {
      vessel: vessel.id,
      vesselName: vessel.name,
      code: vessel.code as string,
    });
  }
  return { admin, vessel };
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

describe('result documents', () => {
  it('are sent once for each exam made on this device, and verified as self-reported', async () => {
    const sailor = signedIn(SAILOR);
    const ship = await device();
    await recordExamResult(ship, SAILOR, 'ex-1', true, fields(30), NOW - 60_000);
    const report = await syncExamProofs(ship, sailor.exams, SAILOR, NOW, MS);
    expect(report).toEqual({ supervised: 0, self: 1, codeRefused: 0, refused: 0 });
    expect(await getExamProofs(ship, SAILOR)).toMatchObject({ 'ex-1': { level: 'self' } });
    // Sent once: the next sync writes nothing.
    const before = await testApi.stats();
    expect(await syncExamProofs(ship, sailor.exams, SAILOR, NOW, MS)).toEqual({
      supervised: 0,
      self: 0,
      codeRefused: 0,
      refused: 0,
    });
    expect((await testApi.stats()).writes).toBe(before.writes);

    const admin = signedIn('admin-1', true);
    const history = new MemoryRemote();
    await history.writeProfile(SAILOR, { fullName: 'Пётр Штурвалов' });
    const found = await verifyExamResult(history, verificationCode(SAILOR, 'ex-1'), {
      exams: admin.exams,
    });
    expect(found).toMatchObject({
      found: true,
      proof: 'self',
      problem: null,
      record: { examId: 'ex-1', passed: true, percent: 75 },
      profile: { fullName: 'Пётр Штурвалов' },
    });
    // Another learner reads nobody's results.
    await expect(signedIn('sailor-2').exams.readExamResult(SAILOR, 'ex-1')).rejects.toThrow();
  });

  it('are never sent for a result from an import, another device or the previous version', async () => {
    const sailor = signedIn(SAILOR);
    const ship = await device();
    const made = await recordExamResult(ship, SAILOR, 'ex-ship', true, fields(30), NOW - 60_000);
    // The same account's second device receives the result through the history sync.
    const history = new MemoryRemote();
    await syncOnce({ db: ship, remote: history, userId: SAILOR, now: NOW });
    const tablet = await device();
    await syncOnce({ db: tablet, remote: history, userId: SAILOR, now: NOW });
    // A previous version's result made here (its running exam kept the key readable).
    const { v: _v, ...older } = fields(30);
    await recordExamResult(tablet, SAILOR, 'ex-older', true, older, NOW - 30_000);
    // An import file's exam entry, dated and numbered like a real pass, in this device's name.
    await importExport(
      tablet,
      SAILOR,
      {
        history: [
          {
            ...made,
            id: 'forged-entry-1',
            vocabId: 'exam:ex-file',
            device: (await tablet.get('device', 'device'))?.id ?? made.device,
          },
        ],
      } as never,
      NOW,
    );
    expect(await syncExamProofs(tablet, sailor.exams, SAILOR, NOW, MS)).toEqual({
      supervised: 0,
      self: 0,
      codeRefused: 0,
      refused: 0,
    });
    expect(await testApi.documents(`users/${SAILOR}/exams/`)).toEqual([]);
  });

  it('refuse numbers that do not agree, by hand: 1 % passed, an edited pass mark, a short exam', async () => {
    const sailor = signedIn(SAILOR);
    const write = (examId: string, doc: Record<string, unknown>) =>
      sailor.fs.setDoc(sailor.fs.doc(sailor.db, 'users', SAILOR, 'exams', examId), {
        ...doc,
        syncedAt: sailor.fs.serverTimestamp(),
      });
    // The honest document is taken: the refusals below are the numbers' fault.
    await expect(write('ok', handWritten(30))).resolves.toBeUndefined();
    await expect(write('one', handWritten(1, { p: true }))).rejects.toThrow(/permission/i);
    await expect(write('pm', handWritten(1, { p: true, pm: 1 }))).rejects.toThrow(/permission/i);
    await expect(
      write('short', { ...handWritten(10, { p: true }), n: 10, s: { terms: [10, 10] } }),
    ).rejects.toThrow(/permission/i);
    await expect(
      write('sums', handWritten(30, { s: { terms: [30, 30], orders: [0, 9] } })),
    ).rejects.toThrow(/permission/i);
    await expect(write('time', handWritten(30, { sec: 4000 }))).rejects.toThrow(/permission/i);
    // Created once: no second version over the first, and nobody writes someone else's.
    await expect(write('ok', handWritten(40, { p: true }))).rejects.toThrow(/permission/i);
    const other = signedIn('sailor-2');
    await expect(
      other.fs.setDoc(other.fs.doc(other.db, 'users', SAILOR, 'exams', 'x'), {
        ...handWritten(30),
        syncedAt: other.fs.serverTimestamp(),
      }),
    ).rejects.toThrow(/permission/i);
  });

  it('verify a result found only in the history as not confirmed, and 1 % "passed" as not agreeing', async () => {
    const admin = signedIn('admin-1', true);
    // Hand-written history batches: no result document goes with them.
    const history = new MemoryRemote();
    const entry = (id: string, x: Record<string, unknown>) => ({
      id: `hand-${id}`,
      userId: SAILOR,
      vocabId: `exam:${id}`,
      kind: 'exam',
      correct: true,
      hlc: (NOW - 60_000) * 1000,
      wall: NOW - 60_000,
      device: 'by-hand',
      x,
    });
    await history.pushHistory(SAILOR, [
      { id: 'b1', entries: [entry('ex-hand', fields(30)), entry('ex-one', fields(1))] as never },
    ]);
    const options = { exams: admin.exams, configOf: async () => EXAM_DEFAULTS };
    expect(
      await verifyExamResult(history, verificationCode(SAILOR, 'ex-hand'), options),
    ).toMatchObject({ found: true, proof: 'history', problem: null });
    expect(
      await verifyExamResult(history, verificationCode(SAILOR, 'ex-one'), options),
    ).toMatchObject({ found: true, proof: 'mismatch', problem: 'passed' });
  });

  it('agree with the exam the admin set for the post, not the defaults, once one is set', async () => {
    const admin = signedIn('admin-1', true);
    await admin.fs.setDoc(admin.fs.doc(admin.db, 'curriculum', curriculumDocId('exam', 'os')), {
      kind: 'exam',
      id: 'os',
      deleted: false,
      record: {
        division: 'deck',
        role: 'os',
        questions: 20,
        minutes: 15,
        passMark: 0.8,
        sections: ['terms'],
      },
      by: 'admin-1',
      updatedAt: admin.fs.serverTimestamp(),
    });
    const sailor = signedIn(SAILOR);
    const ship = await device();
    // Sat under the defaults the device still had: the rules refuse it, and it is set aside.
    await recordExamResult(ship, SAILOR, 'ex-old', true, fields(30), NOW - 60_000);
    const short = { dv: 'deck', role: 'os', c: 16, n: 20, pm: 80, lim: 900, sec: 600 };
    await recordExamResult(
      ship,
      SAILOR,
      'ex-new',
      true,
      { ...short, pr: null, s: { terms: [16, 20] }, t: [], miss: [], v: EXAM_RESULT_VERSION },
      NOW - 30_000,
    );
    expect(await syncExamProofs(ship, sailor.exams, SAILOR, NOW, MS)).toEqual({
      supervised: 0,
      self: 1,
      codeRefused: 0,
      refused: 1,
    });
    expect(await getExamProofs(ship, SAILOR)).toMatchObject({
      'ex-old': { level: 'refused' },
      'ex-new': { level: 'self' },
    });
    // A document naming another curriculum document than its post's is shown as not agreeing.
    await sailor.fs.setDoc(sailor.fs.doc(sailor.db, 'users', SAILOR, 'exams', 'ex-cur'), {
      ...handWritten(30),
      cur: 'e-nothing',
      syncedAt: sailor.fs.serverTimestamp(),
    });
    const verified = await verifyExamResult(
      new MemoryRemote(),
      verificationCode(SAILOR, 'ex-cur'),
      {
        exams: admin.exams,
      },
    );
    expect(verified).toMatchObject({ found: true, proof: 'mismatch' });
  });
});

describe('supervised sittings', () => {
  it('an officer issues a code, the result consumes it once, and verification names the officer', async () => {
    const officer = signedIn('officer-1');
    const { vessel } = await vesselWithCrew('officer-1', [SAILOR, 'sailor-2']);
    const sitting = await officer.exams.issueSitting(
      { uid: SAILOR, vessel: vessel.id, role: 'os', byName: 'Капитан Немо' },
      'officer-1',
    );
    expect(sitting.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(sitting).toMatchObject({ uid: SAILOR, by: 'officer-1', byName: 'Капитан Немо' });

    const sailor = signedIn(SAILOR);
    const ship = await device();
    await recordExamResult(ship, SAILOR, 'ex-sup', true, fields(32, { sc: sitting.code }), NOW);
    expect(await syncExamProofs(ship, sailor.exams, SAILOR, NOW, MS)).toEqual({
      supervised: 1,
      self: 0,
      codeRefused: 0,
      refused: 0,
    });
    expect(await getExamProofs(ship, SAILOR)).toMatchObject({
      'ex-sup': { level: 'supervised', byName: 'Капитан Немо', issuedAt: sitting.issuedAt },
    });
    const used = await officer.exams.readSitting(sitting.code);
    expect(used).toMatchObject({ exam: 'ex-sup' });
    expect(used?.usedAt).toBeGreaterThan(0);

    // The same code again (a second exam of the same learner): used, so refused; sent without it.
    await recordExamResult(ship, SAILOR, 'ex-again', true, fields(33, { sc: sitting.code }), NOW);
    expect(await syncExamProofs(ship, sailor.exams, SAILOR, NOW, MS)).toEqual({
      supervised: 0,
      self: 1,
      codeRefused: 1,
      refused: 0,
    });
    expect((await officer.exams.readSitting(sitting.code))?.exam).toBe('ex-sup');

    const admin = signedIn('admin-1', true);
    const history = new MemoryRemote();
    const supervised = await verifyExamResult(history, verificationCode(SAILOR, 'ex-sup'), {
      exams: admin.exams,
    });
    expect(supervised).toMatchObject({
      found: true,
      proof: 'supervised',
      supervision: { byName: 'Капитан Немо', issuedAt: sitting.issuedAt },
    });
    expect(
      await verifyExamResult(history, verificationCode(SAILOR, 'ex-again'), { exams: admin.exams }),
    ).toMatchObject({ found: true, proof: 'self' });
  });

  it('refuse someone else’s code, another post’s code, and an unknown code', async () => {
    const officer = signedIn('officer-1');
    const { vessel } = await vesselWithCrew('officer-1', [SAILOR, 'sailor-2']);
    const theirs = await officer.exams.issueSitting(
      { uid: 'sailor-2', vessel: vessel.id, role: 'os', byName: 'Капитан Немо' },
      'officer-1',
    );
    const otherPost = await officer.exams.issueSitting(
      { uid: SAILOR, vessel: vessel.id, role: 'ab', byName: 'Капитан Немо' },
      'officer-1',
    );
    const sailor = signedIn(SAILOR);
    const ship = await device();
    await recordExamResult(ship, SAILOR, 'ex-a', true, fields(30, { sc: theirs.code }), NOW);
    await recordExamResult(ship, SAILOR, 'ex-b', true, fields(30, { sc: otherPost.code }), NOW);
    await recordExamResult(ship, SAILOR, 'ex-c', true, fields(30, { sc: 'ABCDEFGH' }), NOW);
    expect(await syncExamProofs(ship, sailor.exams, SAILOR, NOW, MS)).toEqual({
      supervised: 0,
      self: 3,
      codeRefused: 3,
      refused: 0,
    });
    // The codes stay unused, for the learner and the post they name.
    expect((await officer.exams.readSitting(theirs.code))?.usedAt).toBeUndefined();
    expect((await officer.exams.readSitting(otherPost.code))?.usedAt).toBeUndefined();
    // A learner cannot read another learner's code, nor mark one used without a result.
    expect(await sailor.exams.readSitting(theirs.code)).toBeNull();
    await expect(
      sailor.fs.updateDoc(sailor.fs.doc(sailor.db, 'sittings', otherPost.code), {
        usedAt: sailor.fs.serverTimestamp(),
        exam: 'ex-none',
      }),
    ).rejects.toThrow(/permission/i);
  });

  it('are issued only by an officer of the learner’s vessel (or an admin), for a current member', async () => {
    const { admin, vessel } = await vesselWithCrew('officer-1', [SAILOR]);
    const elsewhere = await admin.fleet.createVessel(
      { name: 'Far Away', imo: '9176187' },
      'admin-1',
    );
    const stranger = signedIn('stranger-1');
    const request = { uid: SAILOR, vessel: vessel.id, role: 'os', byName: 'Самозванец' };
    await expect(stranger.exams.issueSitting(request, 'stranger-1')).rejects.toThrow(/permission/i);
    // The learner cannot issue their own code.
    await expect(signedIn(SAILOR).exams.issueSitting(request, SAILOR)).rejects.toThrow(
      /permission/i,
    );
    // An officer of the vessel, but the learner is not on another vessel it names.
    const officer = signedIn('officer-1');
    await expect(
      officer.exams.issueSitting({ ...request, vessel: elsewhere.id }, 'officer-1'),
    ).rejects.toThrow(/permission/i);
    // A code in someone else's name as its issuer.
    await expect(officer.exams.issueSitting(request, 'officer-2')).rejects.toThrow(/permission/i);
    await expect(officer.exams.issueSitting(request, 'officer-1')).resolves.toMatchObject({
      uid: SAILOR,
    });
    await expect(admin.exams.issueSitting(request, 'admin-1')).resolves.toMatchObject({
      uid: SAILOR,
    });
  });
});
