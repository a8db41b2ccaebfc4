/**
 * What the learner's own device says of how each exam result was obtained (the certificate, the
 * progress list and the crew summary read it): an imported result is never confirmed, one whose
 * numbers do not agree with the post's exam is flagged (never "passed"), one made here waits for
 * the sync, one made on another device is that device's to confirm, and what the sync recorded
 * (supervised with the officer's name, self-reported, a refused code) is told as it was.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { noteExamProof, readLocalProofs } from '@/db/exam-proof-repo';
import { importExport } from '@/db/history-import';
import { mergeEntries } from '@/db/history-merge';
import { listHistoryOfPrefix } from '@/db/history-queries';
import { recordExamResult } from '@/db/history-results';
import type { MarineDB } from '@/db/schema';
import { EXAM_DEFAULTS } from '@/domain/exam';
import { EXAM_RESULT_VERSION, EXAM_VOCAB_PREFIX, examRecords } from '@/domain/exam-result';
import { buildSummary, parseDetail, summaryWire } from '@/domain/fleet-summary';
import { effectiveTime } from '@/domain/history';
import { openDeviceOf } from './helpers';

const A = 'u-bosun';
const NOW = Date.UTC(2026, 10, 25, 8);
const defaults = async () => EXAM_DEFAULTS;

const open: MarineDB[] = [];
async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(A);
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** A default exam's result: `right` of 40. */
const fields = (right: number, extra: Record<string, unknown> = {}) => ({
  dv: 'deck',
  role: 'os',
  c: right,
  n: 40,
  pm: 70,
  lim: 1800,
  sec: 900,
  pr: null,
  s: { terms: [right, 40] },
  t: [],
  miss: [],
  v: EXAM_RESULT_VERSION,
  ...extra,
});

async function recordsOf(db: MarineDB) {
  const entries = await listHistoryOfPrefix(db, A, EXAM_VOCAB_PREFIX);
  return examRecords(entries.map((entry) => ({ ...entry, time: effectiveTime(entry) })));
}

describe('readLocalProofs', () => {
  it('tells each result as it was obtained, and flags numbers that do not agree', async () => {
    const ship = await device();
    await recordExamResult(ship, A, 'ex-pending', true, fields(30), NOW);
    await recordExamResult(ship, A, 'ex-sup', true, fields(31), NOW + 1);
    await recordExamResult(ship, A, 'ex-self', false, fields(10, { sc: 'ABCDEFGH' }), NOW + 2);
    // "Passed" with 1 of 40: the entry says so, the numbers do not.
    await recordExamResult(ship, A, 'ex-one', true, fields(1), NOW + 3);
    // A previous version's result (no result version): only ever in the answer history.
    const { v: _v, ...older } = fields(30);
    await recordExamResult(ship, A, 'ex-older', true, older, NOW + 4);
    await noteExamProof(ship, A, 'ex-sup', {
      level: 'supervised',
      byName: 'Капитан Немо',
      issuedAt: NOW - 3600_000,
      at: NOW + 10,
    });
    await noteExamProof(ship, A, 'ex-self', { level: 'self', codeRefused: true, at: NOW + 10 });
    const proofs = await readLocalProofs(ship, A, await recordsOf(ship), defaults);
    expect(proofs.get('ex-pending')).toEqual({ level: 'pending', problem: null });
    expect(proofs.get('ex-sup')).toEqual({
      level: 'supervised',
      problem: null,
      supervision: { byName: 'Капитан Немо', issuedAt: NOW - 3600_000 },
    });
    expect(proofs.get('ex-self')).toEqual({ level: 'self', problem: null, codeRefused: true });
    expect(proofs.get('ex-one')).toMatchObject({ problem: 'passed' });
    expect(proofs.get('ex-older')).toEqual({ level: 'history', problem: null });
  });

  it('never confirms a result that came from an import file, nor one of another device', async () => {
    const ship = await device();
    const entry = await recordExamResult(ship, A, 'ex-elsewhere', true, fields(30), NOW);
    const office = await device();
    await importExport(
      office,
      A,
      { history: [{ ...entry, id: 'imported-1', vocabId: 'exam:ex-file' }] } as never,
      NOW + 1,
    );
    // The same entry as the sync would bring it (another device's id, not an import).
    const tablet = await device();
    await mergeEntries(tablet, A, [entry], { sent: true, source: 'pull', now: NOW + 1 });
    expect(
      (await readLocalProofs(office, A, await recordsOf(office), defaults)).get('ex-file'),
    ).toEqual({ level: 'imported', problem: null });
    expect(
      (await readLocalProofs(tablet, A, await recordsOf(tablet), defaults)).get('ex-elsewhere'),
    ).toEqual({ level: 'elsewhere', problem: null });
  });
});

describe('the crew summary', () => {
  it('marks each exam with how it was obtained and never reports non-agreeing numbers as passed', async () => {
    const ship = await device();
    await recordExamResult(ship, A, 'ex-ok', true, fields(30), NOW);
    await recordExamResult(ship, A, 'ex-one', true, fields(1), NOW + 1);
    const exams = await recordsOf(ship);
    const summary = buildSummary({
      userId: A,
      name: 'Crew',
      division: 'deck',
      role: 'os',
      words: [],
      entries: [],
      vocabById: new Map(),
      exams,
      examProofs: new Map([
        ['ex-ok', 'supervised'],
        ['ex-one', 'mismatch'],
      ]),
      version: 'test',
      now: NOW + 2,
    });
    const detail = parseDetail(summaryWire(summary).s);
    expect(detail.ex.map(([id, , , passed]) => [id, passed])).toEqual([
      ['ex-one', 0],
      ['ex-ok', 1],
    ]);
    expect(detail.exp).toEqual(['mismatch', 'supervised']);
    // A summary of the previous version has no marks; an unknown mark reads as not confirmed.
    expect(parseDetail(JSON.stringify({ ex: detail.ex })).exp).toBeUndefined();
    expect(parseDetail(JSON.stringify({ ex: detail.ex, exp: ['later', 'self'] })).exp).toEqual([
      'unconfirmed',
      'self',
    ]);
  });
});
