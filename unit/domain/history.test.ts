/** The answer history's rules: the clock, the order, the fold, the clock-sanity rule and the contract. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import { dueCount, isPractice } from '@/domain/daily';
import {
  compareEntries,
  EXTENSION_MAX_CHARS,
  effectiveTime,
  HISTORY_KINDS,
  type HistoryEntry,
  type HistoryKind,
} from '@/domain/history';
import { checkEntry } from '@/domain/history-contract';
import { foldWord, makesWordRecord } from '@/domain/history-fold';
import { baselineEntry } from '@/domain/history-snapshot';
import {
  CLOCK_OFFSET_TOLERANCE_MS,
  clockOffset,
  HLC_MAX,
  isFarAhead,
  nextStamp,
  observeStamps,
  STAMP_LEAD_MS,
  stampBound,
} from '@/domain/hlc';
import { answer, markLearned, newUserWord, unmarkLearned } from '@/domain/srs';
import type { UserWord } from '@/domain/types';

const T = Date.UTC(2026, 0, 10, 9);
const U = 'u1';

let seq = 0;
function entry(overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  seq++;
  const wall = overrides.wall ?? T + seq;
  return {
    id: `e${seq}`,
    userId: U,
    vocabId: 'w1',
    kind: 'answer',
    correct: true,
    hlc: wall * 1000,
    wall,
    device: 'phone',
    ...overrides,
  };
}

describe('the hybrid logical clock', () => {
  it('follows the physical clock and never goes back nor repeats', () => {
    expect(nextStamp(0, T)).toBe(T * 1000);
    expect(nextStamp(T * 1000, T)).toBe(T * 1000 + 1);
    // The wall clock went back an hour: the stamp still moves forward.
    expect(nextStamp(T * 1000 + 1, T - 3_600_000)).toBe(T * 1000 + 2);
  });

  it('moves past every stamp it has seen', () => {
    const seen = observeStamps(T * 1000, [{ hlc: (T + 5) * 1000 }, { hlc: (T - 5) * 1000 }], T);
    expect(seen).toBe((T + 5) * 1000);
    expect(nextStamp(seen, T)).toBe((T + 5) * 1000 + 1);
  });

  it('follows a device a year ahead, but not a stamp near the year 2200', () => {
    const yearAhead = (T + 365 * DAY_MS) * 1000;
    expect(observeStamps(T * 1000, [{ hlc: yearAhead }], T)).toBe(yearAhead);
    const poisoned = HLC_MAX - 5;
    const clock = observeStamps(T * 1000, [{ hlc: poisoned }], T);
    expect(clock).toBe(stampBound(T));
    expect(clock).toBe((T + STAMP_LEAD_MS) * 1000);
    // New stamps stay valid (under the ceiling) for centuries of answers.
    expect(nextStamp(clock, T)).toBeLessThan(HLC_MAX);
  });

  it('bounds a stamp by the time the cloud received it', () => {
    const received = T - 30 * DAY_MS;
    const clock = observeStamps(0, [{ hlc: HLC_MAX - 1, receivedAt: received }], T);
    expect(clock).toBe(stampBound(received));
  });

  it('pulls a poisoned clock back within the bound when it is next used', () => {
    const poisoned = HLC_MAX - 1;
    expect(nextStamp(poisoned, T)).toBe(stampBound(T) + 1);
    expect(observeStamps(poisoned, [], T)).toBe(stampBound(T));
    expect(isFarAhead(HLC_MAX - 1, T)).toBe(true);
    expect(isFarAhead((T + DAY_MS) * 1000, T)).toBe(false);
  });
});

describe("forward compatibility: a later version's kinds, modes and fields", () => {
  it('keeps an entry of an unknown kind, with its extension fields, unchanged', () => {
    const e = entry({ kind: 'exam-result', correct: undefined, x: { score: 31, of: 40 } });
    const checked = checkEntry(e);
    expect(checked).toEqual({ ok: true, entry: { ...e, correct: undefined } });
    if (checked.ok) expect(checked.entry).not.toHaveProperty('correct');
  });

  it('folds an unknown kind as neutral, and an unknown answer mode as a plain answer', () => {
    const a = entry({ correct: true });
    const drill = entry({ kind: 'radio-drill', correct: false, mode: 'vhf' });
    const b = entry({ correct: true, mode: 'word-order' });
    const plain = foldWord(U, 'w1', [a, { ...b, mode: 'choice' }]);
    expect(foldWord(U, 'w1', [a, drill, b])).toEqual(plain);
    expect(makesWordRecord([drill])).toBe(false);
    expect(makesWordRecord([drill, a])).toBe(true);
  });

  it('keeps a spoken or self-judged answer unchanged and folds it as a plain answer, as an older version folds any mode', () => {
    const spoken = entry({ correct: true, mode: 'spoken' });
    const self = entry({ correct: false, mode: 'self' });
    const drill = entry({
      vocabId: 'drill:pilot-eta',
      kind: 'drill',
      correct: true,
      mode: 'spoken',
      x: { run: 'r1', turn: 1, of: 2 },
    });
    for (const each of [spoken, self, drill])
      expect(checkEntry(each)).toEqual({ ok: true, entry: each });
    // The fold reads right or wrong, never the mode: the state of the same answers picked.
    const picked = foldWord(U, 'w1', [
      { ...spoken, mode: 'choice' },
      { ...self, mode: 'word-order' },
    ]);
    expect(foldWord(U, 'w1', [spoken, self])).toEqual(picked);
    expect(foldWord(U, 'w1', [spoken, self, drill])).toEqual(picked);
    // A production answer: a right one is practice toward the day's goal, a wrong one is not.
    expect(isPractice(spoken)).toBe(true);
    expect(isPractice(self)).toBe(false);
    expect(isPractice({ ...self, correct: true })).toBe(true);
  });

  it('refuses extension fields too large or too deep to keep', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    expect(checkEntry({ ...entry(), x: deep })).toEqual({
      ok: false,
      reason: 'invalid extension fields',
    });
    expect(checkEntry({ ...entry(), x: { t: 'a'.repeat(EXTENSION_MAX_CHARS) } })).toEqual({
      ok: false,
      reason: 'invalid extension fields',
    });
    expect(checkEntry({ ...entry(), x: [1, 2] }).ok).toBe(false);
  });
});

describe('effectiveTime (clock sanity)', () => {
  it('is the device clock, capped by the cloud receipt time', () => {
    expect(effectiveTime({ wall: T })).toBe(T);
    expect(effectiveTime({ wall: T, receivedAt: T + 60_000 })).toBe(T);
    expect(effectiveTime({ wall: T + 365 * DAY_MS, receivedAt: T + 60_000 })).toBe(T + 60_000);
  });
});

describe('foldWord', () => {
  it('applies answers in history order, as the spaced-repetition rules do', () => {
    const a = entry({ correct: true });
    const b = entry({ correct: false });
    const c = entry({ correct: true });
    const expected = answer(
      answer(
        answer({ ...newUserWord(U, 'w1', a.wall), deleted: false }, true, a.wall),
        false,
        b.wall,
      ),
      true,
      c.wall,
    );
    expect(foldWord(U, 'w1', [c, a, b])).toEqual(expected);
  });

  it('counts an entry delivered twice once', () => {
    const a = entry();
    expect(foldWord(U, 'w1', [a, a, { ...a }]).attempts).toBe(1);
  });

  it('breaks equal stamps by device id, then entry id', () => {
    const x = entry({ hlc: 5, device: 'b', id: 'a1', correct: true });
    const y = entry({ hlc: 5, device: 'a', id: 'z9', correct: false });
    expect(compareEntries(y, x)).toBeLessThan(0);
    // y (device a) first, then x: the word ends on a right answer (streak 1).
    expect(foldWord(U, 'w1', [x, y]).streak).toBe(1);
  });

  it('starts from the greatest baseline and applies every other entry on top, whatever their stamps', () => {
    const old = { ...answer({ ...newUserWord(U, 'w1', 0), deleted: false }, true, T - 5 * DAY_MS) };
    const newer = markLearned(old, T - DAY_MS);
    const b1 = baselineEntry(old, { prefix: 'local', device: 'phone' });
    const b2 = baselineEntry(newer, { prefix: 'cloud', device: 'cloud' });
    // A baseline stamped after the answer (a record whose clock was ahead) still comes first.
    const late = { ...b2, hlc: (T + 10 * DAY_MS) * 1000 };
    const step = entry({ wall: T, correct: false });
    const folded = foldWord(U, 'w1', [step, late, b1]);
    expect(folded).toEqual(answer({ ...newer, userId: U, deleted: false }, false, T));
  });

  it('hides, deletes and restores; relearn and unlearn follow the rules', () => {
    const kinds: HistoryKind[] = [
      'answer',
      'learn',
      'hide',
      'delete',
      'restore',
      'unhide',
      'relearn',
    ];
    const folded = foldWord(
      U,
      'w1',
      kinds.map((kind, i) => entry({ kind, wall: T + i * 1000 })),
    );
    expect(folded).toMatchObject({
      hidden: false,
      deleted: false,
      status: 'learning',
      streak: 0,
      strength: 0.7,
      attempts: 3,
      correct: 3,
      nextReviewAt: T + 6000,
    });
  });

  it('is the same whatever order the entries arrive in (property)', () => {
    const kinds = HISTORY_KINDS.filter((kind) => kind !== 'baseline');
    const arbEntry = fc.record({
      kind: fc.constantFrom(...kinds),
      correct: fc.boolean(),
      hlc: fc.integer({ min: 0, max: 50 }),
      device: fc.constantFrom('a', 'b', 'c'),
      wall: fc.integer({ min: T, max: T + 30 * DAY_MS }),
      receivedAt: fc.option(fc.integer({ min: T, max: T + 30 * DAY_MS }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(arbEntry, { maxLength: 25 }), fc.integer(), (raw, seed) => {
        const entries: HistoryEntry[] = raw.map((r, i) => {
          const e: HistoryEntry = {
            id: `id${i}`,
            userId: U,
            vocabId: 'w1',
            kind: r.kind,
            hlc: r.hlc,
            wall: r.wall,
            device: r.device,
          };
          if (r.kind === 'answer') e.correct = r.correct;
          if (r.receivedAt !== undefined) e.receivedAt = r.receivedAt;
          return e;
        });
        // A Fisher-Yates shuffle driven by the seed.
        const shuffled = [...entries];
        let state = seed >>> 0;
        for (let i = shuffled.length - 1; i > 0; i--) {
          state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
          const j = state % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as HistoryEntry, shuffled[i] as HistoryEntry];
        }
        expect(foldWord(U, 'w1', shuffled)).toEqual(foldWord(U, 'w1', entries));
      }),
      { numRuns: 200 },
    );
  });
});

describe('unticking «Выучено»', () => {
  /** The study fields only (what ticking changes), with the fields a word lacks left out. */
  const study = (word: UserWord) => {
    const { status, attempts, correct, streak, strength, lastSeenAt, nextReviewAt } = word;
    return { status, attempts, correct, streak, strength, lastSeenAt, nextReviewAt };
  };

  it('makes a word never studied new again, with no attempts and nothing to review', () => {
    const ticked = entry({ kind: 'learn', wall: T });
    const unticked = entry({ kind: 'unlearn', wall: T + 5000 });
    const word = foldWord(U, 'w1', [ticked, unticked]);
    expect(word).toEqual({
      ...newUserWord(U, 'w1', T + 5000),
      deleted: false,
    });
    expect(dueCount([word], T + DAY_MS)).toBe(0);
  });

  it('gives a word in study its counters and schedule back; hiding in between stays', () => {
    const answers = [true, true, false].map((correct, i) => entry({ correct, wall: T + i }));
    const before = foldWord(U, 'w1', answers);
    const word = foldWord(U, 'w1', [
      ...answers,
      entry({ kind: 'learn', wall: T + 100 }),
      entry({ kind: 'hide', wall: T + 200 }),
      entry({ kind: 'unlearn', wall: T + 300 }),
    ]);
    expect(word).toEqual({ ...before, hidden: true, updatedAt: T + 300 });
  });

  it('follows the unmark rule when the word was studied after its tick, or learned by answers', () => {
    const studiedSince = foldWord(U, 'w1', [
      entry({ kind: 'learn', wall: T }),
      entry({ correct: true, wall: T + 100 }),
      entry({ kind: 'unlearn', wall: T + 200 }),
    ]);
    expect(studiedSince).toMatchObject({
      status: 'new',
      strength: 0,
      streak: 0,
      attempts: 4,
      correct: 4,
      nextReviewAt: T + 200,
    });
    expect(studiedSince.beforeMarked).toBeUndefined();

    let learned: UserWord = { ...newUserWord(U, 'w1', T), deleted: false };
    for (let i = 0; i < 8; i++) learned = answer(learned, true, T + i);
    expect(learned.status).toBe('learned');
    const unticked = foldWord(U, 'w1', [
      baselineEntry(learned, { prefix: 'old', device: 'old' }),
      entry({ kind: 'unlearn', wall: T + DAY_MS }),
    ]);
    expect(unticked).toEqual(unmarkLearned(learned, T + DAY_MS));
  });

  it('undoes the tick for any earlier history and anything hidden or deleted between (property)', () => {
    const kinds = HISTORY_KINDS.filter((kind) => kind !== 'baseline');
    const arbStep = fc.record({ kind: fc.constantFrom(...kinds), correct: fc.boolean() });
    const arbBetween = fc.constantFrom<HistoryKind>('hide', 'unhide', 'delete', 'restore');
    fc.assert(
      fc.property(
        fc.array(arbStep, { maxLength: 15 }),
        fc.array(arbBetween, { maxLength: 4 }),
        (earlier, between) => {
          let wall = T;
          const next = (kind: HistoryKind, correct = true) => {
            wall += 3_600_000;
            const e = entry({ kind, wall });
            if (kind !== 'answer') delete e.correct;
            else e.correct = correct;
            return e;
          };
          const history = earlier.map((step) => next(step.kind, step.correct));
          const tick = next('learn');
          const middle = between.map((kind) => next(kind));
          const untick = next('unlearn');
          const beforeTick = foldWord(U, 'w1', history);
          const untouched = foldWord(U, 'w1', [...history, ...middle]);
          const word = foldWord(U, 'w1', [...history, tick, ...middle, untick]);
          // A tick still open in the earlier history is the one undone.
          const expected = beforeTick.beforeMarked ?? study(beforeTick);
          expect(study(word)).toEqual(expected);
          expect(word.hidden).toBe(untouched.hidden);
          expect(word.deleted).toBe(untouched.deleted);
          expect(word.beforeMarked).toBeUndefined();
          expect(word.updatedAt).toBe(wall);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('checkEntry (the wire contract)', () => {
  it('accepts a well-formed entry and returns only the contract fields', () => {
    const e = entry({ mode: 'spelling', receivedAt: T });
    expect(checkEntry({ ...e, extra: 'x' })).toEqual({ ok: true, entry: e });
  });

  it.each([
    ['a slash in the word id', { vocabId: 'a/b' }, 'invalid word id "a/b"'],
    ['an id with spaces', { id: 'a b' }, 'invalid id'],
    ['a time in the year 33658', { wall: 1_000_000_000_000_000 }, 'invalid time'],
    ['a fractional time', { wall: T + 0.5 }, 'invalid time'],
    ['a stamp past the year 2200', { hlc: HLC_MAX }, 'invalid clock stamp'],
    ['a kind that is no name', { kind: 'Tele port!' }, 'invalid kind "Tele port!"'],
    ['an answer without correct', { correct: undefined }, 'an answer without correct'],
    ['a mode that is no name', { mode: 42 }, 'invalid answer mode'],
  ])('refuses %s', (_, patch, reason) => {
    expect(checkEntry({ ...entry(), ...patch })).toEqual({ ok: false, reason });
  });

  it.each([
    ['negative counters', { attempts: -1 }, 'attempts is not a whole number 0..1000000'],
    ['fractional counters', { streak: 1.5 }, 'streak is not a whole number 0..1000000'],
    ['more correct than attempts', { correct: 9 }, 'correct exceeds attempts'],
    ['a strength above 1', { strength: 1.5 }, 'strength is not within 0..1'],
  ])('refuses a baseline with %s', (_, patch, reason) => {
    const base = baselineEntry(
      { ...newUserWord(U, 'w1', T), attempts: 2, correct: 1, deleted: false },
      { prefix: 'local', device: 'phone' },
    );
    expect(checkEntry({ ...base, snapshot: { ...base.snapshot, ...patch } })).toEqual({
      ok: false,
      reason,
    });
  });

  it('names a baseline after its content: the same record gives the same id', () => {
    const word = { ...newUserWord(U, 'w1', T), deleted: false };
    const a = baselineEntry(word, { prefix: 'import', device: 'x' });
    const b = baselineEntry({ ...word }, { prefix: 'import', device: 'y' });
    expect(a.id).toBe(b.id);
    expect(
      baselineEntry({ ...word, attempts: 1, correct: 1 }, { prefix: 'import', device: 'x' }).id,
    ).not.toBe(a.id);
    expect(checkEntry(a)).toEqual({ ok: true, entry: a });
  });
});

describe('clockOffset', () => {
  it('is 0 within the tolerance, else the middle of what the commit allows', () => {
    expect(clockOffset(T + 30_000, T, T + 500)).toBe(0);
    expect(clockOffset(T, T + CLOCK_OFFSET_TOLERANCE_MS - 1, T + CLOCK_OFFSET_TOLERANCE_MS)).toBe(
      0,
    );
    expect(clockOffset(T + DAY_MS, T, T + 1000)).toBe(DAY_MS - 500);
    expect(clockOffset(T - DAY_MS, T, T)).toBe(-DAY_MS);
  });
});
