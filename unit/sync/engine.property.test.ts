/**
 * Property: three devices of one user (three databases) and one cloud. Each device's clock is off
 * by a random amount of up to a year either way; the devices make every kind of change, go
 * offline for long stretches, and sync through faults (failed commits and pulls, lost responses,
 * pulled batches delivered twice, a late replay of a push, a tab closed after the commit or after
 * the pull, a commit that times out and lands later). Once everyone is online and has synced a few rounds: every device holds every entry
 * made anywhere, once; every device's word states equal the fold of all entries; the cloud holds
 * each entry once; nothing is left unsent.
 *
 * `npm test` runs 500 cases; `npm run soak` runs SOAK_RUNS (10,000) and prints the count.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordChange } from '@/db/history-append';
import { countUnsent, listHistory } from '@/db/history-queries';
import { refoldUser, rulesOf } from '@/db/history-refold';
import type { MarineDB } from '@/db/schema';
import { listUserWords } from '@/db/user-words-repo';
import { getUser, markProfileUnsent, updateUser } from '@/db/users-repo';
import { DAY_MS, PROFILE_READ_INTERVAL_MS } from '@/domain/constants';
import type { WordChange } from '@/domain/history';
import { foldAll } from '@/domain/history-fold';
import { syncOnce } from '@/sync/engine';
import type {
  CurriculumCursor,
  PullResult,
  PushBatchInput,
  RemoteStore,
} from '@/sync/remote-store';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const USER = 'u-crew';
const START = Date.UTC(2026, 5, 1, 8, 0, 0);
const YEAR = 365 * DAY_MS;
const VOCAB = ['deck-1', 'deck-2', 'eng201', 'gal-7'];
const RUNS = Number(process.env.SOAK_RUNS ?? 500);

type DeviceIndex = 0 | 1 | 2;

/** What goes wrong during one sync (see the file comment). */
type Fault =
  | 'none'
  | 'error'
  | 'lost-response'
  | 'pull-error'
  | 'check-error'
  | 'duplicate'
  | 'abort-after-commit'
  | 'abort-after-pull'
  /** The commit times out on the device and reaches the cloud later (at a `replay`), or never. */
  | 'delayed';

type Command =
  | { kind: 'change'; device: DeviceIndex; word: number; change: WordChange; advance: number }
  | { kind: 'network'; device: DeviceIndex; online: boolean }
  | { kind: 'sync'; device: DeviceIndex; fault: Fault }
  /** A delayed push (or one committed before) arrives at the cloud now. */
  | { kind: 'replay'; pick: number };

const deviceArb = fc.constantFrom<DeviceIndex>(0, 1, 2);
const changeArb: fc.Arbitrary<WordChange> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('answer' as const),
      correct: fc.boolean(),
      mode: fc.constantFrom('choice' as const, 'spelling' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'skip' as const,
        'learn' as const,
        'unlearn' as const,
        'relearn' as const,
        'hide' as const,
        'unhide' as const,
        'delete' as const,
        'restore' as const,
      ),
    }),
  },
);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      device: deviceArb,
      word: fc.nat({ max: VOCAB.length - 1 }),
      change: changeArb,
      // 0: the same millisecond as the previous change, possibly on another device.
      advance: fc.constantFrom(0, 1, 1000, 3_600_000, 5 * DAY_MS),
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
        'error',
        'lost-response',
        'pull-error',
        'check-error',
        'duplicate',
        'abort-after-commit',
        'abort-after-pull',
        'delayed',
      ),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }) },
);
/** Each device's clock error: up to a year behind or ahead. */
const offsetsArb = fc.tuple(
  fc.integer({ min: -YEAR, max: YEAR }),
  fc.integer({ min: -YEAR, max: YEAR }),
  fc.integer({ min: -YEAR, max: YEAR }),
);

class TabClosed extends Error {}

