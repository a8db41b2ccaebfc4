/**
 * An exam result means what it says: its numbers agree with themselves and with the exam set for
 * its post, or it is never shown as passed; sitting codes are drawn evenly from the CSPRNG.
 */
import { describe, expect, it } from 'vitest';
import { EXAM_DEFAULTS, normalizeExamConfig } from '@/domain/exam';
import {
  checkExamResult,
  newSittingCode,
  normalizeSittingCode,
  SITTING_CODE_PATTERN,
  shownAsPassed,
} from '@/domain/exam-proof';
import { readExamEntry } from '@/domain/exam-result';

type Tallies = Record<string, [number, number]>;

/** A default exam's result: 30 of 40 right in 20 minutes, passed. */
const honest = {
  dv: 'deck',
  role: 'os',
  c: 30,
  n: 40,
  pm: 70,
  lim: 1800,
  sec: 1200,
  pr: null,
  s: { terms: [10, 14], orders: [10, 13], phrases: [10, 13] } as Tallies,
  t: [],
  miss: [],
};

describe('checkExamResult', () => {
  it('takes an honest result, passed or failed, against the default exam', () => {
    expect(checkExamResult(honest, true, EXAM_DEFAULTS)).toBeNull();
    const failed = {
      ...honest,
      c: 20,
      s: { terms: [5, 14], orders: [5, 13], phrases: [10, 13] } as Tallies,
    };
    expect(checkExamResult(failed, false, EXAM_DEFAULTS)).toBeNull();
    // Exactly at the pass mark passes.
    const edge = {
      ...honest,
      c: 28,
      s: { terms: [8, 14], orders: [10, 13], phrases: [10, 13] } as Tallies,
    };
    expect(checkExamResult(edge, true, EXAM_DEFAULTS)).toBeNull();
    expect(checkExamResult(edge, false, EXAM_DEFAULTS)).toBe('passed');
  });

  it('never shows a "passed" entry with 1 % as passed', () => {
    // The forged entry of the issue: correct = true, 1 of 100 right.
    const forged = {
      kind: 'exam',
      vocabId: 'exam:forged',
      correct: true,
      time: Date.UTC(2026, 10, 1),
      x: { ...honest, c: 1, n: 100, s: { terms: [1, 100] } as Tallies },
    };
    const record = readExamEntry(forged);
    expect(record?.passed).toBe(true);
    const problem = checkExamResult(record!.fields, record!.passed, EXAM_DEFAULTS);
    expect(problem).toBe('passed');
    expect(shownAsPassed(record!.passed, problem)).toBe(false);
  });

  it('refuses numbers that do not agree with themselves', () => {
    expect(checkExamResult({ ...honest, c: 41 }, true, null)).toBe('count');
    expect(checkExamResult({ ...honest, n: 0, c: 0 }, false, null)).toBe('count');
    expect(
      checkExamResult({ ...honest, s: { terms: [30, 40] } as Tallies }, true, null),
    ).toBeNull();
    expect(checkExamResult({ ...honest, s: { terms: [29, 40] } as Tallies }, true, null)).toBe(
      'sections',
    );
    expect(checkExamResult({ ...honest, s: { terms: [30, 39] } as Tallies }, true, null)).toBe(
      'sections',
    );
    expect(checkExamResult({ ...honest, s: { elsewhere: [30, 40] } as Tallies }, true, null)).toBe(
      'sections',
    );
    expect(checkExamResult({ ...honest, s: {} as Tallies }, true, null)).toBe('sections');
    expect(checkExamResult({ ...honest, sec: 1806 }, true, null)).toBe('time');
    expect(checkExamResult({ ...honest, sec: 1805 }, true, null)).toBeNull();
    // An edited pass mark agrees with itself but not with the exam.
    expect(
      checkExamResult({ ...honest, c: 1, pm: 1, s: { terms: [1, 40] } as Tallies }, true, null),
    ).toBe(null);
    expect(
      checkExamResult(
        { ...honest, c: 1, pm: 1, s: { terms: [1, 40] } as Tallies },
        true,
        EXAM_DEFAULTS,
      ),
    ).toBe('pass-mark');
  });

  it('holds a result to the exam the admin set for its post', () => {
    const set = normalizeExamConfig({ questions: 20, minutes: 15, passMark: 0.8 });
    expect(checkExamResult(honest, true, set)).toBe('questions');
    const short = {
      ...honest,
      c: 16,
      n: 20,
      pm: 80,
      lim: 900,
      sec: 600,
      s: { terms: [16, 20] } as Tallies,
    };
    expect(checkExamResult(short, true, set)).toBeNull();
    expect(checkExamResult({ ...short, lim: 1800 }, true, set)).toBe('time-limit');
    expect(checkExamResult(short, true, EXAM_DEFAULTS)).toBe('questions');
  });
});

describe('sitting codes', () => {
  it('are 8 characters of the unambiguous alphabet, from the CSPRNG', () => {
    const pattern = new RegExp(SITTING_CODE_PATTERN);
    const codes = new Set(Array.from({ length: 200 }, () => newSittingCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(pattern);
  });

  it('draw every character evenly: bytes past the last whole alphabet are drawn again', () => {
    // 248 and above would favour the first eight letters if taken modulo 31.
    let round = 0;
    const code = newSittingCode((bytes) => {
      round++;
      return bytes.fill(round === 1 ? 250 : 0);
    });
    expect(round).toBe(2);
    expect(code).toBe('AAAAAAAA');
  });

  it('are read as typed: case, spaces and dashes do not matter', () => {
    expect(normalizeSittingCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalizeSittingCode('ABCD-EFG0')).toBeNull();
  });
});
