/** Labels shared by the onboarding screens: division names and word counts in the interface language. */
import { CATALOGUE_DIVISIONS } from '@/domain/constants';
import type { Division, UiLang } from '@/domain/types';
import { plural, type Translate } from '@/i18n';

/** The built-in divisions and the common core get their translated name; an admin-made one shows its own name. */
export function divisionLabel(
  t: Translate,
  division: string,
  divisions: readonly Division[] = [],
): string {
  if (CATALOGUE_DIVISIONS.includes(division)) {
    return t(`division.${division as 'deck'}`);
  }
  return divisions.find((d) => d.id === division)?.name ?? division;
}

/** "1 слово", "3 слова", "5 слов". */
export function wordCount(t: Translate, lang: UiLang, count: number): string {
  return plural(lang, count, {
    one: t('onboarding.words.one'),
    few: t('onboarding.words.few'),
    many: t('onboarding.words.many'),
    other: t('onboarding.words.other'),
  });
}
