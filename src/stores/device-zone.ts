/**
 * The device's current time zone: the home time zone a learner gets once, at registration or at
 * the first start of this version (auth-store), and what settings offers to switch to. And the
 * study days a page reckoned, kept across starts (domain/study-days-known.ts).
 */
import { isKnownHomeZone } from '@/domain/learner-settings';
import { type StudyDaySettings, studyDayEnd } from '@/domain/memory';
import { knownStudyDays, onStudyDayRemembered, restoreStudyDays } from '@/domain/study-days-known';

/** The localStorage key of the study days known. */
export const STUDY_DAYS_KEY = 'marine.studyDays';

/** The device's IANA time zone, or undefined when the runtime names none it can use. */
export function deviceTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isKnownHomeZone(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The last instant of the study day at `now` under a learner's settings: a word due by then is a
 * review word. Without a home zone (a guest, an account whose zone is not settled) the device's.
 */
export function studyDayEndFor(now: number, settings: StudyDaySettings | undefined): number {
  return studyDayEnd(now, {
    homeZone: settings?.homeZone ?? deviceTimeZone(),
    dayStartHour: settings?.dayStartHour,
  });
}

let keeping = false;

/**
 * Takes back the study days an earlier start reckoned, and keeps each one reckoned from now on,
 * so the start's first due count needs no time format within a day it knows. Called once, at the
 * start (app.tsx); storage that cannot be read or written only costs the format.
 */
export function keepStudyDaysAcrossStarts(): void {
  if (keeping) return;
  keeping = true;
  try {
    restoreStudyDays(JSON.parse(localStorage.getItem(STUDY_DAYS_KEY) ?? 'null'));
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
        localStorage.setItem(STUDY_DAYS_KEY, JSON.stringify(knownStudyDays()));
      } catch {
        // Full or blocked: the next start reckons its day with the format.
      }
    });
  });
}
