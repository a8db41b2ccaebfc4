/**
 * What the fleet costs, measured through the real Firestore Lite SDK against the Firestore REST
 * test server (in this process), counting what Firestore bills and the bytes on the wire:
 * - one sailor's summaries over a 30-day voyage of about 1,500 answers: the device syncing every
 *   minute while the app is open (a ship with a satellite link: the most writes), and the ship
 *   offline until port (one sync at the end);
 * - an officer's dashboard over 20 vessels of 25 crew and over 400 vessels of 25 (a company of
 *   10,000): the reads, bytes, requests and time of the first refresh, of a refresh with nothing
 *   new, and of one after a fifth of the crew synced; how long the screen's figures take from the
 *   device's copy; and the render of the vessel cards, a vessel's crew and the whole fleet's crew
 *   table with its panels on the page's thread (fleet-render.ts: React into happy-dom, each render
 *   one task, so its time is the longest task);
 * - a monthly cost per 1,000 crew at Firestore's list prices (PRICES) from these figures.
 * `BENCH_FLEET=voyage,20,400` picks the parts (default all); `BENCH_FLEET_COPY=<dir>` keeps each
 * officer's copy there (`copy-<vessels>.json`) to profile the render alone
 * (`tsx --tsconfig tsconfig.json bench/fleet-render.ts <file>`). Figures are printed, never asserted.
 */
import 'fake-indexeddb/auto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase/app';
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
/** The fleets measured: vessels x crew. */
const FLEETS = [
  [20, 25],
  [400, 25],
] as const;
/** Crew members signing in and writing at once while the fleet is set up. */
const SEEDING = 16;

/**
 * Firestore's list prices, USD, standard edition, multi-region `nam5` (United States), as Google's
 * pricing page gave them (quoted on 23 May 2018, the latest copy with figures found; later copies
 * of the page load the table from elsewhere): per 100,000 documents read, written, deleted, and
 * per GiB stored a month. A single region in the US is listed at half for reads and writes.
 */
const PRICES = { read: 0.06, write: 0.18, delete: 0.02, storedGiBMonth: 0.18 };
/** The cost model's assumptions (printed beside the cost). */
const MODEL = {
  /** Officer refreshes a day, each after a fifth of the crew synced (everyone once a day). */
  refreshesPerDay: 5,
  /** Crew who leave and are replaced in a month (six-month contracts). */
  turnover: 1 / 6,
  /** Writes of a leave (membership, pointer; the summary deleted) and of a join (the same two). */
  writesPerChange: 4,
  /** Stored bytes of a summary: the document and its single-field index entries (~3x, assumed). */
  storedPerSummary: 3,
  /** A membership and the vessel pointer per crew member, with their indexes, bytes. */
  storedOtherPerCrew: 512,
  days: 30,
  /**
   * The answer history's own sync on a day of the voyage (two sessions of 20 minutes, 10 of them
   * answering, a sync a minute), from `npm run bench -- sync`'s hour (40 writes, two per push; 124
   * reads, two per cycle and 4 for the profile): 20 pushes and 40 cycles a day.
   */
  historyPerDay: { writes: 40, reads: 84 },
};

const parts = new Set(
  (process.env.BENCH_FLEET ?? 'voyage,20,400').split(',').map((part) => part.trim()),
);

/** Bytes sent to and received from the server, and requests made, by the SDK's own requests. */
const wire = { sent: 0, received: 0, requests: 0 };
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  wire.requests += 1;
  if (typeof init?.body === 'string') wire.sent += Buffer.byteLength(init.body);
  // (headers are not counted: the SDK's are the same few hundred bytes on every request)
  const response = await realFetch(input, init);
  const copy = response.clone();
  wire.received += (await copy.arrayBuffer()).byteLength;
  return response;
};

let apps = 0;
const opened = new WeakMap<FleetRemote, ReturnType<typeof initializeApp>>();
function signedIn(settings: FirebaseSettings, uid: string | 'owner', admin = false): FleetRemote {
  apps += 1;
  const app = initializeApp({ apiKey: 'demo-key', projectId: PROJECT }, `bench-fleet-${apps}`);
  const db = lite.getFirestore(app);
  const [host, port] = (settings.firestoreEmulator as string).split(':') as [string, string];
  lite.connectFirestoreEmulator(db, host, Number(port), {
    mockUserToken: uid === 'owner' ? 'owner' : { user_id: uid, ...(admin ? { admin: true } : {}) },
  });
  const remote = createFirestoreFleet(settings, async () => ({ fs: lite, db }));
  opened.set(remote, app);
  return remote;
}

/** Signed in as `uid` for the calls of `work`, then signed out (10,000 apps would not fit). */
async function as<T>(
  settings: FirebaseSettings,
  uid: string,
  work: (fleet: FleetRemote) => Promise<T>,
): Promise<T> {
  const fleet = signedIn(settings, uid);
  try {
    return await work(fleet);
  } finally {
    const app = opened.get(fleet);
    if (app) await deleteApp(app);
  }
}

