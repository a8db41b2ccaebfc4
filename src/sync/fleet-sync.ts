/**
 * The fleet's part of a sync (cloud edition), after the history: a leave made offline goes to
 * the cloud; at a session's first sync and then every FLEET_CHECK_MS the user's membership and
 * officer document are read (another device may have joined or left, an admin may have made them
 * an officer); and a member's summary is written when fleet-summary.ts `shouldWriteSummary` says so (a join or a
 * new exam result at once, otherwise at most once in 20 hours and daily as a sign of life).
 */

import { readLocalProofs } from '@/db/exam-proof-repo';
import { getExamSetting } from '@/db/exam-settings-repo';
import { getFleetMeta, updateFleetMeta } from '@/db/fleet-repo';
import { listHistory, listHistoryOfPrefix } from '@/db/history-queries';
import { rulesOf } from '@/db/history-refold';
import type { MarineDB } from '@/db/schema';
import { listUserWords } from '@/db/user-words-repo';
import { getUser } from '@/db/users-repo';
import { listVocab } from '@/db/vocab-repo';
import { APP_VERSION, REMOTE_CALL_TIMEOUT_MS } from '@/domain/constants';
import { EXAM_DEFAULTS, normalizeExamConfig } from '@/domain/exam';
import { EXAM_VOCAB_PREFIX, type ExamRecord, examRecords } from '@/domain/exam-result';
import {
  buildSummary,
  SUMMARY_REWRITE_MS,
  type SummaryProof,
  shouldWriteSummary,
  summaryKey,
  summaryWire,
} from '@/domain/fleet-summary';
import { effectiveTime } from '@/domain/history';
import type { FleetRemote } from './fleet-remote';
import { isPermissionDenied } from './remote-store';
import { withTimeout } from './timeout';

/**
 * How often a sync reads the membership and the officer document (two reads) besides a session's
 * first sync: hourly, so a ship on a satellite link all month stays within the bench's 50 KB.
 */
export const FLEET_CHECK_MS = 60 * 60 * 1000;

/**
 * Joins a vessel and, in the same commit, leaves the vessel the cloud says this user is on (this
 * device's record may be behind, or hold a leave not yet sent). Online only: the code is checked.
 */
export async function joinVesselFromCloud(
  fleet: FleetRemote,
  userId: string,
  join: { vessel: string; vesselName: string; code: string },
): Promise<void> {
  const active = await fleet.readMembership(userId);
  await fleet.joinVessel(
    userId,
    join,
    active && active.vessel !== join.vessel ? active.vessel : undefined,
  );
}

export interface FleetSyncReport {
  /** A summary went to the cloud. */
  summaryWritten: boolean;
  /** The membership or officer rights changed through what was read. */
  changed: boolean;
}