/** One device's view of the cloud: the shared MemoryRemote plus this sync's transport fault. */
class DeviceRemote implements RemoteStore {
  fault: Fault = 'none';
  constructor(
    private readonly cloud: MemoryRemote,
    private readonly pushed: PushBatchInput[][],
  ) {}

  async pushHistory(userId: string, batches: readonly PushBatchInput[]): Promise<void> {
    if (this.fault === 'delayed') {
      this.pushed.push(structuredClone([...batches]));
      throw new TabClosed('the commit timed out; it is still on its way');
    }
    await this.cloud.pushHistory(userId, batches);
    this.pushed.push(structuredClone([...batches]));
    if (this.fault === 'abort-after-commit') throw new TabClosed('tab closed after the commit');
  }

  hasHistoryBatch(userId: string, batchId: string): Promise<boolean> {
    return this.cloud.hasHistoryBatch(userId, batchId);
  }

  async pullHistory(userId: string, cursor: number): Promise<PullResult> {
    const result = await this.cloud.pullHistory(userId, cursor);
    if (this.fault === 'abort-after-pull') throw new TabClosed('tab closed after the pull');
    return result;
  }

  readLegacyWords(userId: string) {
    return this.cloud.readLegacyWords(userId);
  }

  readProfile(userId: string) {
    return this.cloud.readProfile(userId);
  }

  writeProfile(userId: string, patch: object) {
    return this.cloud.writeProfile(userId, patch);
  }

  pushCurriculum(docs: Parameters<RemoteStore['pushCurriculum']>[0]) {
    return this.cloud.pushCurriculum(docs);
  }

  pullCurriculum(cursor: CurriculumCursor, limit: number) {
    return this.cloud.pullCurriculum(cursor, limit);
  }
}

async function runScenario(
  offsets: readonly [number, number, number],
  commands: readonly Command[],
): Promise<void> {
  let clock = START;
  const cloud = new MemoryRemote({ clock: () => clock * 1000 });
  const pushed: PushBatchInput[][] = [];
  const devices = await Promise.all(
    offsets.map(async (offset) => ({
      db: await openDeviceOf(USER),
      remote: new DeviceRemote(cloud, pushed),
      online: true,
      offset,
    })),
  );
  let made = 0;

  async function sync(index: DeviceIndex, fault: Fault): Promise<void> {
    const device = devices[index]!;
    if (!device.online) return; // offline devices do not sync
    device.remote.fault = fault;
    if (fault === 'error' || fault === 'lost-response') cloud.failNext(fault);
    if (fault === 'pull-error') cloud.failNext('error', { on: 'pull' });
    if (fault === 'check-error') cloud.failNext('error', { on: 'check' });
    if (fault === 'duplicate') cloud.failNext('duplicate', { on: 'pull' });
    try {
      await syncOnce({
        db: device.db,
        remote: device.remote,
        userId: USER,
        now: clock + device.offset,
      });
    } catch (error) {
      // Only an injected fault may make a sync fail.
      if (fault === 'none' || fault === 'duplicate') throw error;
    } finally {
      device.remote.fault = 'none';
      cloud.clearFaults();
    }
  }

  try {
    for (const command of commands) {
      switch (command.kind) {
        case 'change': {
          clock += command.advance;
          const device = devices[command.device]!;
          await recordChange(
            device.db,
            USER,
            VOCAB[command.word]!,
            command.change,
            clock + device.offset,
          );
          made++;
          break;
        }
        case 'network':
          devices[command.device]!.online = command.online;
          break;
        case 'sync':
          clock += 1000;
          await sync(command.device, command.fault);
          break;
        case 'replay': {
          const batches = pushed[command.pick % Math.max(1, pushed.length)];
          if (!batches) break;
          // The cloud refuses a batch it already has (append-only): nothing is written twice.
          try {
            await cloud.pushHistory(USER, batches);
          } catch (error) {
            expect(String(error)).toContain('append-only');
          }
          break;
        }
      }
    }

    // Everyone comes online and syncs three rounds without faults.
    for (const device of devices) device.online = true;
    for (let round = 0; round < 3; round++) {
      for (const index of [0, 1, 2] as const) {
        clock += 1000;
        await sync(index, 'none');
      }
    }

    const inCloud = cloud.entries(USER);
    const ids = inCloud.map((entry) => entry.id).sort();
    expect(new Set(ids).size, 'no entry twice in the cloud').toBe(ids.length);
    expect(ids.length, 'every change reached the cloud').toBe(made);
    // The fold under the user's rules (one step a day in their home zone, FSRS memory kept).
    const expected = foldAll(
      USER,
      inCloud,
      rulesOf(await getUser(devices[0]?.db as MarineDB, USER)),
    );
    for (const [index, device] of devices.entries()) {
      const local = await listHistory(device.db, USER);
      expect(local.map((entry) => entry.id).sort(), `device ${index} holds every entry`).toEqual(
        ids,
      );
      expect(await countUnsent(device.db, USER), `device ${index} sent everything`).toBe(0);
      const words = await listUserWords(device.db, USER, { includeDeleted: true });
      expect(new Map(words.map((w) => [w.vocabId, w])), `device ${index} states`).toEqual(expected);
    }
  } finally {
    for (const device of devices) device.db.close();
  }
}

