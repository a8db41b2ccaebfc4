/**
 * What the fleet costs, measured through the real Firestore Lite SDK against the Firestore REST
 * test server (in this process), counting what Firestore bills and the bytes on the wire:
 * - one sailor's summaries over a 30-day voyage of about 1,500 answers: the device syncing every
 *   minute while the app is open (a ship with a satellite link: the most writes), and the ship
 *   offline until port (one sync at the end);
 * - an officer's dashboard over 20 vessels of 25 crew: the reads of the first refresh, of a refresh
 *   with nothing new, and of one after a fifth of the crew synced; and how long the screen's
 *   figures take from the device's copy.
 * Figures are printed, never asserted.
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { initializeApp } from 'firebase/app';
import * as lite from 'firebase/firestore/lite';
import { builtinWords } from '@/data/vocabulary/builtin';
import { getFleetDashboard, putFleetDashboard, updateFleetMeta } from '@/db/fleet-repo';
import { recordChange } from '@/db/history-append';
import { openMarineDB } from '@/db/open';
import { putUser } from '@/db/users-repo';
import { addWordsWithTopics } from '@/db/vocab-repo';
import { DAY_MS } from '@/domain/constants';
import { sortCrew, vesselFigures, vesselWeakTopics } from '@/domain/fleet-dashboard';
import { buildSummary, summaryWire } from '@/domain/fleet-summary';
import { seededRandom } from '@/domain/random';
import type { FirebaseSettings } from '@/firebase/config';
import { createFirestoreFleet } from '@/sync/firestore-fleet';
import { refreshCopy } from '@/sync/fleet-refresh';
import type { FleetRemote } from '@/sync/fleet-remote';
import { syncFleet } from '@/sync/fleet-sync';
import { firestoreTestApi, startFirestoreRestServer } from '../e2e/support/firestore-rest-server';
import { median } from './stats';

const PROJECT = 'demo-bench-fleet';
const START = Date.UTC(2026, 9, 1, 6);
const VOYAGE_DAYS = 30;
const ANSWERS_PER_DAY = 50;
const VESSELS = 20;
const CREW = 25;

/** Bytes sent to and received from the server, by the SDK's own requests. */
const wire = { sent: 0, received: 0 };
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  if (typeof init?.body === 'string') wire.sent += Buffer.byteLength(init.body);
  // (headers are not counted: the SDK's are the same few hundred bytes on every request)
  const response = await realFetch(input, init);
  const copy = response.clone();
  wire.received += (await copy.arrayBuffer()).byteLength;
  return response;
};

let apps = 0;
function signedIn(settings: FirebaseSettings, uid: string | 'owner', admin = false): FleetRemote {
  apps += 1;
  const app = initializeApp({ apiKey: 'demo-key', projectId: PROJECT }, `bench-fleet-${apps}`);
  const db = lite.getFirestore(app);
  const [host, port] = (settings.firestoreEmulator as string).split(':') as [string, string];
  lite.connectFirestoreEmulator(db, host, Number(port), {
    mockUserToken: uid === 'owner' ? 'owner' : { user_id: uid, ...(admin ? { admin: true } : {}) },
  });
  return createFirestoreFleet(settings, async () => ({ fs: lite, db }));
}

export async function benchFleet(): Promise<void> {
  lite.setLogLevel('silent');
  const server = await startFirestoreRestServer({ port: 0 });
  const settings: FirebaseSettings = {
    apiKey: 'demo-key',
    projectId: PROJECT,
    firestoreEmulator: server.host,
  };
  const api = firestoreTestApi(server.url);
  try {
    console.log(
      `Fleet: ${VOYAGE_DAYS}-day voyage of ${VOYAGE_DAYS * ANSWERS_PER_DAY} answers per sailor; a dashboard of ${VESSELS} vessels x ${CREW} crew (REST test server, real SDK)`,
    );
    for (const connected of [true, false]) {
      const cost = await voyage(settings, api, connected);
      console.log(
        `  summaries, ${connected ? 'synced every minute while the app is open' : 'offline until port, one sync'}: ` +
          `${cost.writes} writes, ${(cost.bytes / 1024).toFixed(1)} KiB sent and ${(cost.received / 1024).toFixed(1)} KiB received ` +
          `(${cost.docBytes} B a summary); ${cost.reads} reads (goal: at most 30 writes and 50 KB a month)`,
      );
    }
    await dashboard(settings, api);
  } finally {
    globalThis.fetch = realFetch;
    await server.close();
  }
}

