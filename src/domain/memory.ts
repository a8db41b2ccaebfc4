/**
 * The learner's memory of a word as the fold derives it, and the rules that take it: one schedule
 * step per word per study day (a deliberate deviation from SPEC §4, see docs/learning.md), the
 * study day in the learner's home time zone from the hour it begins, and the schedule chosen. The FSRS model itself lives in
 * fsrs.ts (with its library), which only the parts that fold stored histories load: the
 * start-up bundle never carries it.
 */
import {
  DAY_START_HOUR_DEFAULT,
  DAY_START_HOUR_MAX,
  DAY_START_HOUR_MIN,
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
   * The learner's study day of an instant (a whole number): the first answer of a day is a
   * schedule step, later ones that day are not. Missing: every answer is a step (SPEC §4 as
   * written; a guest's session, which nothing keeps).
   */
  dayOf?: (ms: number) => number;
  /** The instant the study day holding `ms` began (the days of `dayOf`; the charts' days). */
  dayStart?: (ms: number) => number;
  schedule?: ScheduleKind;
  /** FSRS's desired retention. */
  retention?: number;
  /** The FSRS model: keeps the memory state of every word (both schedules show recall from it). */
  memory?: MemoryModel;
}

/** The settings that say where a learner's study day begins. */
export interface StudyDaySettings {
  homeZone?: string;
  dayStartHour?: number;
}

/** The study day's first hour of a learner's settings (anything unusable gives the default). */
export function dayStartHourOf(settings: StudyDaySettings | undefined): number {
  const hour = settings?.dayStartHour;
  return typeof hour === 'number' &&
    Number.isInteger(hour) &&
    hour >= DAY_START_HOUR_MIN &&
    hour <= DAY_START_HOUR_MAX
    ? hour
    : DAY_START_HOUR_DEFAULT;
}

/** The study day of an instant under a learner's settings (home zone, first hour). */
export function studyDayOf(ms: number, settings: StudyDaySettings | undefined): number {
  return studyDayInZone(ms, settings?.homeZone, dayStartHourOf(settings));
}

/** The instant the learner's study day holding `ms` began. */
export function studyDayStart(ms: number, settings: StudyDaySettings | undefined): number {
  const zone = settings?.homeZone;
  const hour = dayStartHourOf(settings);
  const day = studyDayInZone(ms, zone, hour);
  // The day is one value per quarter hour and never falls as time goes on: the first quarter hour
  // of `day` is found by halving, within the last 27 hours (a day with a clock change is 25 h).
  let before = Math.floor(ms / QUARTER_MS) - 27 * 4;
  let within = Math.floor(ms / QUARTER_MS);
  while (within - before > 1) {
    const middle = Math.floor((before + within) / 2);
    if (studyDayInZone(middle * QUARTER_MS, zone, hour) >= day) within = middle;
    else before = middle;
  }
  return within * QUARTER_MS;
}

/** The last instant of the learner's study day holding `ms` (a word due by then is review). */
export function studyDayEnd(ms: number, settings: StudyDaySettings | undefined): number {
  const start = studyDayStart(ms, settings);
  // Days are 23 to 25 hours long: 26 hours on is inside the next one.
  return studyDayStart(start + 26 * 3_600_000, settings) - 1;
}

/** The rules of a learner's settings, with the memory model where the caller may load it. */
export function foldRulesFor(
  settings:
    | { homeZone?: string; dayStartHour?: number; schedule?: ScheduleKind; retention?: number }
    | undefined,
  memory?: MemoryModel,
): FoldRules {
  const day = { homeZone: settings?.homeZone, dayStartHour: settings?.dayStartHour };
  const rules: FoldRules = {
    dayOf: (ms) => studyDayOf(ms, day),
    dayStart: (ms) => studyDayStart(ms, day),
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
const QUARTER_MS = 900_000;
/** Per zone: its formatter, and the wall-clock day and hour of each quarter hour looked up. */
const dayCache = new Map<string, { format: Intl.DateTimeFormat; hours: Map<number, number> }>();

/**
 * The calendar day (days since 1970-01-01) of an instant in time zone `zone` (IANA name), so a
 * day does not jump when a ship changes time zone: it is the learner's home zone's day. An
 * unknown zone counts as UTC.
 */
export function dayInZone(ms: number, zone: string | undefined): number {
  return studyDayInZone(ms, zone, 0);
}

/**
 * The study day of an instant in time zone `zone`: its calendar day there, or the day before
 * when the wall clock there reads earlier than `startHour` (0..23). Sessions at 21:30 and at
 * 00:30 are one study day when it starts at 04:00.
 */
export function studyDayInZone(ms: number, zone: string | undefined, startHour: number): number {
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
        hour: '2-digit',
        hourCycle: 'h23',
      }),
      hours: new Map(),
    };
    dayCache.set(given, cached);
  }
  // Zones change their offset on whole quarter hours at most: one lookup per quarter hour, kept
  // as day * 24 + hour.
  const quarter = Math.floor(ms / QUARTER_MS);
  let wall = cached.hours.get(quarter);
  if (wall === undefined) {
    const parts = cached.format.formatToParts(new Date(quarter * QUARTER_MS));
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const day = Math.floor(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY);
    wall = day * 24 + (part('hour') % 24);
    if (cached.hours.size > 50_000) cached.hours.clear();
    cached.hours.set(quarter, wall);
  }
  const day = Math.floor(wall / 24);
  return wall % 24 < startHour ? day - 1 : day;
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
