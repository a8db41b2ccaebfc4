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
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

const plain = (kept: readonly unknown[]) => JSON.parse(JSON.stringify(kept));

describe('a study day known from an earlier start', () => {
  it('answers the bounds of today and tomorrow without a time format, as the format does', async () => {
    const settings = { homeZone: 'Europe/Moscow', dayStartHour: 5 };
    const earlier = await freshStart();
    earlier.known.studyDayBounds(NOW, settings);
    const kept = plain(earlier.known.knownStudyDays());
    const tomorrow = NOW + DAY;
    const format = (ms: number) => ({
      start: earlier.memory.studyDayStart(ms, settings),
      end: earlier.memory.studyDayEnd(ms, settings),
    });

    const later = await freshStart();
    later.known.restoreStudyDays(kept);
    const counted = countFormats();
    expect(later.known.studyDayBounds(NOW, settings)).toEqual({ ...format(NOW), next: true });
    expect(later.known.studyDayBounds(tomorrow, settings)).toEqual({
      ...format(tomorrow),
      next: false,
    });
    expect(counted.made()).toBe(0);

    // The fold's and the figures' days never come from a kept day: the format reckons them.
    later.memory.studyDayEnd(NOW, settings);
    expect(counted.made()).toBeGreaterThan(0);
    // A week on, no day is known: the format reckons it, and it is kept.
    const weekOn = NOW + 7 * DAY;
    expect(later.known.studyDayBounds(weekOn, settings)).toEqual({ ...format(weekOn), next: true });
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
          const { start, end } = known.studyDayBounds(at, settings);
          expect([start, end]).toEqual([
            memory.studyDayStart(at, settings),
            memory.studyDayEnd(at, settings),
          ]);
          for (const day of known.knownStudyDays()) {
            const its = { homeZone: day.zone, dayStartHour: day.hour };
            expect([day.start, day.end]).toEqual([
              memory.studyDayStart(day.start, its),
              memory.studyDayEnd(day.start, its),
            ]);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps four days a zone and hour and sixteen in all, the newest, and only plausible ones', async () => {
    const { known } = await freshStart();
    const day = (n: number, zone = 'UTC') => ({
      zone,
      hour: 4,
      start: n * DAY + 4 * HOUR,
      end: (n + 1) * DAY + 4 * HOUR - 1,
    });
    known.restoreStudyDays([100, 101, 102, 103, 104, 105].map((n) => day(n)));
    expect(known.knownStudyDays()).toEqual([day(102), day(103), day(104), day(105)]);
    const zones = Array.from({ length: 20 }, (_, i) => day(100, `Zone/${i}`));
    known.restoreStudyDays(zones);
    expect(known.knownStudyDays()).toEqual(zones.slice(4));

    known.restoreStudyDays([
      { ...day(7), note: 'kept as written' },
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
  const settings = { homeZone: 'America/New_York', dayStartHour: 4 };

  it('are stored when reckoned and taken back by the next start of the same browser', async () => {
    const earlier = await freshStart();
    earlier.zone.keepStudyDaysAcrossStarts();
    const end = earlier.zone.studyDayEndFor(NOW, settings);
    const start = earlier.zone.studyDayStartFor(NOW, settings);
    await Promise.resolve();
    const stored = JSON.parse(localStorage.getItem(earlier.zone.STUDY_DAYS_KEY) ?? '{}');
    expect(stored).toEqual({ agent: navigator.userAgent, days: expect.any(Array) });
    expect(stored.days).toHaveLength(2);

    const later = await freshStart();
    later.zone.keepStudyDaysAcrossStarts();
    const counted = countFormats();
    expect(later.zone.studyDayEndFor(NOW, settings)).toBe(end);
    expect(later.zone.studyDayStartFor(NOW + HOUR, settings)).toBe(start);
    expect(counted.made()).toBe(0);
  });

  it('are reckoned anew by a browser updated since (its zone rules with it)', async () => {
    const earlier = await freshStart();
    earlier.zone.keepStudyDaysAcrossStarts();
    earlier.zone.studyDayEndFor(NOW, settings);
    await Promise.resolve();
    const stored = JSON.parse(localStorage.getItem(earlier.zone.STUDY_DAYS_KEY) ?? '{}');
    localStorage.setItem(
      earlier.zone.STUDY_DAYS_KEY,
      JSON.stringify({ ...stored, agent: 'an older browser' }),
    );

    const later = await freshStart();
    later.zone.keepStudyDaysAcrossStarts();
    expect(later.known.knownStudyDays()).toEqual([]);
  });

  it('reckon the day after a kept one a while after the start, off its path', async () => {
    const earlier = await freshStart();
    earlier.known.studyDayBounds(NOW, settings);
    const today = earlier.known.knownStudyDays()[0];
    localStorage.setItem(
      earlier.zone.STUDY_DAYS_KEY,
      JSON.stringify({ agent: navigator.userAgent, days: [today] }),
    );

    const later = await freshStart();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    later.zone.keepStudyDaysAcrossStarts();
    const counted = countFormats();
    expect(later.zone.studyDayEndFor(NOW, settings)).toBe(today?.end);
    expect(counted.made()).toBe(0);
    expect(later.known.knownStudyDays()).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(later.known.knownStudyDays()).toHaveLength(3);
    expect(counted.made()).toBeGreaterThan(0);
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
