/**
 * Multiple choice over the whole built-in curriculum, both directions, a fixed set of seeds: the
 * answer is almost never the only option of its kind (one sentence among nouns gives it away).
 * `npm run bench -- choices` prints the same figure over more seeds, before and after.
 */
import { describe, expect, it } from 'vitest';
import { builtinVocabulary } from '@/data/vocabulary/builtin';
import { CHOICE_OPTION_COUNT } from '@/domain/constants';
import { buildChoices } from '@/domain/quiz';
import { seededRandom } from '@/domain/random';
import type { Direction, VocabItem, WordKind } from '@/domain/types';

/** The most questions, as a share, whose answer may be the only option of its kind. */
const MAX_ONLY_OF_KIND = 0.005;
const SEEDS = [1, 2, 3];
const DIRECTIONS: readonly Direction[] = ['ru-en', 'en-ru'];

const words = builtinVocabulary().words;
const norm = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const shown = (item: VocabItem, direction: Direction) =>
  direction === 'ru-en' ? item.langB : item.langA;

/**
 * The kind of each shown text; a text that two kinds share gets none, so an option counts as the
 * answer's kind only when it surely is one.
 */
function kindsByText(direction: Direction): Map<string, WordKind | null> {
  const kinds = new Map<string, WordKind | null>();
  for (const item of words) {
    const text = norm(shown(item, direction));
    const kind = item.kind ?? null;
    kinds.set(text, kinds.has(text) && kinds.get(text) !== kind ? null : kind);
  }
  return kinds;
}

describe('buildChoices over the whole built-in curriculum', () => {
  it('every built-in word has a kind (the measure below uses the data, not an inference)', () => {
    expect(words.length).toBeGreaterThan(1000);
    expect(words.filter((w) => w.kind === undefined)).toEqual([]);
  });

  it(`the answer is the only option of its kind in at most ${MAX_ONLY_OF_KIND * 100}% of questions`, () => {
    let questions = 0;
    let onlyOfKind = 0;
    const problems: string[] = [];
    for (const direction of DIRECTIONS) {
      const kinds = kindsByText(direction);
      for (const seed of SEEDS) {
        const random = seededRandom(seed);
        for (const target of words) {
          const c = buildChoices(target, words, direction, random);
          questions++;
          const distractors = c.options.filter((o) => o !== c.answer);
          if (!distractors.some((o) => kinds.get(norm(o)) === target.kind)) onlyOfKind++;
          if (c.options.length !== CHOICE_OPTION_COUNT || !c.options.includes(c.answer)) {
            problems.push(`${target.id} ${direction}: ${JSON.stringify(c.options)}`);
          }
          if (new Set(c.options.map(norm)).size !== c.options.length) {
            problems.push(
              `${target.id} ${direction}: a repeated option ${JSON.stringify(c.options)}`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(questions).toBe(words.length * DIRECTIONS.length * SEEDS.length);
    expect(onlyOfKind / questions).toBeLessThanOrEqual(MAX_ONLY_OF_KIND);
  });
});
