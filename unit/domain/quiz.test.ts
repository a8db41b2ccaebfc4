import { describe, expect, it } from 'vitest';
import {
  buildChoices,
  inferKind,
  kindOf,
  optionKey,
  pickDirection,
  wordCountBucket,
} from '@/domain/quiz';
import { seededRandom } from '@/domain/random';
import type { VocabItem, WordKind } from '@/domain/types';

const item = (
  id: string,
  ru: string,
  en: string,
  topic = 'Mooring',
  extra: Partial<VocabItem> = {},
): VocabItem => ({
  id,
  langA: ru,
  langB: en,
  topic,
  division: 'deck',
  source: 'builtin',
  ...extra,
});
const SEEDS = Array.from({ length: 30 }, (_, i) => i);

const mooring = [
  item('m1', 'швартов', 'mooring line'),
  item('m2', 'кнехт', 'bollard'),
  item('m3', 'кранец', 'fender'),
  item('m4', 'клюз', 'fairlead'),
  item('m5', 'шпиль', 'capstan'),
];
const other = Array.from({ length: 100 }, (_, i) =>
  item(`o${i}`, `другое ${i}`, `other ${i}`, 'Safety'),
);

describe('buildChoices', () => {
  it('ru-en: Russian prompt, English options with the answer and three distinct distractors', () => {
    const c = buildChoices(mooring[0]!, [...mooring, ...other], 'ru-en', seededRandom(1));
    expect(c.prompt).toBe('швартов');
    expect(c.answer).toBe('mooring line');
    expect(c.options).toHaveLength(4);
    expect(c.options).toContain('mooring line');
    expect(new Set(c.options.map((o) => o.toLowerCase())).size).toBe(4);
  });

  it('takes distractors from the same topic first', () => {
    for (let seed = 0; seed < 20; seed++) {
      const c = buildChoices(mooring[1]!, [...other, ...mooring], 'ru-en', seededRandom(seed));
      for (const o of c.options) expect(mooring.map((m) => m.langB)).toContain(o);
    }
  });

  it('en-ru: English prompt, Russian options', () => {
    const c = buildChoices(mooring[2]!, mooring, 'en-ru', seededRandom(3));
    expect(c.prompt).toBe('fender');
    expect(c.answer).toBe('кранец');
    for (const o of c.options) expect(o).toMatch(/[а-я]/);
  });

  it('tops up from the whole vocabulary when the topic is too small, small or large', () => {
    const lonely = item('x', 'якорь', 'anchor', 'Anchoring');
    const small = buildChoices(lonely, [lonely, ...other.slice(0, 5)], 'ru-en', seededRandom(4));
    expect(small.options).toHaveLength(4);
    const large = buildChoices(lonely, [lonely, ...other], 'ru-en', seededRandom(4));
    expect(large.options).toHaveLength(4);
    expect(large.options.filter((o) => o.startsWith('other'))).toHaveLength(3);
  });

  it('never offers a duplicate of the answer (ignoring case) nor a second copy of a distractor', () => {
    const vocab = [
      item('a', 'трос', 'Rope'),
      item('b', 'канат', 'rope'),
      item('c', 'верёвка', 'ROPE '),
      item('d', 'линь', 'line'),
      item('e', 'конец', 'line'),
    ];
    const c = buildChoices(vocab[0]!, vocab, 'ru-en', seededRandom(5));
    expect(c.options.sort()).toEqual(['Rope', 'line']);
  });

  it('with a one-word vocabulary offers just the answer', () => {
    const only = item('a', 'трос', 'rope');
    expect(buildChoices(only, [only], 'ru-en', seededRandom(1)).options).toEqual(['rope']);
  });

  it('shuffles: the answer is not always in the same place', () => {
    const places = new Set<number>();
    for (let seed = 0; seed < 30; seed++) {
      const c = buildChoices(mooring[0]!, mooring, 'ru-en', seededRandom(seed));
      places.add(c.options.indexOf(c.answer));
    }
    expect(places.size).toBe(4);
  });
});

