/**
 * The learner's memory of a word as the fold derives it, and the rules that take it: one schedule
 * step per word per day (a deliberate deviation from SPEC §4, see docs/learning.md), the day in the
 * learner's home time zone, and the schedule the learner chose. The FSRS model itself lives in
 * fsrs.ts (with its library), which only the parts that fold stored histories load: the
 * start-up bundle never carries it.
 */
import {
  RETENTION_DEFAULT,
  RETENTION_MAX,
  RETENTION_MIN,
  type ScheduleKind,
} from './settings-schema';

/** The memory state of a word under FSRS (ts-fsrs's card, in epoch ms and plain numbers). */
export interface MemoryState {
  /** Stability: the days until recall falls to 90 %. */
  s: number;
  /** Difficulty, 1..10. */
  d: number;
  /** The card's FSRS state (0 new, 1 learning, 2 review, 3 relearning). */
  state: number;
  /** Reviews counted (first answers of a day) and the lapses among them. */
  reps: number;
  lapses: number;
  /** The last review and the next one FSRS asks for (epoch ms). */
  last: number;
  due: number;
}

/** What a schedule step needs of the FSRS model (fsrs.ts implements it). */
export interface MemoryModel {
  /** The state after one review (`correct`: Good, else Again) at `now`, aiming at `retention`. */
  review(
    state: MemoryState | undefined,
    correct: boolean,
    now: number,
    retention: number,
  ): MemoryState;
  /** The probability of recall at `now` (0..1). */
  recall(state: MemoryState, now: number): number;
}

/** Under FSRS a word counts as learned once its stability reaches this many days. */
export const FSRS_LEARNED_STABILITY_DAYS = 5;

/** A word failed on this many days is a leech (Anki's default threshold is 8 lapses). */
export const LEECH_LAPSES = 8;

/** How the fold schedules (see `applyEntry` in history.ts). */
export interface FoldRules {
  /**
   * The learner's day of an instant (a whole number): the first answer of a day is a schedule
   * step, later ones that day are not. Missing: every answer is a step (SPEC §4 as written; a
   * guest's session, which nothing keeps).
   */
  dayOf?: (ms: number) => number;
  schedule?: ScheduleKind;
  /** FSRS's desired retention. */
  retention?: number;
  /** The FSRS model: keeps the memory state of every word (both schedules show recall from it). */
  memory?: MemoryModel;
}

/** The rules of a learner's settings, with the memory model where the caller may load it. */
export function foldRulesFor(
  settings: { homeZone?: string; schedule?: ScheduleKind; retention?: number } | undefined,
  memory?: MemoryModel,
): FoldRules {
  const zone = settings?.homeZone;
  const rules: FoldRules = {
    dayOf: (ms) => dayInZone(ms, zone),
    schedule: settings?.schedule === 'fsrs' ? 'fsrs' : 'standard',
    retention: clampRetention(settings?.retention),
  };
  if (memory) rules.memory = memory;
  return rules;
}

/** A retention within bounds (anything else gives the default). */
export function clampRetention(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return RETENTION_DEFAULT;
  return Math.min(RETENTION_MAX, Math.max(RETENTION_MIN, Math.round(value * 100) / 100));
}

const DAY = 86_400_000;
const dayCache = new Map<string, { format: Intl.DateTimeFormat; hours: Map<number, number> }>();

/**
 * The calendar day (days since 1970-01-01) of an instant in time zone `zone` (IANA name), so a
 * day does not jump when a ship changes time zone: it is the learner's home zone's day. An
 * unknown zone counts as UTC.
 */
export function dayInZone(ms: number, zone: string | undefined): number {
  const given = zone ?? 'UTC';
  let cached = dayCache.get(given);
  if (!cached) {
    // The zone is checked once, when its cache entry is made (a check costs a formatter).
    const name = isTimeZone(given) ? given : 'UTC';
    cached = {
      format: new Intl.DateTimeFormat('en-CA', {
        timeZone: name,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }),
      hours: new Map(),
    };
    dayCache.set(given, cached);
  }
  // Zones change their offset on whole quarter hours at most: one lookup per quarter hour.
  const quarter = Math.floor(ms / 900_000);
  const known = cached.hours.get(quarter);
  if (known !== undefined) return known;
  const [y, m, d] = cached.format
    .format(new Date(quarter * 900_000))
    .split('-')
    .map(Number);
  const day = Math.floor(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY);
  if (cached.hours.size > 50_000) cached.hours.clear();
  cached.hours.set(quarter, day);
  return day;
}

/** Whether `zone` is a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
