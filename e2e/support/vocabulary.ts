/** The built-in vocabulary as the data files ship it, for tests whose figures follow the data. */
import { readFileSync } from 'node:fs';
import type { VocabRow } from '../../src/domain/vocabulary';

const FILES = ['common', 'deck', 'bridge', 'engine', 'galley'];

export const BUILTIN_ROWS: readonly VocabRow[] = FILES.flatMap(
  (file) =>
    JSON.parse(
      readFileSync(new URL(`../../src/data/vocabulary/${file}.json`, import.meta.url), 'utf8'),
    ) as VocabRow[],
);

/** How many built-in words carry this topic name (in any division, as the dictionary lists them). */
export function topicSize(topic: string): number {
  return BUILTIN_ROWS.filter((row) => row.topic === topic).length;
}