describe('inferKind', () => {
  it.each<[string, WordKind]>([
    ['Let go the anchor!', 'order'],
    ['  Stop engine!  ', 'order'],
    ['I require a pilot.', 'phrase'],
    ['What is your ETA?', 'phrase'],
    ['Change to channel …', 'phrase'],
    ['The anchor is holding', 'phrase'],
    ['I require assistance', 'phrase'],
    ['We must transfer ballast', 'phrase'],
    ['bollard', 'term'],
    ['mooring line', 'term'],
    ['vessel not under command', 'term'],
    ['Is', 'term'],
    ['', 'term'],
  ])('%j is a %s', (text, kind) => {
    expect(inferKind(text)).toBe(kind);
  });

  it('kindOf keeps the kind the data gives and infers it only when it is missing', () => {
    expect(kindOf(item('a', 'Все наверх!', 'All hands on deck!', 'X', { kind: 'idiom' }))).toBe(
      'idiom',
    );
    expect(kindOf(item('b', 'Отдать якорь!', 'Let go the anchor!'))).toBe('order');
    expect(kindOf(item('c', 'Приём.', ' '))).toBe('phrase');
  });
});

describe('optionKey and wordCountBucket', () => {
  it('reads case, spacing, Unicode form and closing punctuation as the same option', () => {
    expect(optionKey('  Pilot   on board! ')).toBe(optionKey('pilot on board.'));
    expect(optionKey('Stand by ...')).toBe('stand by');
    expect(optionKey('е\u0308ж')).toBe(optionKey('ёж'));
    expect(optionKey('ёж')).not.toBe(optionKey('еж'));
    expect(optionKey('Yes, ...')).not.toBe(optionKey('No, ...'));
    expect(optionKey(' ... ')).toBe('');
  });

  it('buckets 1 word, 2–3 words and 4 or more; a lone ellipsis is no word', () => {
    expect(wordCountBucket('bollard')).toBe(0);
    expect(wordCountBucket('Yes, ...')).toBe(0);
    expect(wordCountBucket('heaving line')).toBe(1);
    expect(wordCountBucket('Stand by engine')).toBe(1);
    expect(wordCountBucket('Send out the spring!')).toBe(2);
  });
});

