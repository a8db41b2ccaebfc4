/** Labels shared by the onboarding screens: word counts in the interface language. */
import type { UiLang } from '@/domain/types';
import { plural, type Translate } from '@/i18n';

/** "1 слово", "3 слова", "5 слов". */
export function wordCount(t: Translate, lang: UiLang, count: number): string {
  return plural(lang, count, {
    one: t('onboarding.words.one'),
    few: t('onboarding.words.few'),
    many: t('onboarding.words.many'),
    other: t('onboarding.words.other'),
  });
}
