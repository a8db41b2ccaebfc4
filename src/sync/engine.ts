/**
 * The sync engine (ARCHITECTURE.md decision 4): one `syncOnce` moves answer history, never word
 * snapshots, so nothing a device recorded can be overwritten by another device's copy.
 *
 * A sync is a pipeline of named steps (steps/*.ts), run in this order:
 *
 * 1. `legacy-read`: once per user on this device, the per-word documents of older versions
 *    become baseline entries.
 * 2. `history-pull`: the batches the cloud received since the user's cursor, page by page. A
 *    failed pull does not hold back the push: the sync rejects with it after the curriculum step.
 * 3. `history-push`: the unsent entries in batch documents, one commit each; then
 *    `history-compact`: now and then, the history received so far written into the account's
 *    few large segments, which a new device restores from (a failure is logged).
 * 4. `profile-push`: the profile, when it changed here and the cloud may lack it.
 * 5. `profile-read`: another device's schedule settings, now and then (the words refolded).
 * 6. `curriculum`: an admin's outbox pushed (a refusal for want of rights holds it), then
 *    everyone's changes pulled.
 * 7. `exam-proofs` and 8. `fleet`: their failures are logged and never fail the sync.
 *
 * Each step returns what it changed here as typed changes (changes.ts), the records as stored,
 * which the screens patch in; `syncOnce` hands them to `onChanges` as each step ends (so what a
 * step stored shows even when a later step fails) and returns them with the report.
 *
 * Every remote call has a time limit (REMOTE_CALL_TIMEOUT_MS; cloud.ts `timedCloud`). Records
 * that fail the wire contract go to the dead letters, and the rest syncs.
 */

import type { MarineDB } from '@/db/schema';
import {
  HISTORY_BATCH_MAX_ENTRIES,
  REMOTE_CALL_TIMEOUT_MS,
  SYNC_BATCH_MAX_WRITES,
} from '@/domain/constants';
import type { SyncChange } from './changes';
import { type Cloud, timedCloud } from './cloud';
import type { ExamRemote } from './exam-remote';
import type { FleetRemote } from './fleet-remote';
import type { RemoteStore } from './remote-store';
import type { StepResult, SyncContext, SyncReport, SyncStepRun } from './steps/context';
import { syncCurriculum } from './steps/curriculum';
import { sendExamProofs } from './steps/exam-proofs';
import { syncFleetStep } from './steps/fleet';
import { compactHistory } from './steps/history-compact';
import { pullHistory } from './steps/history-pull';
import { pushHistory } from './steps/history-push';
import { readLegacyWords } from './steps/legacy-read';
import { pushProfile } from './steps/profile-push';
import { readProfileSettings } from './steps/profile-read';

export type { SyncChange } from './changes';
export type { SyncReport } from './steps/context';
export { cutByWireSize } from './steps/curriculum';
export { profileReadDue } from './steps/profile-read';

export const NOT_SIGNED_IN_MESSAGE = 'Not signed in to Firebase';

export interface SyncOnceInput {
  db: MarineDB;
  /** The cloud (the app's: cloud-remote.ts `loadCloud`); or its parts, as `remote`, `fleet`, `exams`. */
  cloud?: Cloud;
  /** The learner's records and the curriculum, when no `cloud` is given. */
  remote?: RemoteStore;
  /** The signed-in cloud user; missing means nobody is signed in (an error). */
  userId: string | null | undefined;
  /** Epoch ms: when dead letters are recorded. */
  now: number;
  /**
   * Curriculum documents per commit; defaults to (and is capped at) SYNC_BATCH_MAX_WRITES. (A
   * history batch always goes in a commit of its own.)
   */
  batchSize?: number;
  /** Entries per batch document; defaults to HISTORY_BATCH_MAX_ENTRIES. */
  entriesPerBatch?: number;
  /** Time limit of each remote call; defaults to REMOTE_CALL_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * This device's physical clock (epoch ms), read around a commit; defaults to `now` moved on by
   * the time since the call (Date.now, when `now` is the time of the call, as the app passes it).
   */
  clock?: () => number;
  /** The fleet's calls (cloud edition), when no `cloud` is given. */
  fleet?: FleetRemote;
  /** Read the membership and officer rights now (a session's first sync), not only hourly. */
  fleetRecheck?: boolean;
  /** The exam result documents and sittings (cloud edition), when no `cloud` is given. */
  exams?: ExamRemote;
  /** Told each step's changes as the step ends (before the next step starts). */
  onChanges?: (changes: readonly SyncChange[]) => void;
}

