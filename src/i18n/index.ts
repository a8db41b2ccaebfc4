/**
 * Interface texts in the interface languages of settings-schema.ts (Russian, the default, and
 * English). English is complete and is the fallback for a key another language lacks. Texts may
 * hold `{name}` placeholders; plurals use Intl.PluralRules.
 */
import { createContext, createElement, type ReactNode, useCallback, useContext } from 'react';
import { DEFAULT_UI_LANG, UI_LANGS, type UiLang } from '@/domain/settings-schema';
import type { MessageSet, Messages } from './define';
import type { account } from './messages/account';
import type { admin } from './messages/admin';
import { auth } from './messages/auth';
import { common } from './messages/common';
import type { drills } from './messages/drills';
import type { exam } from './messages/exam';
import type { fleet } from './messages/fleet';
import { home } from './messages/home';
import type { library } from './messages/library';
import type { onboarding } from './messages/onboarding';
import type { quiz } from './messages/quiz';

/** The texts of the shell, the sign-in screens and home: part of the start-up bundle. */
const startSets = [common, auth, home] as const;

/**
 * The texts of the other screens, each loaded with its screens (`loadTexts`, called by their
 * routes before they render), so the start-up bundle does not carry them.
 */
type ScreenSets =
  | typeof account
  | typeof admin
  | typeof drills
  | typeof exam
  | typeof fleet
  | typeof library
  | typeof onboarding
  | typeof quiz;

type KeysOf<S> = S extends MessageSet<infer E> ? keyof E & string : never;
export type MessageKey = KeysOf<(typeof startSets)[number] | ScreenSets>;
export type Params = Readonly<Record<string, string | number>>;

function merge(lang: UiLang): Record<string, string> {
  return Object.assign({}, ...startSets.map((set) => set[lang]));
}

const dictionaries = Object.fromEntries(UI_LANGS.map((lang) => [lang, merge(lang)])) as Readonly<
  Record<UiLang, Record<string, string>>
>;

const TEXT_LOADERS = {
  account: () => import('./messages/account').then((m) => m.account),
  admin: () => import('./messages/admin').then((m) => m.admin),
  drills: () => import('./messages/drills').then((m) => m.drills),
  exam: () => import('./messages/exam').then((m) => m.exam),
  fleet: () => import('./messages/fleet').then((m) => m.fleet),
  library: () => import('./messages/library').then((m) => m.library),
  onboarding: () => import('./messages/onboarding').then((m) => m.onboarding),
  quiz: () => import('./messages/quiz').then((m) => m.quiz),
} as const;

export type TextSet = keyof typeof TEXT_LOADERS;

/** Adds a screen's texts to the dictionaries (every language). */
export function addTexts(set: MessageSet<Messages>): void {
  for (const lang of UI_LANGS) Object.assign(dictionaries[lang], set[lang]);
}

const loaded = new Map<TextSet, Promise<void>>();

/** Loads the texts of screens (once); their routes await it before rendering. */
export function loadTexts(...names: TextSet[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let done = loaded.get(name);
      if (!done) {
        done = TEXT_LOADERS[name]().then(addTexts);
        // A failed load (an update removed the chunk) may be retried by the next navigation.
        done.catch(() => loaded.delete(name));
        loaded.set(name, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

function interpolate(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The text of `key` in `lang`, falling back to English, then to the key itself. */
export function translate(lang: UiLang, key: MessageKey, params?: Params): string {
  const text = dictionaries[lang][key] ?? dictionaries.en[key] ?? key;
  return interpolate(text, params);
}

/** Whether a key exists in a language's own dictionary (no fallback); for tests. */
export function hasOwnText(lang: UiLang, key: MessageKey): boolean {
  return key in dictionaries[lang];
}

export function allKeys(): MessageKey[] {
  return Object.keys(dictionaries.en) as MessageKey[];
}

const pluralRulesByLang = new Map<UiLang, Intl.PluralRules>();

/** One Intl.PluralRules per language: building one costs far more than a selection. */
function pluralRules(lang: UiLang): Intl.PluralRules {
  let rules = pluralRulesByLang.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRulesByLang.set(lang, rules);
  }
  return rules;
}

/**
 * Picks a plural form with Intl.PluralRules: Russian needs one (1, 21), few (2-4, 22-24) and
 * many (5-20, 25-30); English one and other. `{count}` in the form is replaced.
 */
export function plural(
  lang: UiLang,
  count: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
): string {
  const rule = pluralRules(lang).select(count);
  return interpolate(forms[rule] ?? forms.other, { count });
}

export type Translate = (key: MessageKey, params?: Params) => string;

const LangContext = createContext<UiLang>(DEFAULT_UI_LANG);

export function I18nProvider({ lang, children }: { lang: UiLang; children: ReactNode }) {
  return createElement(LangContext.Provider, { value: lang }, children);
}

export function useLang(): UiLang {
  return useContext(LangContext);
}

/** `t(key, params)` in the current language. */
export function useT(): Translate {
  const lang = useLang();
  return useCallback((key: MessageKey, params?: Params) => translate(lang, key, params), [lang]);
}

/**
 * `t(key, params)` over a message set that a lazily loaded screen carries itself (so its texts stay
 * out of the start-up bundle), in the current language with the same English fallback.
 */
export function useLocalT<E extends Messages>(
  set: MessageSet<E>,
): (key: keyof E & string, params?: Params) => string {
  const lang = useLang();
  return useCallback(
    (key: keyof E & string, params?: Params) =>
      interpolate(set[lang][key] ?? set.en[key] ?? key, params),
    [lang, set],
  );
}
