import { describe, expect, it } from 'vitest';
import * as C from '@/domain/constants';
import { newId } from '@/domain/ids';
import * as S from '@/domain/settings-schema';

describe('newId', () => {
  it('is 21 URL-safe characters and unique', () => {
    const ids = Array.from({ length: 1000 }, newId);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(new Set(ids).size).toBe(1000);
  });
});

describe('constants of SPEC §9', () => {
  it('start-up, toasts, storage and ids', () => {
    expect(C.SPLASH_MS).toBe(3000);
    expect(C.TOAST_MS).toBe(3500);
    expect(C.DB_NAME).toBe('MarineDB');
    // Version 6 (a deliberate deviation) adds the meta store of the installed vocabulary.
    expect(C.DB_VERSION).toBe(8);
    expect(C.RANDOM_ID_LENGTH).toBe(21);
  });

  it('sync triggers and verification timings', () => {
    expect(C.SYNC_DEBOUNCE_MS).toBe(1500);
    expect(C.SYNC_INTERVAL_MS).toBe(60_000);
    expect(C.SYNC_FOCUS_ONLINE_DEBOUNCE_MS).toBe(200);
    expect(C.SYNC_START_DELAY_MS).toBe(100);
    expect(C.VERIFY_RESEND_COOLDOWN_MS).toBe(60_000);
    expect(C.VERIFY_RATE_LIMITED_LOCKOUT_MS).toBe(120_000);
    expect(C.VERIFY_FAILURE_LOCKOUT_MS).toBe(10_000);
    expect(C.VERIFY_POLL_INTERVAL_MS).toBe(5000);
    expect(C.VERIFY_POLL_MAX_TRIES).toBe(12);
  });

  it('learning rules', () => {
    expect(C.REVIEW_INTERVALS_DAYS).toEqual([1, 3, 7, 14, 30, 60, 90]);
    expect([C.STRENGTH_GAIN_BASE, C.STRENGTH_GAIN_PER_STREAK, C.STRENGTH_GAIN_STREAK_CAP]).toEqual([
      0.15, 0.05, 5,
    ]);
    expect([C.STRENGTH_LOSS, C.RELEARN_STRENGTH_LOSS]).toEqual([0.2, 0.3]);
    expect([C.LEARNED_MIN_STREAK, C.LEARNED_MIN_STRENGTH, C.REVIEW_STRENGTH_THRESHOLD]).toEqual([
      1, 0.2, 0.5,
    ]);
    expect([
      C.MANUAL_LEARNED_STRENGTH,
      C.MANUAL_LEARNED_STREAK,
      C.MANUAL_LEARNED_MIN_CORRECT,
      C.MANUAL_LEARNED_REVIEW_DAYS,
    ]).toEqual([1, 5, 3, 60]);
    expect([C.MIXED_REVIEW_SHARE, C.MIXED_NEW_SHARE]).toEqual([0.7, 0.3]);
  });

  it('sizes, goals, quizzes', () => {
    expect([
      C.SESSION_SIZE_MIN,
      C.SESSION_SIZE_MAX,
      C.SESSION_SIZE_STEP,
      C.SESSION_SIZE_DEFAULT,
    ]).toEqual([5, 20, 5, 10]);
    expect(S.DAILY_GOAL_DEFAULT).toBe(10);
    expect([S.PROFILE_DAILY_GOAL_MIN, S.PROFILE_DAILY_GOAL_MAX]).toEqual([5, 200]);
    expect([C.REGISTRATION_DAILY_GOAL_MIN, C.REGISTRATION_DAILY_GOAL_MAX]).toEqual([5, 100]);
    expect(S.SETTINGS_DAILY_GOAL_OPTIONS).toEqual([5, 10, 15, 20]);
    expect([C.CHOICE_OPTION_COUNT, C.CHOICE_ADVANCE_MS]).toEqual([4, 1500]);
    expect([C.SPELLING_MAX_MISTAKES, C.SPELLING_FLASH_MS]).toEqual([3, 400]);
    expect([
      C.SPELLING_ADVANCE_CORRECT_MS,
      C.SPELLING_ADVANCE_FAILED_MS,
      C.SPELLING_ADVANCE_SKIPPED_MS,
    ]).toEqual([1000, 1400, 1200]);
    expect(C.RANK_UNIT_LABEL).toBe('MAST');
  });

  it('divisions, languages and authentication', () => {
    expect(C.BUILTIN_DIVISIONS).toEqual(['deck', 'engine', 'bridge', 'galley']);
    // The specification's two languages; a further row of the table is a language added later.
    expect(S.UI_LANGS.slice(0, 2)).toEqual(['ru', 'en']);
    expect(S.DEFAULT_UI_LANG).toBe('ru');
    expect(C.TOKEN_REFRESH_MARGIN_MS).toBe(300_000);
    expect(C.TOKEN_EXPIRY_SLACK_MS).toBe(30_000);
    expect([C.SYNC_BACKOFF_INITIAL_MS, C.SYNC_BACKOFF_MAX_MS]).toEqual([30_000, 960_000]);
    expect(C.DEFAULT_MIN_PASSWORD_LENGTH).toBe(6);
  });
});