/** Runs `work` on every item, `width` at a time. */
async function pool<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
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
      `Fleet: ${VOYAGE_DAYS}-day voyage of ${VOYAGE_DAYS * ANSWERS_PER_DAY} answers per sailor; dashboards of ${FLEETS.map(([v, c]) => `${v} vessels x ${c} crew`).join(' and ')} (REST test server in this process, real SDK)`,
    );
    let sailor: Awaited<ReturnType<typeof voyage>> | undefined;
    if (parts.has('voyage')) {
      for (const connected of [true, false]) {
        const cost = await voyage(settings, api, connected);
        if (connected) sailor = cost;
        console.log(
          `  summaries, ${connected ? 'synced every minute while the app is open' : 'offline until port, one sync'}: ` +
            `${cost.writes} writes, ${(cost.bytes / 1024).toFixed(1)} KiB sent and ${(cost.received / 1024).toFixed(1)} KiB received ` +
            `(${cost.docBytes} B a summary); ${cost.reads} reads (goal: at most 30 writes and 50 KB a month)`,
        );
      }
    }
    for (const [vessels, crew] of FLEETS) {
      if (!parts.has(String(vessels))) continue;
      const officer = await dashboard(settings, api, vessels, crew);
      if (sailor) monthlyCost(sailor, officer);
    }
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

interface Refresh {
  reads: number;
  sent: number;
  received: number;
  requests: number;
  ms: number;
}