export async function syncFleet(
  db: MarineDB,
  fleet: FleetRemote,
  userId: string,
  now: number,
  ms = REMOTE_CALL_TIMEOUT_MS,
  recheck = false,
): Promise<FleetSyncReport> {
  const report: FleetSyncReport = { summaryWritten: false, changed: false };
  let meta = await getFleetMeta(db, userId);

  // 1. A leave made offline.
  const leaving = meta.leaving;
  if (leaving) {
    try {
      await withTimeout(fleet.leaveVessel(userId, leaving), ms, 'Leaving the vessel');
    } catch (error) {
      // Refused because the cloud has it left already (an earlier try landed but its answer was
      // lost, or another device left): done. Otherwise it stays queued.
      const active = await withTimeout(fleet.readMembership(userId), ms, 'Reading the membership');
      if (active?.vessel === leaving) throw error;
    }
    meta = await updateFleetMeta(db, userId, ({ leaving: pending, written, ...rest }) =>
      pending === leaving
        ? rest
        : { ...rest, ...(pending ? { leaving: pending } : {}), ...(written ? { written } : {}) },
    );
  }

  // 2. What the cloud says of this user's vessel and officer rights.
  const checkedAt = meta.checkedAt ?? 0;
  if (recheck || now - checkedAt >= FLEET_CHECK_MS || now < checkedAt) {
    const seen = meta.changes ?? 0;
    const [membership, officer] = await Promise.all([
      withTimeout(fleet.readMembership(userId), ms, 'Reading the membership'),
      withTimeout(fleet.readOfficer(userId), ms, 'Reading the officer rights'),
    ]);
    const before = JSON.stringify([meta.membership ?? null, meta.officer ?? null]);
    meta = await updateFleetMeta(db, userId, (record) => {
      // A join or leave made on this device while the reads were out: they are older news.
      if ((record.changes ?? 0) !== seen) return record;
      const { membership: _m, officer: _o, ...rest } = record;
      return {
        ...rest,
        // A leave this device has not sent yet wins over the cloud's older state.
        ...(membership && membership.vessel !== rest.leaving ? { membership } : {}),
        officer,
        checkedAt: now,
      };
    });
    report.changed = before !== JSON.stringify([meta.membership ?? null, meta.officer ?? null]);
  }

  // 3. The member's summary.
  const membership = meta.membership;
  if (!membership) return report;
  const written = meta.written;
  if (written && written.vessel === membership.vessel) {
    const age = now - written.at;
    if (age >= 0 && age < SUMMARY_REWRITE_MS) {
      const exams = examRecords(
        (await listHistoryOfPrefix(db, userId, EXAM_VOCAB_PREFIX)).map((entry) => ({
          ...entry,
          time: effectiveTime(entry),
        })),
      );
      if (exams[0]?.examId === written.exam) return report;
    }
  }
  const [user, words, entries, vocab] = await Promise.all([
    getUser(db, userId),
    listUserWords(db, userId, { includeDeleted: true }),
    listHistory(db, userId),
    listVocab(db),
  ]);
  const exams = examRecords(entries.map((entry) => ({ ...entry, time: effectiveTime(entry) })));
  const summary = buildSummary({
    userId,
    rules: rulesOf(user),
    name: user?.fullName ?? '',
    division: user?.settings.division ?? null,
    role: user?.settings.role ?? null,
    words,
    entries,
    vocabById: new Map(vocab.map((item) => [item.id, item])),
    exams,
    examProofs: await summaryProofs(db, userId, exams),
    version: APP_VERSION,
    now,
  });
  if (!shouldWriteSummary(summary, membership.vessel, written, now)) return report;
  const write = (setActive: boolean) =>
    withTimeout(
      fleet.writeCrewSummary(userId, membership.vessel, summaryWire(summary), setActive),
      ms,
      'Writing the crew summary',
    );
  try {
    await write(false);
  } catch (error) {
    // The rules take a summary only for the vessel the pointer names, and a membership an older
    // version joined has none: it is set in the same commit (once; a join here sets it anyway).
    if (!isPermissionDenied(error)) throw error;
    await write(true);
  }
  const exam = summary.detail.ex[0]?.[0];
  await updateFleetMeta(db, userId, (record) =>
    record.membership?.vessel === membership.vessel
      ? {
          ...record,
          written: {
            vessel: membership.vessel,
            key: summaryKey(summary),
            at: now,
            ...(exam ? { exam } : {}),
          },
        }
      : record,
  );
  report.summaryWritten = true;
  return report;
}

/** How each of the learner's exams was obtained, as the summary marks it for the officers. */
async function summaryProofs(
  db: MarineDB,
  userId: string,
  exams: readonly ExamRecord[],
): Promise<Map<string, SummaryProof>> {
  const proofs = await readLocalProofs(db, userId, exams, async (role) => {
    const setting = await getExamSetting(db, role);
    return setting ? normalizeExamConfig(setting) : EXAM_DEFAULTS;
  });
  const marks = new Map<string, SummaryProof>();
  for (const [examId, proof] of proofs) {
    marks.set(
      examId,
      proof.problem
        ? 'mismatch'
        : proof.level === 'supervised' || proof.level === 'self'
          ? proof.level
          : 'unconfirmed',
    );
  }
  return marks;
}
