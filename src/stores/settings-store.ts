/**
 * Interface preferences: theme and language live in local storage (so they apply before sign-in
 * and offline); the daily goal belongs to the signed-in user. Signed in, each change is also
 * saved to the user's settings.
 */
import { create } from 'zustand';
import { DAILY_GOAL_DEFAULT, DEFAULT_UI_LANG } from '@/domain/constants';
import type { Theme, UiLang } from '@/domain/types';
import { useAuthStore } from './auth-store';

export const THEME_KEY = 'marine.theme';
export const LANG_KEY = 'marine.lang';

const THEMES: readonly Theme[] = ['light', 'dark', 'system'];
const LANGS: readonly UiLang[] = ['ru', 'en'];

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
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  theme: read(THEME_KEY, THEMES, 'light'),
  lang: read(LANG_KEY, LANGS, DEFAULT_UI_LANG),

  async setTheme(theme) {
    write(THEME_KEY, theme);
    set({ theme });
    await useAuthStore.getState().updateSettings({ theme });
  },

  async setLang(lang) {
    write(LANG_KEY, lang);
    set({ lang });
    await useAuthStore.getState().updateSettings({ uiLang: lang });
  },

  async setDailyGoal(dailyGoal) {
    await useAuthStore.getState().updateSettings({ dailyGoal });
  },
}));

/** The daily goal of the signed-in user (a guest sees the default). */
export const useDailyGoal = () =>
  useAuthStore((s) => s.user?.settings.dailyGoal ?? DAILY_GOAL_DEFAULT);

// A user who signs in brings their saved theme and language.
useAuthStore.subscribe((state, previous) => {
  const user = state.user;
  if (!user || user.id === previous.user?.id) return;
  const { theme, uiLang } = user.settings;
  if (THEMES.includes(theme)) {
    write(THEME_KEY, theme);
    useSettingsStore.setState({ theme });
  }
  if (LANGS.includes(uiLang)) {
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
