/**
 * The sync engine (ARCHITECTURE.md decision 4): one `syncOnce` moves answer history, never word
 * snapshots, so nothing a device recorded can be overwritten by another device's copy.
 *
 * 1. Migration, once per user on this device: the per-word documents older versions wrote are
 *    read (all of them, with or without `syncedAt`) and become baseline entries (see
 *    domain/history.ts); they stay in the cloud, so every device makes the same baselines.
 * 2. Pull: the batches the cloud received since the user's cursor; their entries are merged (an
 *    entry already here only learns its receipt time), the touched words refolded, the clock
 *    advanced past every stamp seen, and only then the cursor moved.
 *    A pulled batch this device pushed (the last commit's first) tells, by the cloud's time on it,
 *    how far this device's clock is off; new entries are dated by the corrected clock. Every
 *    entry learns, with its receipt time, the batch's `now` (the sender's clock at the commit),
 *    which corrects its time when that clock was off (domain/history `effectiveTime`).
 * 3. Push: the unsent entries, grouped into batch documents whose ids are stored before anything
 *    is sent. A batch that was sent before without a known outcome (a lost answer, a timeout, a
 *    closed tab) is first looked up: if the cloud has it, its entries are marked sent and nothing
 *    is written twice. Each batch (at most HISTORY_BATCH_MAX_ENTRIES entries and
 *    HISTORY_BATCH_MAX_CHARS characters) goes in a commit of its own with the account's counter;
 *    its entries are marked sent only after that commit succeeded.
 * 4. The profile, when it changed here and the cloud may lack it (changed offline).
 * 5. The shared curriculum (an admin's changes reach every device): the outbox of this device's
 *    admin changes is pushed, then the curriculum documents newer than this device's cursor are
 *    pulled, checked against the record tables and applied with the cursor in one transaction.
 *
 * Every remote call has a time limit (REMOTE_CALL_TIMEOUT_MS). Records that fail the wire
 * contract go to the dead letters, and the rest syncs.
 */

import {
  applyPulled,
  clearSent,
  comparePositions,
  curriculumMeta,
  holdOutbox,
  type PulledChange,
  pullPosition,
  setAsideOutbox,
  takeOutbox,
} from '@/db/curriculum-repo';
import { datingClock, learnClockOffset, noteClockProbe } from '@/db/device-clock';
import { importBaselines } from '@/db/history-import';
import { mergeEntries } from '@/db/history-merge';
import { markSent, type PushBatch, takePushBatches } from '@/db/history-push';
import { refoldUser } from '@/db/history-refold';
import type { MarineDB, OutboxRecord } from '@/db/schema';
import { getUser, markProfileSent, unsentProfileFields, updateUser } from '@/db/users-repo';
import {
  COMMIT_MAX_BYTES,
  HISTORY_BATCH_MAX_ENTRIES,
  PROFILE_READ_INTERVAL_MS,
  REMOTE_CALL_TIMEOUT_MS,
  SYNC_BATCH_MAX_WRITES,
} from '@/domain/constants';
import { type CheckedCurriculumDoc, checkCurriculumDoc } from '@/domain/curriculum';
import { foldSettingsDiffer, foldSettingsOfProfile } from '@/domain/learner-settings';
import { type ProfileField, profilePatch, profileRecordOf } from '@/domain/synced-records';
import { type ExamProofReport, syncExamProofs } from './exam-proof-sync';
import type { ExamRemote } from './exam-remote';
import type { FleetRemote } from './fleet-remote';
import { type FleetSyncReport, syncFleet } from './fleet-sync';
import { entryWireChars, HISTORY_BATCH_MAX_CHARS } from './history-wire';
import { isPermissionDenied, type RemoteStore, type SyncCursor } from './remote-store';
import { withTimeout } from './timeout';

export const NOT_SIGNED_IN_MESSAGE = 'Not signed in to Firebase';

