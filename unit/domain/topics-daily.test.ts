import { describe, expect, it } from 'vitest';
import { dueCount, learnableCount, learnedCount, startOfDay } from '@/domain/daily';
import { newUserWord } from '@/domain/srs';
import {
  countWordsByTopic,
  inDivision,
  topicId,
  visibleTopics,
  wordsOfTopic,
} from '@/domain/topics';
import type { Topic, UserWord, VocabItem } from '@/domain/types';
import { topicLabel } from '@/ui/topic-name';

const topic = (division: string, name: string, roles?: string[]): Topic => ({
  id: topicId(division, name),
  name,
  division,
  roles,
  source: 'builtin',
});

describe('visibleTopics', () => {
  const topics = [
    topic('deck', 'Mooring'),
    topic('deck', 'Leadership', ['bosun']),
    topic('deck', 'Engine room basics'),
    topic('engine', 'Technical Management', ['cheng', 'ce']),
    topic('engine', 'Pumps & Piping'),
  ];

  it('filters by division and role, sorted by name', () => {
    expect(visibleTopics(topics, 'deck', 'os').map((t) => t.name)).toEqual(['Mooring']);
    expect(visibleTopics(topics, 'deck', 'bosun').map((t) => t.name)).toEqual([
      'Leadership',
      'Mooring',
    ]);
    expect(visibleTopics(topics, 'engine', 'ce').map((t) => t.name)).toEqual([
      'Pumps & Piping',
      'Technical Management',
    ]);
    expect(visibleTopics(topics, 'engine', 'motorman').map((t) => t.name)).toEqual([
      'Pumps & Piping',
    ]);
  });

  it("the deck list hides topics whose names contain 'engine'; 'all' sees every role's topics", () => {
    expect(visibleTopics(topics, 'deck', 'all').map((t) => t.name)).toEqual([
      'Leadership',
      'Mooring',
    ]);
  });

  it('sorts by the name shown, so a Russian list reads in Russian order', () => {
    const deck = [...topics, topic('deck', 'Wheel Orders')];
    expect(visibleTopics(deck, 'deck', 'bosun').map((t) => t.name)).toEqual([
      'Leadership',
      'Mooring',
      'Wheel Orders',
    ]);
    // «Команды на руль», «Руководство и организация работ», «Швартовка».
    const russian = visibleTopics(deck, 'deck', 'bosun', (name) => topicLabel(name, 'ru'));
    expect(russian.map((t) => t.name)).toEqual(['Wheel Orders', 'Leadership', 'Mooring']);
  });

  it('countWordsByTopic counts per division::topic', () => {
    const vocab = [
      { id: 'a', division: 'deck', topic: 'Mooring' },
      { id: 'b', division: 'deck', topic: 'Mooring' },
      { id: 'c', division: 'engine', topic: 'Mooring' },
    ] as VocabItem[];
    expect(Object.fromEntries(countWordsByTopic(vocab))).toEqual({
      'deck::Mooring': 2,
      'engine::Mooring': 1,
    });
  });

  it('wordsOfTopic matches division and name', () => {
    const vocab = [
      { id: 'a', division: 'deck', topic: 'Mooring' },
      { id: 'b', division: 'engine', topic: 'Mooring' },
    ] as VocabItem[];
    expect(wordsOfTopic(vocab, { division: 'deck', name: 'Mooring' }).map((v) => v.id)).toEqual([
      'a',
    ]);
  });
});

describe('the common core', () => {
  it('belongs to every division, and a division only to itself', () => {
    expect(inDivision('common', 'galley')).toBe(true);
    expect(inDivision('deck', 'deck')).toBe(true);
    expect(inDivision('deck', 'galley')).toBe(false);
    expect(inDivision('engine', undefined)).toBe(true);
  });

  it('lists its topics after the division own topics', () => {
    const topics = [
      topic('common', 'Alarms & Musters'),
      topic('galley', 'Provisions'),
      topic('deck', 'Mooring'),
      topic('galley', 'Hygiene'),
      topic('common', 'First Aid'),
    ];
    expect(visibleTopics(topics, 'galley', 'cook').map((t) => t.id)).toEqual([
      'galley::Hygiene',
      'galley::Provisions',
      'common::Alarms & Musters',
      'common::First Aid',
    ]);
    expect(visibleTopics(topics, 'common').map((t) => t.id)).toEqual([
      'common::Alarms & Musters',
      'common::First Aid',
    ]);
  });
});

describe('daily figures', () => {
  const now = new Date(2026, 10, 22, 15, 0).getTime();
  const midnight = new Date(2026, 10, 22, 0, 0).getTime();
  const w = (patch: Partial<UserWord>): UserWord => ({ ...newUserWord('u', 'v', 0), ...patch });

  it('startOfDay is local midnight', () => {
    expect(startOfDay(now)).toBe(midnight);
  });

  it('counts learned words and due words (the day’s practice: daily-goal.test.ts)', () => {
    const words = [
      w({ lastSeenAt: midnight + 1, status: 'learned', attempts: 1, nextReviewAt: now + 1 }),
      w({ lastSeenAt: midnight - 1, status: 'learning', attempts: 2, nextReviewAt: now - 1 }),
      w({ lastSeenAt: now, status: 'learned', attempts: 1, deleted: true }),
      w({ attempts: 0 }),
    ];
    expect(learnedCount(words)).toBe(1);
    expect(dueCount(words, now)).toBe(1);
  });
});

describe('learnableCount', () => {
  it('counts the words in use that are not learned, across every division', () => {
    const vocab = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd', retired: true }, { id: 'e' }];
    const words = new Map<string, UserWord>([
      ['a', { ...newUserWord('u', 'a', 0), status: 'learned' }],
      ['b', { ...newUserWord('u', 'b', 0), status: 'learning' }],
      ['e', { ...newUserWord('u', 'e', 0), status: 'learned', deleted: true }],
    ]);
    expect(learnableCount(vocab, words)).toBe(3);
    expect(learnableCount([], words)).toBe(0);
  });
});
