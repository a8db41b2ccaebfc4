import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/domain/random';
import type { VocabItem } from '@/domain/types';
import {
  extraWords,
  isNextWord,
  matchTypedWord,
  phraseWords,
  productionQuestion,
  wordKey,
  wordOrderTiles,
} from '@/domain/word-order';

const item = (id: string, langA: string, langB: string, extra: Partial<VocabItem> = {}) =>
  ({
    id,
    langA,
    langB,
    topic: 'Distress',
    division: 'bridge',
    kind: 'phrase',
    source: 'builtin',
    ...extra,
  }) as VocabItem;

describe('phraseWords: the tiles of a phrase', () => {
  it.each([
    ['I require medical assistance.', ['I', 'require', 'medical', 'assistance']],
    [
      'Enter the lifeboat only when ordered by an officer.',
      ['enter', 'the', 'lifeboat', 'only', 'when', 'ordered', 'by', 'an', 'officer'],
    ],
    ["Take the tug's line!", ['take', 'the', "tug's", 'line']],
    ['visitors’ log', ["visitors'", 'log']],
    ['The ship is at security level 2', ['the', 'ship', 'is', 'at', 'security', 'level', '2']],
    ['15 ppm bilge alarm', ['15', 'ppm', 'bilge', 'alarm']],
    ['Close the quick-closing valves!', ['close', 'the', 'quick-closing', 'valves']],
    [
      'Two strokes of the bell: object on the port bow',
      ['two', 'strokes', 'of', 'the', 'bell', 'object', 'on', 'the', 'port', 'bow'],
    ],
    ['Flag H: I have a pilot on board', ['Flag', 'H', 'I', 'have', 'a', 'pilot', 'on', 'board']],
    ['Safety Management Certificate', ['Safety', 'Management', 'Certificate']],
    ['CO2 release alarm', ['CO2', 'release', 'alarm']],
    ['Yes, ...', ['yes']],
    [
      '  Pilot ladder rigged on starboard side, one metre above water ',
      ['pilot', 'ladder', 'rigged', 'on', 'starboard', 'side', 'one', 'metre', 'above', 'water'],
    ],
    ['"Say again" — (repeat)', ['say', 'again', 'repeat']],
  ])('%s', (english, words) => {
    expect(phraseWords(english)).toEqual(words);
  });

  it('compares words by lower case with straight apostrophes', () => {
    expect(wordKey('Ship’s')).toBe("ship's");
    expect(wordKey('assistance.')).toBe('assistance');
  });
});

describe('productionQuestion: every pair has one', () => {
  it.each<[Partial<VocabItem>, string | null]>([
    [{ langB: 'anchor' }, 'letters'],
    [{ langB: 'Let go the anchor!' }, 'letters'],
    [{ langB: 'Hard-a-port!', spell: 'hard a port' }, 'letters'],
    [{ langB: 'emergency escape breathing device', spell: 'EEBD' }, 'letters'],
    // spell: false (sentences, long terms, digits) gets word order.
    [{ langB: 'I require medical assistance.', spell: false }, 'word-order'],
    [{ langB: 'International Oil Pollution Prevention Certificate', spell: false }, 'word-order'],
    [{ langB: '15 ppm bilge alarm', spell: false }, 'word-order'],
    // An apostrophe, which letter tiles drop (SHIPS_BELL), gets word order despite its `spell`.
    [{ langB: "ship's bell", spell: 'ships bell' }, 'word-order'],
    [{ langB: "Take the tug's line!", spell: 'take the tugs line' }, 'word-order'],
    // An admin's word: a long phrase letters would not suit, a single odd word keeps letters.
    [{ langB: 'Report when the anchor is brought up and holding' }, 'word-order'],
    [{ langB: 'O-ring' }, 'letters'],
    [{ langB: 'SOLAS', spell: false }, null],
  ])('%o -> %s', (fields, question) => {
    expect(productionQuestion(item('x', 'x', fields.langB ?? '', fields))).toBe(question);
  });
});

