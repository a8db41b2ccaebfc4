/** Stored-record conversions and topic derivation. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromStoredUserWord, toStoredUserWord, toStoredVocab } from '@/db/records';
import { deriveTopics } from '@/domain/topics';
import type { UserWord } from '@/domain/types';
import { vocab } from './helpers';

const userWordArb: fc.Arbitrary<UserWord> = fc.record(
  {
    userId: fc.string(),
    vocabId: fc.string(),
    status: fc.constantFrom('new', 'learning', 'learned'),
    attempts: fc.nat(),
    correct: fc.nat(),
    streak: fc.nat(),
    strength: fc.double({ min: 0, max: 1, noNaN: true }),
    lastSeenAt: fc.nat(),
    nextReviewAt: fc.nat(),
    updatedAt: fc.nat(),
    hidden: fc.boolean(),
    deleted: fc.boolean(),
    remoteId: fc.string(),
  },
  {
    requiredKeys: [
      'userId',
      'vocabId',
      'status',
      'attempts',
      'correct',
      'streak',
      'strength',
      'updatedAt',
    ],
  },
);

describe('stored user words', () => {
  it('round-trip, with deleted always a boolean and flags stored as 0/1', () => {
    fc.assert(
      fc.property(userWordArb, (word) => {
        const stored = toStoredUserWord(word);
        expect([0, 1]).toContain(stored.deleted);
        if (word.hidden === undefined) expect(stored).not.toHaveProperty('hidden');
        else expect(stored.hidden).toBe(word.hidden ? 1 : 0);
        expect(fromStoredUserWord(stored)).toEqual({ ...word, deleted: word.deleted ?? false });
      }),
    );
  });

  it('drops undefined fields so they are not indexed or stored', () => {
    const stored = toStoredUserWord({
      ...baseWord(),
      nextReviewAt: undefined,
      remoteId: undefined,
    });
    expect(Object.keys(stored)).not.toContain('nextReviewAt');
    expect(Object.keys(stored)).not.toContain('remoteId');
  });
});

function baseWord(): UserWord {
  return {
    userId: 'u',
    vocabId: 'v',
    status: 'new',
    attempts: 0,
    correct: 0,
    streak: 0,
    strength: 0,
    updatedAt: 1,
  };
}

describe('toStoredVocab', () => {
  it('normalises roles and fills empty topic and division', () => {
    expect(
      toStoredVocab(vocab('a', { topic: '', division: '', roles: ['ALL', 'OS'] })),
    ).toMatchObject({
      topic: 'General',
      division: 'deck',
      roles: ['os'],
    });
    expect(toStoredVocab(vocab('b'))).not.toHaveProperty('roles');
  });
});

describe('deriveTopics', () => {
  it('unions roles only when every item has roles', () => {
    const topics = deriveTopics([
      vocab('1', { topic: 'A', roles: ['os'] }),
      vocab('2', { topic: 'A', roles: ['bosun', 'os'] }),
      vocab('3', { topic: 'B', roles: ['os'] }),
      vocab('4', { topic: 'B', roles: ['all'] }),
    ]);
    expect(topics.map((t) => [t.id, t.roles])).toEqual([
      ['deck::A', ['os', 'bosun']],
      ['deck::B', undefined],
    ]);
  });

  it('gives exactly one topic per (division, topic) pair, covering every item', () => {
    const itemArb = fc.record({
      topic: fc.constantFrom('', 'A', 'B'),
      division: fc.constantFrom('', 'deck', 'engine'),
      source: fc.constantFrom('builtin' as const, 'user' as const),
    });
    fc.assert(
      fc.property(fc.array(itemArb), (parts) => {
        const items = parts.map((p, i) => vocab(String(i), p));
        const topics = deriveTopics(items);
        expect(new Set(topics.map((t) => t.id)).size).toBe(topics.length);
        for (const item of items) {
          const id = `${item.division || 'deck'}::${item.topic || 'General'}`;
          const topic = topics.find((t) => t.id === id);
          expect(topic).toBeDefined();
          if (item.source === 'user') expect(topic?.source).toBe('user');
        }
      }),
    );
  });
});
