/**
 * The exam and fleet steps on their own: without their part of the cloud they do nothing; the
 * fleet step returns a fleet change when the membership or officer rights it read changed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MarineDB } from '@/db/schema';
import type { ExamRemote } from '@/sync/exam-remote';
import type { FleetRemote } from '@/sync/fleet-remote';
import { sendExamProofs } from '@/sync/steps/exam-proofs';
import { syncFleetStep } from '@/sync/steps/fleet';
import { openDeviceOf } from '../../db/helpers';
import { MemoryRemote } from '../support/memory-remote';
import { contextOf } from './support';

const USER = 'u-fleet';
const NOW = Date.UTC(2025, 5, 1, 8, 0, 0);

const open: MarineDB[] = [];
async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(USER);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** A fleet whose only answers are this user's membership (none) and officer rights. */
function fleetWith(vessels: string[]): FleetRemote {
  return {
    readMembership: async () => null,
    readOfficer: async () => ({ vessels, fleet: false }),
  } as unknown as FleetRemote;
}

describe('the fleet step', () => {
  it('does nothing without the fleet part', async () => {
    const db = await device();
    expect(await syncFleetStep(contextOf(db, new MemoryRemote(), USER, NOW))).toEqual({
      changes: [],
      report: {},
    });
  });

  it('returns a fleet change when the officer rights it read changed, and none when not', async () => {
    const db = await device();
    const remote = new MemoryRemote();
    const first = await syncFleetStep(
      contextOf(db, remote, USER, NOW, { fleet: fleetWith(['v1']), fleetRecheck: true }),
    );
    expect(first).toEqual({
      changes: [{ kind: 'fleet', userId: USER }],
      report: { fleet: { summaryWritten: false, changed: true } },
    });
    const again = await syncFleetStep(
      contextOf(db, remote, USER, NOW + 1, { fleet: fleetWith(['v1']), fleetRecheck: true }),
    );
    expect(again).toEqual({
      changes: [],
      report: { fleet: { summaryWritten: false, changed: false } },
    });
  });
});

describe('the exam-proofs step', () => {
  it('does nothing without the exams part', async () => {
    const db = await device();
    expect(await sendExamProofs(contextOf(db, new MemoryRemote(), USER, NOW))).toEqual({
      changes: [],
      report: {},
    });
  });

  it('with no exam result to send, reports nothing sent and returns no change', async () => {
    const db = await device();
    const calls: string[] = [];
    const exams = new Proxy({} as ExamRemote, {
      get: (_target, key) => async () => {
        calls.push(String(key));
        return null;
      },
    });
    const result = await sendExamProofs(contextOf(db, new MemoryRemote(), USER, NOW, { exams }));
    expect(result.changes).toEqual([]);
    expect(result.report.exams).toMatchObject({ supervised: 0, self: 0 });
    expect(calls).toEqual([]);
  });
});
