/**
 * Property: two devices of one user (two separate databases) and one cloud, under random
 * answers, offline spells, syncs and faults (failed commits, lost responses, duplicated and
 * late-replayed batches, a tab closing mid-sync), end in the same state once both sync a few
 * rounds online: for every word the greatest version ever produced (updatedAt, ties broken by
 * the engine's version order, see `compareWordVersions`), one cloud document per word, both
 * queues empty.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openMarineDB } from '@/db/open';
import type { MarineDB } from '@/db/schema';
import { listQueue } from '@/db/sync-queue-repo';
import { getUserWord, listUserWords, saveUserWord } from '@/db/user-words-repo';
import { putUser } from '@/db/users-repo';
import { answer, newUserWord } from '@/domain/srs';
import type { UserWord } from '@/domain/types';
import { compareWordVersions, syncOnce } from '@/sync/engine';
import { MemoryRemote } from '@/sync/memory-remote';
import type { PullResult, RemoteProfile, RemoteStore } from '@/sync/remote-store';

const USER = 'u-crew';
const START = Date.UTC(2025, 5, 1, 8, 0, 0);
const VOCAB = ['deck-1', 'deck-2', 'deck-3', 'eng201', 'eng202'];

type DeviceIndex = 0 | 1;

/**
 * What can go wrong during one sync: MemoryRemote faults on the commit ('error',
 * 'lost-response') or the pull ('pull-error'); every commit delivered twice ('duplicate');
 * the tab closing right after the commit, before the queue is cleaned ('abort-after-commit') or
 * right after the pull, before the merge ('abort-after-pull').
 */
type Fault =
  | 'none'
  | 'error'
  | 'lost-response'
  | 'pull-error'
  | 'duplicate'
  | 'abort-after-commit'
  | 'abort-after-pull';

type Command =
  | { kind: 'answer'; device: DeviceIndex; word: number; correct: boolean; advance: number }
  | { kind: 'network'; device: DeviceIndex; online: boolean }
  | { kind: 'sync'; device: DeviceIndex; fault: Fault }
  /** A batch committed earlier arrives again, late (a retried request the network delayed). */
  | { kind: 'replay'; pick: number }
  /** Both devices online, sync A, B, A, B without faults: a quiet point (later replays are stale). */
  | { kind: 'settle' };

const deviceArb = fc.constantFrom<DeviceIndex>(0, 1);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      device: deviceArb,
      word: fc.nat({ max: VOCAB.length - 1 }),
      correct: fc.boolean(),
      // 0: the same millisecond as the previous answer, possibly on the other device.
      advance: fc.constantFrom(0, 0, 1, 2, 1000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('network' as const),
      device: deviceArb,
      online: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('sync' as const),
      device: deviceArb,
      fault: fc.constantFrom<Fault>(
        'none',
        'none',
        'none',
        'error',
        'lost-response',
        'pull-error',
        'duplicate',
        'abort-after-commit',
        'abort-after-pull',
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'settle' as const }) },
);

class TabClosed extends Error {}

/** One device's view of the cloud: the shared MemoryRemote plus this sync's transport fault. */
class DeviceRemote implements RemoteStore {
  fault: Fault = 'none';
  constructor(
    private readonly cloud: MemoryRemote,
    private readonly delivered: UserWord[][],
  ) {}

  async commitWords(userId: string, words: readonly UserWord[]): Promise<void> {
    await this.cloud.commitWords(userId, words);
    this.delivered.push(structuredClone([...words]));
    if (this.fault === 'duplicate') await this.cloud.commitWords(userId, words);
    if (this.fault === 'abort-after-commit') throw new TabClosed('tab closed after the commit');
  }

  async pullWords(userId: string, cursor: number): Promise<PullResult> {
    const result = await this.cloud.pullWords(userId, cursor);
    if (this.fault === 'abort-after-pull') throw new TabClosed('tab closed after the pull');
    return result;
  }

  readProfile(userId: string): Promise<RemoteProfile | null> {
    return this.cloud.readProfile(userId);
  }

  writeProfile(userId: string, patch: RemoteProfile): Promise<void> {
    return this.cloud.writeProfile(userId, patch);
  }
}

