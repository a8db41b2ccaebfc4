/**
 * Spoken replies, pure: the form in which a reply is said on the radio, and the marking of what a
 * recogniser heard against it, word by word. Used by the spoken answer mode of the VHF drills and
 * of the phrase and order questions (docs/learning.md, "Spoken replies").
 *
 * The rules of radio English (IMO SMCP, General 2-10), applied to the expected text and to what
 * was heard alike:
 * 1. Numbers are said digit by digit (SMCP General 10: "one-five-zero" for 150). A figure in the
 *    expected text stands for its digits ("12" is "one two", "2187.5" "two one eight seven decimal
 *    five"). A recogniser writes "one eight zero" as "180" as often as in words, so a figure heard
 *    is its digits too; it cannot tell "sixteen" from "one six" when it writes "16", and the marking
 *    cannot either. A number said as a number word ("sixteen", "hundred") is a wrong word.
 *    The SMCP figure words count as the digits: "wun", "too", "tree", "fower", "fife", "ait",
 *    "niner", "zeero" (and "nought"); "decimal" (or "point", "dayseemal") for the decimal point.
 *    Homophones a recogniser writes for a digit ("to", "for", "won", "ate") count as that digit
 *    where a digit is expected, and the digit counts as the word where the word is expected
 *    ("wait 4 the pilot"). The degree sign is the word "degrees" ("180°").
 * 2. A call sign (the word after "call sign") is spelled in the phonetic alphabet, its figures as
 *    digits: "5BCD2" is "five bravo charlie delta two". "alpha", "juliet", "whiskey" and "x-ray"
 *    are the same words as "alfa", "juliett", "whisky", "xray". A flag's single letter ("Flag H")
 *    may be said as the letter or its phonetic word.
 * 3. The message markers (QUESTION, ANSWER, INSTRUCTION, ADVICE, REQUEST, INFORMATION, INTENTION,
 *    WARNING), the priority signals and "Over"/"Out" are words like any other: a wrong one is a
 *    wrong word.
 * 4. Minor words SMCP itself drops ("a", "an", "the") need not be said, and said where they are
 *    not written they do no harm; nor do fillers ("uh", "um", "er").
 * 5. Case, punctuation and hyphens do not count ("PAN-PAN" is "pan pan"); British and American
 *    spellings are one word ("manoeuvring", "maneuvering"; "metres", "meters"; "tonnes", "tons");
 *    a word written as one or two ("waterline", "water line"; "Nordport", "Nord port") or an
 *    abbreviation said letter by letter ("VHF", "v h f") is the same. A name (a capitalised word
 *    inside a sentence, or a run of capitalised words) may be off by a letter or two
 *    ("Nordport", "Northport"): a recogniser does not know the ship's names. A contraction is its
 *    words ("I'm", "I am"; "don't", "do not"); accents do not count ("sécurité"), and the French
 *    signals count as an English recogniser writes them ("security", "say cure e tay" for
 *    SECURITE; "see lonce" for SEELONCE; "may day", "pan pan").
 * 6. A gap of the phrase ("...", "…") is said as what fills it: one word or more, any words. An
 *    explanation in brackets ("(date and time)") is not said; "object(s)" is said either way.
 *
 * The marking aligns the heard words with the expected ones in order (the fewest differences). An
 * expected word is `said`, `wrong` (another word was said in its place) or `missed`; a minor word
 * not said is `dropped`. Heard words that stand for nothing expected are `extra`. The reply passes
 * when every expected word but the minor ones is said, in order, and nothing else but minor words
 * and fillers was said.
 */

/** One word of the reply as it is said. */
export interface SpokenWord {
  /** As shown and read aloud ("five", "bravo", "Nordic"); "…" for a gap. */
  text: string;
  /** What it is compared by (rule 5; a digit for a number word). */
  key: string;
  /** Another key that counts as this word ("objects" for "object(s)", "h" or "hotel"). */
  alt?: string;
  /** A minor word (rule 4): need not be said. */
  minor: boolean;
  /** A name (rule 5): a letter or two off still counts. */
  name: boolean;
  /** A gap (rule 6): one word or more, any words. */
  gap: boolean;
}

