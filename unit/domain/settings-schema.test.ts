/**
 * The allowed values of the synced settings (settings-schema.ts): what a list, a range and a
 * pattern take, and the interface languages' table that the i18n module, the settings list and
 * the profile's checks read.
 */
import { describe, expect, it } from 'vitest';
import { settingsWithProfile } from '@/domain/learner-settings';
import {
  DEFAULT_THEME,
  DEFAULT_UI_LANG,
  isAllowed,
  isTheme,
  isUiLang,
  localeOf,
  SETTING_VALUES,
  THEMES,
  UI_LANGS,
  UI_LANGUAGES,
} from '@/domain/settings-schema';
import type { UserSettings } from '@/domain/types';
import { importedUser } from '@/domain/validation';

describe('allowed values', () => {
  it('take a listed string only', () => {
    expect(isAllowed(SETTING_VALUES.schedule, 'fsrs')).toBe(true);
    expect(isAllowed(SETTING_VALUES.schedule, 'FSRS')).toBe(false);
    expect(isAllowed(SETTING_VALUES.theme, undefined)).toBe(false);
  });

  it('take a number within a range, its bounds included', () => {
    const { retention, dailyGoal } = SETTING_VALUES;
    expect([0.8, 0.95, 0.79, 0.96].map((value) => isAllowed(retention, value))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([5, 200, 4, 201, Number.NaN, '10'].map((value) => isAllowed(dailyGoal, value))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('take a string that matches a pattern', () => {
    expect(isAllowed(SETTING_VALUES.homeZone, 'America/Port-au-Prince')).toBe(true);
    expect(isAllowed(SETTING_VALUES.homeZone, 'Europe/Riga; drop')).toBe(false);
    expect(isAllowed(SETTING_VALUES.homeZone, 7)).toBe(false);
  });
});

describe('the interface languages', () => {
  it('are listed once, each with a locale this runtime formats in', () => {
    expect(UI_LANGS).toEqual(UI_LANGUAGES.map((language) => language.code));
    expect(new Set(UI_LANGS).size).toBe(UI_LANGS.length);
    expect(UI_LANGS).toContain(DEFAULT_UI_LANG);
    for (const { code, locale } of UI_LANGUAGES) {
      expect(localeOf(code)).toBe(locale);
      expect(Intl.DateTimeFormat.supportedLocalesOf([locale])).toEqual([locale]);
    }
    expect(THEMES).toContain(DEFAULT_THEME);
  });

  it('are what an import and a cloud profile may set, and nothing else', () => {
    const base: UserSettings = { dailyGoal: 10, uiLang: 'ru', theme: 'light' };
    for (const lang of UI_LANGS) {
      expect(isUiLang(lang)).toBe(true);
      expect(importedUser({ settings: { uiLang: lang } })?.settings.uiLang).toBe(lang);
      expect(settingsWithProfile(base, { uiLang: lang }).uiLang).toBe(lang);
    }
    for (const theme of THEMES) {
      expect(isTheme(theme)).toBe(true);
      expect(settingsWithProfile(base, { theme }).theme).toBe(theme);
    }
    expect(isUiLang('qaa')).toBe(false);
    expect(importedUser({ settings: { uiLang: 'qaa' } })).toBeNull();
    expect(settingsWithProfile(base, { uiLang: 'qaa', theme: 'pink' })).toMatchObject({
      uiLang: 'ru',
      theme: 'light',
    });
  });
});
