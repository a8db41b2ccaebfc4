/**
 * The FSRS memory model (ts-fsrs, FSRS-6 with its default parameters): a review is the first
 * answer of a word on a day, right = Good and wrong = Again; no same-day learning steps (the fold
 * takes one step a day) and no fuzz (every device computes the same due date). Loaded only where
 * stored histories are folded, never in the start-up bundle.
 */
import {
  type Card,
  createEmptyCard,
  type FSRS,
  fsrs,
  generatorParameters,
  Rating,
  State,
} from 'ts-fsrs';
import type { MemoryModel, MemoryState } from './memory';

const schedulers = new Map<number, FSRS>();

function schedulerFor(retention: number): FSRS {
  let scheduler = schedulers.get(retention);
  if (!scheduler) {
    scheduler = fsrs(
      generatorParameters({
        request_retention: retention,
        enable_fuzz: false,
        enable_short_term: false,
      }),
    );
    schedulers.set(retention, scheduler);
  }
  return scheduler;
}

function toCard(state: MemoryState | undefined, now: number): Card {
  if (!state) return createEmptyCard(new Date(now));
  return {
    due: new Date(state.due),
    stability: state.s,
    difficulty: state.d,
    elapsed_days: 0,
    scheduled_days: 0,
    learning_steps: 0,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state as State,
    last_review: new Date(state.last),
  };
}

export const fsrsModel: MemoryModel = {
  review(state, correct, at, retention) {
    // Entries fold in stamp order, and a device's clock may be behind another's: a review dated
    // before the last one counts at the last one's time (no time elapsed), never backwards.
    const now = state ? Math.max(at, state.last) : at;
    const { card } = schedulerFor(retention).next(
      toCard(state, now),
      new Date(now),
      correct ? Rating.Good : Rating.Again,
    );
    return {
      s: card.stability,
      d: card.difficulty,
      state: card.state,
      reps: card.reps,
      lapses: card.lapses,
      last: now,
      due: card.due.getTime(),
    };
  },
  recall(state, at) {
    if (state.state === State.New) return 0;
    const now = Math.max(at, state.last);
    return schedulerFor(0.9).get_retrievability(toCard(state, now), new Date(now), false);
  },
};
