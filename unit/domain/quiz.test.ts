import { describe, expect, it } from 'vitest';
import { buildChoices, pickDirection } from '@/domain/quiz';
import { seededRandom } from '@/domain/random';
import type { VocabItem } from '@/domain/types';

const item = (id: string, ru: string, en: string, topic = 'Mooring'): VocabItem => ({
  id,
  langA: ru,
  langB: en,
  topic,
  division: 'deck',
  source: 'builtin',
});

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
