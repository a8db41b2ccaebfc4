/**
 * A pseudo-localiser for the interface-language tests: every letter of an English text becomes an
 * accented look-alike inside brackets ("Settings" → "[Šéţţîñĝš]"), `{placeholders}` untouched; and
 * the English and Russian texts of every dictionary, to tell a pseudo text from theirs.
 */
import type { MessageSet, Messages } from '@/i18n/define';

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçďéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÁƁÇĎÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const PSEUDO_LETTER = new RegExp(`[${[...ACCENTED].join('')}]`, 'u');

export function pseudoLocalise(text: string): string {
  const letters = [...ACCENTED];
  const swapped = text
    .split(/(\{\w+\})/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/[a-zA-Z]/g, (letter) => letters[PLAIN.indexOf(letter)] ?? letter),
    )
    .join('');
  return `[${swapped}]`;
}

/** Whether a shown text holds pseudo-language letters (a whole text or a part of one). */
export function isPseudo(text: string): boolean {
  return PSEUDO_LETTER.test(text);
}

async function allSets(): Promise<MessageSet<Messages>[]> {
  const sets = await Promise.all([
    import('@/i18n/messages/account').then((m) => m.account),
    import('@/i18n/messages/admin').then((m) => m.admin),
    import('@/i18n/messages/auth').then((m) => m.auth),
    import('@/i18n/messages/charts').then((m) => m.charts),
    import('@/i18n/messages/common').then((m) => m.common),
    import('@/i18n/messages/dead-letters').then((m) => m.deadLetters),
    import('@/i18n/messages/drills').then((m) => m.drills),
    import('@/i18n/messages/exam').then((m) => m.exam),
    import('@/i18n/messages/fleet').then((m) => m.fleet),
    import('@/i18n/messages/home').then((m) => m.home),
    import('@/i18n/messages/library').then((m) => m.library),
    import('@/i18n/messages/onboarding').then((m) => m.onboarding),
    import('@/i18n/messages/quiz').then((m) => m.quiz),
    import('@/i18n/messages/schedule').then((m) => m.schedule),
    import('@/i18n/messages/speak-button').then((m) => m.speakButton),
    import('@/i18n/messages/speaking').then((m) => m.speaking),
  ]);
  return sets as MessageSet<Messages>[];
}

/** Every English text by the key a language file gives it (`<prefix>.<key>` for a local set). */
export async function englishTexts(): Promise<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const set of await allSets()) {
    for (const [key, text] of Object.entries(set.en)) {
      texts[set.prefix ? `${set.prefix}.${key}` : key] = text;
    }
  }
  return texts;
}

/** The English and Russian texts as patterns of a whole shown text (a placeholder: anything). */
let patterns: { text: string; pattern: RegExp }[] | undefined;

export async function loadInterfaceTexts(): Promise<void> {
  const texts = new Set<string>();
  for (const set of await allSets()) {
    for (const half of [set.en, set.ru])
      for (const text of Object.values(half)) if (text) texts.add(text);
  }
  patterns = [...texts]
    // A text that is only placeholders and punctuation says nothing in a language.
    .filter((text) => /\p{L}{2}/u.test(text.replace(/\{\w+\}/g, '')))
    .map((text) => ({
      text,
      pattern: new RegExp(
        `^${text
          .trim()
          .split(/\{\w+\}/)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\s\\S]+')}$`,
        'u',
      ),
    }));
}

/** The English or Russian interface texts a shown text is (none for content). */
export function interfaceTexts(shown: string): string[] {
  if (!patterns) throw new Error('loadInterfaceTexts first');
  return patterns.filter(({ pattern }) => pattern.test(shown)).map(({ text }) => text);
}
