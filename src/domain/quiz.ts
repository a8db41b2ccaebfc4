/** Multiple-choice questions (SPEC §4): one correct option and up to three distractors. */
import { CHOICE_OPTION_COUNT } from './constants';
import { randomIndex, shuffle } from './random';
import type { Direction, DirectionSetting, Random, VocabItem } from './types';

export interface Choices {
  /** The text shown: Russian for ru-en, English for en-ru. */
  prompt: string;
  /** Shuffled, distinct (case-insensitively) options, the answer among them. */
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

function sides(item: VocabItem, direction: Direction): { prompt: string; answer: string } {
  return direction === 'ru-en'
    ? { prompt: item.langA, answer: item.langB }
    : { prompt: item.langB, answer: item.langA };
}

const key = (text: string) => text.trim().toLowerCase();

/**
 * Distractors come from the target's topic first, then from the whole vocabulary, each group
 * in random order; an option never repeats another (ignoring case) nor the answer, nor one of
 * the answer's accepted English alternatives (which would be a second right option).
 */
export function buildChoices(
  target: VocabItem,
  vocab: readonly VocabItem[],
  direction: Direction,
  random: Random,
): Choices {
  const { prompt, answer } = sides(target, direction);
  const wanted = CHOICE_OPTION_COUNT - 1;
  const seen = new Set([key(answer)]);
  if (direction === 'ru-en') for (const alt of target.alt ?? []) seen.add(key(alt));
  const distractors: string[] = [];

  const take = (items: readonly VocabItem[]) => {
    for (const item of items) {
      if (distractors.length >= wanted) return;
      if (item.id === target.id) continue;
      const text = sides(item, direction).answer;
      if (text.trim() === '' || seen.has(key(text))) continue;
      seen.add(key(text));
      distractors.push(text);
    }
  };

  take(
    shuffle(
      vocab.filter((v) => v.topic === target.topic && v.division === target.division),
      random,
    ),
  );
  if (distractors.length < wanted)
    takeFromWhole(vocab, random, take, () => distractors.length < wanted);

  return { prompt, answer, options: shuffle([answer, ...distractors], random), direction };
}

/**
 * Picks from the whole vocabulary without copying and shuffling a large list for three words:
 * a few random probes, then a sweep from a random offset so it always finishes.
 */
function takeFromWhole(
  vocab: readonly VocabItem[],
  random: Random,
  take: (items: readonly VocabItem[]) => void,
  needMore: () => boolean,
): void {
  const n = vocab.length;
  if (n <= 64) {
    take(shuffle(vocab, random));
    return;
  }
  for (let i = 0; i < 32 && needMore(); i++) {
    take([vocab[randomIndex(n, random)] as VocabItem]);
  }
  const start = randomIndex(n, random);
  for (let i = 0; i < n && needMore(); i++) take([vocab[(start + i) % n] as VocabItem]);
}
