import { describe, expect, it } from 'vitest';
import {
  BRIDGE_VOCABULARY,
  BUILTIN_VOCABULARY,
  DECK_VOCABULARY,
  ENGINE_VOCABULARY,
  GALLEY_VOCABULARY,
  VOCABULARY_VERSION,
} from '@/data/vocabulary';
import { DEFAULT_ROLES, KNOWN_ROLES } from '@/domain/roles';
import type { VocabItem } from '@/domain/types';

const CYRILLIC = /[А-Яа-яЁё]/;
const LATIN = /[A-Za-z]/;

const GENERAL_DECK_TOPICS = [
  'Mooring',
  'Deck Work',
  'Anchoring',
  'Watchkeeping & Signals',
  'Safety',
  'Tools & Rigging',
  'Everyday Life & Slang',
];
const BOSUN_DECK_TOPICS = [
  'Leadership',
  'Rigging & Ropes',
  'Deck Maintenance',
  'Cargo Operations',
  'Safety Drills',
  'Marine Slang & Phrases',
];
const GALLEY_TOPICS = ['Galley Safety', 'Kitchen Equipment', 'Pantry & Service'];

function byTopic(items: readonly VocabItem[]): Map<string, VocabItem[]> {
  const map = new Map<string, VocabItem[]>();
  for (const item of items) map.set(item.topic, [...(map.get(item.topic) ?? []), item]);
  return map;
}

describe('built-in vocabulary', () => {
  it('has a version and concatenates the four divisions', () => {
    expect(VOCABULARY_VERSION).toBe(1);
    expect(BUILTIN_VOCABULARY).toHaveLength(
      DECK_VOCABULARY.length +
        BRIDGE_VOCABULARY.length +
        ENGINE_VOCABULARY.length +
        GALLEY_VOCABULARY.length,
    );
  });

  it('has unique ids', () => {
    const ids = BUILTIN_VOCABULARY.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has trimmed, non-empty Russian and English sides in the right scripts', () => {
    for (const item of BUILTIN_VOCABULARY) {
      for (const side of [item.langA, item.langB]) {
        expect(side, item.id).not.toBe('');
        expect(side, item.id).toBe(side.trim());
      }
      expect(item.langA, item.id).toMatch(CYRILLIC);
      expect(item.langA, item.id).not.toMatch(LATIN);
      expect(item.langB, item.id).toMatch(LATIN);
      expect(item.langB, item.id).not.toMatch(CYRILLIC);
    }
  });

  it('uses only built-in divisions, known lower-case roles and the builtin source', () => {
    for (const item of BUILTIN_VOCABULARY) {
      expect(['deck', 'engine', 'bridge', 'galley'], item.id).toContain(item.division);
      expect(item.source, item.id).toBe('builtin');
      expect(item.topic, item.id).toBe(item.topic.trim());
      expect(item.topic, item.id).not.toBe('');
      for (const role of item.roles ?? []) expect(KNOWN_ROLES, item.id).toContain(role);
    }
  });

  it('keeps each division in its own list', () => {
    const lists: [string, readonly VocabItem[]][] = [
      ['deck', DECK_VOCABULARY],
      ['bridge', BRIDGE_VOCABULARY],
      ['engine', ENGINE_VOCABULARY],
      ['galley', GALLEY_VOCABULARY],
    ];
    for (const [division, items] of lists) {
      for (const item of items) expect(item.division, item.id).toBe(division);
    }
  });

  it('has no duplicate (topic, Russian, English) triples', () => {
    const keys = BUILTIN_VOCABULARY.map((i) => `${i.division}|${i.topic}|${i.langA}|${i.langB}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has unique English texts within each topic, ignoring case', () => {
    for (const [topic, items] of byTopic(BUILTIN_VOCABULARY)) {
      const english = items.map((i) => i.langB.toLowerCase());
      expect(new Set(english).size, topic).toBe(english.length);
    }
  });

  it('has no topic name containing "engine"', () => {
    for (const item of BUILTIN_VOCABULARY) expect(item.topic, item.id).not.toMatch(/engine/i);
  });
});

describe('deck vocabulary', () => {
  const commands = DECK_VOCABULARY.filter((i) => i.topic === 'OS-commands');
  const terms = DECK_VOCABULARY.filter((i) => i.topic !== 'OS-commands');

  it('has about 20 OS commands for OS and bosun', () => {
    expect(commands.length).toBeGreaterThanOrEqual(18);
    expect(commands.length).toBeLessThanOrEqual(22);
    for (const item of commands) {
      expect(item.id).toMatch(/^os\d{3}$/);
      expect(item.roles, item.id).toEqual(expect.arrayContaining(['os', 'bosun']));
    }
  });

  it('has exactly 39 terms dk001..dk039 across the 13 deck topics', () => {
    expect(terms.map((i) => i.id)).toEqual(
      Array.from({ length: 39 }, (_, n) => `dk${String(n + 1).padStart(3, '0')}`),
    );
    const topics = byTopic(terms);
    expect([...topics.keys()].sort()).toEqual(
      [...GENERAL_DECK_TOPICS, ...BOSUN_DECK_TOPICS].sort(),
    );
    for (const [topic, items] of topics) expect(items.length, topic).toBeGreaterThanOrEqual(2);
  });

  it('shows general topics to everyone and bosun topics to the bosun only', () => {
    for (const item of terms) {
      if (BOSUN_DECK_TOPICS.includes(item.topic)) expect(item.roles, item.id).toEqual(['bosun']);
      else expect(item.roles ?? [], item.id).toEqual([]);
    }
  });
});

describe('bridge vocabulary', () => {
  it('has about 20 bridge commands for everyone', () => {
    expect(BRIDGE_VOCABULARY.length).toBeGreaterThanOrEqual(18);
    expect(BRIDGE_VOCABULARY.length).toBeLessThanOrEqual(22);
    for (const item of BRIDGE_VOCABULARY) {
      expect(item.topic, item.id).toBe('Bridge-commands');
      expect(item.id).toMatch(/^br\d{3}$/);
      expect(item.roles ?? [], item.id).toEqual([]);
    }
  });
});

describe('engine vocabulary', () => {
  it('has ids eng201..eng333 in order', () => {
    expect(ENGINE_VOCABULARY.map((i) => i.id)).toEqual(
      Array.from({ length: 133 }, (_, n) => `eng${n + 201}`),
    );
  });

  it('has a senior-only management topic for the chief engineer', () => {
    const senior = ENGINE_VOCABULARY.filter((i) => i.roles?.includes('cheng'));
    expect(senior.length).toBeGreaterThanOrEqual(8);
    for (const item of senior) expect(item.roles).toContain('ce');
  });

  it('restricts items only to engine roles', () => {
    const engineRoles = [...DEFAULT_ROLES.engine, 'cheng'];
    for (const item of ENGINE_VOCABULARY) {
      for (const role of item.roles ?? []) expect(engineRoles, item.id).toContain(role);
    }
  });
});

describe('galley vocabulary', () => {
  it('has 9 terms, 3 in each galley topic, for everyone', () => {
    expect(GALLEY_VOCABULARY.map((i) => i.id)).toEqual(
      Array.from({ length: 9 }, (_, n) => `gal00${n + 1}`),
    );
    const topics = byTopic(GALLEY_VOCABULARY);
    expect([...topics.keys()].sort()).toEqual([...GALLEY_TOPICS].sort());
    for (const [topic, items] of topics) expect(items, topic).toHaveLength(3);
    for (const item of GALLEY_VOCABULARY) expect(item.roles ?? [], item.id).toEqual([]);
  });
});
