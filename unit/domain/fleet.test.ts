import { describe, expect, it } from 'vitest';
import type { ExamRecord } from '@/domain/exam-result';
import {
  checkVessel,
  formatJoinCode,
  JOIN_CODE_ALPHABET,
  newJoinCode,
  normalizeImo,
  normalizeJoinCode,
  SUMMARY_DETAIL_MAX,
} from '@/domain/fleet';
import {
  crewCsv,
  silentCrew,
  sortCrew,
  vesselFigures,
  vesselProgress,
  vesselWeakTopics,
} from '@/domain/fleet-dashboard';
import {
  buildSummary,
  type CrewRow,
  parseDetail,
  readCrewRow,
  SUMMARY_REWRITE_MS,
  shouldWriteSummary,
  summaryKey,
  summaryWire,
} from '@/domain/fleet-summary';
import type { HistoryEntry } from '@/domain/history';
import type { UserWord, VocabItem } from '@/domain/types';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 24, 12);

let serial = 0;
function answer(vocabId: string, correct: boolean, wall: number): HistoryEntry {
  serial += 1;
  return {
    id: `e${serial}`,
    userId: 'u1',
    vocabId,
    kind: 'answer',
    correct,
    mode: 'choice',
    hlc: wall * 1000 + serial,
    wall,
    device: 'd1',
  };
}

function word(vocabId: string, fields: Partial<UserWord>): UserWord {
  return {
    userId: 'u1',
    vocabId,
    status: 'learning',
    attempts: 1,
    correct: 1,
    streak: 1,
    strength: 0.3,
    updatedAt: NOW - DAY,
    ...fields,
  };
}

const vocab = new Map<string, Pick<VocabItem, 'topic' | 'division'>>([
  ['w1', { topic: 'Mooring', division: 'deck' }],
  ['w2', { topic: 'Mooring', division: 'deck' }],
  ['w3', { topic: 'Engine room', division: 'engine' }],
]);

const exam = (examId: string, percent: number, passed: boolean, at: number): ExamRecord => ({
  examId,
  at,
  passed,
  percent,
  fields: {
    dv: 'deck',
    role: 'ab',
    c: percent,
    n: 100,
    pm: 70,
    lim: 30,
    sec: 600,
    pr: null,
    s: {},
    t: [],
    miss: [],
  },
});

describe('vessel fields', () => {
  it('accepts IMO numbers by their check digit and refuses others', () => {
    expect(normalizeImo('9074729')).toBe('9074729');
    expect(normalizeImo('IMO 9074729')).toBe('9074729');
    expect(normalizeImo('9074728')).toBeNull();
    expect(normalizeImo('907472')).toBeNull();
    expect(checkVessel({ name: '  Sea  Star ', imo: '9074729', flag: '' })).toEqual({
      ok: true,
      vessel: { name: 'Sea Star', imo: '9074729' },
    });
    expect(checkVessel({ name: ' ', imo: '9074729' })).toEqual({ ok: false, field: 'name' });
    expect(checkVessel({ name: 'A', imo: '1234568' })).toEqual({ ok: false, field: 'imo' });
  });

  it('makes join codes of the unambiguous alphabet and reads them back as typed', () => {
    const code = newJoinCode();
    expect(code).toHaveLength(8);
    for (const char of code) expect(JOIN_CODE_ALPHABET).toContain(char);
    expect(normalizeJoinCode(formatJoinCode(code).toLowerCase())).toBe(code);
    expect(normalizeJoinCode('ABCD-EFG0')).toBeNull();
    expect(newJoinCode()).not.toBe(code);
  });
});

