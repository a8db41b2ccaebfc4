/**
 * The word-order question: the production question of a phrase, whose English is built from word
 * tiles (the answer's words and one or two extra words) in order, where letter tiles do not suit
 * (a sentence, a long term, digits or an apostrophe). Which pairs get it, the words and tiles,
 * the extra words, and how a typed word picks a tile; the run (quiz-run.ts) checks and records.
 */
import { kindOf, optionKey } from './quiz';
import { shuffle } from './random';
import { spellingTarget } from './spelling';
import type { Random, VocabItem } from './types';
import { isSpellableText } from './vocabulary';

/** One word tile: its text as shown and an id unique within the question. */
export interface WordTile {
  id: number;
  text: string;
}

/** The production question a pair gets in the spelling phase (null: none). */
export type ProductionQuestion = 'letters' | 'word-order';

/**
 * Punctuation around a word is not a tile and is never typed: a trailing "!", ".", "?", ",", a
 * colon, quotes, brackets and ellipses go; what is left inside a word stays ("quick-closing",
 * "ship's", "CO2", "10"). An apostrophe closing a plural possessive ("officers'") stays too.
 */
const EDGE_PUNCTUATION = /^[\s"“”„«»‘([{.,;:!?…—–-]+|[\s"“”„«»([{)\]}.,;:!?…—–-]+$/gu;

