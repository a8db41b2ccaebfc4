/**
 * The device's current time zone: the home time zone a learner gets once, at registration or at
 * the first start of this version (auth-store), and what settings offers to switch to. And the
 * bounds of today for the page's views of it, from the study days a page reckoned, kept across
 * starts (domain/study-days-known.ts).
 */
import { isKnownHomeZone } from '@/domain/learner-settings';
import type { StudyDaySettings } from '@/domain/memory';
import {
  knownStudyDays,
  onStudyDayRemembered,
  restoreStudyDays,
  studyDayBounds,
} from '@/domain/study-days-known';

/** The localStorage key of the study days known. */
export const STUDY_DAYS_KEY = 'marine.studyDays';

/** How long after a start answered from a kept day the day after it is reckoned, if unknown. */
const NEXT_DAY_AFTER_MS = 5_000;

/** The device's IANA time zone, or undefined when the runtime names none it can use. */
export function deviceTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isKnownHomeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** The days after a kept one queued to be reckoned. */
const nextQueued = new Set<string>();

/** The settings' day, in the device's zone without a home zone (a guest, an unsettled account). */
function todayOf(now: number, settings: StudyDaySettings | undefined) {
  const day = {
    homeZone: settings?.homeZone ?? deviceTimeZone(),
    dayStartHour: settings?.dayStartHour,
  };
  const bounds = studyDayBounds(now, day);
  // Answered from a kept day whose next one is not known: reckoned later, off the start's path.
  const next = `${day.homeZone}|${day.dayStartHour}|${bounds.end + 1}`;
  if (!bounds.next && keeping && !nextQueued.has(next)) {
    nextQueued.add(next);
    setTimeout(() => studyDayBounds(bounds.end + 1, day), NEXT_DAY_AFTER_MS);
  }
  return bounds;
}

/**
 * The last instant of the study day at `now` under a learner's settings: a word due by then is a
 * review word (home's due count, a session's review words).
 */
export function studyDayEndFor(now: number, settings: StudyDaySettings | undefined): number {
  return todayOf(now, settings).end;
}

/** The first instant of the study day at `now` (the words practised today counted from it). */
export function studyDayStartFor(now: number, settings: StudyDaySettings | undefined): number {
  return todayOf(now, settings).start;
}

let keeping = false;

/**
 * Takes back the study days an earlier start reckoned, and keeps each one reckoned from now on,
 * so the start's first due count needs no time format within a day it knows. The days are kept
 * with the browser that reckoned them: a browser updated since (its zone rules with it) reckons
 * anew. Called once, at the start (app.tsx); storage that cannot be read or written only costs the
 * format.
 */
export function keepStudyDaysAcrossStarts(): void {
  if (keeping) return;
  keeping = true;
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  try {
    const kept = JSON.parse(localStorage.getItem(STUDY_DAYS_KEY) ?? 'null') as {
      agent?: unknown;
      days?: unknown;
    } | null;
    restoreStudyDays(kept?.agent === agent ? kept.days : null);
  } catch {
    restoreStudyDays(null);
  }
  // Written after the render that reckoned the day, once for the days it added.
  let queued = false;
  onStudyDayRemembered(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      try {
        localStorage.setItem(STUDY_DAYS_KEY, JSON.stringify({ agent, days: knownStudyDays() }));
      } catch {
        // Full or blocked: the next start reckons its day with the format.
      }
    });
  });
}
