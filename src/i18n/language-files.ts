/**
 * The texts of the interface languages beyond Russian and English, found by name: each is the
 * file `languages/<code>.ts` (exporting `texts`), loaded only when its language is chosen, so
 * the start-up bundle does not grow with the languages.
 */
import type { LanguageTexts } from './keys';

const files = import.meta.glob<LanguageTexts>('./languages/*.ts', { import: 'texts' });

/** The language file's loader by language code (`./languages/xx.ts` → `xx`). */
export const LANGUAGE_FILES: Readonly<Record<string, () => Promise<LanguageTexts>>> =
  Object.fromEntries(
    Object.entries(files).map(([path, load]) => [
      path.slice('./languages/'.length, -'.ts'.length),
      load,
    ]),
  );