export type SpokenMark = 'said' | 'wrong' | 'missed' | 'dropped';

/** One expected word, marked; or a heard word that stands for none (`extra`). */
export type MarkedWord =
  | { kind: 'expected'; text: string; mark: SpokenMark; minor: boolean; heard?: string }
  | { kind: 'extra'; heard: string };

export interface SpokenResult {
  /** The expected words in order, with the extra heard words where they were said. */
  words: MarkedWord[];
  /** Every key word said in order, nothing else said. */
  pass: boolean;
  /** The words said, missed and wrong, in the order of the reply (extra words aside). */
  said: string[];
  missed: string[];
  wrong: string[];
  extra: string[];
  /** The heard text the marking used (the best of the recogniser's alternatives). */
  heard: string;
}

const DIGIT_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
];

/** Every word that is a digit (rule 1), by the digit. */
const DIGIT_OF: Readonly<Record<string, string>> = {
  zero: '0',
  zeero: '0',
  nought: '0',
  one: '1',
  wun: '1',
  two: '2',
  three: '3',
  tree: '3',
  four: '4',
  fower: '4',
  five: '5',
  fife: '5',
  six: '6',
  seven: '7',
  eight: '8',
  ait: '8',
  nine: '9',
  niner: '9',
};

/** The ICAO/ITU phonetic alphabet of SMCP (rule 2). */
const PHONETIC: Readonly<Record<string, string>> = {
  a: 'Alfa',
  b: 'Bravo',
  c: 'Charlie',
  d: 'Delta',
  e: 'Echo',
  f: 'Foxtrot',
  g: 'Golf',
  h: 'Hotel',
  i: 'India',
  j: 'Juliett',
  k: 'Kilo',
  l: 'Lima',
  m: 'Mike',
  n: 'November',
  o: 'Oscar',
  p: 'Papa',
  q: 'Quebec',
  r: 'Romeo',
  s: 'Sierra',
  t: 'Tango',
  u: 'Uniform',
  v: 'Victor',
  w: 'Whisky',
  x: 'Xray',
  y: 'Yankee',
  z: 'Zulu',
};

/** One word for another: spellings, the phonetic alphabet's variants, SMCP's own forms (rule 5). */
const SAME_WORD: Readonly<Record<string, string>> = {
  alpha: 'alfa',
  juliet: 'juliett',
  whiskey: 'whisky',
  point: 'decimal',
  dayseemal: 'decimal',
  kilohertz: 'khz',
  seelonce: 'silence',
  feenee: 'fini',
  tons: 'tonnes',
  tonne: 'tonnes',
  ton: 'tonnes',
  okay: 'ok',
  // SECURITE, SEELONCE and FEENEE as an English recogniser writes them (said as one word or two).
  security: 'securite',
  securitay: 'securite',
  securitee: 'securite',
  saycureetay: 'securite',
  saycureeetay: 'securite',
  saycuretay: 'securite',
  seelance: 'silence',
  seelonse: 'silence',
  feeney: 'fini',
  feenie: 'fini',
};

/**
 * Contractions as their words run together (rule 5): "I'm" is compared as "iam", so it matches
 * "I am" said or written as two words, and "don't" matches "do not" (the marking joins words).
 */
