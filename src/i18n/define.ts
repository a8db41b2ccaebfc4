/**
 * How a message file declares its texts: English is complete (the fallback) and Russian, the
 * default, stands beside it. Any other interface language (a row of settings-schema.ts
 * UI_LANGUAGES) keeps all its texts in one file of its own, `languages/<code>.ts`, so adding one
 * edits no message file.
 */

export type Messages = Readonly<Record<string, string>>;

/** The languages whose texts are the two halves of every message file. */
export const BUILT_IN_LANGS = ['en', 'ru'] as const;
export type BuiltInLang = (typeof BUILT_IN_LANGS)[number];

export function isBuiltInLang(lang: string): lang is BuiltInLang {
  return (BUILT_IN_LANGS as readonly string[]).includes(lang);
}

/**
 * A message file's texts. `prefix` names a set that a screen carries itself (`useLocalT`) and
 * whose keys are short (`title`): a language file holds them as `<prefix>.<key>`.
 */
export interface MessageSet<E extends Messages, P extends string = string> {
  readonly en: E;
  readonly ru: Partial<Record<keyof E, string>>;
  readonly prefix?: P;
}

export function defineMessages<const E extends Messages>(
  en: E,
  ru: Partial<Record<keyof E, string>>,
): MessageSet<E, never> {
  return { en, ru };
}

/** A set whose keys a language file holds as `<prefix>.<key>` (see MessageSet). */
export function defineLocalMessages<const P extends string, const E extends Messages>(
  prefix: P,
  en: E,
  ru: Partial<Record<keyof E, string>>,
): MessageSet<E, P> {
  return { en, ru, prefix };
}
