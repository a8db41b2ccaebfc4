/**
 * Study days already reckoned: a day's first and last instant, per zone and first hour. The first
 * time format of a page costs the engine its date data (≈ 40–60 ms at 4× CPU throttling, on the
 * start's critical path: home's due count reckons the end of today). A page keeps the days it
 * reckoned (stores/device-zone.ts, in localStorage) and hands them back at the next start, so a
 * start within a day it knows needs no time format at all.
 *
 * Every day kept was reckoned by the format (memory.ts `studyDayStart`), so an answer from here is
 * the answer the format gives. Only `studyDayBounds` answers from here, and only the page's views
 * of today use it (home's due count and daily goal, a session's review words); the fold, the
 * progress figures and every record the app stores or syncs reckon their days with the format.
 * Nothing here reads a clock or a store: the page brings and takes them.
 */
import { dayStartHourOf, type StudyDaySettings, studyDayStart } from './memory';

/** One study day of a zone: `end` is its last instant (the next day begins at `end + 1`). */
export interface KnownStudyDay {
  /** The zone as the caller names it (an unknown name is reckoned as UTC, under its own name). */
  zone: string;
  /** The hour the day begins at (0..23). */
  hour: number;
  start: number;
  end: number;
}

/** Days per zone and hour kept: today and the next one, and a little slack. */
const KEPT = 4;
/** Days kept in all (zones and hours a device switched between). */
const KEPT_ALL = 16;
const HOUR_MS = 3_600_000;

let known: KnownStudyDay[] = [];
const listeners = new Set<() => void>();

/** The day of `zone` and `hour` holding `ms`, if one is known. */
function knownStudyDay(zone: string, hour: number, ms: number): KnownStudyDay | undefined {
  for (const day of known) {
    if (day.zone === zone && day.hour === hour && day.start <= ms && ms <= day.end) return day;
  }
  return undefined;
}

/**
 * The first and last instant of the study day holding `ms` under a learner's settings: a day
 * known, else reckoned by the format and kept, with the day after it (a start tomorrow needs no
 * format either). `next`: whether the day after this one is known too.
 */
export function studyDayBounds(
  ms: number,
  settings: StudyDaySettings | undefined,
): { start: number; end: number; next: boolean } {
  const zone = settings?.homeZone ?? 'UTC';
  const hour = dayStartHourOf(settings);
  const day = knownStudyDay(zone, hour, ms);
  if (day) {
    const next = knownStudyDay(zone, hour, day.end + 1) !== undefined;
    return { start: day.start, end: day.end, next };
  }
  const start = studyDayStart(ms, settings);
  // Days are 23 to 25 hours long: 26 hours on is inside the next one.
  const following = studyDayStart(start + 26 * HOUR_MS, settings);
  const after = studyDayStart(following + 26 * HOUR_MS, settings);
  rememberStudyDay({ zone, hour, start, end: following - 1 });
  rememberStudyDay({ zone, hour, start: following, end: after - 1 });
  return { start, end: following - 1, next: true };
}

/** Keeps a day reckoned by the format; the first kept of its zone and hour goes first. */
function rememberStudyDay(day: KnownStudyDay): void {
  if (knownStudyDay(day.zone, day.hour, day.start)) return;
  known = trimmed([...known, day]);
  for (const listener of listeners) listener();
}

/** The last KEPT of each zone and hour, and the last KEPT_ALL in all. */
function trimmed(days: readonly KnownStudyDay[]): KnownStudyDay[] {
  const kept = days.filter(
    (day, index) =>
      days.slice(index + 1).filter((d) => d.zone === day.zone && d.hour === day.hour).length < KEPT,
  );
  return kept.slice(-KEPT_ALL);
}

/** The days known, to keep across starts. */
export function knownStudyDays(): readonly KnownStudyDay[] {
  return known;
}

/** Calls `listener` whenever a day is added; returns the function that stops it. */
export function onStudyDayRemembered(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/**
 * Takes back days kept by an earlier start (anything that is not a plausible day is left out: a
 * day lasts 22 to 26 hours, a clock change included). Replaces what is known.
 */
export function restoreStudyDays(value: unknown): void {
  known = Array.isArray(value)
    ? trimmed(
        // At most what could have been kept: a planted list of any length costs nothing more.
        value
          .slice(-KEPT_ALL)
          .filter(isKnownStudyDay)
          .map(({ zone, hour, start, end }) => ({ zone, hour, start, end })),
      )
    : [];
}

function isKnownStudyDay(value: unknown): value is KnownStudyDay {
  if (typeof value !== 'object' || value === null) return false;
  const { zone, hour, start, end } = value as Record<string, unknown>;
  return (
    typeof zone === 'string' &&
    Number.isInteger(hour) &&
    (hour as number) >= 0 &&
    (hour as number) <= 23 &&
    Number.isSafeInteger(start) &&
    Number.isSafeInteger(end) &&
    (end as number) - (start as number) >= 22 * HOUR_MS - 1 &&
    (end as number) - (start as number) <= 26 * HOUR_MS - 1
  );
}