const CONTRACTIONS: Readonly<Record<string, string>> = {
  "i'm": 'iam',
  "i've": 'ihave',
  "i'll": 'iwill',
  "i'd": 'iwould',
  "you're": 'youare',
  "you've": 'youhave',
  "you'll": 'youwill',
  "we're": 'weare',
  "we've": 'wehave',
  "we'll": 'wewill',
  "they're": 'theyare',
  "they've": 'theyhave',
  "they'll": 'theywill',
  "it's": 'itis',
  "it'll": 'itwill',
  "he's": 'heis',
  "she's": 'sheis',
  "that's": 'thatis',
  "there's": 'thereis',
  "what's": 'whatis',
  "where's": 'whereis',
  "let's": 'letus',
  "don't": 'donot',
  "doesn't": 'doesnot',
  "didn't": 'didnot',
  "can't": 'cannot',
  "couldn't": 'couldnot',
  "won't": 'willnot',
  "wouldn't": 'wouldnot',
  "shouldn't": 'shouldnot',
  "mustn't": 'mustnot',
  "isn't": 'isnot',
  "aren't": 'arenot',
  "wasn't": 'wasnot',
  "weren't": 'werenot',
  "haven't": 'havenot',
  "hasn't": 'hasnot',
  "hadn't": 'hadnot',
  "needn't": 'neednot',
};

/** Words a recogniser writes for a digit, which count as that digit where one is expected. */
const DIGIT_HOMOPHONES: Readonly<Record<string, readonly string[]>> = {
  '1': ['won'],
  '2': ['to', 'too'],
  '4': ['for', 'fore'],
  '8': ['ate'],
};

/** The digit a recogniser may write for a word (rule 1): "wait 4 the pilot", "going 2 anchor". */
const DIGIT_FOR_WORD: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(DIGIT_HOMOPHONES).flatMap(([digit, words]) => words.map((word) => [word, digit])),
);

export const MINOR_WORDS: ReadonlySet<string> = new Set(['a', 'an', 'the']);
const FILLERS: ReadonlySet<string> = new Set(['uh', 'um', 'er', 'erm', 'ah', 'hmm', 'mm']);

/** British spellings as American ones, so either recogniser's output compares (rule 5). */
function oneSpelling(word: string): string {
  return word
    .replace(
      /^manoeuvr(e|es|ed|ing)?$/,
      (_, end = '') => `maneuver${end === 'e' ? '' : end === 'es' ? 's' : end}`,
    )
    .replace(/^(met|cent|lit|kilomet|theat)res?$/, (_, stem: string) =>
      word.endsWith('s') ? `${stem}ers` : `${stem}er`,
    )
    .replace(
      /^(harb|col|lab|neighb|vap|fav|behavi|hon|rum|arm)our(s|ed|ing)?$/,
      (_, stem: string, end = '') => `${stem}or${end}`,
    )
    .replace(/^programme/, 'program')
    .replace(/^grey$/, 'gray');
}