async function dashboard(
  settings: FirebaseSettings,
  api: ReturnType<typeof firestoreTestApi>,
  vesselCount: number,
  crewCount: number,
) {
  await api.reset();
  const setUp = performance.now();
  const admin = signedIn(settings, 'admin', true);
  const vessels: Awaited<ReturnType<FleetRemote['createVessel']>>[] = [];
  for (let v = 0; v < vesselCount; v++) {
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
  const members: { uid: string; vessel: string }[] = [];
  for (const vessel of vessels) {
    for (let c = 0; c < crewCount; c++) {
      members.push({ uid: `${vessel.id.slice(0, 6)}-${c}`, vessel: vessel.id });
    }
  }
  const codes = new Map(vessels.map((vessel) => [vessel.id, vessel]));
  await pool(members, SEEDING, (member) =>
    as(settings, member.uid, async (fleet) => {
      const vessel = codes.get(member.vessel);
      if (!vessel) return;
      await fleet.joinVessel(member.uid, {
        vessel: vessel.id,
        vesselName: vessel.name,
        code: vessel.code as string,
      });
      await fleet.writeCrewSummary(member.uid, vessel.id, summary(member.uid));
    }),
  );
  const setUpSeconds = (performance.now() - setUp) / 1000;

  const officer = signedIn(settings, 'officer');
  const refresh = async (copy: Parameters<typeof refreshCopy>[3]) => {
    const before = { ...wire };
    const started = performance.now();
    const result = await refreshCopy(officer, 'officer', false, copy);
    const cost: Refresh = {
      reads: result.reads,
      sent: wire.sent - before.sent,
      received: wire.received - before.received,
      requests: wire.requests - before.requests,
      ms: performance.now() - started,
    };
    return { next: result.next, cost };
  };
  const first = await refresh(undefined);
  const idle = await refresh(first.next);
  await pool(
    members.filter((_, index) => index % 5 === 0),
    SEEDING,
    (member) =>
      as(settings, member.uid, (fleet) =>
        fleet.writeCrewSummary(member.uid, member.vessel, summary(member.uid)),
      ),
  );
  const some = await refresh(idle.next);
  const crewTotal = vesselCount * crewCount;
  console.log(
    `  dashboard of ${vesselCount} vessels x ${crewCount} crew (${crewTotal} crew; set up in ${setUpSeconds.toFixed(0)} s):`,
  );
  const line = (label: string, cost: Refresh) =>
    console.log(
      `    ${label}: ${cost.reads} reads, ${(cost.received / 1024).toFixed(0)} KiB received, ${(cost.sent / 1024).toFixed(0)} KiB sent, ` +
        `${cost.requests} requests (vessels 8 at a time), ${cost.ms.toFixed(0)} ms in this process (the test server's work included, no network latency)`,
    );
  line('first open (no copy)', first.cost);
  line('refresh, nothing new', idle.cost);
  line('refresh, a fifth of the crew synced', some.cost);

  // The screen from the device's copy: read it, then every vessel's figures and one crew table.
  const db = await openMarineDB({ name: `bench-fleet-officer-${vesselCount}`, vocabulary: [] });
  await putFleetDashboard(db, 'officer', { ...some.next, loadedAt: START });
  const copyBytes = Buffer.byteLength(JSON.stringify(some.next));
  const times: number[] = [];
  const sorts: number[] = [];
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
    const all = Object.values(copy?.crew ?? {}).flat();
    const sorting = performance.now();
    sortCrew(all, 'name', 'asc', 'ru');
    sorts.push(performance.now() - sorting);
  }
  db.close();
  console.log(
    `    figures from the device's copy (${crewTotal} crew, ${(copyBytes / 1024).toFixed(0)} KiB): ${median(times).toFixed(1)} ms median of 15 (fake-indexeddb); ` +
      `the whole crew sorted by name ${median(sorts).toFixed(1)} ms`,
  );

  // The render on the page's thread, in a process of its own (a DOM in its globals).
  const dir = mkdtempSync(join(tmpdir(), 'bench-fleet-'));
  try {
    const file = join(process.env.BENCH_FLEET_COPY ?? dir, `copy-${vesselCount}.json`);
    writeFileSync(file, JSON.stringify({ ...some.next, now: START + DAY_MS }));
    const output = execFileSync(
      join('node_modules', '.bin', 'tsx'),
      ['--tsconfig', 'tsconfig.json', join('bench', 'fleet-render.ts'), file],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const render = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<
      'cards' | 'vessel' | 'fleet',
      { median: number; max: number; step?: number; stepMax?: number }
    >;
    const ms = (value: number | undefined) => `${(value ?? 0).toFixed(1)} ms`;
    console.log(
      `    render (React into happy-dom, one task each; median / longest of 7): vessel cards, first page ${ms(render.cards.median)} / ${ms(render.cards.max)}, ` +
        `next page ${ms(render.cards.step)} / ${ms(render.cards.stepMax)}; a vessel's crew with its panels ${ms(render.vessel.median)} / ${ms(render.vessel.max)}; ` +
        `the whole fleet's crew (${crewTotal} rows, a page shown) with its panels ${ms(render.fleet.median)} / ${ms(render.fleet.max)}, ` +
        `next page ${ms(render.fleet.step)} / ${ms(render.fleet.stepMax)} (goal: no task over 50 ms)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { crew: crewTotal, some: some.cost };
}

/** What a month of the fleet costs per 1,000 crew at PRICES, under MODEL's assumptions. */
function monthlyCost(
  sailor: { writes: number; reads: number; docBytes: number },
  officer: { crew: number; some: Refresh },
) {
  const crew = officer.crew;
  // Each sailor's month as the voyage measured it (writes and reads of a device syncing every
  // minute the app is open), the crew who change vessels, and one fleet officer's refreshes.
  const writes = crew * sailor.writes + crew * MODEL.turnover * MODEL.writesPerChange;
  const deletes = crew * MODEL.turnover;
  const officerReads = officer.some.reads * MODEL.refreshesPerDay * MODEL.days;
  const reads = crew * sailor.reads + officerReads;
  const stored =
    (crew * (sailor.docBytes * MODEL.storedPerSummary + MODEL.storedOtherPerCrew)) / 2 ** 30;
  const dollars = {
    reads: (reads / 100_000) * PRICES.read,
    writes: (writes / 100_000) * PRICES.write,
    deletes: (deletes / 100_000) * PRICES.delete,
    stored: stored * PRICES.storedGiBMonth,
  };
  const total = dollars.reads + dollars.writes + dollars.deletes + dollars.stored;
  const per = 1000 / crew;
  console.log(
    `    a month per 1,000 crew at list prices ($${PRICES.read} reads, $${PRICES.write} writes, $${PRICES.delete} deletes per 100,000; $${PRICES.storedGiBMonth} a GiB-month; nam5): ` +
      `$${(total * per).toFixed(3)} = reads $${(dollars.reads * per).toFixed(3)} (${Math.round(reads * per)}, of them the officer's ${Math.round(officerReads * per)}) ` +
      `+ writes $${(dollars.writes * per).toFixed(3)} (${Math.round(writes * per)}) + deletes $${(dollars.deletes * per).toFixed(4)} (${Math.round(deletes * per)}) ` +
      `+ stored $${(dollars.stored * per).toFixed(4)} (${(stored * per * 1024).toFixed(1)} MiB); free quota not deducted`,
  );
  const history = {
    writes: MODEL.historyPerDay.writes * MODEL.days * 1000,
    reads: MODEL.historyPerDay.reads * MODEL.days * 1000,
  };
  const historyDollars =
    (history.writes / 100_000) * PRICES.write + (history.reads / 100_000) * PRICES.read;
  console.log(
    `    with the answer history's own sync (${MODEL.historyPerDay.writes} writes and ${MODEL.historyPerDay.reads} reads a crew member a day): ` +
      `$${(total * per + historyDollars).toFixed(2)} a month per 1,000 crew (its stored entries not counted)`,
  );
  console.log(
    `      (assumed: each crew member's month as the voyage above, ${sailor.writes} writes and ${sailor.reads} reads; one fleet officer refreshing ${MODEL.refreshesPerDay} times a day, each after a fifth of the crew synced; ` +
      `${Math.round(MODEL.turnover * 100)}% of the crew leave and join a month; a summary stored at ${MODEL.storedPerSummary}x its ${sailor.docBytes} B)`,
  );
}