describe('buildChoices: fair options', () => {
  const nouns = [
    item('n1', 'швартов', 'mooring line'),
    item('n2', 'кнехт', 'bollard'),
    item('n3', 'кранец', 'fender'),
    item('n4', 'клюз', 'fairlead'),
  ];
  const order = (id: string, ru: string, en: string, topic = 'Mooring') =>
    item(id, ru, en, topic, { kind: 'order' });

  it('an order among nouns gets orders from another topic rather than its own nouns', () => {
    const target = order('o1', 'Выбирай слабину!', 'Pick up the slack!');
    const elsewhere = [
      order('a1', 'Отдать якорь!', 'Let go the anchor!', 'Anchoring'),
      order('a2', 'Выбирай!', 'Heave away!', 'Anchoring'),
      order('a3', 'Стоп травить!', 'Hold on!', 'Anchoring'),
    ];
    const vocab = [...nouns.map((n) => ({ ...n, kind: 'term' as const })), target, ...elsewhere];
    for (const seed of SEEDS) {
      const c = buildChoices(target, vocab, 'ru-en', seededRandom(seed));
      expect(c.options.sort()).toEqual(
        ['Pick up the slack!', ...elsewhere.map((o) => o.langB)].sort(),
      );
    }
  });

  it('takes the same kind from its own topic before the same kind elsewhere', () => {
    const own = [
      order('o1', 'Подать носовой!', 'Send out the head line!'),
      order('o2', 'Подать кормовой!', 'Send out the stern line!'),
      order('o3', 'Подать шпринг!', 'Send out the spring!'),
      order('o4', 'Выбирай!', 'Heave away!'),
    ];
    const elsewhere = order('a1', 'Отдать якорь!', 'Let go the anchor!', 'Anchoring');
    for (const seed of SEEDS) {
      const c = buildChoices(own[0]!, [elsewhere, ...nouns, ...own], 'en-ru', seededRandom(seed));
      for (const o of c.options) expect(own.map((w) => w.langA)).toContain(o);
    }
  });

  it('words without a kind are matched by the inferred one', () => {
    const target = item('x', 'Стоп машина!', 'Stop engine!');
    const orders = [
      item('y1', 'Малый вперёд!', 'Dead slow ahead!', 'Engine Orders'),
      item('y2', 'Полный назад!', 'Full astern!', 'Engine Orders'),
      item('y3', 'Средний вперёд!', 'Half ahead!', 'Engine Orders'),
    ];
    for (const seed of SEEDS) {
      const c = buildChoices(target, [...nouns, target, ...orders], 'ru-en', seededRandom(seed));
      for (const o of c.options) expect(o.endsWith('!')).toBe(true);
    }
  });

  it('prefers options of a similar length: the same word-count bucket, then similar letters', () => {
    const target = item('t', 'кранец', 'fender');
    const topic = [
      target,
      item('s1', 'кнехт', 'bollard'),
      item('s2', 'клюз', 'fairlead'),
      item('s3', 'шпиль', 'capstan'),
      item('l1', 'бросательный конец', 'heaving line'),
      item('l2', 'швартовная лебёдка', 'mooring winch'),
      item('l3', 'стопор якорной цепи', 'cable stopper'),
      item('l4', 'швартов с барабана лебёдки', 'mooring line on the winch drum'),
    ];
    for (const seed of SEEDS) {
      const c = buildChoices(target, topic, 'ru-en', seededRandom(seed));
      expect(c.options.sort()).toEqual(['bollard', 'capstan', 'fairlead', 'fender']);
    }
    const longer = buildChoices(topic[7]!, topic, 'ru-en', seededRandom(1));
    expect(longer.options.filter((o) => o.includes(' '))).toHaveLength(4);
  });

  it('still varies the distractors among equally fair ones', () => {
    const topic = Array.from({ length: 12 }, (_, i) => item(`w${i}`, `слово${i}`, `word${i}`));
    const seen = new Set<string>();
    for (const seed of SEEDS) {
      for (const o of buildChoices(topic[0]!, topic, 'ru-en', seededRandom(seed)).options)
        seen.add(o);
    }
    expect(seen.size).toBe(12);
  });

  it('never offers a second right answer: the same prompt, or a pair that accepts the prompt', () => {
    const vocab = [
      item('c1', 'кабельтов', 'cable', 'Navigation'),
      item('c2', 'кабель', 'cable', 'Navigation'),
      item('c3', 'якорная цепь', 'anchor chain', 'Navigation', { alt: ['Cable'] }),
      item('c4', 'скоба', 'shackle', 'Navigation'),
      item('c5', 'скоба', 'clamp', 'Navigation'),
      ...['лаг', 'румб', 'миля', 'узел'].map((ru, i) =>
        item(`n${i}`, ru, `nav ${i}`, 'Navigation'),
      ),
    ];
    for (const seed of SEEDS) {
      const enRu = buildChoices(vocab[0]!, vocab, 'en-ru', seededRandom(seed));
      expect(enRu.options).toContain('кабельтов');
      expect(enRu.options).not.toContain('кабель');
      expect(enRu.options).not.toContain('якорная цепь');
      const ruEn = buildChoices(vocab[3]!, vocab, 'ru-en', seededRandom(seed));
      expect(ruEn.options).not.toContain('clamp');
      expect(ruEn.options).toHaveLength(4);
    }
  });

  it('never shows two options that read alike, closing punctuation aside', () => {
    const vocab = [
      item('p1', 'Лоцман на борту!', 'Pilot on board!', 'Pilot'),
      item('p2', 'Лоцман на борту.', 'pilot on board.', 'Pilot'),
      item('p3', 'Стоп!', 'Stop!', 'Pilot'),
      item('p4', 'Стоп.', 'stop.', 'Pilot'),
      item('p5', 'Трап готов!', 'Ladder ready!', 'Pilot'),
      item('p6', 'Лоцман сошёл!', 'Pilot away!', 'Pilot'),
    ];
    for (const seed of SEEDS) {
      for (const direction of ['ru-en', 'en-ru'] as const) {
        const c = buildChoices(vocab[0]!, vocab, direction, seededRandom(seed));
        expect(c.options).toHaveLength(4);
        expect(new Set(c.options.map(optionKey)).size).toBe(4);
      }
    }
  });

  it('never offers a retired word', () => {
    const vocab = [...mooring, item('r', 'брашпиль', 'windlass', 'Mooring', { retired: true })];
    for (const seed of SEEDS) {
      expect(buildChoices(vocab[0]!, vocab, 'ru-en', seededRandom(seed)).options).not.toContain(
        'windlass',
      );
    }
  });

  it('is deterministic given the random source', () => {
    const vocab = [...mooring, ...other];
    for (const seed of SEEDS.slice(0, 5)) {
      expect(buildChoices(mooring[3]!, vocab, 'en-ru', seededRandom(seed))).toEqual(
        buildChoices(mooring[3]!, vocab, 'en-ru', seededRandom(seed)),
      );
    }
  });
});

describe('pickDirection', () => {
  it('keeps a fixed direction', () => {
    expect(pickDirection('ru-en', () => 0.9)).toBe('ru-en');
    expect(pickDirection('en-ru', () => 0.1)).toBe('en-ru');
  });

  it('random chooses per question from the random source', () => {
    expect(pickDirection('random', () => 0.1)).toBe('ru-en');
    expect(pickDirection('random', () => 0.7)).toBe('en-ru');
  });
});
