/**
 * Cloud cost of the history sync, on the in-memory remote that counts what Firestore bills:
 * - one hour with the app open and 200 answers (10 a minute for 20 minutes, a sync every
 *   minute), beside a model of the previous engine (one per-word document written per changed
 *   word per cycle, each read back once) and the literal SPEC §7 approach (every queued record
 *   written on its own, then the whole collection re-read every cycle);
 * - a first sign-in on a new device: 1,000 words rebuilt from 20,000 entries, time and reads;
 * - the shared curriculum: an admin's 1,500 words pushed, a crew device's first sign-in, and the
 *   curriculum reads of an idle hour.
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { recordChange } from '@/db/history-append';
import { openMarineDB } from '@/db/open';
import type { MarineDB } from '@/db/schema';
import { listUserWords } from '@/db/user-words-repo';
import { putUser } from '@/db/users-repo';
import { addWordsWithTopics } from '@/db/vocab-repo';
import { DAY_MS, SYNC_INTERVAL_MS } from '@/domain/constants';
import type { HistoryEntry } from '@/domain/history';
import type { Topic, VocabItem } from '@/domain/types';
import { syncOnce } from '@/sync/engine';
import type { CurriculumCursor } from '@/sync/remote-store';
import { MemoryRemote } from '../unit/sync/support/memory-remote';
import { median } from './stats';

const USER = 'bench-user';
const STUDIED = 1000;
const CYCLES = (60 * 60_000) / SYNC_INTERVAL_MS; // one per minute for an hour
/** The first 20 minutes are a study session: 10 answers a minute; the rest of the hour is idle. */
const answersInMinute = (minute: number) => (minute < 20 ? 10 : 0);

let dbCount = 0;

async function newDevice(userId = USER): Promise<MarineDB> {
  const db = await openMarineDB({ name: `bench-sync-${dbCount++}`, vocabulary: [] });
  await putUser(db, {
    id: userId,
    email: 'bench@ship.test',
    fullName: 'Bench',
    isAdmin: false,
    createdAt: 0,
    settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
  });
  return db;
}

interface Cost {
  reads: number;
  writes: number;
  requests: number;
}

async function historyHour() {
  let now = Date.UTC(2026, 10, 22, 8);
  const remote = new MemoryRemote({ clock: () => now * 1000 });
  const db = await newDevice();
  await syncOnce({ db, remote, userId: USER, now }); // signed in, nothing yet
  remote.resetCounters();
  let idleReads = 0;
  let next = 0;
  for (let minute = 0; minute < CYCLES; minute++) {
    for (let i = 0; i < answersInMinute(minute); i++) {
      now += 5_000;
      await recordChange(db, USER, `w${next++ % STUDIED}`, { kind: 'answer', correct: true }, now);
    }
    now = Date.UTC(2026, 10, 22, 8) + (minute + 1) * SYNC_INTERVAL_MS;
    const before = remote.counters.reads;
    await syncOnce({ db, remote, userId: USER, now });
    // A fully idle cycle: nothing changed in this minute nor in the one before (the cycle after
    // a push reads its batch back once, to learn the server's receipt time).
    if (answersInMinute(minute) === 0 && answersInMinute(minute - 1) === 0) {
      idleReads = Math.max(idleReads, remote.counters.reads - before);
    }
  }
  db.close();
  return { hour: { ...remote.counters }, idleReads };
}

/** The previous engine (per-word documents), modelled: each changed word written once per cycle, read back once. */
function previousEngineHour(): Cost {
  let reads = 0;
  let writes = 0;
  let requests = 0;
  for (let minute = 0; minute < CYCLES; minute++) {
    const changed = answersInMinute(minute);
    const pushedBefore = answersInMinute(minute - 1);
    writes += changed;
    reads += Math.max(1, pushedBefore);
    requests += 1 + (changed > 0 ? 1 : 0);
  }
  return { reads, writes, requests };
}

/** SPEC §7 literally: each queued record upserted alone, then all documents read back. */
function literalHour(): Cost {
  let reads = 0;
  let writes = 0;
  let requests = 0;
  for (let minute = 0; minute < CYCLES; minute++) {
    const queued = answersInMinute(minute);
    writes += queued;
    requests += queued + 1;
    reads += STUDIED;
  }
  return { reads, writes, requests };
}

/** A cloud holding `entries` answers on 1,000 words, pushed in batches of `perBatch`. */
async function cloudWithHistory(entries: number, perBatch: number): Promise<MemoryRemote> {
  const start = Date.UTC(2026, 0, 1);
  let server = start * 1000;
  const remote = new MemoryRemote({ clock: () => server });
  for (let first = 0; first < entries; first += perBatch * 500) {
    const batches = [];
    for (let b = first; b < Math.min(entries, first + perBatch * 500); b += perBatch) {
      const list: HistoryEntry[] = [];
      for (let i = b; i < Math.min(entries, b + perBatch); i++) {
        const wall = start + i * 60_000;
        list.push({
          id: `e${i}`,
          userId: USER,
          vocabId: `w${i % STUDIED}`,
          kind: 'answer',
          correct: i % 4 !== 0,
          hlc: wall * 1000,
          wall,
          device: 'old-phone',
        });
      }
      batches.push({ id: `b${b}`, entries: list });
    }
    server += 1000 * DAY_MS;
    await remote.pushHistory(USER, batches);
  }
  return remote;
}