describe('the crew summary', () => {
  const input = {
    userId: 'u1',
    name: 'Ivan Petrov',
    division: 'deck' as const,
    role: 'ab',
    words: [
      word('w1', { status: 'learned', nextReviewAt: NOW + DAY }),
      word('w2', { nextReviewAt: NOW - 10 * DAY }),
      word('w3', { nextReviewAt: NOW - DAY }),
      word('w4', { status: 'learned', deleted: true }),
    ],
    entries: [
      answer('w1', true, NOW - 2 * DAY),
      answer('w2', false, NOW - 2 * DAY),
      answer('w2', false, NOW - 3 * DAY),
      answer('w2', true, NOW - 4 * DAY),
      answer('w2', false, NOW - 5 * DAY),
      answer('w1', false, NOW - 6 * DAY),
      answer('w3', true, NOW - DAY),
      answer('w3', true, NOW - 40 * DAY),
    ],
    vocabById: vocab,
    exams: [exam('x2', 80, true, NOW - DAY), exam('x1', 50, false, NOW - 9 * DAY)],
    version: '0.1.0',
    now: NOW,
  };

  it('counts learned, due and overdue words and the last 30 days by topic and division', () => {
    const summary = buildSummary(input);
    expect(summary).toMatchObject({
      name: 'Ivan Petrov',
      division: 'deck',
      role: 'ab',
      rank: 'L1',
      mast: 1,
      due: 2,
      overdue: 1,
      lastActive: NOW - DAY,
    });
    expect(summary.detail.learning).toBe(2);
    // The answer 40 days ago is outside the window.
    expect(summary.detail.a30).toEqual([3, 7]);
    expect(summary.detail.t).toEqual([
      ['Mooring', 2, 6],
      ['Engine room', 1, 1],
    ]);
    expect(summary.detail.d).toEqual([
      ['deck', 2, 6],
      ['engine', 1, 1],
    ]);
    expect(summary.detail.weak).toEqual(['Mooring']);
    expect(summary.detail.ex.map((row) => row[0])).toEqual(['x2', 'x1']);
    expect(summary.detail.wk).toHaveLength(8);
    expect(summary.detail.wk.at(-1)).toBe(1);
  });

  it('never carries an answer or a word id, and stays within the rules bound', () => {
    const wire = summaryWire(buildSummary(input));
    const text = JSON.stringify(wire);
    expect(text).not.toContain('w1');
    expect(text).not.toContain('"e1"');
    expect((wire.s as string).length).toBeLessThanOrEqual(SUMMARY_DETAIL_MAX);
    const many = new Map(
      Array.from({ length: 400 }, (_, i) => [
        `v${i}`,
        { topic: `A long topic name number ${i} ${'x'.repeat(60)}`, division: 'deck' as const },
      ]),
    );
    const entries = [...many.keys()].map((id) => answer(id, true, NOW - DAY));
    const big = summaryWire(buildSummary({ ...input, vocabById: many, entries }));
    expect((big.s as string).length).toBeLessThanOrEqual(SUMMARY_DETAIL_MAX);
    expect(JSON.parse(big.s as string).weak).toHaveLength(0);
  });

  it('is written at once for a new vessel or exam, else at most once in 20 hours and daily', () => {
    const summary = buildSummary(input);
    const last = { vessel: 'v1', key: summaryKey(summary), at: NOW, exam: 'x2' };
    expect(shouldWriteSummary(summary, 'v1', undefined, NOW)).toBe(true);
    expect(shouldWriteSummary(summary, 'v2', last, NOW)).toBe(true);
    expect(shouldWriteSummary(summary, 'v1', last, NOW + 60_000)).toBe(false);
    const changed = buildSummary({ ...input, now: NOW + 3 * DAY });
    expect(shouldWriteSummary(changed, 'v1', last, NOW + 60 * 60 * 1000)).toBe(false);
    expect(shouldWriteSummary(changed, 'v1', last, NOW + SUMMARY_REWRITE_MS)).toBe(true);
    expect(shouldWriteSummary(summary, 'v1', last, NOW + SUMMARY_REWRITE_MS)).toBe(false);
    expect(shouldWriteSummary(summary, 'v1', last, NOW + DAY)).toBe(true);
    const newExam = buildSummary({ ...input, exams: [exam('x3', 90, true, NOW), ...input.exams] });
    expect(shouldWriteSummary(newExam, 'v1', last, NOW + 60_000)).toBe(true);
  });

  it('reads a summary back, keeping the row when a part of its detail is broken', () => {
    const wire = summaryWire(buildSummary(input));
    const row = readCrewRow('u1', 'v1', wire, NOW);
    expect(row?.detail).toEqual(buildSummary(input).detail);
    const broken = readCrewRow('u1', 'v1', { ...wire, s: '{"t":[["a",5,2]],"ex":7' }, NOW);
    expect(broken?.mast).toBe(1);
    expect(broken?.detail.t).toEqual([]);
    expect(parseDetail('{"t":[["a",5,2],["b",1,2]]}').t).toEqual([['b', 1, 2]]);
    expect(readCrewRow('u1', 'v1', { ...wire, mast: -1 }, NOW)).toBeNull();
    expect(readCrewRow('u1', 'v1', { ...wire, future: 'kept' }, NOW)?.name).toBe('Ivan Petrov');
  });
});

