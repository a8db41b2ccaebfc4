import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import { goalProgress, tipOfTheDay } from '@/features/home/dashboard';

describe('goalProgress', () => {
  it('counts what is left and the percentage', () => {
    expect(goalProgress(3, 10)).toEqual({
      done: 3,
      goal: 10,
      percent: 30,
      left: 7,
      reached: false,
    });
  });

  it('caps the bar at 100 % once the goal is passed', () => {
    expect(goalProgress(25, 20)).toEqual({
      done: 25,
      goal: 20,
      percent: 100,
      left: 0,
      reached: true,
    });
  });

  it('treats nonsense input safely', () => {
    expect(goalProgress(Number.NaN, 0)).toEqual({
      done: 0,
      goal: 1,
      percent: 0,
      left: 1,
      reached: false,
    });
    expect(goalProgress(-4, 10).done).toBe(0);
  });
});

describe('tipOfTheDay', () => {
  it('stays the same within a day and moves on the next', () => {
    const morning = 100 * DAY_MS + 1000;
    expect(tipOfTheDay(morning, 6)).toBe(tipOfTheDay(morning + 3600_000, 6));
    expect(tipOfTheDay(morning + DAY_MS, 6)).toBe((tipOfTheDay(morning, 6) + 1) % 6);
  });

  it('is always a valid index', () => {
    for (const now of [0, 1, DAY_MS * 7, -DAY_MS * 3]) {
      const index = tipOfTheDay(now, 4);
      expect(index).toBeGreaterThanOrEqual(0);
      expect(index).toBeLessThan(4);
    }
    expect(tipOfTheDay(123, 0)).toBe(0);
  });
});
