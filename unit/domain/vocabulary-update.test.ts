/** The plan that restores the built-in curriculum: what comes back, where, and what stays. */
import { describe, expect, it } from 'vitest';
import { deriveTopics } from '@/domain/topics';
import type { Division, Role, Topic, VocabItem } from '@/domain/types';
import {
  type BuiltinVocabulary,
  installedRecordOf,
  planBuiltinRestore,
  planVocabularyUpdate,
  type StoredCatalogue,
} from '@/domain/vocabulary-update';

const word = (id: string, topic: string, roles: string[] = []): VocabItem => ({
  id,
  langA: `слово ${id}`,
  langB: `word ${id}`,
  topic,
  division: 'deck',
  source: 'builtin',
  roles,
});

const words = [
  word('w1', 'Mooring', ['bosun']),
  word('w2', 'Mooring', ['bosun']),
  word('w3', 'Anchoring'),
];
const shipped: BuiltinVocabulary = {
  version: 1,
  words,
  topics: deriveTopics(words),
  roles: [{ id: 'deck::bosun', name: 'bosun', division: 'deck' }],
  divisions: [{ id: 'deck', name: 'deck' }],
};

const byId = <T extends { id: string }>(records: readonly T[]) =>
  new Map(records.map((r) => [r.id, r]));

function catalogue(parts: {
  vocab?: VocabItem[];
  topics?: Topic[];
  roles?: Role[];
  divisions?: Division[];
}): StoredCatalogue {
  return {
    vocab: byId(parts.vocab ?? shipped.words),
    topics: byId(parts.topics ?? shipped.topics),
    roles: byId(parts.roles ?? shipped.roles),
    divisions: byId(parts.divisions ?? shipped.divisions),
  };
}

describe('planBuiltinRestore', () => {
  it('brings everything back into an empty catalogue, as shipped', () => {
    const plan = planBuiltinRestore(
      shipped,
      catalogue({ vocab: [], topics: [], roles: [], divisions: [] }),
    );
    expect(plan).toEqual({
      putVocab: shipped.words,
      putTopics: shipped.topics,
      putRoles: shipped.roles,
      putDivisions: shipped.divisions,
      counts: { divisions: 1, roles: 1, topics: 2, words: 3 },
    });
  });

  it('puts a word back into its topic under the name an admin gave it', () => {
    const mooring = shipped.topics.find((t) => t.id === 'deck::Mooring') as Topic;
    const renamed = { ...mooring, name: 'Швартовка' };
    const plan = planBuiltinRestore(
      shipped,
      catalogue({
        vocab: [{ ...word('w1', 'Швартовка', ['bosun']) }, word('w3', 'Anchoring')],
        topics: shipped.topics.map((t) => (t.id === mooring.id ? renamed : t)),
      }),
    );
    expect(plan.putVocab).toEqual([{ ...word('w2', 'Швартовка', ['bosun']) }]);
    expect(plan.putTopics).toEqual([]);
  });

  it('does not bring back a deleted topic with no word to hold', () => {
    const moved = [word('w1', 'Anchoring'), word('w2', 'Anchoring'), word('w3', 'Anchoring')];
    const plan = planBuiltinRestore(
      shipped,
      catalogue({
        vocab: moved,
        topics: shipped.topics.filter((t) => t.id !== 'deck::Mooring'),
      }),
    );
    expect(plan.counts).toEqual({ divisions: 0, roles: 0, topics: 0, words: 0 });
  });

  it('gives a restored role back to the shipped words and topics that had it, and only those', () => {
    const detached = shipped.words.map((w) => ({ ...w, roles: [] }));
    const plan = planBuiltinRestore(
      shipped,
      catalogue({
        vocab: detached,
        topics: shipped.topics.map((t) => ({ ...t, roles: [] })),
        roles: [],
      }),
    );
    expect(plan.putRoles).toEqual(shipped.roles);
    expect(plan.putVocab.map((w) => [w.id, w.roles])).toEqual([
      ['w1', ['bosun']],
      ['w2', ['bosun']],
    ]);
    expect(plan.putTopics.map((t) => [t.id, t.roles])).toEqual([['deck::Mooring', ['bosun']]]);
  });

  it('changes nothing on a complete catalogue, whatever admins edited', () => {
    const edited = shipped.words.map((w) => ({ ...w, langB: `${w.langB} (edited)` }));
    const plan = planBuiltinRestore(shipped, catalogue({ vocab: edited }));
    expect(plan.counts).toEqual({ divisions: 0, roles: 0, topics: 0, words: 0 });
  });
});

describe('planVocabularyUpdate: a topic no longer shipped', () => {
  // Version 2 moves w1 and w2 from Mooring to a new topic Ropes: Mooring is no longer shipped.
  const moved = [
    word('w1', 'Ropes', ['bosun']),
    word('w2', 'Ropes', ['bosun']),
    words[2] as VocabItem,
  ];
  const next: BuiltinVocabulary = {
    ...shipped,
    version: 2,
    words: moved,
    topics: deriveTopics(moved),
  };
  const mooring = 'deck::Mooring';
  const plan = (stored: StoredCatalogue) =>
    planVocabularyUpdate({
      installed: installedRecordOf(shipped),
      next,
      stored,
      hasProgress: () => true,
    });

  it('goes when its words moved away and nobody edited it (progress stays with the words)', () => {
    const result = plan(catalogue({}));
    expect(result.deleteTopics).toEqual([mooring]);
    expect(result.putVocab.map((item) => [item.id, item.topic])).toEqual([
      ['w1', 'Ropes'],
      ['w2', 'Ropes'],
    ]);
  });

  it('stays when an admin edited it, or a word of theirs is still in it', () => {
    const edited = shipped.topics.map((topic) =>
      topic.id === mooring ? { ...topic, roles: ['bosun', 'os'] } : topic,
    );
    expect(plan(catalogue({ topics: edited })).deleteTopics).toEqual([]);
    const adminWord = { ...word('a1', 'Mooring'), source: 'user' as const };
    expect(plan(catalogue({ vocab: [...shipped.words, adminWord] })).deleteTopics).toEqual([]);
  });
});