describe('three devices with wrong clocks, one cloud', () => {
  it(`hold every entry once and the same fold after syncing (${RUNS} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(offsetsArb, fc.array(commandArb, { maxLength: 30 }), runScenario),
      { numRuns: RUNS },
    );
    if (process.env.SOAK_RUNS) console.log(`history property: ${RUNS} cases passed`);
  }, 3_600_000);

  it('a commit that times out and lands after its retry is not written twice', async () => {
    await runScenario(
      [0, 0, 0],
      [
        {
          kind: 'change',
          device: 0,
          word: 0,
          change: { kind: 'answer', correct: true },
          advance: 1,
        },
        { kind: 'sync', device: 0, fault: 'delayed' },
        { kind: 'sync', device: 0, fault: 'none' },
        { kind: 'replay', pick: 0 },
      ],
    );
  });

  it('two devices answering the same word offline, one a year ahead: both keep the sum', async () => {
    await runScenario(
      [YEAR, 0, 0],
      [
        { kind: 'network', device: 0, online: false },
        { kind: 'network', device: 1, online: false },
        ...Array.from({ length: 5 }, () => ({
          kind: 'change' as const,
          device: 0 as const,
          word: 0,
          change: { kind: 'answer' as const, correct: true },
          advance: 3_600_000,
        })),
        {
          kind: 'change',
          device: 1,
          word: 0,
          change: { kind: 'answer', correct: false },
          advance: 1,
        },
        { kind: 'sync', device: 0, fault: 'lost-response' },
      ],
    );
  });
});

/**
 * Property: the schedule settings across devices whose clocks are off and then set right. Device
 * 0's learner picks the schedule now and then; every device changes the daily goal now and then
 * (a profile change of another field); clocks start up to a year off either way and are set
 * right at random. Once everyone has synced, each device has read the profile after the last
 * write: every device holds device 0's last choice and folds the history alike.
 */
type ProfileCommand =
  | { kind: 'answer'; device: DeviceIndex; word: number; correct: boolean; advance: number }
  | { kind: 'schedule'; fsrs: boolean }
  | { kind: 'goal'; device: DeviceIndex; goal: number }
  | { kind: 'set-right'; device: DeviceIndex }
  | { kind: 'sync'; device: DeviceIndex; fail: boolean };

const profileCommandArb: fc.Arbitrary<ProfileCommand> = fc.oneof(
  fc.record({
    kind: fc.constant('answer' as const),
    device: deviceArb,
    word: fc.nat({ max: VOCAB.length - 1 }),
    correct: fc.boolean(),
    advance: fc.constantFrom(1000, 3_600_000, DAY_MS),
  }),
  fc.record({ kind: fc.constant('schedule' as const), fsrs: fc.boolean() }),
  fc.record({
    kind: fc.constant('goal' as const),
    device: deviceArb,
    goal: fc.integer({ min: 5, max: 50 }),
  }),
  fc.record({ kind: fc.constant('set-right' as const), device: deviceArb }),
  fc.record({ kind: fc.constant('sync' as const), device: deviceArb, fail: fc.boolean() }),
);

async function runProfileScenario(
  offsets: readonly [number, number, number],
  commands: readonly ProfileCommand[],
): Promise<void> {
  let clock = START;
  const cloud = new MemoryRemote({ clock: () => clock * 1000 });
  const devices = await Promise.all(
    offsets.map(async (offset) => ({ db: await openDeviceOf(USER), offset })),
  );
  let chosen: boolean | undefined;
  const sync = async (index: DeviceIndex, fail: boolean) => {
    const device = devices[index]!;
    if (fail) cloud.failNext('error');
    const own = () => clock + device.offset;
    try {
      await syncOnce({ db: device.db, remote: cloud, userId: USER, now: own(), clock: own });
    } catch (error) {
      if (!fail) throw error;
    } finally {
      cloud.clearFaults();
    }
  };
  try {
    for (const command of commands) {
      switch (command.kind) {
        case 'answer': {
          clock += command.advance;
          const device = devices[command.device]!;
          const change = { kind: 'answer' as const, correct: command.correct };
          await recordChange(device.db, USER, VOCAB[command.word]!, change, clock + device.offset);
          break;
        }
        case 'schedule': {
          chosen = command.fsrs;
          const schedule = command.fsrs ? ('fsrs' as const) : ('standard' as const);
          const { db } = devices[0]!;
          await updateUser(db, USER, (user) => ({
            ...user,
            settings: { ...user.settings, schedule },
          }));
          await markProfileUnsent(db, USER, ['schedule']);
          await refoldUser(db, USER);
          break;
        }
        case 'goal': {
          const { db } = devices[command.device]!;
          await updateUser(db, USER, (user) => ({
            ...user,
            settings: { ...user.settings, dailyGoal: command.goal },
          }));
          await markProfileUnsent(db, USER, ['dailyGoal']);
          break;
        }
        case 'set-right':
          devices[command.device]!.offset = 0;
          break;
        case 'sync':
          clock += 1000;
          await sync(command.device, command.fail);
          break;
      }
    }
    // Everyone sends what they have, then, once the read interval has passed, reads it all.
    for (const round of [0, 1, 2]) {
      if (round > 0) clock += PROFILE_READ_INTERVAL_MS + 1;
      for (const index of [0, 1, 2] as const) {
        clock += 1000;
        await sync(index, false);
      }
    }
    const rules = rulesOf(await getUser(devices[0]!.db, USER));
    const expected = foldAll(USER, cloud.entries(USER), rules);
    for (const [index, device] of devices.entries()) {
      const settings = (await getUser(device.db, USER))?.settings;
      if (chosen !== undefined) {
        expect(settings?.schedule === 'fsrs', `device ${index}'s schedule`).toBe(chosen);
      }
      const words = await listUserWords(device.db, USER, { includeDeleted: true });
      expect(new Map(words.map((w) => [w.vocabId, w])), `device ${index} states`).toEqual(expected);
    }
  } finally {
    for (const device of devices) device.db.close();
  }
}

describe('schedule settings with clocks set right', () => {
  it('every device ends with the schedule chosen last and folds alike (100 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(
        offsetsArb,
        fc.array(profileCommandArb, { maxLength: 25 }),
        runProfileScenario,
      ),
      { numRuns: 100 },
    );
  }, 600_000);
});
