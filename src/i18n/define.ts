/**
 * How a message file declares its texts: English is complete (the fallback), every other
 * interface language (settings-schema.ts UI_LANGUAGES) may lag.
 */
import type { UiLang } from '@/domain/settings-schema';

export type Messages = Readonly<Record<string, string>>;

export type MessageSet<E extends Messages> = { en: E } & {
  [L in Exclude<UiLang, 'en'>]: Partial<Record<keyof E, string>>;
};

export function defineMessages<const E extends Messages>(
  en: E,
  ru: Partial<Record<keyof E, string>>,
): MessageSet<E> {
  return { en, ru };
}
