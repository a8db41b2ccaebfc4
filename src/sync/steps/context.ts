/** What every step of the sync gets (the context) and gives back (its changes and counts). */
import type { MarineDB } from '@/db/schema';
import type { SyncChange, WordsChange } from '@/sync/changes';
import type { Cloud } from '@/sync/cloud';
import type { ExamProofReport } from '@/sync/exam-proof-sync';
import type { FleetSyncReport } from '@/sync/fleet-sync';

export interface SyncContext {
  db: MarineDB;
  /** The signed-in cloud user. */
  userId: string;
  /** Epoch ms: when the sync started (dead letters, profile reads, exam and fleet dates). */
  now: number;
  /** This device's physical clock (epoch ms), read around a commit. */
  clock: () => number;
  /** The cloud, every call already limited to `timeoutMs` (sync/cloud.ts `timedCloud`). */
  cloud: Cloud;
  /** The time limit of a remote call (the exam and fleet modules time their own calls). */
  timeoutMs: number;
  /** Curriculum documents per commit (at most SYNC_BATCH_MAX_WRITES). */
  batchSize: number;
  /** History entries per batch document. */
  entriesPerBatch: number;
  /** Read the membership and officer rights now, not only hourly. */
  fleetRecheck: boolean;
}

export interface SyncReport {
  /** Entries the cloud received from this device in this sync. */
  pushed: number;
  /** Entries that were new to this device. */
  pulled: number;
  /** Successful commits. */
  commits: number;
  /** Words whose state changed through what was pulled. */
  refolded: number;
  /** Records that failed the wire contract (moved to the dead letters). */
  rejected: number;
  /** Curriculum changes this device (an admin's) sent. */
  curriculumPushed: number;
  /** Curriculum changes of the cloud applied here, and the words among them new here. */
  curriculumApplied: number;
  curriculumAdded: number;
  /** Queued curriculum changes set aside because the cloud refused their author's rights. */
  curriculumHeld?: number;
  /** The profile changed here went to the cloud in this sync. */
  profileSent?: boolean;
  /** Another device's schedule settings were taken from the profile (and the words refolded). */
  settingsApplied?: boolean;
  /** The fleet step: a summary was written; the membership or officer rights changed. */
  fleet?: FleetSyncReport;
  /** The exam step: the result documents sent, and how. */
  exams?: ExamProofReport;
}

/** What a step did: the changes the screens take in, and its part of the report. */
export interface StepResult {
  changes: SyncChange[];
  report: Partial<SyncReport>;
  /**
   * A failure that must not hold back the steps after this one: the sync goes on and rejects
   * with it once the steps that every sync must try have run (engine.ts `SYNC_STEPS`).
   */
  failure?: unknown;
}

export type SyncStepRun = (ctx: SyncContext) => Promise<StepResult>;

/** The changes of a merge or refold, when it changed any word. */
export function wordsChanges(
  userId: string,
  refolded: { words: WordsChange['words']; removed: string[] },
): WordsChange[] {
  return refolded.words.length + refolded.removed.length > 0
    ? [{ kind: 'words', userId, words: refolded.words, removed: refolded.removed }]
    : [];
}
