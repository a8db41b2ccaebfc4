/**
 * The progress figures gone on from a checkpoint are those of the whole history: random
 * histories of two devices whose clocks disagree, checkpoints marked on one day and used (and
 * moved on) on later ones, after more answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import { fits, foldFigures, goesOn } from '@/domain/fold-checkpoint';
import { fsrsModel } from '@/domain/fsrs';
import { compareEntries, effectiveTime, HISTORY_KINDS, type HistoryEntry } from '@/domain/history';
import { foldAll, foldWord } from '@/domain/history-fold';
import { baselineEntry } from '@/domain/history-snapshot';
import { foldRulesFor, studyDayStart } from '@/domain/memory';
import { chartDays } from '@/domain/progress-charts';
import { newUserWord } from '@/domain/srs';

const U = 'u1';
const NOW = Date.UTC(2026, 10, 27, 9, 30);
const DAYS = 30;
const HOUR = 3_600_000;

/**
 * Every kind this version folds (baselines, an earlier version's word records, among them),
 * answers three times as often, and a later version's kind, which folds as nothing.
 */
const KINDS: readonly string[] = [
  ...HISTORY_KINDS,
  'answer',
  'answer',
  'answer',
  'radio-call-of-a-later-version',
];

const rawEntry = fc.record({
  vocabId: fc.constantFrom('w1', 'w2', 'w3', 'w4', 'w5'),
  kind: fc.constantFrom(...KINDS),
  correct: fc.boolean(),
  mode: fc.constantFrom(undefined, 'choice', 'spelling'),
  device: fc.constantFrom('d1', 'd2'),
  /** Hours before NOW. */
  hoursAgo: fc.integer({ min: 0, max: 75 * 24 }),
  /** A clock that disagrees: the stamp hours off the wall. */
  skew: fc.oneof(
    { weight: 5, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.integer({ min: -40 * 24, max: 40 * 24 }) },
  ),
  /** Received late, or by a clock the cloud corrected. */
  received: fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.integer({ min: -50 * 24, max: 50 * 24 }) },
  ),
});

type Raw = typeof rawEntry extends fc.Arbitrary<infer T> ? T : never;

function entryOf(raw: Raw, index: number, prefix: string, at = NOW): HistoryEntry {
  const wall = at - raw.hoursAgo * HOUR;
  if (raw.kind === 'baseline') {
    const record = {
      ...newUserWord(U, raw.vocabId, wall),
      status: raw.correct ? ('learned' as const) : ('learning' as const),
      attempts: 3 + (raw.skew & 3),
      correct: raw.correct ? 3 : 1,
      streak: raw.correct ? 3 : 0,
      strength: raw.correct ? 0.9 : 0.3,
    };
    return baselineEntry(record, { prefix: `${prefix}${index}`, device: raw.device });
  }
  const entry: HistoryEntry = {
    id: `${prefix}${index}`,
    userId: U,
    vocabId: raw.vocabId,
    kind: raw.kind,
    hlc: (wall + raw.skew * HOUR) * 1000 + index,
    wall,
    device: raw.device,
  };
  if (raw.kind === 'answer') {
    entry.correct = raw.correct;
    if (raw.mode) entry.mode = raw.mode;
  }
  if (raw.received !== undefined) {
    entry.receivedAt = wall + raw.received * HOUR;
    entry.sentAt = wall;
  }
  return entry;
}

const settings = fc.record({
  schedule: fc.constantFrom('standard' as const, 'fsrs' as const),
  homeZone: fc.constantFrom(
    undefined,
    'UTC',
    'Asia/Vladivostok',
    'America/Panama',
    'Europe/London',
    'America/New_York',
  ),
  dayStartHour: fc.constantFrom(undefined, 0, 2, 4),
});

const figuresOf = ({ checkpoint: _checkpoint, ...figures }: ReturnType<typeof foldFigures>) =>
  figures;

