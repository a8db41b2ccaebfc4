import { describe, expect, it } from 'vitest';
import {
  foldSettingsDiffer,
  foldSettingsOfProfile,
  isDayStartHour,
  isHomeZoneName,
  isKnownHomeZone,
  isRetention,
  settingsWithProfile,
} from '@/domain/learner-settings';
import type { UserSettings } from '@/domain/types';
import { importedUser } from '@/domain/validation';

const BASE: UserSettings = { dailyGoal: 10, uiLang: 'ru', theme: 'light' };

describe('the schedule settings', () => {
  it('take IANA zone names of at most 64 characters; known ones where a learner sets them', () => {
    for (const zone of ['Europe/Riga', 'America/Port-au-Prince', 'Etc/GMT+5', 'UTC']) {
      expect(isHomeZoneName(zone), zone).toBe(true);
      expect(isKnownHomeZone(zone), zone).toBe(true);
    }
    expect(isHomeZoneName('Mars/Olympus_Mons')).toBe(true);
    expect(isKnownHomeZone('Mars/Olympus_Mons')).toBe(false);
    for (const bad of ['', 'Europe/Riga; drop', `Europe/${'x'.repeat(58)}`, 3, null]) {
      expect(isHomeZoneName(bad), String(bad)).toBe(false);
    }
  });

  it('take a retention of 0.80..0.95 only', () => {
    expect([0.8, 0.85, 0.9, 0.95].every(isRetention)).toBe(true);
    expect([0.79, 0.96, Number.NaN, '0.9', undefined].some(isRetention)).toBe(false);
  });

  it('ask for a refold only when the fold changes (missing means standard and 0.90)', () => {
    expect(foldSettingsDiffer({}, { schedule: 'standard', retention: 0.9 })).toBe(false);
    expect(foldSettingsDiffer(undefined, {})).toBe(false);
    expect(foldSettingsDiffer({}, { schedule: 'fsrs' })).toBe(true);
    expect(foldSettingsDiffer({ retention: 0.9 }, { retention: 0.85 })).toBe(true);
    expect(foldSettingsDiffer({ homeZone: 'UTC' }, {})).toBe(true);
    expect(foldSettingsDiffer({ homeZone: 'UTC' }, { homeZone: 'Europe/Riga' })).toBe(true);
  });

  it('take a study day’s first hour of 0..23, whole; another hour asks for a refold', () => {
    expect([0, 4, 23].every(isDayStartHour)).toBe(true);
    expect([-1, 24, 4.5, '4', null].some(isDayStartHour)).toBe(false);
    expect(foldSettingsDiffer({}, { dayStartHour: 4 })).toBe(false);
    expect(foldSettingsDiffer({}, { dayStartHour: 0 })).toBe(true);
    expect(foldSettingsOfProfile({ dayStartHour: 6 })).toEqual({ dayStartHour: 6 });
    expect(foldSettingsOfProfile({ dayStartHour: 25 })).toEqual({});
    // An import takes it, checked like the profile: one bad hour refuses the file.
    expect(importedUser({ settings: { dayStartHour: 6 } })?.settings).toEqual({ dayStartHour: 6 });
    expect(importedUser({ settings: { dayStartHour: 24 } })).toBeNull();
  });

  it('come from a cloud profile with usable values only, a zone this runtime lacks included', () => {
    expect(
      foldSettingsOfProfile({ homeZone: 'Mars/Olympus_Mons', schedule: 'sm2', retention: 0.99 }),
    ).toEqual({ homeZone: 'Mars/Olympus_Mons' });
    expect(
      settingsWithProfile(BASE, {
        dailyGoal: 25,
        theme: 'pink',
        homeZone: 'Asia/Vladivostok',
        schedule: 'fsrs',
        retention: 0.85,
      }),
    ).toEqual({
      ...BASE,
      dailyGoal: 25,
      division: undefined,
      role: undefined,
      homeZone: 'Asia/Vladivostok',
      schedule: 'fsrs',
      retention: 0.85,
    });
  });
});
