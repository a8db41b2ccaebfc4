/**
 * Interface preferences: theme and language live in local storage (so they apply before sign-in
 * and offline); the daily goal and the schedule settings (schedule, retention, home time zone,
 * the hour the study day begins)
 * belong to the signed-in user. Signed in, each change is also saved to the user's settings; a
 * change of the schedule settings then refolds the user's words under them.
 */
import { create } from 'zustand';
import { foldSettingsDiffer, isDayStartHour, isKnownHomeZone } from '@/domain/learner-settings';
import { clampRetention } from '@/domain/memory';
import {
  DAILY_GOAL_DEFAULT,
  DEFAULT_THEME,
  DEFAULT_UI_LANG,
  isTheme,
  isUiLang,
  type ScheduleKind,
  THEMES,
  type Theme,
  UI_LANGS,
  type UiLang,
} from '@/domain/settings-schema';
import type { UserSettings } from '@/domain/types';
import { loadLanguage } from '@/i18n';
import { useAuthStore } from './auth-store';
import { refoldFollows, useWordsStore } from './words-store';

export const THEME_KEY = 'marine.theme';
export const LANG_KEY = 'marine.lang';

function read<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const value = localStorage.getItem(key);
    return allowed.includes(value as T) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the preference still applies for this visit.
  }
}

interface SettingsState {
  theme: Theme;
  lang: UiLang;
  setTheme(theme: Theme): Promise<void>;
  setLang(lang: UiLang): Promise<void>;
  setDailyGoal(goal: number): Promise<void>;
  /**
   * The schedule settings: each resolves once saved and the words are refolded, to the number of
   * words refolded (null when nothing changed, or for a guest, whose change is not saved).
   */
  setSchedule(schedule: ScheduleKind): Promise<number | null>;
  /** FSRS's desired retention (kept within its bounds). */
  setRetention(retention: number): Promise<number | null>;
  /** The learner's home time zone (settings offers the device's current one). */
  setHomeZone(zone: string): Promise<number | null>;
  /** The hour (0..23, home zone) the learner's study day begins. */
  setDayStartHour(hour: number): Promise<number | null>;
  /**
   * Saves settings of the signed-in user (an import's, say); when they fold the history
   * differently, the words are refolded before it resolves (as above).
   */
  saveSettings(patch: Partial<UserSettings>): Promise<number | null>;
}

/** The save in progress: saves run one after another, so each sees the settings before it. */
let saving: Promise<unknown> = Promise.resolve();

function saveSettings(patch: Partial<UserSettings>): Promise<number | null> {
  // Two quick changes (arrow keys through the retentions, a choice taken back at once) must not
  // both compare with the same settings: the second would miss the refold the first began.
  const run = saving.then(async () => {
    const auth = useAuthStore.getState();
    const before = auth.user?.settings;
    const refoldIfChanged = () =>
      foldSettingsDiffer(before, useAuthStore.getState().user?.settings)
        ? useWordsStore.getState().refold()
        : null;
    // The refold below patches the words; the change itself reloads none (refoldFollows). If
    // the save fails after the settings were taken, the words still follow them.
    const user = await refoldFollows(() => auth.updateSettings(patch)).catch(async (error) => {
      await refoldIfChanged();
      throw error;
    });
    if (!user) return null;
    return refoldIfChanged();
  });
  saving = run.catch(() => undefined);
  return run;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  theme: read(THEME_KEY, THEMES, DEFAULT_THEME),
  lang: read(LANG_KEY, UI_LANGS, DEFAULT_UI_LANG),

  async setTheme(theme) {
    write(THEME_KEY, theme);
    set({ theme });
    await useAuthStore.getState().updateSettings({ theme });
  },

  async setLang(lang) {
    // A language beyond Russian and English brings its texts first: the switch is one render.
    await loadLanguage(lang);
    write(LANG_KEY, lang);
    set({ lang });
    await useAuthStore.getState().updateSettings({ uiLang: lang });
  },

  async setDailyGoal(dailyGoal) {
    await useAuthStore.getState().updateSettings({ dailyGoal });
  },

  setSchedule: (schedule) => saveSettings({ schedule }),
  setRetention: (retention) => saveSettings({ retention: clampRetention(retention) }),
  async setHomeZone(homeZone) {
    if (!isKnownHomeZone(homeZone)) throw new RangeError(`Not a time zone: ${homeZone}`);
    return saveSettings({ homeZone });
  },
  async setDayStartHour(dayStartHour) {
    if (!isDayStartHour(dayStartHour)) throw new RangeError(`Not an hour: ${dayStartHour}`);
    return saveSettings({ dayStartHour });
  },
  saveSettings,
}));

/** The daily goal of the signed-in user (a guest sees the default). */
export const useDailyGoal = () =>
  useAuthStore((s) => s.user?.settings.dailyGoal ?? DAILY_GOAL_DEFAULT);

// A user who signs in brings their saved theme and language.
useAuthStore.subscribe((state, previous) => {
  const user = state.user;
  if (!user || user.id === previous.user?.id) return;
  const { theme, uiLang } = user.settings;
  if (isTheme(theme)) {
    write(THEME_KEY, theme);
    useSettingsStore.setState({ theme });
  }
  if (isUiLang(uiLang)) {
    write(LANG_KEY, uiLang);
    useSettingsStore.setState({ lang: uiLang });
  }
});

/** Applies a theme to the document: `data-theme` is light or dark; system follows the OS. */
export function applyTheme(theme: Theme): void {
  const dark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}
