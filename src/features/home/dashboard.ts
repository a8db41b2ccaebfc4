/** Pure figures of the home dashboard: daily-goal progress and the tip of the day. */
import { DAY_MS } from '@/domain/constants';

export interface GoalProgress {
  /** Words studied today, as counted (may exceed the goal). */
  done: number;
  goal: number;
  /** 0..100, capped at 100. */
  percent: number;
  /** Words still needed today (0 once reached). */
  left: number;
  reached: boolean;
}

/** Today's progress against the daily goal; a goal below 1 counts as 1 so the bar stays defined. */
export function goalProgress(done: number, goal: number): GoalProgress {
  const safeGoal = Number.isFinite(goal) ? Math.max(1, Math.round(goal)) : 1;
  const safeDone = Number.isFinite(done) ? Math.max(0, Math.floor(done)) : 0;
  return {
    done: safeDone,
    goal: safeGoal,
    percent: Math.min(100, Math.round((safeDone / safeGoal) * 100)),
    left: Math.max(0, safeGoal - safeDone),
    reached: safeDone >= safeGoal,
  };
}

/** The tip shown first on a given day: one per calendar day (UTC), cycling through the list. */
export function tipOfTheDay(now: number, count: number): number {
  if (count <= 0) return 0;
  const day = Math.floor(now / DAY_MS);
  return ((day % count) + count) % count;
}
