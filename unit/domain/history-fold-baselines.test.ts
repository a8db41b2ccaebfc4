/**
 * Baselines in the fold: one that the word's own entries reproduce (an earlier version's import
 * made it of a file's word record and merged the file's answers too) is not counted again; one
 * of answers that were never entries stays the start.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import type { HistoryEntry, HistoryKind } from '@/domain/history';
import { foldWord } from '@/domain/history-fold';
import { baselineEntry } from '@/domain/history-snapshot';
import { answer, newUserWord } from '@/domain/srs';

const T = Date.UTC(2026, 2, 3, 7);
const U = 'u1';

function step(n: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  const wall = overrides.wall ?? T + n * 60_000;
  return {
    id: `a${n}`,
    userId: U,
    vocabId: 'w1',
    kind: 'answer',
    correct: n % 3 !== 1,
    hlc: wall * 1000,
    wall,
    device: 'phone',
    ...overrides,
  };
}

/** What an earlier version's import made of the word record in a file: a baseline of its state. */
const importedBaseline = (entries: readonly HistoryEntry[]) =>
  baselineEntry(foldWord(U, 'w1', entries), { prefix: 'import', device: 'tablet' });

describe('a baseline the history reproduces', () => {
  it('is not counted again: 3 answers and the record of them are 3 answers', () => {
    const answers = [step(1), step(2), step(3)];
    const folded = foldWord(U, 'w1', [importedBaseline(answers), ...answers]);
    expect(folded).toEqual(foldWord(U, 'w1', answers));
    expect(folded).toMatchObject({ attempts: 3, correct: 2 });
  });

  it('is not counted again on top of a baseline of older answers, nor with answers made after it', () => {
    // The record a device had before the history existed: 2 answers that are not entries.
    const before = answer(
      answer({ ...newUserWord(U, 'w1', 0), deleted: false }, true, T - 2 * DAY_MS),
      true,
      T - DAY_MS,
    );
    const upgrade = baselineEntry(before, { prefix: 'local', device: 'phone' });
    const answers = [step(1), step(2), step(3)];
    const imported = importedBaseline([upgrade, ...answers]);
    const later = step(9, { wall: T + DAY_MS });
    const folded = foldWord(U, 'w1', [later, imported, ...answers, upgrade]);
    expect(folded).toEqual(foldWord(U, 'w1', [upgrade, ...answers, later]));
    expect(folded.attempts).toBe(2 + 3 + 1);
  });

  it('is recognised when the clocks of the answers disagree (the history order is not the time order)', () => {
    // A phone a day ahead answered first; the tablet, which had seen its stamp, answered after it
    // in the history's order but earlier by its own right clock.
    const ahead = step(1, { wall: T + DAY_MS, device: 'phone' });
    const after = step(2, { wall: T, hlc: (T + DAY_MS) * 1000 + 1, device: 'tablet' });
    const answers = [ahead, after];
    const folded = foldWord(U, 'w1', [importedBaseline(answers), ...answers]);
    expect(folded).toEqual(foldWord(U, 'w1', answers));
    expect(folded.attempts).toBe(2);
  });

  it('counts the same whichever baselines and entries a device holds, in any order (property)', () => {
    const kinds: HistoryKind[] = ['answer', 'answer', 'answer', 'skip', 'learn', 'hide', 'relearn'];
    fc.assert(
      fc.property(
        fc.array(fc.record({ kind: fc.constantFrom(...kinds), correct: fc.boolean() }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.nat(),
        fc.nat(),
        (raw, cut, seed) => {
          const entries = raw.map((r, i) =>
            step(i + 1, r.kind === 'answer' ? { correct: r.correct } : { kind: r.kind }),
          );
          // Exported after `cut` of them, imported by an earlier version: a baseline of that state.
          const known = entries.slice(0, 1 + (cut % entries.length));
          const all = [importedBaseline(known), importedBaseline(entries), ...entries];
          let state = seed >>> 0;
          for (let i = all.length - 1; i > 0; i--) {
            state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
            const j = state % (i + 1);
            [all[i], all[j]] = [all[j] as HistoryEntry, all[i] as HistoryEntry];
          }
          expect(foldWord(U, 'w1', all)).toEqual(foldWord(U, 'w1', entries));
        },
      ),
      { numRuns: 300, seed: 38 },
    );
  });
});

describe('a baseline of answers that were never entries', () => {
  it('stays the start, and the answers after it count on top', () => {
    const record = {
      ...answer({ ...newUserWord(U, 'w1', 0), deleted: false }, true, T - DAY_MS),
      attempts: 4,
      correct: 3,
    };
    const old = baselineEntry(record, { prefix: 'import', device: 'tablet' });
    const folded = foldWord(U, 'w1', [old, step(1), step(2)]);
    expect(folded.attempts).toBe(6);
  });

  it('stays the start when answers before it happen to give the same counts at another time', () => {
    // Another device's 2 answers of the same word, given before the old record was last changed.
    const answers = [step(1, { device: 'office' }), step(2, { device: 'office' })];
    const independent = {
      ...foldWord(U, 'w1', answers),
      updatedAt: T + 30 * 60_000,
      lastSeenAt: T + 30 * 60_000,
    };
    const old = baselineEntry(independent, { prefix: 'cloud', device: 'cloud' });
    expect(foldWord(U, 'w1', [old, ...answers]).attempts).toBe(4);
  });
});
