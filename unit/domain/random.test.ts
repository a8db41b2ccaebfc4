import { describe, expect, it } from 'vitest';
import { randomIndex, sample, seededRandom, shuffle } from '@/domain/random';

describe('random helpers', () => {
  it('seededRandom is reproducible and in [0, 1)', () => {
    const a = seededRandom(3);
    const b = seededRandom(3);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('randomIndex stays in range even for a source returning almost 1', () => {
    expect(randomIndex(5, () => 0.999999999)).toBe(4);
    expect(randomIndex(5, () => 0)).toBe(0);
  });

  it('shuffle keeps every item and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5, 6];
    const out = shuffle(input, seededRandom(1));
    expect([...out].sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('sample returns distinct items, at most the pool', () => {
    const pool = Array.from({ length: 50 }, (_, i) => i);
    const picked = sample(pool, 10, seededRandom(2));
    expect(new Set(picked).size).toBe(10);
    expect(sample(pool.slice(0, 3), 10, seededRandom(2))).toHaveLength(3);
  });
});