describe('figures gone on from a checkpoint', () => {
  it('equal the whole history’s on every later day, and the checkpoint moves on with them', () => {
    let compared = 0;
    let based = 0;
    fc.assert(
      fc.property(
        fc.array(rawEntry, { maxLength: 140 }),
        fc.array(rawEntry, { maxLength: 30 }),
        fc.array(rawEntry, { maxLength: 30 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 6 }),
        settings,
        (first, second, third, gap1, gap2, learner) => {
          const rules = foldRulesFor(learner, fsrsModel);
          // The days the checkpoint is marked and used on, the last one NOW.
          const at3 = NOW;
          const at2 = at3 - gap2 * DAY_MS;
          const at1 = at2 - gap1 * DAY_MS;
          const window = (at: number) => {
            const today = studyDayStart(at, learner);
            const since = studyDayStart(today - DAYS * DAY_MS + 2 * HOUR, learner);
            return { days: DAYS, since, cut: today };
          };
          // Answers given after a day's checkpoint come after every entry of it in history order
          // (this device's clock only moves on) and are dated after its cut (a local answer
          // dated before it steps the device's `historyChanges`: the figures start afresh).
          const later = (raws: Raw[], prefix: string, base: HistoryEntry[], at: number) => {
            const top = base.reduce((max, entry) => Math.max(max, entry.hlc), 0);
            return raws.map((raw, i) => {
              // Of the last hours before `at`; some dated before the cut (yesterday's answers
              // reaching the figures today, a clock set back): the figures then start afresh.
              const hoursAgo = raw.hoursAgo % 20;
              // This device's answers sort after everything; another phone's, pulled, by their own
              // clock's stamp (some before a word's checkpoint: the figures then start afresh).
              const kind = raw.kind === 'baseline' ? 'answer' : raw.kind;
              if (raw.device === 'd2') return entryOf({ ...raw, kind, hoursAgo }, i, prefix, at);
              const entry = entryOf({ ...raw, kind, hoursAgo, received: undefined }, i, prefix, at);
              return { ...entry, hlc: top + 1 + i };
            });
          };
          const one = first.map((raw, i) => entryOf(raw, i, 'a'));
          const marked = foldFigures(U, one, at1, rules, fsrsModel, window(at1));
          let from = marked.checkpoint;
          let all = one;
          for (const [raws, prefix, at] of [
            [second, 'b', at2],
            [third, 'c', at3],
          ] as const) {
            all = [...all, ...later(raws, prefix, all, at)];
            const whole = foldFigures(U, all, at, rules, fsrsModel, window(at));
            // Its last day counts the words the fold of everything has learned (the rank's count),
            // when nothing is dated past it.
            if (all.every((entry) => effectiveTime(entry) <= at)) {
              const folded = [...foldAll(U, all, rules).values()];
              expect(whole.learned.at(-1)?.learned).toBe(
                folded.filter((word) => word.status === 'learned' && !word.deleted).length,
              );
            }
            // A checkpoint's states are the folds of each word's entries before its cut.
            // (A word with a baseline: from its greatest baseline, as the chart folds it.)
            for (const [vocabId, { state, last, calState }] of whole.checkpoint?.words ?? []) {
              const cut = whole.checkpoint?.cut ?? 0;
              const below = all
                .filter((entry) => entry.vocabId === vocabId && effectiveTime(entry) < cut)
                .sort(compareEntries);
              if (!calState) expect(state).toEqual(foldWord(U, vocabId, below, rules));
              expect(compareEntries(last, below.at(-1) as HistoryEntry)).toBe(0);
            }
            if (!from) {
              from = whole.checkpoint;
              continue;
            }
            const cut = from.cut;
            const after = all.filter((entry) => effectiveTime(entry) >= cut);
            const beforeNow = all.filter((entry) => effectiveTime(entry) < cut).length;
            const fitting = fits(from, window(at), chartDays(at, DAYS, rules));
            if (beforeNow !== from.entries || !fitting || !goesOn(from, after)) {
              from = whole.checkpoint;
              continue;
            }
            const going = foldFigures(U, after, at, rules, fsrsModel, { ...window(at), from });
            expect(figuresOf(going)).toEqual(figuresOf(whole));
            compared++;
            if ([...from.words.values()].some((word) => word.calState)) based++;
            // The moved checkpoint is the one the whole history marks.
            expect(going.checkpoint?.entries).toBe(whole.checkpoint?.entries);
            expect(going.checkpoint?.cut).toBe(whole.checkpoint?.cut);
            from = going.checkpoint;
          }
        },
      ),
      { numRuns: 200 },
    );
    // Most runs go on from a checkpoint: the property is not met by falling back every time.
    expect(compared).toBeGreaterThan(120);
    expect(based).toBeGreaterThan(3);
  });

  it('does not go on over a baseline, an entry before the cut or one that sorts before a state, nor into an earlier day', () => {
    const rules = foldRulesFor({ schedule: 'standard', homeZone: 'UTC' }, fsrsModel);
    const today = studyDayStart(NOW, { homeZone: 'UTC' });
    const since = today - DAYS * DAY_MS;
    const old = NOW - 40 * DAY_MS;
    const entries: HistoryEntry[] = [
      {
        id: 'a',
        userId: U,
        vocabId: 'w1',
        kind: 'answer',
        correct: true,
        hlc: old * 1000,
        wall: old,
        device: 'd1',
      },
      {
        id: 'b',
        userId: U,
        vocabId: 'w1',
        kind: 'answer',
        correct: true,
        hlc: NOW * 1000,
        wall: NOW,
        device: 'd1',
      },
    ];
    const { checkpoint } = foldFigures(U, entries, NOW, rules, fsrsModel, {
      days: DAYS,
      since,
      cut: today,
    });
    if (!checkpoint) throw new Error('no checkpoint');
    expect(checkpoint.entries).toBe(1);
    expect(goesOn(checkpoint, [entries[1] as HistoryEntry])).toBe(true);
    const next = { ...(entries[1] as HistoryEntry), id: 'c' };
    expect(goesOn(checkpoint, [{ ...next, hlc: old * 1000 - 1 }])).toBe(false);
    expect(goesOn(checkpoint, [{ ...next, wall: today - 1 }])).toBe(false);
    expect(goesOn(checkpoint, [{ ...next, kind: 'baseline' }])).toBe(false);
    // Made today: it serves today and later days, not a clock set back a day.
    const window = { days: DAYS, since, cut: today };
    const yesterday = { ...window, since: since - DAY_MS, cut: today - DAY_MS };
    expect(fits(checkpoint, window, chartDays(NOW, DAYS, rules))).toBe(true);
    expect(fits(checkpoint, yesterday, chartDays(NOW - DAY_MS, DAYS, rules))).toBe(false);
  });
});