/** What a word is compared by (rule 5; a digit word is its digit). */
export function wordKey(word: string): string {
  const plain = word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’ʼ`´]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, '')
    .replace(/^'+|'+$/g, '');
  const digit = DIGIT_OF[plain];
  if (digit !== undefined) return digit;
  return CONTRACTIONS[plain] ?? SAME_WORD[plain] ?? oneSpelling(plain);
}

const digitsSpoken = (digits: string) =>
  [...digits].map((d) => (d === '.' ? 'decimal' : DIGIT_WORDS[Number(d)])).join(' ');

/**
 * The text as it is said on the radio (rules 1 and 2): call signs in the phonetic alphabet,
 * figures digit by digit, "no." before a number as "number". What the device's voice reads as the
 * model, and what the expected words are taken from.
 */
export function spokenForm(text: string): string {
  return text
    .replace(/\s*°/g, ' degrees')
    .replace(/\b(call sign)\s+([A-Z0-9]{3,9})\b/gi, (_, words: string, sign: string) => {
      const spelled = [...sign.toLowerCase()].map((char) =>
        /\d/.test(char) ? DIGIT_WORDS[Number(char)] : PHONETIC[char],
      );
      return `${words} ${spelled.join(' ')}`;
    })
    .replace(/\bno\.(?=\s+(?:\d|\.\.\.|…))/g, 'number')
    .replace(/(\d+(?:\.\d+)?)(?=\p{L})/gu, '$1 ')
    .replace(/(\p{L})(?=\d)/gu, '$1 ')
    .replace(/\d+(?:\.\d+)?/g, digitsSpoken);
}

/**
 * "12, one-two" (a figure followed by its own digits, SMCP General 7's example): the figure's
 * digits need not be said twice, so they are written as minor words, each in square brackets.
 */
function figureThenDigits(text: string): string {
  return text.replace(
    /(\d+),(\s*)([a-z]+(?:-[a-z]+)+)/gi,
    (whole, figure: string, space, spelled: string) => {
      const digits = spelled.split('-').map((word) => DIGIT_OF[word.toLowerCase()]);
      if (digits.join('') !== figure) return whole;
      const minor = [...figure].map((d) => `[${DIGIT_WORDS[Number(d)]}]`).join(' ');
      return `${minor},${space}${spelled}`;
    },
  );
}

/**
 * The words of the reply as said (see the file comment), in order: what the marking expects and
 * the screen shows.
 */
export function spokenWords(text: string): SpokenWord[] {
  // Brackets explaining a gap are not said; "(s)" makes a plural optional.
  const cleaned = text
    .replace(/\(s\)/g, '\uE000')
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\uE000/g, '(s)');
  const spoken = spokenForm(figureThenDigits(cleaned));
  const names = nameWords(spoken);
  const words: SpokenWord[] = [];
  for (const raw of spoken.split(/\s+/)) {
    if (/^(\.\.\.|…)/.test(raw)) {
      words.push({ text: '…', key: '…', minor: false, name: false, gap: true });
      continue;
    }
    const name = names.has(raw.replace(/[^\p{L}\p{N}]+$/gu, ''));
    for (const part of raw.split(/[-/–—]+/)) {
      const minorFigure = /^\[\p{L}+\]/u.test(part);
      const plural = /\(s\)/.test(part);
      const shown = part.replace(/\(s\)/, '').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '');
      const key = wordKey(shown);
      if (key === '') continue;
      const word: SpokenWord = {
        text: shown,
        key,
        minor: MINOR_WORDS.has(key) || minorFigure,
        name: name && !/^\p{Lu}+$/u.test(shown),
        gap: false,
      };
      if (plural) word.alt = `${key}s`;
      const letter = PHONETIC[key];
      if (/^\p{Lu}$/u.test(shown) && shown !== 'I' && shown !== 'A' && letter) {
        word.alt = wordKey(letter);
      }
      words.push(word);
    }
  }
  return words;
}

/**
 * The names of a text (rule 5): a capitalised word inside a sentence, or in a run of two or more
 * capitalised words ("Nordport VTS", "Sea Falcon"); not the markers or abbreviations (all capitals).
 */
function nameWords(text: string): Set<string> {
  const names = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?:])\s+/)) {
    const words = sentence.split(/\s+/).map((word) => word.replace(/[^\p{L}\p{N}]+$/gu, ''));
    words.forEach((word, index) => {
      if (!/^\p{Lu}/u.test(word) || /^\p{Lu}+$/u.test(word) || word === 'I') return;
      const capital = (other: string | undefined) => other !== undefined && /^\p{Lu}/u.test(other);
      if (index > 0 || capital(words[index + 1])) names.add(word);
    });
  }
  return names;
}

/** The heard words, compared by key (rule 5); fillers and minor words are free. */
interface HeardWord {
  text: string;
  key: string;
  free: boolean;
}

/** The words of what a recogniser heard, figures digit by digit. */
export function heardWords(transcript: string): HeardWord[] {
  const spoken = transcript
    .replace(/\s*°/g, ' degrees ')
    .replace(/(\d+(?:\.\d+)?)(?=\p{L})/gu, '$1 ')
    .replace(/(\p{L})(?=\d)/gu, '$1 ')
    .replace(/\d+(?:\.\d+)?/g, digitsSpoken);
  const words: HeardWord[] = [];
  for (const part of spoken.split(/[\s\-/–—]+/)) {
    const text = part.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '');
    const key = wordKey(text);
    if (key === '') continue;
    words.push({ text, key, free: MINOR_WORDS.has(key) || FILLERS.has(key) });
  }
  return words;
}

/** Letters apart (Levenshtein), for names. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** Whether a heard key counts as the expected word (rules 1, 2 and 5). */
function sameWord(expected: SpokenWord, heard: string): boolean {
  if (heard === expected.key || heard === expected.alt) return true;
  if (DIGIT_HOMOPHONES[expected.key]?.includes(heard)) return true;
  if (DIGIT_FOR_WORD[expected.key] === heard) return true;
  if (!expected.name || /\d/.test(heard)) return false;
  const allowed = expected.key.length >= 6 ? 2 : expected.key.length >= 4 ? 1 : 0;
  return allowed > 0 && distance(expected.key, heard) <= allowed;
}

/** Most words an expected word may be heard as (or a heard word stand for): "v h f". */
const MAX_JOIN = 4;

type Step =
  | { op: 'match'; e: number; ne: number; h: number; nh: number }
  | { op: 'wrong'; e: number; h: number }
  | { op: 'miss'; e: number }
  | { op: 'extra'; h: number }
  | { op: 'fill'; e: number; h: number; first: boolean }
  | { op: 'close'; e: number; filled: boolean };

/**
 * Aligns the heard words with the expected ones at the least cost: a key word missed, said wrong
 * or a heard word extra costs 1; a minor word or a filler costs nothing. A gap takes any words.
 */
function align(expected: readonly SpokenWord[], heard: readonly HeardWord[]): Step[] {
  const n = expected.length;
  const m = heard.length;
  // cost[i][j][g]: the least cost from expected i, heard j on; g = 1 inside a gap already filled.
  const size = (n + 1) * (m + 1) * 2;
  const cost = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
  const choice: (Step | null)[] = new Array(size).fill(null);
  const at = (i: number, j: number, g: number) => (i * (m + 1) + j) * 2 + g;
  for (let i = n; i >= 0; i--) {
    for (let j = m; j >= 0; j--) {
      for (const g of [1, 0]) {
        let best = Number.POSITIVE_INFINITY;
        let step: Step | null = null;
        const consider = (value: number, candidate: Step) => {
          if (value < best) {
            best = value;
            step = candidate;
          }
        };
        const word = expected[i];
        if (i === n && j === m) {
          best = 0;
        } else if (word?.gap) {
          if (j < m)
            consider(cost[at(i, j + 1, 1)] as number, { op: 'fill', e: i, h: j, first: g === 0 });
          consider((cost[at(i + 1, j, 0)] as number) + (g === 1 ? 0 : 1), {
            op: 'close',
            e: i,
            filled: g === 1,
          });
        } else if (g === 0) {
          if (word) {
            for (let k = 1; k <= MAX_JOIN && j + k <= m; k++) {
              // Words said apart run together ("see lonce", "say cure e tay") compare as one.
              const joined = wordKey(
                heard
                  .slice(j, j + k)
                  .map((h) => h.key)
                  .join(''),
              );
              if (sameWord(word, joined))
                consider(cost[at(i + 1, j + k, 0)] as number, {
                  op: 'match',
                  e: i,
                  ne: 1,
                  h: j,
                  nh: k,
                });
            }
            for (let k = 2; k <= 3 && i + k <= n && j < m; k++) {
              const words = expected.slice(i, i + k);
              if (words.some((w) => w.gap)) break;
              const joined = words.map((w) => w.key).join('');
              if (joined === heard[j]?.key)
                consider(cost[at(i + k, j + 1, 0)] as number, {
                  op: 'match',
                  e: i,
                  ne: k,
                  h: j,
                  nh: 1,
                });
            }
            if (j < m && !word.minor && !heard[j]?.free) {
              consider((cost[at(i + 1, j + 1, 0)] as number) + 1, { op: 'wrong', e: i, h: j });
            }
            consider((cost[at(i + 1, j, 0)] as number) + (word.minor ? 0 : 1), {
              op: 'miss',
              e: i,
            });
          }
          if (j < m)
            consider((cost[at(i, j + 1, 0)] as number) + (heard[j]?.free ? 0 : 1), {
              op: 'extra',
              h: j,
            });
        }
        cost[at(i, j, g)] = best;
        choice[at(i, j, g)] = step;
      }
    }
  }
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  let g = 0;
  while (i < n || j < m) {
    const step = choice[at(i, j, g)];
    if (!step) break;
    steps.push(step);
    switch (step.op) {
      case 'match':
        i += step.ne;
        j += step.nh;
        break;
      case 'wrong':
        i++;
        j++;
        break;
      case 'miss':
        i++;
        break;
      case 'extra':
        j++;
        break;
      case 'fill':
        j++;
        g = 1;
        break;
      case 'close':
        i++;
        g = 0;
        break;
    }
  }
  return steps;
}

function markOne(expected: readonly SpokenWord[], transcript: string): SpokenResult {
  const heard = heardWords(transcript);
  const words: MarkedWord[] = [];
  let filling: string[] = [];
  for (const step of align(expected, heard)) {
    const word = step.op === 'extra' ? undefined : expected[step.e];
    switch (step.op) {
      case 'match':
        for (let k = 0; k < step.ne; k++) {
          const each = expected[step.e + k] as SpokenWord;
          words.push({
            kind: 'expected',
            text: each.text,
            mark: 'said',
            minor: each.minor,
            heard: heard
              .slice(step.h, step.h + step.nh)
              .map((h) => h.text)
              .join(' '),
          });
        }
        break;
      case 'wrong':
        words.push({
          kind: 'expected',
          text: (word as SpokenWord).text,
          mark: 'wrong',
          minor: false,
          heard: heard[step.h]?.text as string,
        });
        break;
      case 'miss':
        words.push({
          kind: 'expected',
          text: (word as SpokenWord).text,
          mark: word?.minor ? 'dropped' : 'missed',
          minor: word?.minor === true,
        });
        break;
      case 'extra':
        if (!heard[step.h]?.free)
          words.push({ kind: 'extra', heard: heard[step.h]?.text as string });
        break;
      case 'fill':
        filling.push(heard[step.h]?.text as string);
        break;
      case 'close': {
        const entry: MarkedWord = {
          kind: 'expected',
          text: '…',
          mark: step.filled ? 'said' : 'missed',
          minor: false,
        };
        if (step.filled) entry.heard = filling.join(' ');
        words.push(entry);
        filling = [];
        break;
      }
    }
  }
  const pick = (mark: SpokenMark) =>
    words.flatMap((w) => (w.kind === 'expected' && w.mark === mark ? [w.text] : []));
  const extra = words.flatMap((w) => (w.kind === 'extra' ? [w.heard] : []));
  const missed = pick('missed');
  const wrong = pick('wrong');
  return {
    words,
    pass: missed.length === 0 && wrong.length === 0 && extra.length === 0,
    said: pick('said'),
    missed,
    wrong,
    extra,
    heard: transcript,
  };
}

/** How far a marking is from a pass: the fewer key words off, the better. */
const shortfall = (result: SpokenResult) =>
  result.missed.length + result.wrong.length + result.extra.length;

/**
 * Marks what was heard against the expected reply (see the file comment). Given the recogniser's
 * alternatives, the one closest to the reply is marked: the learner is not failed for the
 * recogniser's first guess.
 */
export function markSpoken(expected: string, heard: string | readonly string[]): SpokenResult {
  const words = spokenWords(expected);
  const transcripts = typeof heard === 'string' ? [heard] : heard.length > 0 ? heard : [''];
  let best: SpokenResult | null = null;
  for (const transcript of transcripts) {
    const result = markOne(words, transcript);
    if (!best || shortfall(result) < shortfall(best)) best = result;
  }
  return best as SpokenResult;
}