/** A word written with a capital: "Enter", "Certificate" (not "I", "VHF" or "CO2"). */
const CAPITALISED = /^\p{Lu}[\p{Ll}'-]+$/u;

/** Curly apostrophes are typed and compared as the straight one. */
const normaliseApostrophes = (text: string) => text.replace(/[’ʼ`´]/g, "'");

/**
 * The words of a phrase as its tiles show them, in order: split at spaces, the punctuation around
 * each word dropped (EDGE_PUNCTUATION), tokens with no letter or digit left out ("...", "—"). A
 * sentence's capital is lowered ("Enter the lifeboat" -> "enter", "the", "lifeboat") so it does
 * not give the first word away, unless the second word is capitalised too (a title or name:
 * "Safety Management Certificate", "Flag H"); "I" and acronyms keep theirs.
 */
export function phraseWords(english: string): string[] {
  const words = normaliseApostrophes(english)
    .split(/\s+/)
    .map((word) => word.replace(EDGE_PUNCTUATION, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const [first, second] = words;
  if (first && CAPITALISED.test(first) && !(second && /^\p{Lu}/u.test(second))) {
    words[0] = first.toLowerCase();
  }
  return words;
}

/** What two words are compared by: lower case, straight apostrophes, no punctuation around. */
export function wordKey(word: string): string {
  return normaliseApostrophes(word).replace(EDGE_PUNCTUATION, '').toLowerCase();
}

/**
 * The production question of a pair, so that every pair has one:
 * - letters for a word or short phrase the letter tiles spell as written (`isSpellableText`), or
 *   through its `spell` text;
 * - word order for the rest of several words: `spell: false` (sentences, long terms, digits),
 *   English that is not spellable as written (an admin's long phrase), and English with an
 *   apostrophe, which letter tiles would drop ("ship's bell" is never SHIPS_BELL again);
 * - a single word letter tiles cannot spell keeps the old letters (an admin's "O-ring": O_RING),
 *   and a single word with `spell: false` gets none.
 */
export function productionQuestion(
  item: Pick<VocabItem, 'langB' | 'spell'>,
): ProductionQuestion | null {
  const several = phraseWords(item.langB).length >= 2;
  if (item.spell === false) return several ? 'word-order' : null;
  if (several && /['’]/.test(item.langB)) return 'word-order';
  if (typeof item.spell === 'string' && item.spell.trim() !== '') {
    return spellingTarget(item.spell) !== '' ? 'letters' : null;
  }
  if (isSpellableText(item.langB)) return 'letters';
  if (several) return 'word-order';
  return spellingTarget(item.langB) !== '' ? 'letters' : null;
}

/** Extra words: two, or one when the answer is this long already (the tiles fill a phone). */
export const EXTRA_WORDS = 2;
export const LONG_ANSWER_WORDS = 8;

/**
 * Words never offered as extras, because adding one to the answer still reads as right English
 * ("on starboard side" / "on the starboard side"): the articles.
 */
const OPTIONAL_WORDS = new Set(['a', 'an', 'the']);

/**
 * A fair extra word: letters (an inner hyphen or apostrophe allowed), at least two; no digits and
 * at most one capital (an acronym such as "VHF" or "FEENEE" would stand out among plain words).
 */
const isPlainWord = (word: string) =>
  /^\p{L}[\p{L}'-]*\p{L}'?$/u.test(word) && (word.match(/\p{Lu}/gu) ?? []).length <= 1;

/**
 * An extra word written like the answer's words, so its case does not give it away: capitalised
 * among a title's words (half or more capitalised: "Safety Management Certificate": "Document"),
 * lower case otherwise.
 */
function styledLike(answer: readonly string[], word: string): string {
  const capitals = answer.filter((w) => CAPITALISED.test(w)).length;
  const title = capitals >= 2 && capitals * 2 >= answer.length;
  if (title) return word.charAt(0).toUpperCase() + word.slice(1);
  return CAPITALISED.test(word) ? word.toLowerCase() : word;
}

/**
 * Where the extra words come from, best first: 0 the pair's topic (and division), 1 its kind in
 * its division, 2 its kind anywhere, 3 the rest of the vocabulary.
 */
function tierOf(item: VocabItem, target: VocabItem): number {
  if (item.topic === target.topic && item.division === target.division) return 0;
  if (kindOf(item) !== kindOf(target)) return 3;
  return item.division === target.division ? 1 : 2;
}
const TIER_COUNT = 4;

/**
 * One or two extra words for the word-order question of `target`, drawn with `random` from the
 * words of other pairs: its topic first, then its kind (see `tierOf`). An extra word is never a
 * word of the answer (so equal tiles stay interchangeable and only the answer's own repeats are
 * duplicates), never a word of an accepted English form (`alt`) or of another pair with the same
 * Russian, never an article (OPTIONAL_WORDS): with any of these a second order would be right.
 * Nor a number or a single letter ("level 3", "Flag G"): a made-up fact, not a fair choice; nor
 * an acronym. Its case follows the answer's (`styledLike`).
 */
export function extraWords(
  target: VocabItem,
  vocab: readonly VocabItem[],
  random: Random,
): string[] {
  const answer = phraseWords(target.langB);
  const wanted = answer.length >= LONG_ANSWER_WORDS ? 1 : EXTRA_WORDS;
  const russian = optionKey(target.langA);
  const banned = new Set([...OPTIONAL_WORDS, ...answer.map(wordKey)]);
  for (const text of target.alt ?? []) for (const w of phraseWords(text)) banned.add(wordKey(w));
  for (const item of vocab) {
    if (item.id === target.id) continue;
    // The first letter first: `optionKey` over the whole vocabulary for each phrase is slow.
    if (item.langA.trimStart().charAt(0).toLowerCase() !== russian.charAt(0)) continue;
    if (optionKey(item.langA) !== russian) continue;
    for (const w of phraseWords(item.langB)) banned.add(wordKey(w));
  }

  const extras: string[] = [];
  for (let tier = 0; tier < TIER_COUNT && extras.length < wanted; tier++) {
    // Each word once per tier, in the vocabulary's order, then shuffled: the same draw each time.
    const candidates = new Map<string, string>();
    for (const item of vocab) {
      if (item.id === target.id || item.retired || tierOf(item, target) !== tier) continue;
      for (const word of phraseWords(item.langB)) {
        const key = wordKey(word);
        if (!banned.has(key) && isPlainWord(word) && !candidates.has(key)) {
          candidates.set(key, styledLike(answer, word));
        }
      }
    }
    for (const [key, word] of shuffle([...candidates], random)) {
      if (extras.length >= wanted) break;
      banned.add(key);
      extras.push(word);
    }
  }
  return extras;
}

/** The tiles of a question: the answer's words and the extra words, shuffled; ids unique. */
export function wordOrderTiles(
  answer: readonly string[],
  extras: readonly string[],
  random: Random,
): WordTile[] {
  return shuffle(
    [...answer, ...extras].map((text, id) => ({ id, text })),
    random,
  );
}

/** Whether `word` is the next word of the answer when `placed` words are in place (any case). */
export function isNextWord(answer: readonly string[], placed: number, word: string): boolean {
  const next = answer[placed];
  return next !== undefined && wordKey(next) === wordKey(word);
}

/** Which free tile a typed word picks: one tile, none, or several words it could start. */
export type WordMatch = { kind: 'tile'; tileId: number } | { kind: 'none' } | { kind: 'several' };

/**
 * A typed word picks the free tile of that word (any case, curly or straight apostrophe), else
 * the one free word it begins ("acc" -> "accommodation"). Text that begins several different
 * words, or none, picks nothing: a keyboard learner types on, and it is not a mistake.
 */
export function matchTypedWord(
  tiles: readonly WordTile[],
  used: readonly number[],
  typed: string,
): WordMatch {
  const key = wordKey(typed.trim());
  if (key === '') return { kind: 'none' };
  const free = tiles.filter((tile) => !used.includes(tile.id));
  const exact = free.find((tile) => wordKey(tile.text) === key);
  if (exact) return { kind: 'tile', tileId: exact.id };
  const starting = free.filter((tile) => wordKey(tile.text).startsWith(key));
  const words = new Set(starting.map((tile) => wordKey(tile.text)));
  if (words.size === 1 && starting[0]) return { kind: 'tile', tileId: starting[0].id };
  return words.size === 0 ? { kind: 'none' } : { kind: 'several' };
}
