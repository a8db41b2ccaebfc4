/** How a message file declares its texts: English is complete (the fallback), Russian may lag. */
export type Messages = Readonly<Record<string, string>>;

export interface MessageSet<E extends Messages> {
  en: E;
  ru: Partial<Record<keyof E, string>>;
}

export function defineMessages<const E extends Messages>(
  en: E,
  ru: Partial<Record<keyof E, string>>,
): MessageSet<E> {
  return { en, ru };
}
