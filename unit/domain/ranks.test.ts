import { describe, expect, it } from 'vitest';
import { RANKS, rankFor } from '@/domain/ranks';

describe('RANKS', () => {
  it('L1..L7 with minimum counts 0, 50, 150, 300, 500, 800, 1200', () => {
    expect(RANKS.map((r) => [r.id, r.min])).toEqual([
      ['L1', 0],
      ['L2', 50],
      ['L3', 150],
      ['L4', 300],
      ['L5', 500],
      ['L6', 800],
      ['L7', 1200],
    ]);
  });

  it('has the bilingual labels of both ladders', () => {
    expect(RANKS.map((r) => r.label.ru)).toEqual([
      'Юнга',
      'Матрос',
      'Боцман',
      'Старшина',
      'Морской волк',
      'Старпом',
      'Капитан',
    ]);
    expect(RANKS.map((r) => r.engineLabel.ru)).toEqual([
      'Юнга',
      'Матрос',
      'Боцман',
      '3-й механик',
      'Морской волк',
      '2-й механик',
      'Стармех',
    ]);
    expect(RANKS[0]?.label.en).toBe('Greenhand');
    expect(RANKS[1]?.label.en).toBe('Deckhand');
    expect(RANKS[2]?.label.en).toBe('Bosun');
    expect(RANKS[4]?.label.en).toBe('Sea Wolf');
    for (const r of RANKS) expect(r.image).toMatch(/^\/ranks\/L\d\.svg$/);
  });
});

describe('rankFor', () => {
  it.each([
    [0, 'L1'],
    [49, 'L1'],
    [50, 'L2'],
    [149, 'L2'],
    [150, 'L3'],
    [299, 'L3'],
    [300, 'L4'],
    [500, 'L5'],
    [799, 'L5'],
    [800, 'L6'],
    [1199, 'L6'],
    [1200, 'L7'],
    [99999, 'L7'],
  ])('%i learned words is %s', (count, id) => {
    expect(rankFor(count).rank.id).toBe(id);
  });

  it('engine climbs the engine ladder; bridge, galley and none the deck ladder', () => {
    expect(rankFor(300, 'engine').label).toEqual({ ru: '3-й механик', en: 'Third Engineer' });
    expect(rankFor(1200, 'engine').label.ru).toBe('Стармех');
    expect(rankFor(800, 'deck').label.ru).toBe('Старпом');
    expect(rankFor(1200, 'bridge').label.ru).toBe('Капитан');
    expect(rankFor(300, 'galley').label.ru).toBe('Старшина');
    expect(rankFor(300).label.ru).toBe('Старшина');
  });

  it('tells how many words the next rank needs', () => {
    expect(rankFor(40)).toMatchObject({ toNext: 10, next: { id: 'L2' } });
    expect(rankFor(1500)).toMatchObject({ toNext: 0, next: null });
  });

  it('treats negative and non-numbers as 0', () => {
    expect(rankFor(-5).rank.id).toBe('L1');
    expect(rankFor(Number.NaN).rank.id).toBe('L1');
  });
});
