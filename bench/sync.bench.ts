/**
 * Cloud cost of one hour with the app open, for a user with 1,000 studied words: this sync
 * engine (incremental pull, coalesced batched push) beside the literal SPEC §7 approach (every
 * queued record written on its own, then the whole collection re-read every cycle).
 */
import 'fake-indexeddb/auto';
import { openMarineDB } from '@/db/open';
import { saveUserWords } from '@/db/user-words-repo';
import { putUser } from '@/db/users-repo';
import { DAY_MS, SYNC_BATCH_MAX_WRITES, SYNC_INTERVAL_MS } from '@/domain/constants';
import { answer, newUserWord } from '@/domain/srs';
import type { UserWord } from '@/domain/types';
import { syncOnce } from '@/sync/engine';
import { MemoryRemote } from '@/sync/memory-remote';

const USER = 'bench-user';
const STUDIED = 1000;
const CYCLES = (60 * 60_000) / SYNC_INTERVAL_MS; // one per minute for an hour
/** The first 20 minutes are a study session: 10 answers a minute; the rest of the hour is idle. */
const answersInMinute = (minute: number) => (minute < 20 ? 10 : 0);

let dbCount = 0;

async function setUp(now: number) {
  const db = await openMarineDB({ name: `bench-sync-${dbCount++}`, vocabulary: [] });
  await putUser(db, {
    id: USER,
    email: 'bench@ship.test',
    fullName: 'Bench',
    isAdmin: false,
    createdAt: now,
    settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
  });
  const words: UserWord[] = Array.from({ length: STUDIED }, (_, i) =>
    answer(newUserWord(USER, `w${i}`, now - DAY_MS), true, now - DAY_MS),
  );
  await saveUserWords(db, words, { enqueue: true, now });
  return { db, words };
}

async function engineHour() {
  let now = Date.UTC(2026, 10, 22, 8);
  const { db, words } = await setUp(now);
  const remote = new MemoryRemote();
  await syncOnce({ db, remote, userId: USER, now }); // the first sync after studying offline
  const initial = { ...remote.counters };
  remote.resetCounters();
  let idleReads = 0;
  let next = 0;
  for (let minute = 0; minute < CYCLES; minute++) {
    now += SYNC_INTERVAL_MS;
    const changed = Array.from({ length: answersInMinute(minute) }, () => {
      const word = words[next++ % words.length] as UserWord;
      return answer(word, true, now);
    });
    if (changed.length) await saveUserWords(db, changed, { enqueue: true, now });
    const before = remote.counters.reads;
    await syncOnce({ db, remote, userId: USER, now });
    // A fully idle cycle: nothing changed in this minute nor in the one before (the cycle after
    // a push reads the pushed documents back once: Lite's commit does not return its time).
    if (changed.length === 0 && answersInMinute(minute - 1) === 0) {
      idleReads = Math.max(idleReads, remote.counters.reads - before);
    }
  }
  db.close();
  return { initial, hour: { ...remote.counters }, idleReads };
}

/** SPEC §7 literally: each queued record upserted alone, then all documents read back. */
function literalHour() {
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

async function commitsFor(k: number): Promise<number> {
  const now = Date.UTC(2026, 10, 22, 8);
  const db = await openMarineDB({ name: `bench-sync-${dbCount++}`, vocabulary: [] });
  const words = Array.from({ length: k }, (_, i) =>
    answer(newUserWord(USER, `k${i}`, now), true, now),
  );
  await saveUserWords(db, words, { enqueue: true, now });
  const remote = new MemoryRemote();
  const report = await syncOnce({ db, remote, userId: USER, now });
  db.close();
  return report.commits;
}

export async function benchSync(): Promise<void> {
  const engine = await engineHour();
  const literal = literalHour();
  console.log(
    `Sync, ${STUDIED} studied words, app open 1 hour (${CYCLES} cycles; 200 answers in the first 20 minutes):`,
  );
  console.log(
    `  first sync of the ${STUDIED} words: ${engine.initial.commits} commits, ${engine.initial.writes} documents written, ${engine.initial.reads} read, ${engine.initial.requests} requests`,
  );
  const row = (label: string, r: { reads: number; writes: number; requests: number }) =>
    console.log(
      `  ${label.padEnd(34)} reads ${String(r.reads).padStart(6)}   writes ${String(r.writes).padStart(5)}   requests ${String(r.requests).padStart(5)}`,
    );
  row('this engine, the hour', engine.hour);
  row('SPEC §7 literally, the hour', literal);
  console.log(
    `  a fully idle cycle of this engine reads at most ${engine.idleReads} document(s); the cycle after a push reads the K pushed documents back once`,
  );
  const ks = [1, SYNC_BATCH_MAX_WRITES - 1, SYNC_BATCH_MAX_WRITES, SYNC_BATCH_MAX_WRITES + 1, 1200];
  const commits = await Promise.all(ks.map(async (k) => `K=${k}: ${await commitsFor(k)}`));
  console.log(`  commits for K changed words (target ceil(K/500)): ${commits.join(', ')}`);
}