async function firstSignIn(entries: number, perBatch: number) {
  const remote = await cloudWithHistory(entries, perBatch);
  const times: number[] = [];
  let reads = 0;
  let words = 0;
  for (let run = 0; run < 3; run++) {
    const db = await newDevice();
    remote.resetCounters();
    const start = performance.now();
    await syncOnce({ db, remote, userId: USER, now: Date.UTC(2026, 10, 22) });
    times.push(performance.now() - start);
    reads = remote.counters.reads;
    words = (await listUserWords(db, USER)).length;
    db.close();
  }
  return { ms: median(times), reads, words };
}

/** The in-memory cloud, counting the reads of curriculum pulls apart. */
class CurriculumCountingRemote extends MemoryRemote {
  curriculumReads = 0;
  override async pullCurriculum(cursor: CurriculumCursor, limit: number) {
    const before = this.counters.reads;
    try {
      return await super.pullCurriculum(cursor, limit);
    } finally {
      this.curriculumReads += this.counters.reads - before;
    }
  }
}

const CURRICULUM_WORDS = 1500;
const CURRICULUM_TOPICS = 30;

async function curriculumFigures() {
  let now = Date.UTC(2026, 10, 23, 8);
  const remote = new CurriculumCountingRemote({ clock: () => now * 1000 });
  remote.setAdmin('officer', true);
  const admin = await newDevice('officer');
  const share = { by: 'officer', now };
  const perTopic = CURRICULUM_WORDS / CURRICULUM_TOPICS;
  for (let t = 0; t < CURRICULUM_TOPICS; t++) {
    const topic: Topic = {
      id: `deck::Company ${t}`,
      name: `Company ${t}`,
      division: 'deck',
      source: 'user',
      createdBy: 'officer',
    };
    const words: VocabItem[] = Array.from({ length: perTopic }, (_, i) => ({
      id: `c${t}-${i}`,
      langA: `слово ${t}-${i}`,
      langB: `word ${t}-${i}`,
      topic: topic.name,
      division: 'deck',
      source: 'user',
      createdBy: 'officer',
      ref: 'industry',
    }));
    await addWordsWithTopics(admin, [topic], words, share);
  }
  remote.resetCounters();
  await syncOnce({ db: admin, remote, userId: 'officer', now });
  const push = { ...remote.counters };
  admin.close();

  remote.resetCounters();
  remote.curriculumReads = 0;
  const crew = await newDevice('deckhand');
  const start = performance.now();
  const first = await syncOnce({ db: crew, remote, userId: 'deckhand', now });
  const firstMs = performance.now() - start;
  const firstReads = remote.curriculumReads;

  remote.resetCounters();
  remote.curriculumReads = 0;
  for (let minute = 0; minute < CYCLES; minute++) {
    now += SYNC_INTERVAL_MS;
    await syncOnce({ db: crew, remote, userId: 'deckhand', now });
  }
  crew.close();
  return { push, first, firstMs, firstReads, idleReads: remote.curriculumReads };
}

export async function benchSync(): Promise<void> {
  const history = await historyHour();
  console.log(
    `Sync, app open 1 hour (${CYCLES} cycles; 200 answers in the first 20 minutes, a sync every minute):`,
  );
  const row = (label: string, r: Cost) =>
    console.log(
      `  ${label.padEnd(44)} reads ${String(r.reads).padStart(6)}   writes ${String(r.writes).padStart(5)}   requests ${String(r.requests).padStart(5)}`,
    );
  row('this engine (history batches), the hour', history.hour);
  row('previous engine (per-word documents), model', previousEngineHour());
  row('SPEC §7 literally (1,000 studied words)', literalHour());
  console.log(
    `  two writes per push, the batch and the account's counter (${history.hour.commits} pushes); a fully idle cycle reads at most ${history.idleReads} document(s)`,
  );
  for (const [entries, perBatch] of [
    [20_000, 500],
    [20_000, 10],
  ] as const) {
    const signIn = await firstSignIn(entries, perBatch);
    console.log(
      `  first sign-in on a new device: ${entries} entries in batches of ${perBatch} -> ${signIn.words} words rebuilt, ${signIn.reads} reads, median ${signIn.ms.toFixed(0)} ms`,
    );
  }
  const curriculum = await curriculumFigures();
  console.log(
    `Shared curriculum (${CURRICULUM_WORDS} admin words in ${CURRICULUM_TOPICS} topics, one document per record):`,
  );
  console.log(
    `  the admin's push: ${curriculum.push.writes} writes in ${curriculum.push.commits} commits (${curriculum.push.requests} requests)`,
  );
  console.log(
    `  a crew device's first sign-in: ${curriculum.first.curriculumApplied} records applied (${curriculum.first.curriculumAdded} words), ${curriculum.firstReads} curriculum reads, ${curriculum.firstMs.toFixed(0)} ms`,
  );
  console.log(
    `  an idle hour (${CYCLES} cycles, nothing changed): ${curriculum.idleReads} curriculum reads`,
  );
}
