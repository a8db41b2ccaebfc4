/**
 * Study days already reckoned: a day's first and last instant, per zone and first hour. The first
 * time format of a page costs the engine its date data (≈ 40–60 ms at 4× CPU throttling, on the
 * start's critical path: home's due count reckons the end of today). A page keeps the days it
 * reckoned (stores/device-zone.ts, in localStorage) and hands them back at the next start, so a
 * start within a day it knows needs no time format at all.
 *
 * Every day kept was reckoned by the format itself (memory.ts), so an answer from here is the
 * answer the format gives. Only the bounds of today are answered from here (`studyDayStart`,
 * `studyDayEnd`): a fold's days (`studyDayInZone`) always come from the format, so no record
 * written from this kept data depends on it. Nothing here reads a clock or a store: the page
 * brings and takes them.
 */

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
const HOUR_MS = 3_600_000;

let known: KnownStudyDay[] = [];
const listeners = new Set<() => void>();

/** The day of `zone` and `hour` holding `ms`, if one is known. */
export function knownStudyDay(zone: string, hour: number, ms: number): KnownStudyDay | undefined {
  for (const day of known) {
    if (day.zone === zone && day.hour === hour && day.start <= ms && ms <= day.end) return day;
  }
  return undefined;
}

/** Keeps a day reckoned by the format (memory.ts); the first kept of its zone and hour goes first. */
export function rememberStudyDay(day: KnownStudyDay): void {
  if (knownStudyDay(day.zone, day.hour, day.start)) return;
  const same = known.filter((d) => d.zone === day.zone && d.hour === day.hour);
  const dropped = same.length >= KEPT ? same[0] : undefined;
  known = [...known.filter((d) => d !== dropped), day];
  for (const listener of listeners) listener();
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
  known = Array.isArray(value) ? value.filter(isKnownStudyDay) : [];
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
