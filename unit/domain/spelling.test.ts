import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/domain/random';
import { isNextLetter, spellingTarget, spellingTiles } from '@/domain/spelling';

describe('spellingTarget', () => {
  it.each([
    ['Let go the anchor!', 'LET_GO_THE_ANCHOR'],
    ['bollard', 'BOLLARD'],
    ['Отдать носовой!', 'ОТДАТЬ_НОСОВОЙ'],
    ['Полный вперёд', 'ПОЛНЫЙ_ВПЕРЁД'],
    ['Man overboard, port side (No. 2)', 'MAN_OVERBOARD_PORT_SIDE_NO'],
    ['Fire - fighting', 'FIRE_FIGHTING'],
    ['  hard a-starboard  ', 'HARD_A_STARBOARD'],
    ['Hard-a-port!', 'HARD_A_PORT'],
    ['lockout/tagout', 'LOCKOUT_TAGOUT'],
    ["bosun's locker", 'BOSUNS_LOCKER'],
    ['', ''],
  ])('%s -> %s', (text, target) => {
    expect(spellingTarget(text)).toBe(target);
  });
});

describe('spellingTiles', () => {
  it('gives one tile per character, shuffled, with unique ids', () => {
    const target = 'LET_GO';
    const tiles = spellingTiles(target, seededRandom(9));
    expect(tiles.map((t) => t.char).sort()).toEqual([...target].sort());
    expect(new Set(tiles.map((t) => t.id)).size).toBe(target.length);
    const orders = new Set(
      [1, 2, 3, 4, 5].map((seed) =>
        spellingTiles(target, seededRandom(seed))
          .map((t) => t.char)
          .join(''),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('isNextLetter', () => {
  it('accepts the next character of the target, any case', () => {
    expect(isNextLetter('LET_GO', 0, 'l')).toBe(true);
    expect(isNextLetter('LET_GO', 3, '_')).toBe(true);
    expect(isNextLetter('LET_GO', 1, 'T')).toBe(false);
    expect(isNextLetter('LET_GO', 6, 'O')).toBe(false);
  });
});
