/** The screens' catalogue store: patched with what an edit changed, exactly as a reload would read it. */
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDB } from '@/db/instance';
import { catalogChanges } from '@/domain/catalog-edits';
import type { Topic, VocabItem } from '@/domain/types';
import { useVocabStore } from '@/stores/vocab-store';

const word = (id: string, overrides: Partial<VocabItem> = {}): VocabItem => ({
  id,
  langA: `слово ${id}`,
  langB: `word ${id}`,
  topic: 'Mooring',
  division: 'deck',
  source: 'user',
  ...overrides,
});

const topic = (id: string): Topic => ({ id, name: id, division: 'deck', source: 'user' });
const ids = (list: readonly { id: string }[]) => list.map((record) => record.id);
const state = () => useVocabStore.getState();

describe('applyChanges', () => {
  beforeEach(() => {
    useVocabStore.setState({
      loaded: true,
      vocab: [word('a'), word('c'), word('e')],
      topics: [topic('t1')],
      roles: [],
      divisions: [],
    });
  });

  it('replaces written records in place, adds new ones in key order, drops deleted ones', () => {
    const edited = word('c', { langB: 'edited' });
    state().applyChanges(
      catalogChanges({
        vocab: { put: [word('d'), edited, word('B')], deleted: ['a'] },
        topics: { put: [topic('t0')] },
      }),
    );
    // IndexedDB's key order: code units, so 'B' comes before 'c'.
    expect(ids(state().vocab)).toEqual(['B', 'c', 'd', 'e']);
    expect(state().vocab[1]).toBe(edited);
    expect(ids(state().topics)).toEqual(['t0', 't1']);
  });

  it('leaves retired words out, as a load does', () => {
    state().applyChanges(
      catalogChanges({
        vocab: { put: [word('c', { retired: true }), word('f', { retired: true })] },
      }),
    );
    expect(ids(state().vocab)).toEqual(['a', 'e']);
  });

  it('keeps the very same lists when a kind did not change', () => {
    const { vocab, roles } = state();
    state().applyChanges(catalogChanges({ topics: { deleted: ['t1'] } }));
    expect(state().vocab).toBe(vocab);
    expect(state().roles).toBe(roles);
    expect(state().topics).toEqual([]);
  });

  it('does nothing before the first load, which reads everything anyway', () => {
    useVocabStore.setState({ loaded: false, vocab: [] });
    state().applyChanges(catalogChanges({ vocab: { put: [word('x')] } }));
    expect(state().vocab).toEqual([]);
  });
});

describe('a change applied while a load reads', () => {
  beforeEach(async () => {
    await resetDB();
    useVocabStore.setState({ loaded: false, vocab: [], topics: [], roles: [], divisions: [] });
  });

  it('is kept over what the load read (its transaction may have started before the write)', async () => {
    await state().load();
    const loading = state().load();
    state().applyChanges(catalogChanges({ vocab: { put: [word('zz-new')] } }));
    await loading;
    expect(state().vocab.at(-1)).toEqual(word('zz-new'));
    // A later load does not replay it again.
    await state().load();
    expect(ids(state().vocab)).not.toContain('zz-new');
  });
});