const PHRASE = item('p1', 'Мне нужна медицинская помощь', 'I require medical assistance.', {
  spell: false,
});
const VOCAB: VocabItem[] = [
  PHRASE,
  item('p2', 'Иду к вам на помощь', 'I am proceeding to your assistance.', { spell: false }),
  item('p3', 'Я столкнулся с неизвестным судном', 'I have collided with unknown vessel.', {
    spell: false,
  }),
  item('p4', 'Судно кренится', 'I am listing, danger of capsizing.', { spell: false }),
  item('t1', 'бедствие', 'distress', { kind: 'term' }),
  item('e1', 'насос', 'pump', { topic: 'Pumps', division: 'engine', kind: 'term' }),
];

describe('extraWords: one or two plausible extra words', () => {
  it('draws two words of the same topic, the same ones from the same random source', () => {
    const extras = extraWords(PHRASE, VOCAB, seededRandom(4));
    expect(extras).toHaveLength(2);
    expect(extraWords(PHRASE, VOCAB, seededRandom(4))).toEqual(extras);
    const topicWords = VOCAB.filter((v) => v.topic === 'Distress' && v.id !== 'p1').flatMap((v) =>
      phraseWords(v.langB).map(wordKey),
    );
    for (const word of extras) expect(topicWords).toContain(wordKey(word));
    const draws = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => extraWords(PHRASE, VOCAB, seededRandom(seed)).join()),
    );
    expect(draws.size).toBeGreaterThan(1);
  });

  it('never offers a word that would make another order right, nor a number or a letter', () => {
    const target = item('q1', 'Флаг G: мне нужен лоцман', 'Flag G: I require a pilot', {
      alt: ['Flag G: I need a pilot'],
    });
    const vocab = [
      target,
      // Every word here is banned: the answer's own, an accepted form's, the same Russian's,
      // articles, numbers, single letters.
      item('q2', 'Флаг G: мне нужен лоцман', 'I want a pilot'),
      item('q3', 'x', 'Flag H: the pilot require 2 a I'),
      // The only fair words of the topic.
      item('q4', 'y', 'Pilot ladder rigged'),
    ];
    for (let seed = 1; seed <= 20; seed++) {
      expect(extraWords(target, vocab, seededRandom(seed)).sort()).toEqual(['ladder', 'rigged']);
    }
  });

  it('writes an extra word in the case of the answer, and never offers an acronym', () => {
    const title = item('c1', 'a', 'Safety Management Certificate', { kind: 'term' });
    const sentence = item('c2', 'b', 'Keep the buoy on starboard side!', { kind: 'order' });
    const vocab = [
      title,
      sentence,
      item('c3', 'c', 'International Tonnage VHF', { kind: 'term' }),
      item('c4', 'd', 'Document of Compliance', { kind: 'term' }),
    ];
    expect(extraWords(title, vocab, seededRandom(2)).every((w) => /^[A-Z][a-z]+$/.test(w))).toBe(
      true,
    );
    const lower = extraWords(sentence, vocab, seededRandom(2));
    expect(lower).toHaveLength(2);
    expect(lower.every((w) => /^[a-z]+$/.test(w))).toBe(true);
    expect([...extraWords(title, vocab, seededRandom(3)), ...lower]).not.toContain('VHF');
  });

  it('takes the same kind elsewhere when the topic has too few words, and one for a long answer', () => {
    const lonely = item('l1', 'Покинуть судно!', 'Abandon ship!', {
      topic: 'Alone',
      kind: 'order',
    });
    const vocab = [
      lonely,
      item('o1', 'a', 'Stop engines!', { topic: 'Engine Orders', kind: 'order' }),
      item('t2', 'b', 'crankshaft', { topic: 'Engine', kind: 'term' }),
    ];
    expect(extraWords(lonely, vocab, seededRandom(1)).sort()).toEqual(['engines', 'stop']);
    const long = item('l2', 'z', 'Single up to one head line and one spring forward!');
    expect(extraWords(long, [...VOCAB, long], seededRandom(1))).toHaveLength(1);
  });

  it('in the built-in vocabulary: extras are new words, and none belongs to another accepted form', async () => {
    const { builtinWords } = await import('@/data/vocabulary/builtin');
    const words = builtinWords();
    const targets = words.filter((w) => productionQuestion(w) === 'word-order');
    expect(targets.length).toBeGreaterThan(100);
    for (const target of targets) {
      const answer = phraseWords(target.langB).map(wordKey);
      const extras = extraWords(target, words, seededRandom(7)).map(wordKey);
      expect(extras.length, target.id).toBe(answer.length >= 8 ? 1 : 2);
      // Only the answer's own repeats are equal tiles: the order of equal tiles never matters.
      expect(new Set(extras).size, target.id).toBe(extras.length);
      for (const extra of extras) expect(answer, target.id).not.toContain(extra);
      // An accepted English form (an alt, or a pair with the same Russian) built with an extra
      // word would be a second right order: no extra word is one of theirs.
      const others = [
        ...(target.alt ?? []),
        ...words.filter((w) => w.id !== target.id && w.langA === target.langA).map((w) => w.langB),
      ].flatMap((text) => phraseWords(text).map(wordKey));
      for (const extra of extras) expect(others, target.id).not.toContain(extra);
    }
  });
});