async function voyage(
  settings: FirebaseSettings,
  api: ReturnType<typeof firestoreTestApi>,
  connected: boolean,
) {
  await api.reset();
  const uid = `sailor-${connected ? 'sat' : 'port'}`;
  const admin = signedIn(settings, 'admin', true);
  const vessel = await admin.createVessel({ name: 'Bench Star', imo: '9074729' }, 'admin');
  const fleet = signedIn(settings, uid);
  await fleet.joinVessel(uid, {
    vessel: vessel.id,
    vesselName: vessel.name,
    code: vessel.code as string,
  });
  const words = builtinWords().filter((word) => word.division === 'deck' && !word.retired);
  const db = await openMarineDB({ name: `bench-fleet-${uid}`, vocabulary: [] });
  await addWordsWithTopics(db, [], words);
  await putUser(db, {
    id: uid,
    email: `${uid}@ship.test`,
    fullName: 'Ivan Petrov',
    isAdmin: false,
    createdAt: 0,
    settings: { dailyGoal: 20, uiLang: 'ru', theme: 'light', division: 'deck', role: 'ab' },
  });
  await updateFleetMeta(db, uid, (record) => ({
    ...record,
    membership: {
      vessel: vessel.id,
      vesselName: vessel.name,
      code: vessel.code as string,
      joinedAt: START,
    },
  }));
  const before = await api.stats();
  const sentBefore = wire.sent;
  const receivedBefore = wire.received;
  const random = seededRandom(7);
  for (let day = 0; day < VOYAGE_DAYS; day++) {
    // Two sessions a day of 25 answers, 20 minutes each; a sync every minute while open.
    for (const hour of [8, 19]) {
      const opened = START + day * DAY_MS + hour * 60 * 60_000;
      for (let minute = 0; minute < 20; minute++) {
        const now = opened + minute * 60_000;
        const answers = minute < 10 ? ANSWERS_PER_DAY / 20 : 0;
        for (let n = 0; n < answers; n++) {
          const word = words[Math.floor(random() * 300)] ?? words[0];
          if (word) {
            await recordChange(db, uid, word.id, { kind: 'answer', correct: random() < 0.75 }, now);
          }
        }
        if (connected) await syncFleet(db, fleet, uid, now);
      }
    }
  }
  if (!connected) await syncFleet(db, fleet, uid, START + VOYAGE_DAYS * DAY_MS);
  const after = await api.stats();
  const [doc] = (await api.documents(`vessels/${vessel.id}/crew/`)).filter(
    (d) => d.path.split('/').length === 4,
  );
  db.close();
  return {
    writes: after.writes - before.writes,
    reads: after.reads - before.reads,
    bytes: wire.sent - sentBefore,
    received: wire.received - receivedBefore,
    docBytes: Buffer.byteLength(JSON.stringify(doc?.data ?? {})),
  };
}

async function dashboard(settings: FirebaseSettings, api: ReturnType<typeof firestoreTestApi>) {
  await api.reset();
  const admin = signedIn(settings, 'admin', true);
  const vessels = [];
  for (let v = 0; v < VESSELS; v++) {
    vessels.push(await admin.createVessel({ name: `Vessel ${v + 1}`, imo: '9074729' }, 'admin'));
  }
  await admin.setOfficer({ uid: 'officer', vessels: [], fleet: true }, 'admin');
  // The crew's summaries, as their devices write them (each joins, then writes its own).
  const random = seededRandom(11);
  const words = builtinWords()
    .filter((word) => word.division === 'deck')
    .slice(0, 400);
  const vocabById = new Map(words.map((word) => [word.id, word]));
  const summary = (uid: string) =>
    summaryWire(
      buildSummary({
        userId: uid,
        name: `Crew ${uid}`,
        division: 'deck',
        role: 'ab',
        words: [],
        entries: Array.from({ length: 60 }, (_, n) => ({
          id: `${uid}-${n}`,
          userId: uid,
          vocabId: words[Math.floor(random() * words.length)]?.id ?? 'x',
          kind: 'answer' as const,
          correct: random() < 0.7,
          hlc: n,
          wall: START + n * 60_000,
          device: 'd',
        })),
        vocabById,
        exams: [],
        version: '0.2.0',
        now: START + DAY_MS,
      }),
    );
  const members: { uid: string; vessel: string; fleet: FleetRemote }[] = [];
  for (const vessel of vessels) {
    for (let c = 0; c < CREW; c++) {
      const uid = `${vessel.id.slice(0, 6)}-${c}`;
      const fleet = signedIn(settings, uid);
      await fleet.joinVessel(uid, {
        vessel: vessel.id,
        vesselName: vessel.name,
        code: vessel.code as string,
      });
      await fleet.writeCrewSummary(uid, vessel.id, summary(uid));
      members.push({ uid, vessel: vessel.id, fleet });
    }
  }
  const officer = signedIn(settings, 'officer');
  const first = await refreshCopy(officer, 'officer', false, undefined);
  const idle = await refreshCopy(officer, 'officer', false, first.next);
  for (const member of members.filter((_, index) => index % 5 === 0)) {
    await member.fleet.writeCrewSummary(member.uid, member.vessel, summary(member.uid));
  }
  const some = await refreshCopy(officer, 'officer', false, idle.next);
  console.log(
    `  dashboard reads: first refresh ${first.reads}, nothing new ${idle.reads}, a fifth of the crew synced ${some.reads}`,
  );

  // The screen from the device's copy: read it, then every vessel's figures and one crew table.
  const db = await openMarineDB({ name: 'bench-fleet-officer', vocabulary: [] });
  await putFleetDashboard(db, 'officer', { ...some.next, loadedAt: START });
  const copyBytes = Buffer.byteLength(JSON.stringify(some.next));
  const times: number[] = [];
  for (let run = 0; run < 15; run++) {
    const started = performance.now();
    const copy = await getFleetDashboard(db, 'officer');
    for (const vessel of copy?.vessels ?? []) {
      const rows = copy?.crew[vessel.id] ?? [];
      vesselFigures(rows, START + DAY_MS);
      vesselWeakTopics(rows);
    }
    const firstVessel = copy?.vessels[0];
    if (firstVessel) sortCrew(copy?.crew[firstVessel.id] ?? [], 'mast', 'desc');
    times.push(performance.now() - started);
  }
  db.close();
  console.log(
    `  dashboard from the device's copy (${VESSELS * CREW} crew, ${(copyBytes / 1024).toFixed(0)} KiB): ${median(times).toFixed(1)} ms median of 15 (fake-indexeddb)`,
  );
}
