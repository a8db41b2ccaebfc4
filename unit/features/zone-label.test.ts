import { describe, expect, it } from 'vitest';
import { zoneLabel } from '@/features/settings/zone-label';

const WINTER = Date.UTC(2026, 0, 15, 12);
const SUMMER = Date.UTC(2026, 6, 15, 12);

describe('a home time zone as a learner reads it', () => {
  it('is a name and the offset at that moment, in the interface language', () => {
    expect(zoneLabel('Europe/Moscow', 'en', WINTER)).toMatch(/^Moscow.* \(GMT\+3\)$/);
    expect(zoneLabel('Europe/Moscow', 'ru', WINTER)).toMatch(/^Москва.* \(GMT\+3\)$/);
    // Asked again, the same zone follows the clock: summer time in Berlin.
    expect(zoneLabel('Europe/Berlin', 'en', WINTER)).toMatch(/\(GMT\+1\)$/);
    expect(zoneLabel('Europe/Berlin', 'en', SUMMER)).toMatch(/\(GMT\+2\)$/);
  });

  it('is the offset alone for a zone with no name, and the IANA name for one the runtime lacks', () => {
    expect(zoneLabel('UTC', 'en', WINTER)).toMatch(/^GMT(\+0)?$/);
    expect(zoneLabel('Etc/GMT-5', 'en', WINTER)).toBe('GMT+5');
    expect(zoneLabel('Mars/Olympus_Mons', 'en', WINTER)).toBe('Mars/Olympus_Mons');
    expect(zoneLabel('Mars/Olympus_Mons', 'en', SUMMER)).toBe('Mars/Olympus_Mons');
  });
});