/** The report of a sync, and everything it changed here (in the order the steps made them). */
export interface SyncResult extends SyncReport {
  changes: SyncChange[];
}

/** What the pipeline does when a step rejects. */
type OnFailure =
  /** The sync rejects with it. */
  | 'fail'
  /** Logged: the next sync tries again; nothing else is held back. */
  | 'log';

export interface SyncStep {
  name: string;
  run: SyncStepRun;
  onFailure: OnFailure;
  /** Once this step has run, a failure an earlier step deferred (StepResult.failure) is thrown. */
  settlesDeferred?: boolean;
}

/** The pipeline, in order (see the file comment). */
export const SYNC_STEPS: readonly SyncStep[] = [
  { name: 'legacy-read', run: readLegacyWords, onFailure: 'fail' },
  { name: 'history-pull', run: pullHistory, onFailure: 'fail' },
  { name: 'history-push', run: pushHistory, onFailure: 'fail' },
  { name: 'history-compact', run: compactHistory, onFailure: 'log' },
  { name: 'profile-push', run: pushProfile, onFailure: 'fail' },
  { name: 'profile-read', run: readProfileSettings, onFailure: 'fail' },
  { name: 'curriculum', run: syncCurriculum, onFailure: 'fail', settlesDeferred: true },
  { name: 'exam-proofs', run: sendExamProofs, onFailure: 'log' },
  { name: 'fleet', run: syncFleetStep, onFailure: 'log' },
];

/** Adds a step's part of the report: counts add up, the rest is the step's own. */
function addReport(report: SyncReport, part: Partial<SyncReport>): void {
  const into = report as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(part)) {
    if (value === undefined) continue;
    const before = into[key];
    into[key] = typeof value === 'number' && typeof before === 'number' ? before + value : value;
  }
}

/** Pull, then push (see the file comment). Rejects when a request fails; nothing is lost then. */
export async function syncOnce(input: SyncOnceInput): Promise<SyncResult> {
  const { db, userId, now } = input;
  if (!userId) throw new Error(NOT_SIGNED_IN_MESSAGE);
  const given: Cloud | undefined =
    input.cloud ??
    (input.remote
      ? {
          store: input.remote,
          ...(input.fleet ? { fleet: input.fleet } : {}),
          ...(input.exams ? { exams: input.exams } : {}),
        }
      : undefined);
  if (!given) throw new Error('No cloud to sync with');
  const timeoutMs = input.timeoutMs ?? REMOTE_CALL_TIMEOUT_MS;
  const called = Date.now();
  const ctx: SyncContext = {
    db,
    userId,
    now,
    clock: input.clock ?? (() => now + (Date.now() - called)),
    cloud: timedCloud(given, timeoutMs),
    timeoutMs,
    batchSize: Math.max(1, Math.min(input.batchSize ?? Infinity, SYNC_BATCH_MAX_WRITES)),
    entriesPerBatch: Math.max(1, input.entriesPerBatch ?? HISTORY_BATCH_MAX_ENTRIES),
    fleetRecheck: input.fleetRecheck === true,
  };
  const result: SyncResult = {
    pushed: 0,
    pulled: 0,
    commits: 0,
    refolded: 0,
    rejected: 0,
    curriculumPushed: 0,
    curriculumApplied: 0,
    curriculumAdded: 0,
    changes: [],
  };
  let deferred: { failure: unknown } | null = null;
  for (const step of SYNC_STEPS) {
    let done: StepResult;
    try {
      done = await step.run(ctx);
    } catch (error) {
      if (step.onFailure === 'fail') throw error;
      console.warn(`The ${step.name} step of the sync failed; the next sync tries again`, error);
      continue;
    }
    addReport(result, done.report);
    if (done.changes.length > 0) {
      result.changes.push(...done.changes);
      try {
        input.onChanges?.(done.changes);
      } catch (error) {
        // What the screens make of it never undoes what the step stored, nor stops the sync.
        console.error('Taking in the changes of a sync failed', error);
      }
    }
    if ('failure' in done) deferred = { failure: done.failure };
    if (step.settlesDeferred && deferred) throw deferred.failure;
  }
  return result;
}