let dbCounter = 0;
async function openDevice(): Promise<MarineDB> {
  dbCounter++;
  const name = `MarineDB-property-${dbCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const db = await openMarineDB({ name, vocabulary: [] });
  await putUser(db, {
    id: USER,
    email: 'crew@ship.test',
    fullName: 'Crew',
    isAdmin: false,
    createdAt: 1,
    settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
  });
  return db;
}

/** The learning state of a word, whatever copy it is (local record or cloud document). */
function state(word: UserWord | undefined) {
  if (!word) return undefined;
  const {
    remoteId: _r,
    userId: _u,
    syncedAt: _s,
    ...rest
  } = word as UserWord & {
    syncedAt?: number;
  };
  return { ...rest, deleted: Boolean(rest.deleted) };
}

async function runScenario(commands: readonly Command[]): Promise<void> {
  const cloud = new MemoryRemote({ clock: () => 0 });
  const delivered: UserWord[][] = [];
  const devices = [
    { db: await openDevice(), remote: new DeviceRemote(cloud, delivered), online: true },
    { db: await openDevice(), remote: new DeviceRemote(cloud, delivered), online: true },
  ];
  /** The greatest version ever produced, per word. */
  const newest = new Map<string, UserWord>();
  let clock = START;

  async function sync(index: DeviceIndex, fault: Fault): Promise<void> {
    const device = devices[index]!;
    if (!device.online) return; // offline devices do not sync
    device.remote.fault = fault;
    if (fault === 'error' || fault === 'lost-response') cloud.failNext(fault);
    if (fault === 'pull-error') cloud.failNext('error', { on: 'pull' });
    try {
      await syncOnce({ db: device.db, remote: device.remote, userId: USER, now: clock });
    } catch (error) {
      // Only an injected fault may make a sync fail.
      if (fault === 'none' || fault === 'duplicate') throw error;
    } finally {
      device.remote.fault = 'none';
      cloud.clearFaults();
    }
  }

  async function settle(): Promise<void> {
    for (const device of devices) device.online = true;
    for (let round = 0; round < 3; round++) {
      await sync(0, 'none');
      await sync(1, 'none');
    }
  }

  try {
    for (const command of commands) {
      switch (command.kind) {
        case 'answer': {
          clock += command.advance;
          const { db } = devices[command.device]!;
          const vocabId = VOCAB[command.word]!;
          const current =
            (await getUserWord(db, USER, vocabId)) ?? newUserWord(USER, vocabId, clock);
          const saved = await saveUserWord(db, answer(current, command.correct, clock), {
            enqueue: true,
            now: clock,
          });
          const best = newest.get(vocabId);
          if (!best || compareWordVersions(saved, best) > 0) newest.set(vocabId, saved);
          break;
        }
        case 'network':
          devices[command.device]!.online = command.online;
          break;
        case 'sync':
          await sync(command.device, command.fault);
          break;
        case 'settle':
          await settle();
          break;
        case 'replay': {
          const batch = delivered[command.pick % Math.max(1, delivered.length)];
          if (batch) await cloud.commitWords(USER, batch);
          break;
        }
      }
    }

    await settle();

    const answered = [...newest.keys()].sort();
    const docs = cloud.documents(USER);
    expect(docs.map((doc) => doc.vocabId).sort()).toEqual(answered);
    for (const vocabId of answered) {
      const expected = state(newest.get(vocabId));
      expect(state(cloud.document(USER, vocabId)), `cloud ${vocabId}`).toEqual(expected);
      for (const [index, device] of devices.entries()) {
        const local = await getUserWord(device.db, USER, vocabId);
        expect(state(local), `device ${index} ${vocabId}`).toEqual(expected);
        expect(local?.remoteId).toBe(vocabId);
      }
    }
    for (const device of devices) {
      expect(await listQueue(device.db)).toEqual([]);
      expect((await listUserWords(device.db, USER)).map((w) => w.vocabId).sort()).toEqual(answered);
    }
  } finally {
    for (const device of devices) device.db.close();
  }
}

describe('two devices, one cloud', () => {
  it('converge on the newest version of every word with no duplicates and empty queues', async () => {
    await fc.assert(fc.asyncProperty(fc.array(commandArb, { maxLength: 40 }), runScenario), {
      numRuns: process.env.CI ? 500 : 100,
    });
  }, 300_000);

  it('converge when both devices answer the same word in the same millisecond', async () => {
    await runScenario([
      { kind: 'answer', device: 0, word: 0, correct: true, advance: 0 },
      { kind: 'answer', device: 1, word: 0, correct: false, advance: 0 },
      { kind: 'sync', device: 1, fault: 'none' },
      { kind: 'sync', device: 0, fault: 'lost-response' },
      { kind: 'replay', pick: 0 },
    ]);
  });

  it('repair the cloud when a stale batch arrives after everything was in sync', async () => {
    await runScenario([
      { kind: 'answer', device: 0, word: 0, correct: true, advance: 1 },
      { kind: 'sync', device: 0, fault: 'none' },
      { kind: 'answer', device: 0, word: 0, correct: true, advance: 1 },
      { kind: 'settle' },
      { kind: 'replay', pick: 0 },
    ]);
  });
});
