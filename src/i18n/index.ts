/**
 * Interface texts in the interface languages of settings-schema.ts. Russian (the default) and
 * English stand side by side in the message files; English is complete and is the fallback for a
 * key another language lacks. Any other language's texts are one file, `languages/<code>.ts`,
 * loaded when the language is chosen (`loadLanguage`). Texts may hold `{name}` placeholders;
 * plurals use Intl.PluralRules.
 */
import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useSyncExternalStore,
} from 'react';
import { DEFAULT_UI_LANG, UI_LANGS, type UiLang } from '@/domain/settings-schema';
import {
  BUILT_IN_LANGS,
  type BuiltInLang,
  isBuiltInLang,
  type MessageSet,
  type Messages,
} from './define';
import type { LanguageTexts, MessageKey } from './keys';
import { LANGUAGE_FILES } from './language-files';
import { auth } from './messages/auth';
import { common } from './messages/common';
import { home } from './messages/home';

export type { LanguageTexts, MessageKey, TextKey } from './keys';

/** The texts of the shell, the sign-in screens and home: part of the start-up bundle. */
const startSets = [common, auth, home] as const;

export type Params = Readonly<Record<string, string | number>>;

function merge(lang: BuiltInLang): Record<string, string> {
  return Object.assign({}, ...startSets.map((set) => set[lang]));
}

/**
 * Each language's texts by key: Russian's and English's gather the sets loaded so far; another
 * language's is its file's texts once loaded (`loadLanguage`), empty until then.
 */
const dictionaries: Record<string, Record<string, string>> = Object.fromEntries([
  ...BUILT_IN_LANGS.map((lang) => [lang, merge(lang)] as const),
  ...UI_LANGS.filter((lang) => !isBuiltInLang(lang)).map((lang) => [lang, {}] as const),
]);

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

/** Adds a screen's texts to the dictionaries (Russian and English; the others hold all theirs). */
export function addTexts(set: MessageSet<Messages>): void {
  for (const lang of BUILT_IN_LANGS) Object.assign(dictionaries[lang] ?? {}, set[lang]);
}

const loaded = new Map<TextSet, Promise<void>>();
const languagesLoading = new Map<UiLang, Promise<void>>();
const languagesReady = new Set<UiLang>(UI_LANGS.filter(isBuiltInLang));
const languageListeners = new Set<() => void>();

/**
 * Loads a language's file (once; Russian and English need none). A row of UI_LANGUAGES without a
 * file shows in English. The interface switches once it has loaded (`I18nProvider`), so no
 * screen is drawn half in English.
 */
export function loadLanguage(lang: UiLang): Promise<void> {
  if (languagesReady.has(lang)) return Promise.resolve();
  let done = languagesLoading.get(lang);
  if (!done) {
    const file = LANGUAGE_FILES[lang];
    done = (file ? file() : Promise.resolve({})).then((texts: LanguageTexts) => {
      dictionaries[lang] = Object.assign(dictionaries[lang] ?? {}, texts);
      languagesReady.add(lang);
      for (const listener of languageListeners) listener();
    });
    // A failed load (an update removed the chunk) may be retried by the next choice.
    done.catch(() => languagesLoading.delete(lang));
    languagesLoading.set(lang, done);
  }
  return done;
}

/** Whether a language's texts are in (Russian's and English's always are). */
export function isLanguageReady(lang: UiLang): boolean {
  return languagesReady.has(lang);
}

function onLanguageReady(listener: () => void): () => void {
  languageListeners.add(listener);
  return () => void languageListeners.delete(listener);
}

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
  const text = dictionaries[lang]?.[key] ?? dictionaries.en?.[key] ?? key;
  return interpolate(text, params);
}

/** Whether a key exists in a language's own dictionary (no fallback); for tests. */
export function hasOwnText(lang: UiLang, key: MessageKey): boolean {
  return key in (dictionaries[lang] ?? {});
}

export function allKeys(): MessageKey[] {
  return Object.keys(dictionaries.en ?? {}) as MessageKey[];
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

/**
 * The interface language for the screens inside. A language whose file has not loaded yet is
 * loaded, and English is shown meanwhile (its fallback).
 */
export function I18nProvider({ lang, children }: { lang: UiLang; children: ReactNode }) {
  const isReady = () => isLanguageReady(lang);
  // The same answer on the server: the first paint is drawn in Node (src/app/prerender.tsx).
  const ready = useSyncExternalStore(onLanguageReady, isReady, isReady);
  useEffect(() => {
    if (!ready) loadLanguage(lang).catch((error: unknown) => console.error(error));
  }, [lang, ready]);
  return createElement(LangContext.Provider, { value: ready ? lang : 'en' }, children);
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
      interpolate(localText(set, lang, key) ?? set.en[key] ?? key, params),
    [lang, set],
  );
}

/** A local set's text in `lang` (no fallback): its Russian half, or the language file's. */
export function localText<E extends Messages>(
  set: MessageSet<E>,
  lang: UiLang,
  key: keyof E & string,
): string | undefined {
  if (isBuiltInLang(lang)) return set[lang][key];
  return dictionaries[lang]?.[set.prefix ? `${set.prefix}.${key}` : key];
}
