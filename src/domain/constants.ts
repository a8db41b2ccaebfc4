/** Every business constant of SPEC §9, named. Durations are milliseconds unless the name says otherwise. */
import type { BuiltinDivision } from './types';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
export const DAY_MS = 24 * 60 * MINUTE;

/** The app's version (package.json's; unit/domain/fleet.test.ts holds them equal): crew summaries carry it. */
export const APP_VERSION = '0.2.0';

// Start-up and feedback
export const SPLASH_MS = 3 * SECOND;
export const TOAST_MS = 3500;

// Storage
export const DB_NAME = 'MarineDB';
/**
 * Version 7 adds the answer history (and the dead letters and this device's clock) and drops
 * the sync queue: the history's unsent entries are what a push sends.
 */
export const DB_VERSION = 8;
export const RANDOM_ID_LENGTH = 21;

// Sync triggers
export const SYNC_DEBOUNCE_MS = 1500;
export const SYNC_INTERVAL_MS = 60 * SECOND;
export const SYNC_FOCUS_ONLINE_DEBOUNCE_MS = 200;
export const SYNC_START_DELAY_MS = 100;
/**
 * How often a sync reads the cloud profile for the schedule settings another device changed (they
 * decide how the history folds, so every device must schedule alike): at most every 15 minutes.
 */
export const PROFILE_READ_INTERVAL_MS = 15 * 60 * SECOND;

// E-mail verification
export const VERIFY_RESEND_COOLDOWN_MS = 60 * SECOND;
export const VERIFY_RATE_LIMITED_LOCKOUT_MS = 120 * SECOND;
export const VERIFY_FAILURE_LOCKOUT_MS = 10 * SECOND;
export const VERIFY_POLL_INTERVAL_MS = 5 * SECOND;
export const VERIFY_POLL_MAX_TRIES = 12;

// Spaced repetition
export const REVIEW_INTERVALS_DAYS = [1, 3, 7, 14, 30, 60, 90] as const;
export const STRENGTH_GAIN_BASE = 0.15;
export const STRENGTH_GAIN_PER_STREAK = 0.05;
export const STRENGTH_GAIN_STREAK_CAP = 5;
export const STRENGTH_LOSS = 0.2;
export const RELEARN_STRENGTH_LOSS = 0.3;
export const LEARNED_MIN_STREAK = 1;
export const LEARNED_MIN_STRENGTH = 0.2;
export const REVIEW_STRENGTH_THRESHOLD = 0.5;
export const MANUAL_LEARNED_STRENGTH = 1;
export const MANUAL_LEARNED_STREAK = 5;
export const MANUAL_LEARNED_MIN_CORRECT = 3;
export const MANUAL_LEARNED_REVIEW_DAYS = 60;

// Sessions
export const MIXED_REVIEW_SHARE = 0.7;
export const MIXED_NEW_SHARE = 0.3;
export const SESSION_SIZE_MIN = 5;
export const SESSION_SIZE_MAX = 20;
export const SESSION_SIZE_STEP = 5;
export const SESSION_SIZE_DEFAULT = 10;

// Daily goal at registration (the profile's bounds, default and options: settings-schema.ts)
export const REGISTRATION_DAILY_GOAL_MIN = 5;
export const REGISTRATION_DAILY_GOAL_MAX = 100;

// Quizzes
export const CHOICE_OPTION_COUNT = 4;
export const CHOICE_ADVANCE_MS = 1500;
export const SPELLING_MAX_MISTAKES = 3;
export const SPELLING_FLASH_MS = 400;
export const SPELLING_ADVANCE_CORRECT_MS = 1000;
export const SPELLING_ADVANCE_FAILED_MS = 1400;
export const SPELLING_ADVANCE_SKIPPED_MS = 1200;

// Ranks
export const RANK_UNIT_LABEL = 'MAST';

// Divisions (the interface languages: settings-schema.ts)
export const BUILTIN_DIVISIONS: readonly BuiltinDivision[] = ['deck', 'engine', 'bridge', 'galley'];
/** The specification offers deck, engine and bridge at registration; we deliberately offer all four. */
export const REGISTRATION_DIVISIONS: readonly BuiltinDivision[] = BUILTIN_DIVISIONS;
/**
 * The common core: words every seafarer needs (SMCP basics, safety, life-saving, first aid),
 * studied together with whichever division a learner chooses.
 */
export const COMMON_DIVISION = 'common';
/** The divisions the built-in vocabulary fills: the four of the specification and the common core. */
export const CATALOGUE_DIVISIONS: readonly string[] = [...BUILTIN_DIVISIONS, COMMON_DIVISION];
export const DEFAULT_DIVISION: BuiltinDivision = 'deck';
export const DEFAULT_TOPIC = 'General';
export const DEFAULT_WORD_TOPIC = 'custom';

// Authentication
export const TOKEN_REFRESH_MARGIN_MS = 5 * MINUTE;
export const TOKEN_EXPIRY_SLACK_MS = 30 * SECOND;
export const SYNC_BACKOFF_INITIAL_MS = 30 * SECOND;
export const SYNC_BACKOFF_MAX_MS = 16 * MINUTE;
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;
/** PBKDF2-SHA-256 iterations of new and re-hashed local passwords (OWASP, 2023 and later). */
export const PBKDF2_ITERATIONS = 600_000;
export const SYNC_BATCH_MAX_WRITES = 500;
/**
 * The most bytes one commit may carry: well under Firestore's 10 MiB request limit (a larger
 * request is refused whole, at every retry).
 */
export const COMMIT_MAX_BYTES = 8 * 1024 * 1024;
/** The most rows (lines, JSON rows or CSV records) one bulk import takes. */
export const BULK_IMPORT_MAX_ROWS = 5000;
/** History entries in one cloud batch document (≈ 100 bytes each: far below Firestore's 1 MiB). */
export const HISTORY_BATCH_MAX_ENTRIES = 500;
/** Every cloud request gives up after this long (Firestore Lite's fetch has no timeout of its own). */
export const REMOTE_CALL_TIMEOUT_MS = 30 * SECOND;
/** How long a manual sync waits for another tab's (or the service worker's) sync to finish. */
export const SYNC_LOCK_WAIT_MS = 60 * SECOND;
/** The Web Lock every sync runs under, in every tab and in the service worker: one sync at a time. */
export const SYNC_LOCK_NAME = 'marine-sync';
/** The one-shot Background Sync tag the page registers and the service worker answers. */
export const BACKGROUND_SYNC_TAG = 'marine-sync';

/**
 * The longest name of a division, role or topic, and the longest text of a word (either side, a
 * note, a reference): the bounds the cloud's rules hold every shared catalogue record to.
 */
export const CATALOGUE_NAME_MAX = 100;
export const CATALOGUE_TEXT_MAX = 500;