describe('the tiles and the checking', () => {
  const answer = ['let', 'go', 'the', 'anchor', 'and', 'the', 'chain'];

  it('gives every word of the answer and the extras one tile, shuffled, ids unique', () => {
    const tiles = wordOrderTiles(answer, ['cable', 'heave'], seededRandom(3));
    expect(tiles.map((t) => t.text).sort()).toEqual([...answer, 'cable', 'heave'].sort());
    expect(new Set(tiles.map((t) => t.id)).size).toBe(9);
    expect(tiles.map((t) => t.text)).not.toEqual([...answer, 'cable', 'heave']);
  });

  it('accepts the next word in any case; equal words are interchangeable', () => {
    expect(isNextWord(answer, 0, 'Let')).toBe(true);
    expect(isNextWord(answer, 1, 'the')).toBe(false);
    expect(isNextWord(answer, 5, 'THE')).toBe(true);
    expect(isNextWord(answer, 7, 'chain')).toBe(false);
    expect(isNextWord(["ship's", 'bell'], 0, 'ship’s')).toBe(true);
  });

  it('a typed word picks its free tile, or the one word it begins; else none or several', () => {
    const tiles = [
      { id: 0, text: 'starboard' },
      { id: 1, text: 'stroke' },
      { id: 2, text: "ship's" },
      { id: 3, text: 'on' },
      { id: 4, text: 'one' },
      { id: 5, text: 'on' },
    ];
    expect(matchTypedWord(tiles, [], 'Starboard')).toEqual({ kind: 'tile', tileId: 0 });
    expect(matchTypedWord(tiles, [], 'star')).toEqual({ kind: 'tile', tileId: 0 });
    expect(matchTypedWord(tiles, [], 'st')).toEqual({ kind: 'several' });
    expect(matchTypedWord(tiles, [1], 'st')).toEqual({ kind: 'tile', tileId: 0 });
    expect(matchTypedWord(tiles, [], 'ship’')).toEqual({ kind: 'tile', tileId: 2 });
    // An exact word wins over the longer one it begins; its equal twin is used next.
    expect(matchTypedWord(tiles, [], 'on')).toEqual({ kind: 'tile', tileId: 3 });
    expect(matchTypedWord(tiles, [3], 'on')).toEqual({ kind: 'tile', tileId: 5 });
    expect(matchTypedWord(tiles, [3, 5], 'on')).toEqual({ kind: 'tile', tileId: 4 });
    expect(matchTypedWord(tiles, [], 'anchor')).toEqual({ kind: 'none' });
    expect(matchTypedWord(tiles, [], '  ')).toEqual({ kind: 'none' });
  });
});
