/** Multiple-choice questions (SPEC §4): one correct option and up to three distractors. */
import { CHOICE_OPTION_COUNT } from './constants';
import { shuffle } from './random';
import type { Direction, DirectionSetting, Random, VocabItem, WordKind } from './types';

export interface Choices {
  /** The text shown: Russian for ru-en, English for en-ru. */
  prompt: string;
  /** Shuffled options that never read alike (see `optionKey`), the answer among them. */
  options: string[];
  answer: string;
  direction: Direction;
  /** A listening question: the English is played, not shown, until it is answered (en-ru). */
  listening?: boolean;
}

/** A fixed direction stays; 'random' picks one per question. */
export function pickDirection(setting: DirectionSetting, random: Random): Direction {
  if (setting !== 'random') return setting;
  return random() < 0.5 ? 'ru-en' : 'en-ru';
}

/** A pair's prompt and answer in `direction` (the exam grades by it too). */
export function sides(item: VocabItem, direction: Direction): { prompt: string; answer: string } {
  return direction === 'ru-en'
    ? { prompt: item.langA, answer: item.langB }
    : { prompt: item.langB, answer: item.langA };
}

/**
 * What a learner reads as the same option: case, spacing, Unicode form and closing punctuation
 * aside ("Pilot on board!" and "pilot on board." are one option). Empty for text with no words.
 */
export function optionKey(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?…]+$/u, '')
    .trim()
    .toLowerCase();
}

/** Verbs that make a multi-word text a sentence, and the subjects that start one. */
const SENTENCE_WORDS = new Set(
  (
    'is are am was were be been being has have had do does did will shall can cannot must may ' +
    'might should would could need needs require requires request i we you he she they'
  ).split(' '),
);

/**
 * The kind of a pair that does not carry one (an admin's word), from its English: an order ends
 * with '!'; a text ending with '.', '?' or '…', or of several words with a verb, is a phrase; the
 * rest are terms. Idioms cannot be told from the text.
 */
export function inferKind(english: string): WordKind {
  const text = english.trim();
  if (text.endsWith('!')) return 'order';
  if (/[.?…]$/u.test(text)) return 'phrase';
  const words = text
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter(Boolean);
  return words.length > 1 && words.some((w) => SENTENCE_WORDS.has(w)) ? 'phrase' : 'term';
}

/** The pair's kind as its data gives it, or inferred from the English. */
export function kindOf(item: Pick<VocabItem, 'kind' | 'langA' | 'langB'>): WordKind {
  return item.kind ?? inferKind(item.langB.trim() === '' ? item.langA : item.langB);
}

/** The words of a text that hold a letter or digit (a lone "..." or "—" is not a word). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Word-count buckets that look alike in a list of options: 1 word, 2–3 words, 4 or more. */
export function wordCountBucket(text: string): 0 | 1 | 2 {
  const n = wordCount(text);
  return n <= 1 ? 0 : n <= 3 ? 1 : 2;
}

/** Character lengths this close (absolute, or relative to the longer) count as similar. */
const NEAR_CHARS = 4;
const NEAR_RATIO = 0.35;

/** How unlike the answer an option looks: 0 (same word-count bucket, similar length) .. 5. */
function lengthGap(answer: string, bucket: number, text: string): number {
  const gap = Math.abs(wordCountBucket(text) - bucket);
  const a = answer.trim().length;
  const b = text.trim().length;
  const near = Math.abs(a - b) <= Math.max(NEAR_CHARS, NEAR_RATIO * Math.max(a, b));
  return gap * 2 + (near ? 0 : 1);
}

/** Whether an item's option would also answer the prompt: the same prompt, or its English accepted. */
function alsoRight(item: VocabItem, direction: Direction, promptKey: string): boolean {
  if (direction === 'ru-en') return optionKey(item.langA) === promptKey;
  return [item.langB, ...(item.alt ?? [])].some((text) => optionKey(text) === promptKey);
}

/**
 * Distractors come first from the target's topic (and division) and kind, then from the same kind
 * in its division, the same kind anywhere, its topic, and the whole vocabulary. Within each
 * group, in random order, options that look like the answer come first: the same word-count
 * bucket and a similar length. An option never reads like another (`optionKey`) nor like the
 * answer or one of its accepted English forms, and never also answers the prompt (another pair
 * with the same prompt text, or one that accepts the English prompt).
 */
export function buildChoices(
  target: VocabItem,
  vocab: readonly VocabItem[],
  direction: Direction,
  random: Random,
): Choices {
  const { prompt, answer } = sides(target, direction);
  const wanted = CHOICE_OPTION_COUNT - 1;
  const promptKey = optionKey(prompt);
  const seen = new Set([optionKey(answer)]);
  if (direction === 'ru-en') for (const alt of target.alt ?? []) seen.add(optionKey(alt));
  const kind = kindOf(target);
  const bucket = wordCountBucket(answer);

  const usable = (item: VocabItem) => item.id !== target.id && !item.retired;
  const inTopic = vocab.filter(
    (item) => item.topic === target.topic && item.division === target.division && usable(item),
  );
  let outside: VocabItem[] | undefined;
  // The rest of the vocabulary, gathered only when the topic is not enough (it rarely is).
  const elsewhere = () => {
    outside ??= vocab.filter(
      (item) => (item.topic !== target.topic || item.division !== target.division) && usable(item),
    );
    return outside;
  };
  const sameKind = (item: VocabItem) => kindOf(item) === kind;
  // Where distractors come from, best first. Kind outranks topic: one sentence among three nouns
  // gives the answer away, while an order from another topic is still a fair guess for an order.
  const tiers: (() => VocabItem[])[] = [
    () => inTopic.filter(sameKind),
    () => elsewhere().filter((item) => item.division === target.division && sameKind(item)),
    () => elsewhere().filter((item) => item.division !== target.division && sameKind(item)),
    () => inTopic.filter((item) => !sameKind(item)),
    () => elsewhere().filter((item) => !sameKind(item)),
  ];

  const distractors: string[] = [];
  for (const tier of tiers) {
    if (distractors.length >= wanted) break;
    // Random order first, then a stable sort by look: equally fair options keep their chance.
    const ranked = shuffle(tier(), random)
      .map((item) => {
        const text = sides(item, direction).answer;
        return { item, text, gap: lengthGap(answer, bucket, text) };
      })
      .sort((x, y) => x.gap - y.gap);
    for (const { item, text } of ranked) {
      if (distractors.length >= wanted) break;
      const k = optionKey(text);
      if (k === '' || seen.has(k) || alsoRight(item, direction, promptKey)) continue;
      seen.add(k);
      distractors.push(text);
    }
  }

  return { prompt, answer, options: shuffle([answer, ...distractors], random), direction };
}