describe('the dashboard figures', () => {
  const row = (uid: string, fields: Partial<CrewRow>): CrewRow => ({
    uid,
    vessel: 'v1',
    name: uid,
    rank: 'L1',
    mast: 0,
    due: 0,
    overdue: 0,
    lastActive: 0,
    version: '0.1.0',
    syncedAt: NOW,
    detail: { learning: 0, a30: [0, 0], t: [], d: [], weak: [], ex: [], wk: [] },
    ...fields,
  });
  const detail = (fields: Partial<CrewRow['detail']>): CrewRow['detail'] => ({
    learning: 0,
    a30: [0, 0],
    t: [],
    d: [],
    weak: [],
    ex: [],
    wk: [],
    ...fields,
  });
  const crew = [
    row('Anna', {
      rank: 'L3',
      mast: 160,
      due: 4,
      lastActive: NOW - DAY,
      syncedAt: NOW - DAY,
      detail: detail({
        t: [
          ['Mooring', 2, 10],
          ['Fire', 9, 10],
        ],
        ex: [['x', NOW, 80, 1, 'ab']],
        wk: [100, 160],
      }),
    }),
    row('Boris', {
      rank: 'L1',
      mast: 20,
      due: 9,
      lastActive: NOW - 20 * DAY,
      syncedAt: NOW - 12 * DAY,
      detail: detail({
        t: [['Mooring', 1, 5]],
        ex: [['y', NOW, 40, 0, 'ab']],
        wk: [20],
      }),
    }),
    row('Vera', { rank: 'L2', mast: 60, lastActive: NOW - 2 * DAY }),
  ];

  it('gives crew, active, mean rank and pass rate of a vessel', () => {
    expect(vesselFigures(crew, NOW)).toEqual({
      crew: 3,
      active: 2,
      meanMast: 80,
      meanRank: 'L2',
      passRate: 0.5,
      examined: 2,
    });
    expect(vesselFigures([], NOW).passRate).toBeNull();
  });

  it('sorts by any column, finds the silent and the weakest topics, and averages progress', () => {
    expect(sortCrew(crew, 'due', 'desc').map((r) => r.uid)).toEqual(['Boris', 'Anna', 'Vera']);
    expect(sortCrew(crew, 'rank', 'asc').map((r) => r.uid)).toEqual(['Boris', 'Vera', 'Anna']);
    expect(sortCrew(crew, 'exam', 'desc').map((r) => r.uid)).toEqual(['Anna', 'Boris', 'Vera']);
    expect(silentCrew(crew, 7, NOW).map((r) => r.uid)).toEqual(['Boris']);
    expect(vesselWeakTopics(crew)).toEqual([
      { topic: 'Mooring', accuracy: 0.2, answers: 15 },
      { topic: 'Fire', accuracy: 0.9, answers: 10 },
    ]);
    expect(vesselProgress(crew)).toEqual([33.3, 60]);
  });

  it('exports CSV that a spreadsheet reads as text', () => {
    const text = crewCsv(
      ['Имя', 'MAST'],
      [
        ['Smith, "Jo"', 5],
        ['=HYPERLINK("x")', 1],
      ],
    );
    expect(text.split('\r\n')).toEqual(['Имя,MAST', '"Smith, ""Jo""",5', `"'=HYPERLINK(""x"")",1`]);
  });
});

describe('the app version a summary carries', () => {
  it('is the package version', async () => {
    const { readFileSync } = await import('node:fs');
    const { APP_VERSION } = await import('@/domain/constants');
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(APP_VERSION).toBe(pkg.version);
  });
});
