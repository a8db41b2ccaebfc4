/** The letter-tile spelling quiz (SPEC §4): the target text and its shuffled tiles. */
import { shuffle } from './random';
import type { Random } from './types';

/** The character a space becomes in a spelling target. */
export const SPACE_TILE = '_';

/**
 * Upper-cases the text; each space becomes `_`; a hyphen or slash separates words like a space
 * (`"Hard-a-port!"` -> `"HARD_A_PORT"`, not `"HARDAPORT"`); every other character that is not a
 * Latin or Cyrillic letter is dropped. Runs of spaces count as one, and leading or trailing
 * spaces are removed: `"Let go the anchor!"` -> `"LET_GO_THE_ANCHOR"`.
 * Built-in words whose English has digits or apostrophes carry their own tile text (`spell`).
 */
export function spellingTarget(text: string): string {
  return text
    .toUpperCase()
    .replace(/[-‐–—/\\]/g, ' ')
    .replace(/[^A-ZА-ЯЁ\s]/g, '')
    .trim()
    .replace(/\s+/g, SPACE_TILE);
}

export interface SpellingTile {
  /** Position in the target, unique per tile. */
  id: number;
  char: string;
}

/** One tile per character of the target, shuffled. Equal letters are interchangeable when tapped. */
export function spellingTiles(target: string, random: Random): SpellingTile[] {
  return shuffle(
    [...target].map((char, id) => ({ id, char })),
    random,
  );
}

/** Whether tapping `char` is right when `typed` characters of `target` are already placed. */
export function isNextLetter(target: string, typed: number, char: string): boolean {
  return target[typed] === char.toUpperCase();
}