export interface SyncOnceInput {
  db: MarineDB;
  remote: RemoteStore;
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
  /** The fleet's calls (cloud edition): a member's summary, a leave, the officer rights. */
  fleet?: FleetRemote;
  /** Read the membership and officer rights now (a session's first sync), not only hourly. */
  fleetRecheck?: boolean;
  /** The exam result documents and sittings (cloud edition). */
  exams?: ExamRemote;
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

/** Pull, then push (see the file comment). Rejects when a request fails; nothing is lost then. */
export async function syncOnce(input: SyncOnceInput): Promise<SyncReport> {
  const { db, remote, userId, now } = input;
  if (!userId) throw new Error(NOT_SIGNED_IN_MESSAGE);
  const batchSize = Math.max(1, Math.min(input.batchSize ?? Infinity, SYNC_BATCH_MAX_WRITES));
  const perBatch = Math.max(1, input.entriesPerBatch ?? HISTORY_BATCH_MAX_ENTRIES);
  const ms = input.timeoutMs ?? REMOTE_CALL_TIMEOUT_MS;
  const called = Date.now();
  const clock = input.clock ?? (() => now + (Date.now() - called));
  const report: SyncReport = {
    pushed: 0,
    pulled: 0,
    commits: 0,
    refolded: 0,
    rejected: 0,
    curriculumPushed: 0,
    curriculumApplied: 0,
    curriculumAdded: 0,
  };
  const user = await getUser(db, userId);

  // 1. The one-time migration of the old per-word documents.
  if (user && !user.legacyCloudRead) {
    const words = await withTimeout(remote.readLegacyWords(userId), ms, 'Reading old progress');
    if (words.length > 0) {
      const merged = await importBaselines(db, userId, words, {
        prefix: 'cloud',
        sent: true,
        source: 'pull',
        now,
      });
      report.refolded += merged.refolded.length;
      report.rejected += merged.rejected;
    }
    await updateUser(db, userId, (record) => ({ ...record, legacyCloudRead: true }));
  }

  // 2. Pull, in pages, each stored with its cursor: a long history on a slow link arrives page by
  // page across syncs instead of timing out whole. A failed pull does not hold back the push.
  let pullFailure: unknown = null;
  try {
    // Once per user on this device: an older version read the batches of the current layout (the
    // entries in one string `e`) as empty and moved its cursor past them, so the pull starts over
    // from the beginning (entries already here are merged as no-ops: it costs reads only). The
    // reset is stored first, so a re-read cut short goes on from its last page.
    const reread = user !== undefined && user.historyLayout2 !== true;
    if (reread) {
      await updateUser(db, userId, ({ syncCursor: _at, syncCursorId: _id, ...record }) => ({
        ...record,
        historyLayout2: true,
      }));
    }
    let cursor: SyncCursor = reread ? 0 : (user?.syncCursor ?? 0);
    let afterId = reread ? undefined : user?.syncCursorId;
    for (;;) {
      const page = { limit: HISTORY_PAGE, ...(afterId ? { afterId } : {}) };
      const result = await withTimeout(remote.pullHistory(userId, cursor, page), ms, 'Pulling');
      const records = result.batches.flatMap((batch) => batch.entries);
      // This device's own batch back with the cloud's time: how far its clock is off; and no
      // batch can have reached the cloud after this device's corrected now.
      if (result.batches.length > 0) await learnClockOffset(db, result.batches, clock());
      if (records.length > 0) {
        const merged = await mergeEntries(db, userId, records, { sent: true, source: 'pull', now });
        report.pulled += merged.added;
        report.refolded += merged.refolded.length;
        report.rejected += merged.rejected;
      }
      // Only once the merge is stored; a user without a local record simply pulls from 0 each time.
      const moved = result.cursorId !== undefined && result.cursorId !== afterId;
      if (!moved) break;
      cursor = result.cursor;
      afterId = result.cursorId;
      if (user) {
        await updateUser(db, userId, (record) => ({
          ...record,
          syncCursor: result.cursor,
          syncCursorId: result.cursorId,
        }));
      }
      if (result.batches.length < HISTORY_PAGE) break;
    }
  } catch (error) {
    pullFailure = error;
  }

  // 3. Push.
  // Cut by characters as well as by count: the cloud takes one batch document a commit (with the
  // account's counter), of at most HISTORY_BATCH_MAX_CHARS, so every commit stays far under
  // Firestore's request limit whatever the backlog (61,000 answers were once one commit of 10 MiB).
  const batches = await takePushBatches(db, userId, perBatch, now, {
    maxChars: HISTORY_BATCH_MAX_CHARS - 2,
    sizeOf: entryWireChars,
  });
  const toSend: PushBatch[] = [];
  for (const batch of batches) {
    if (
      batch.inDoubt &&
      (await withTimeout(remote.hasHistoryBatch(userId, batch.id), ms, 'Checking'))
    ) {
      await markSent(
        db,
        batch.entries.map((entry) => entry.id),
      );
      continue;
    }
    toSend.push(batch);
  }
  // One batch a commit (firestore.rules count each batch with the account's counter in its own
  // commit); each batch's entries are marked sent as soon as its commit succeeded. A batch of
  // entries this device dated carries what their clock reads at the commit (`now`), so every
  // device learns how far off that clock was, even before this device learns it itself.
  const reading = await datingClock(db, clock);
  for (const batch of toSend) {
    const sent = clock();
    const { taught, ...input } = batch;
    // Read last, just before the commit: the time from here to the server's stamp is its error.
    const push = taught === undefined ? input : { ...input, now: reading(taught) };
    await withTimeout(remote.pushHistory(userId, [push]), ms, 'Pushing');
    const done = clock();
    report.commits++;
    const ids = batch.entries.map((entry) => entry.id);
    await markSent(db, ids);
    report.pushed += ids.length;
    await noteClockProbe(db, { batch: batch.id, sent, done });
  }

  // 4. A profile changed here that the cloud may lack (offline, or a failed push). Read now, not
  // at the start of the sync; should it change while on the way (or the profile screen send its
  // own copy meanwhile, whose write may land first), what is here then is sent again, so the
  // cloud ends with the newest. Only the fields changed here are written (a merge), so what
  // another device set in another field survives.
  let profile = await getUser(db, userId);
  if (profile?.profileUnsent) {
    let fields = unsentProfileFields(profile);
    for (let round = 0; profile && round < 3; round++) {
      const revision: number | undefined = profile.profileUnsent;
      const patch = profilePatch(profileRecordOf(profile), fields);
      await withTimeout(remote.writeProfile(userId, patch), ms, 'Saving the profile');
      const after = await getUser(db, userId);
      if (!after || after.profileUnsent === revision) {
        if (revision !== undefined) await markProfileSent(db, userId, revision);
        break;
      }
      profile = after;
      // This write may have landed over a newer one of the same fields: they go again, as now.
      const more = unsentProfileFields(after);
      fields = fields && more ? [...new Set([...fields, ...more])] : undefined;
    }
    report.profileSent = true;
  }

  // 4b. The schedule settings another device of the learner changed (home zone, schedule,
  // retention decide how the history folds): read now and then, field by field never over a
  // change made here that the cloud does not have yet; when they differ, the words are refolded.
  const reader = await getUser(db, userId);
  if (reader && profileReadDue(reader.profileReadAt, now)) {
    const cloud = await withTimeout(remote.readProfile(userId), ms, 'Reading the profile');
    const wanted = cloud ? foldSettingsOfProfile(cloud) : {};
    let changed = false;
    await updateUser(db, userId, (record) => {
      // A field changed here and not yet sent (meanwhile, say) wins: it is pushed next.
      const pending = unsentProfileFields(record);
      const taken = Object.fromEntries(
        Object.entries(wanted).filter(
          ([field]) => pending !== undefined && !pending.includes(field as ProfileField),
        ),
      );
      const settings = { ...record.settings, ...taken };
      changed = foldSettingsDiffer(record.settings, settings);
      return changed
        ? { ...record, settings, profileReadAt: now }
        : { ...record, profileReadAt: now };
    });
    if (changed) {
      report.refolded += await refoldUser(db, userId);
      report.settingsApplied = true;
    }
  }

  // 5. The shared curriculum: an admin's unsent changes go first, then everyone's are pulled.
  await syncCurriculum(db, remote, { batchSize, ms, now, userId }, report);
  if (pullFailure) throw pullFailure;

  // 5b. This device's exam results as result documents (exam-proof-sync.ts). Like the fleet
  // step, its failure (a slow link) is retried with the next sync and holds back nothing else.
  if (input.exams) {
    try {
      report.exams = await syncExamProofs(db, input.exams, userId, now, ms);
    } catch (error) {
      console.warn('The exam step of the sync failed; the next sync tries again', error);
    }
  }

  // 6. The fleet (fleet-sync.ts). Its failure (a refused summary, a slow link) is reported and
  // retried with the next sync; it never holds back the learner's own progress.
  if (input.fleet) {
    try {
      report.fleet = await syncFleet(db, input.fleet, userId, now, ms, input.fleetRecheck);
    } catch (error) {
      console.warn('The fleet step of the sync failed; the next sync tries again', error);
    }
  }
  return report;
}

/** Why a curriculum document breaks the record tables, as the dead letters say it. */
function problemText(checked: Extract<CheckedCurriculumDoc, { ok: false }>): string {
  return checked.field ? `${checked.problem}: ${checked.field}` : checked.problem;
}

/**
 * Whether the profile is due to be read again: never read, read longer ago than the interval, or
 * read "later" than now, which means this device's clock was ahead then and has been set right
 * since (waiting for that time to come round would miss another device's changes for as long).
 */
export function profileReadDue(readAt: number | undefined, now: number): boolean {
  return readAt === undefined || readAt > now || now - readAt >= PROFILE_READ_INTERVAL_MS;
}

/**
 * A generous estimate of a curriculum document's bytes on the wire: its JSON in UTF-8, doubled
 * for the REST encoding's wrapping of every value (`{"stringValue": …}`), plus the path.
 */
function wireBytes(record: OutboxRecord): number {
  return 2 * new TextEncoder().encode(JSON.stringify(record.doc)).length + 512;
}

/**
 * Consecutive runs of `records` whose estimated wire size stays under `maxBytes` (one record
 * alone always makes a run): commits that stay under Firestore's request limit.
 */
export function cutByWireSize(
  records: readonly OutboxRecord[],
  maxBytes: number,
): OutboxRecord[][] {
  const runs: OutboxRecord[][] = [];
  let run: OutboxRecord[] = [];
  let bytes = 0;
  for (const record of records) {
    const size = wireBytes(record);
    if (run.length > 0 && bytes + size > maxBytes) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(record);
    bytes += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** History batches per pull request (a batch holds at most HISTORY_BATCH_MAX_ENTRIES entries). */
export const HISTORY_PAGE = 300;

/** Curriculum documents per pull request. */
export const CURRICULUM_PAGE = 500;

/**
 * Pushes the curriculum outbox (commits of at most `batchSize` documents; a record changed again
 * meanwhile stays queued) and pulls the documents newer than this device's cursor, page by page,
 * applying each page and its cursor in one transaction. An unchanged curriculum costs one read.
 */
async function syncCurriculum(
  db: MarineDB,
  remote: RemoteStore,
  options: { batchSize: number; ms: number; now: number; userId: string },
  report: SyncReport,
): Promise<void> {
  const { batchSize, ms, now, userId } = options;
  // A refused push (rights revoked, a rule broken) keeps its changes queued and is reported after
  // the pull, which it must not hold back: the other admins' changes still arrive.
  let pushFailure: unknown = null;
  try {
    for (;;) {
      const taken = await takeOutbox(db, batchSize, userId);
      if (taken.length === 0) break;
      // What the rules would refuse is set aside first: a commit is all or nothing.
      const outbox: typeof taken = [];
      const refused: { record: (typeof taken)[number]; reason: string }[] = [];
      for (const record of taken) {
        const checked = checkCurriculumDoc(record.doc as unknown as Record<string, unknown>);
        if (checked.ok) outbox.push(record);
        else refused.push({ record, reason: problemText(checked) });
      }
      await setAsideOutbox(db, refused, now);
      report.rejected += refused.length;
      if (outbox.length === 0) continue;
      for (const commit of cutByWireSize(outbox, COMMIT_MAX_BYTES)) {
        await withTimeout(
          remote.pushCurriculum(commit.map(({ docId, doc }) => ({ docId, doc }))),
          ms,
          'Sharing the curriculum',
        );
        await clearSent(db, commit);
        report.curriculumPushed += commit.length;
      }
      if (taken.length < batchSize) break;
    }
  } catch (error) {
    // Refused for want of rights (an admin whose claim was revoked): every later push would be
    // refused alike, so the queued changes are set aside on the device, with a message, and the
    // rest of the sync (the pull, the exam and fleet steps) goes on as for any learner.
    if (isPermissionDenied(error)) {
      report.curriculumHeld = await holdOutbox(db, userId, now);
    } else {
      pushFailure = error;
    }
  }
  let cursor = pullPosition(await curriculumMeta(db));
  for (;;) {
    const result = await withTimeout(
      remote.pullCurriculum(cursor, CURRICULUM_PAGE),
      ms,
      'Pulling the curriculum',
    );
    const pulled: PulledChange[] = [];
    const rejected: { docId: string; data: unknown; reason: string }[] = [];
    for (const { docId, data, updatedAt } of result.docs) {
      const checked = checkCurriculumDoc(data);
      if (checked.ok) pulled.push({ docId, change: checked.change, updatedAt });
      else rejected.push({ docId, data, reason: problemText(checked) });
    }
    const applied = await applyPulled(db, pulled, result.cursor, rejected, now, userId);
    report.curriculumApplied += applied.applied;
    report.curriculumAdded += applied.addedWords;
    report.rejected += rejected.length;
    if (result.docs.length < CURRICULUM_PAGE || comparePositions(result.cursor, cursor) <= 0) break;
    cursor = result.cursor;
  }
  if (pushFailure) throw pushFailure;
}
