/**
 * The spaced-repetition rules of SPEC §4. Every function is pure: it takes the time as `now`
 * (epoch ms) and returns a new record with `updatedAt = now`.
 *
 * Deliberate deviation: after a wrong answer (streak 0) the word is due at once, where the
 * specification's index arithmetic would schedule it 90 days away.
 */
import {
  DAY_MS,
  LEARNED_MIN_STREAK,
  LEARNED_MIN_STRENGTH,
  MANUAL_LEARNED_MIN_CORRECT,
  MANUAL_LEARNED_REVIEW_DAYS,
  MANUAL_LEARNED_STREAK,
  MANUAL_LEARNED_STRENGTH,
  RELEARN_STRENGTH_LOSS,
  REVIEW_INTERVALS_DAYS,
  STRENGTH_GAIN_BASE,
  STRENGTH_GAIN_PER_STREAK,
  STRENGTH_GAIN_STREAK_CAP,
  STRENGTH_LOSS,
} from './constants';
import type { UserWord, WordStatus } from './types';

export { REVIEW_INTERVALS_DAYS };

/** Strength is kept to six decimals so repeated float additions cannot drift across a threshold. */
function roundStrength(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 1e6) / 1e6;
}

/** learned if streak >= 1 and strength >= 0.2; otherwise learning if streak > 0; otherwise new. */
export function statusFor(streak: number, strength: number): WordStatus {
  if (streak >= LEARNED_MIN_STREAK && strength >= LEARNED_MIN_STRENGTH) return 'learned';
  return streak > 0 ? 'learning' : 'new';
}

/** Days until the next review for a streak: intervals[min(streak, 7) - 1]; streak 0 means due now (0). */
export function reviewIntervalDays(streak: number): number {
  if (streak <= 0) return 0;
  const index = Math.min(streak, REVIEW_INTERVALS_DAYS.length) - 1;
  return REVIEW_INTERVALS_DAYS[index] ?? 0;
}

export function newUserWord(userId: string, vocabId: string, now: number): UserWord {
  return {
    userId,
    vocabId,
    status: 'new',
    attempts: 0,
    correct: 0,
    streak: 0,
    strength: 0,
    updatedAt: now,
  };
}

/** Records one answer: counters, streak, strength, status and the next review time. */
export function answer(word: UserWord, correct: boolean, now: number): UserWord {
  const streak = correct ? word.streak + 1 : 0;
  const strength = correct
    ? roundStrength(
        word.strength +
          STRENGTH_GAIN_BASE +
          STRENGTH_GAIN_PER_STREAK * Math.min(streak, STRENGTH_GAIN_STREAK_CAP),
      )
    : roundStrength(word.strength - STRENGTH_LOSS);
  return {
    ...word,
    attempts: word.attempts + 1,
    correct: word.correct + (correct ? 1 : 0),
    streak,
    strength,
    status: statusFor(streak, strength),
    lastSeenAt: now,
    nextReviewAt: now + reviewIntervalDays(streak) * DAY_MS,
    updatedAt: now,
  };
}

/** The learned toggle: strength 1, streak 5, at least 3 correct answers, next review in 60 days. */
export function markLearned(word: UserWord, now: number): UserWord {
  const correct = Math.max(word.correct, MANUAL_LEARNED_MIN_CORRECT);
  return {
    ...word,
    status: 'learned',
    strength: MANUAL_LEARNED_STRENGTH,
    streak: MANUAL_LEARNED_STREAK,
    correct,
    // Keep attempts >= correct so accuracy never exceeds 100 %.
    attempts: Math.max(word.attempts, correct),
    nextReviewAt: now + MANUAL_LEARNED_REVIEW_DAYS * DAY_MS,
    updatedAt: now,
  };
}

/** Undoes the learned toggle: status new, strength 0, streak 0; the word is due again. */
export function unmarkLearned(word: UserWord, now: number): UserWord {
  return {
    ...word,
    status: 'new',
    strength: 0,
    streak: 0,
    nextReviewAt: now,
    updatedAt: now,
  };
}

/** Sends a word back to study: status learning, streak 0, strength - 0.3 (floor 0), due now. */
export function relearn(word: UserWord, now: number): UserWord {
  return {
    ...word,
    status: 'learning',
    streak: 0,
    strength: roundStrength(word.strength - RELEARN_STRENGTH_LOSS),
    nextReviewAt: now,
    updatedAt: now,
  };
}

/** A skipped question only marks the word as seen. */
export function skip(word: UserWord, now: number): UserWord {
  return { ...word, lastSeenAt: now, updatedAt: now };
}

/** Due: not hidden (nor deleted), and the next review is missing or not in the future. */
export function isDue(word: UserWord, now: number): boolean {
  if (word.hidden || word.deleted) return false;
  return word.nextReviewAt === undefined || word.nextReviewAt <= now;
}
