/**
 * How fair the multiple-choice options are over the whole built-in curriculum, both directions,
 * many seeds: today's `buildChoices` against the algorithm it replaced (`legacyBuildChoices`).
 * The figures are shares of questions; the timing is printed, never asserted.
 */
import { builtinVocabulary } from '@/data/vocabulary/builtin';
import { CHOICE_OPTION_COUNT } from '@/domain/constants';
import { buildChoices, type Choices, inferKind, kindOf } from '@/domain/quiz';
import { randomIndex, seededRandom, shuffle } from '@/domain/random';
import type { Direction, Random, VocabItem, WordKind } from '@/domain/types';
import { report, timeRuns } from './stats';

type Build = typeof buildChoices;

const SEEDS = 20;
const DIRECTIONS: readonly Direction[] = ['ru-en', 'en-ru'];

// --- The algorithm before the fairness change, copied from git 9aa743e (src/domain/quiz.ts, its
// --- helpers prefixed legacy) for comparison only: topic and division first, then anything;
// --- kind and length ignored.

function legacySides(item: VocabItem, direction: Direction): { prompt: string; answer: string } {
  return direction === 'ru-en'
    ? { prompt: item.langA, answer: item.langB }
    : { prompt: item.langB, answer: item.langA };
}

const legacyKey = (text: string) => text.trim().toLowerCase();

