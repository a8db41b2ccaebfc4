// @vitest-environment happy-dom
/**
 * Study days kept across starts (domain/study-days-known.ts, stores/device-zone.ts): a start
 * within a day an earlier start reckoned answers home's due count without a time format, and
 * every answer is the one the format gives.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countTimeFormats } from '../support/time-formats';

type Memory = typeof import('@/domain/memory');
type Known = typeof import('@/domain/study-days-known');
type DeviceZone = typeof import('@/stores/device-zone');

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 2, 29, 9, 30); // London and Berlin moved their clocks that night

/** A page's modules as a new start has them: no format made, no day known. */
async function freshStart(): Promise<{ memory: Memory; known: Known; zone: DeviceZone }> {
  vi.resetModules();
  const [memory, known, zone] = await Promise.all([
    import('@/domain/memory'),
    import('@/domain/study-days-known'),
    import('@/stores/device-zone'),
  ]);
  return { memory, known, zone };
}

let formats: ReturnType<typeof countTimeFormats> | undefined;

/** Counts the time formats made from here on. */
function countFormats(): { made: () => number } {
  formats = countTimeFormats();
  return formats;
}

afterEach(() => {
  formats?.restore();
  formats = undefined;
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('a study day known from an earlier start', () => {
  it('answers the start and the end of today and tomorrow without a time format', async () => {
    const settings = { homeZone: 'Europe/Moscow', dayStartHour: 5 };
    const earlier = await freshStart();
    const end = earlier.memory.studyDayEnd(NOW, settings);
    const kept = JSON.parse(JSON.stringify(earlier.known.knownStudyDays()));
    const tomorrow = NOW + DAY;
    const expected = {
      end,
      start: earlier.memory.studyDayStart(NOW, settings),
      tomorrowStart: earlier.memory.studyDayStart(tomorrow, settings),
      tomorrowEnd: earlier.memory.studyDayEnd(tomorrow, settings),
    };

    const later = await freshStart();
    later.known.restoreStudyDays(kept);
    const formats = countFormats();
    expect({
      end: later.memory.studyDayEnd(NOW, settings),
      start: later.memory.studyDayStart(NOW, settings),
      tomorrowStart: later.memory.studyDayStart(tomorrow, settings),
      tomorrowEnd: later.memory.studyDayEnd(tomorrow, settings),
    }).toEqual(expected);
    expect(formats.made()).toBe(0);

    // A week on, no day is known: the format reckons it, and gives what the earlier start's does.
    const weekOn = NOW + 7 * DAY;
    expect(later.memory.studyDayEnd(weekOn, settings)).toBe(
      earlier.memory.studyDayEnd(weekOn, settings),
    );
    expect(formats.made()).toBeGreaterThan(0);
  });

  it('is what the format reckons, in zones with clock changes and half hours', async () => {
    const zones = [
      'Europe/London',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'UTC',
      'Not/AZone',
    ];
    const { memory, known } = await freshStart();
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
        (homeZone, dayStartHour, at) => {
          const settings = { homeZone, dayStartHour };
          const end = memory.studyDayEnd(at, settings);
          const today = known.knownStudyDay(homeZone, dayStartHour, at);
          expect(today?.end).toBe(end);
          // Checked at its bounds with the format's own day (always the format's: a fold's days).
          for (const day of known.knownStudyDays().filter((d) => d.zone === homeZone)) {
            const dayOf = (ms: number) => memory.studyDayInZone(ms, homeZone, day.hour);
            expect(dayOf(day.start)).toBe(dayOf(day.end));
            expect(dayOf(day.start - 1)).toBe(dayOf(day.start) - 1);
            expect(dayOf(day.end + 1)).toBe(dayOf(day.end) + 1);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps four days a zone and hour, the newest, and takes back only plausible ones', async () => {
    const { known } = await freshStart();
    const day = (n: number, zone = 'UTC') => ({
      zone,
      hour: 4,
      start: n * DAY + 4 * HOUR,
      end: (n + 1) * DAY + 4 * HOUR - 1,
    });
    for (let n = 100; n < 106; n++) known.rememberStudyDay(day(n));
    known.rememberStudyDay(day(100, 'Europe/Moscow'));
    expect(known.knownStudyDays()).toEqual([
      day(102),
      day(103),
      day(104),
      day(105),
      day(100, 'Europe/Moscow'),
    ]);

    known.restoreStudyDays([
      day(7),
      { ...day(8), end: day(8).start + 30 * HOUR }, // no day is 30 hours long
      { ...day(9), hour: 24 },
      { ...day(10), start: String(day(10).start) },
      { ...day(11), zone: undefined },
      null,
      'day',
    ]);
    expect(known.knownStudyDays()).toEqual([day(7)]);
    known.restoreStudyDays({ days: [day(7)] });
    expect(known.knownStudyDays()).toEqual([]);
  });
});

describe('the days kept on the device', () => {
  it('are stored when reckoned and taken back by the next start', async () => {
    const settings = { homeZone: 'America/New_York', dayStartHour: 4 };
    const earlier = await freshStart();
    earlier.zone.keepStudyDaysAcrossStarts();
    const end = earlier.zone.studyDayEndFor(NOW, settings);
    await Promise.resolve();
    const stored = JSON.parse(localStorage.getItem(earlier.zone.STUDY_DAYS_KEY) ?? '[]');
    expect(stored).toHaveLength(2);

    const later = await freshStart();
    later.zone.keepStudyDaysAcrossStarts();
    const formats = countFormats();
    expect(later.zone.studyDayEndFor(NOW, settings)).toBe(end);
    expect(formats.made()).toBe(0);
  });

  it('cost only the format when the storage holds garbage or refuses to write', async () => {
    localStorage.setItem('marine.studyDays', '{not json');
    const { zone, known } = await freshStart();
    zone.keepStudyDaysAcrossStarts();
    expect(known.knownStudyDays()).toEqual([]);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const end = zone.studyDayEndFor(NOW, { homeZone: 'UTC', dayStartHour: 0 });
    await Promise.resolve();
    expect(end).toBe(Date.UTC(2026, 2, 30) - 1);
  });
});