export function legacyBuildChoices(
  target: VocabItem,
  vocab: readonly VocabItem[],
  direction: Direction,
  random: Random,
): Choices {
  const { prompt, answer } = legacySides(target, direction);
  const wanted = CHOICE_OPTION_COUNT - 1;
  const seen = new Set([legacyKey(answer)]);
  if (direction === 'ru-en') for (const alt of target.alt ?? []) seen.add(legacyKey(alt));
  const distractors: string[] = [];

  const take = (items: readonly VocabItem[]) => {
    for (const item of items) {
      if (distractors.length >= wanted) return;
      if (item.id === target.id) continue;
      const text = legacySides(item, direction).answer;
      if (text.trim() === '' || seen.has(legacyKey(text))) continue;
      seen.add(legacyKey(text));
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
    legacyTakeFromWhole(vocab, random, take, () => distractors.length < wanted);

  return { prompt, answer, options: shuffle([answer, ...distractors], random), direction };
}

function legacyTakeFromWhole(
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

// --- The measure, independent of either algorithm's helpers.

/** Text as a learner reads it: case and spacing aside. */
const norm = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();
/** The same, closing punctuation aside too ("Pilot on board!" / "Pilot on board."). */
const loose = (text: string) => norm(text).replace(/[\s.!?…]+$/u, '');

/** 1 word / 2–3 words / 4 or more, counting only words with a letter or digit. */
function bucketOf(text: string): number {
  const n = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return n <= 1 ? 0 : n <= 3 ? 1 : 2;
}

/** Per direction: each shown text's items, to know an option's kind and whether it is also right. */
function itemsByShownText(vocab: readonly VocabItem[], direction: Direction) {
  const map = new Map<string, VocabItem[]>();
  for (const item of vocab) {
    const text = norm(direction === 'ru-en' ? item.langB : item.langA);
    map.set(text, [...(map.get(text) ?? []), item]);
  }
  return map;
}

export interface Fairness {
  questions: number;
  /** The answer is the only option of its kind (one sentence among nouns). */
  onlyKind: number;
  /** The answer is the only option in its word-count bucket. */
  onlyBucket: number;
  /** A distractor also answers the prompt (the same prompt text, or it accepts the English prompt). */
  alsoRight: number;
  /** Two options read alike (case, spacing or closing punctuation aside). */
  alike: number;
  /** Fewer than CHOICE_OPTION_COUNT options. */
  short: number;
  onlyKindByKind: Partial<Record<WordKind, { questions: number; only: number }>>;
  /** Distinct distractors one question shows over all the seeds, on average. */
  variety: number;
}

/** Builds a question for every word, both directions, `seeds` seeds, and counts what gives it away. */
export function measureFairness(
  build: Build,
  vocab: readonly VocabItem[],
  seeds: number,
): Fairness {
  const f: Fairness = {
    questions: 0,
    onlyKind: 0,
    onlyBucket: 0,
    alsoRight: 0,
    alike: 0,
    short: 0,
    onlyKindByKind: {},
    variety: 0,
  };
  let varietySum = 0;
  for (const [d, direction] of DIRECTIONS.entries()) {
    const byText = itemsByShownText(vocab, direction);
    const seenDistractors = vocab.map(() => new Set<string>());
    for (let seed = 1; seed <= seeds; seed++) {
      const random = seededRandom(seed * 2 + d);
      for (const [i, target] of vocab.entries()) {
        const c = build(target, vocab, direction, random);
        const kind = kindOf(target);
        const distractors = c.options.filter((o) => o !== c.answer);
        const items = distractors.map((o) => byText.get(norm(o)) ?? []);
        for (const o of distractors) seenDistractors[i]?.add(o);
        f.questions++;
        const perKind = f.onlyKindByKind[kind] ?? { questions: 0, only: 0 };
        f.onlyKindByKind[kind] = perKind;
        perKind.questions++;
        if (!items.some((same) => same.some((it) => kindOf(it) === kind))) {
          f.onlyKind++;
          perKind.only++;
        }
        const bucket = bucketOf(c.answer);
        if (!distractors.some((o) => bucketOf(o) === bucket)) f.onlyBucket++;
        const prompt = norm(c.prompt);
        const right = (it: VocabItem) =>
          direction === 'ru-en'
            ? norm(it.langA) === prompt
            : [it.langB, ...(it.alt ?? [])].some((e) => norm(e) === prompt);
        if (items.some((same) => same.some(right))) f.alsoRight++;
        if (new Set(c.options.map(loose)).size < c.options.length) f.alike++;
        if (c.options.length < CHOICE_OPTION_COUNT) f.short++;
      }
    }
    for (const s of seenDistractors) varietySum += s.size;
  }
  f.variety = varietySum / (vocab.length * DIRECTIONS.length);
  return f;
}

const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(2)}%`;
/** "4.98% (3904)", right-aligned in a column. */
const cell = (part: number, whole: number) => `${pct(part, whole)} (${part})`.padStart(14);

function row(label: string, before: number, after: number, whole: number): void {
  console.log(`  ${label.padEnd(58)} ${cell(before, whole)} ${cell(after, whole)}`);
}

export async function benchChoices(): Promise<void> {
  const vocab = builtinVocabulary().words;
  const before = measureFairness(legacyBuildChoices, vocab, SEEDS);
  const after = measureFairness(buildChoices, vocab, SEEDS);
  const n = after.questions;
  console.log(
    `buildChoices fairness: ${vocab.length} built-in words x 2 directions x ${SEEDS} seeds = ${n} questions`,
  );
  console.log(
    `  ${'share of questions where'.padEnd(58)} ${'before'.padStart(14)} ${'after'.padStart(14)}`,
  );
  row('the answer is the only option of its kind', before.onlyKind, after.onlyKind, n);
  for (const kind of Object.keys(after.onlyKindByKind) as WordKind[]) {
    const b = before.onlyKindByKind[kind];
    const a = after.onlyKindByKind[kind];
    if (!a || !b) continue;
    const label = `  of the ${a.questions} questions whose answer is of kind '${kind}'`;
    console.log(`  ${label.padEnd(58)} ${cell(b.only, b.questions)} ${cell(a.only, a.questions)}`);
  }
  row(
    'the answer is alone in its word-count bucket (1/2-3/4+)',
    before.onlyBucket,
    after.onlyBucket,
    n,
  );
  row('a distractor also answers the prompt', before.alsoRight, after.alsoRight, n);
  row('two options read alike (closing punctuation aside)', before.alike, after.alike, n);
  row(`fewer than ${CHOICE_OPTION_COUNT} options`, before.short, after.short, n);
  console.log(
    `  ${`distinct distractors per question over ${SEEDS} seeds`.padEnd(58)} ${before.variety.toFixed(1).padStart(14)} ${after.variety.toFixed(1).padStart(14)}`,
  );
  const plain = vocab.filter((w) => w.kind !== 'idiom');
  const agree = plain.filter((w) => inferKind(w.langB) === w.kind).length;
  console.log(
    `  inferKind agrees with the data's kind on ${pct(agree, plain.length)} of ${plain.length} non-idiom words`,
  );

  for (const [label, build] of [
    ['legacyBuildChoices', legacyBuildChoices],
    ['buildChoices', buildChoices],
  ] as const) {
    let seed = 0;
    report(
      `${label}: one question per built-in word (${vocab.length}), ru-en`,
      await timeRuns(() => {
        const random = seededRandom(++seed);
        for (const target of vocab) build(target, vocab, 'ru-en', random);
      }, 10),
    );
  }
}
