/** The catalogue actions against a real (fake-indexeddb) MarineDB seeded with the built-in vocabulary. */

import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { canAddWords, canDeleteTopicFromList, canEditWord } from '@/domain/permissions';

// The local auth provider reads localStorage when the auth store is created; node has none.
vi.hoisted(() => {
  const data = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    },
  });
});

import { getDB, resetDB } from '@/db/instance';
import type { User, VocabItem } from '@/domain/types';
import { loadTexts, translate } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { bulkResultParams, catalogErrorKey } from '@/stores/catalog-messages';
import { CUSTOM_TOPIC, useCatalogStore } from '@/stores/catalog-store';
import { useVocabStore } from '@/stores/vocab-store';

// The texts of the screens these messages appear on (loaded by their routes in the app).
beforeAll(() => loadTexts('admin', 'library'));

function user(id: string, overrides: Partial<User> = {}): User {
  return {
    id,
    email: `${id}@ship.test`,
    fullName: id,
    isAdmin: false,
    createdAt: 0,
    settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
    ...overrides,
  };
}

const ADMIN = user('captain', { isAdmin: true });
const SAILOR = user('sailor');

const catalog = () => useCatalogStore.getState();
const vocab = () => useVocabStore.getState();
const signIn = (who: User | null) => useAuthStore.setState({ user: who });

function value<T>(result: { ok: true; value: T } | { ok: false; code: string }): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.code}`);
  return result.value;
}

beforeEach(async () => {
  await resetDB();
  signIn(ADMIN);
  await vocab().load();
});

describe('permissions', () => {
  const builtin: Pick<VocabItem, 'source' | 'createdBy'> = { source: 'builtin' };
  const mine: Pick<VocabItem, 'source' | 'createdBy'> = { source: 'user', createdBy: 'sailor' };
  const theirs: Pick<VocabItem, 'source' | 'createdBy'> = { source: 'user', createdBy: 'other' };

  it('admins edit any word, users only their own user-made words, guests none', () => {
    expect([builtin, mine, theirs].map((item) => canEditWord(ADMIN, item))).toEqual([
      true,
      true,
      true,
    ]);
    expect([builtin, mine, theirs].map((item) => canEditWord(SAILOR, item))).toEqual([
      false,
      true,
      false,
    ]);
    expect(canEditWord(user('sailor'), { source: 'builtin', createdBy: 'sailor' })).toBe(false);
    expect([builtin, mine, theirs].map((item) => canEditWord(null, item))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('only admins add words; on the topic list they delete only user topics', () => {
    expect([canAddWords(ADMIN), canAddWords(SAILOR), canAddWords(null)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(canDeleteTopicFromList(ADMIN, { source: 'user' })).toBe(true);
    expect(canDeleteTopicFromList(ADMIN, { source: 'builtin' })).toBe(false);
    expect(canDeleteTopicFromList(SAILOR, { source: 'user' })).toBe(false);
  });

  it('refuses catalogue changes from non-admins and guests', async () => {
    for (const who of [SAILOR, null]) {
      signIn(who);
      expect(await catalog().addDivision('Cargo')).toEqual({ ok: false, code: 'forbidden' });
      expect(await catalog().addRole('deck', 'pumpman')).toEqual({ ok: false, code: 'forbidden' });
      expect(await catalog().addTopic('deck', 'Knots')).toEqual({ ok: false, code: 'forbidden' });
      expect(await catalog().removeTopic('deck::Mooring')).toEqual({
        ok: false,
        code: 'forbidden',
      });
      expect(await catalog().addWord({ langA: 'узел', langB: 'knot' })).toEqual({
        ok: false,
        code: 'forbidden',
      });
      expect(await catalog().bulkImport('узел=knot')).toEqual({ ok: false, code: 'forbidden' });
      expect(await catalog().restoreBuiltin()).toEqual({ ok: false, code: 'forbidden' });
    }
    expect(
      vocab()
        .divisions.map((d) => d.id)
        .sort(),
    ).toEqual(['bridge', 'common', 'deck', 'engine', 'galley']);
  });

  it('a user edits and deletes their own word but not a built-in one', async () => {
    const db = await getDB();
    await db.put('vocab', {
      id: 'own1',
      langA: 'мой',
      langB: 'mine',
      topic: 'Mooring',
      division: 'deck',
      source: 'user',
      createdBy: 'sailor',
    });
    signIn(SAILOR);
    expect(await catalog().editWord('dk002', { langA: 'кнехт', langB: 'bollard' })).toEqual({
      ok: false,
      code: 'forbidden',
    });
    expect(await catalog().removeWord('dk002')).toEqual({ ok: false, code: 'forbidden' });
    expect(value(await catalog().editWord('own1', { langA: 'мой', langB: 'my own' })).langB).toBe(
      'my own',
    );
    expect(value(await catalog().removeWord('own1'))).toBe('own1');
    expect(vocab().vocab.some((item) => item.id === 'own1')).toBe(false);
    expect(vocab().vocab.find((item) => item.id === 'dk002')?.langB).toBe('bitts');
  });
});

describe('divisions', () => {
  it('adds a trimmed division and reloads the store', async () => {
    const added = await catalog().addDivision('  Cargo  ');
    expect(added).toMatchObject({ ok: true, created: true, value: { name: 'Cargo' } });
    expect(vocab().divisions.map((d) => d.name)).toContain('Cargo');
  });

  it("rejects an empty name with 'Division name cannot be empty'", async () => {
    const result = await catalog().addDivision('   ');
    expect(result).toEqual({ ok: false, code: 'division-name-empty' });
    if (!result.ok) {
      expect(translate('en', catalogErrorKey(result.code))).toBe('Division name cannot be empty');
    }
    expect(vocab().divisions).toHaveLength(5);
  });

  it('refuses names and words longer than the cloud takes, saying the limit, and saves nothing', async () => {
    const result = await catalog().addTopic('deck', 'T'.repeat(101));
    expect(result).toEqual({ ok: false, code: 'name-too-long' });
    if (!result.ok) {
      expect(translate('ru', catalogErrorKey(result.code))).toBe(
        'Не больше 100 знаков: сократите название',
      );
    }
    expect(await catalog().addWord({ langA: 'я'.repeat(501), langB: 'knot' })).toEqual({
      ok: false,
      code: 'word-too-long',
    });
    expect(vocab().topics.some((topic) => topic.name.length > 100)).toBe(false);
  });

  it('returns the existing division for a duplicate name, ignoring case', async () => {
    const cargo = value(await catalog().addDivision('Cargo'));
    const again = await catalog().addDivision('cARGO');
    expect(again).toEqual({ ok: true, value: cargo, created: false });
    expect(await catalog().addDivision('DECK')).toMatchObject({
      ok: true,
      created: false,
      value: { id: 'deck' },
    });
    expect(vocab().divisions).toHaveLength(6);
  });

  it('knows a built-in division by the label the admin sees, in either language', async () => {
    for (const typed of ['Палуба', 'палуба', 'Deck', 'Машина']) {
      expect(await catalog().addDivision(typed)).toMatchObject({ ok: true, created: false });
    }
    expect(vocab().divisions).toHaveLength(5);
    const cargo = value(await catalog().addDivision('Cargo'));
    expect(await catalog().renameDivision(cargo.id, 'Камбуз')).toEqual({
      ok: false,
      code: 'name-taken',
    });
  });

  it('knows a built-in role by its label: «Боцман» on deck is the bosun', async () => {
    const before = vocab().roles.length;
    expect(await catalog().addRole('deck', 'Боцман')).toMatchObject({
      ok: true,
      created: false,
      value: { name: 'bosun' },
    });
    expect(vocab().roles).toHaveLength(before);
  });

  it('renames; the same name ignoring case does nothing; a taken name is refused', async () => {
    const cargo = value(await catalog().addDivision('Cargo'));
    expect(await catalog().renameDivision(cargo.id, 'CARGO')).toEqual({
      ok: true,
      value: cargo,
      created: false,
    });
    expect(await catalog().renameDivision(cargo.id, 'engine')).toEqual({
      ok: false,
      code: 'name-taken',
    });
    expect(await catalog().renameDivision(cargo.id, ' ')).toEqual({
      ok: false,
      code: 'division-name-empty',
    });
    const renamed = value(await catalog().renameDivision(cargo.id, 'Cargo Hold'));
    expect(renamed).toEqual({ id: cargo.id, name: 'Cargo Hold' });
    expect(vocab().divisions.find((d) => d.id === cargo.id)?.name).toBe('Cargo Hold');
  });

  it('deletes a division with its roles, topics and vocabulary', async () => {
    expect(vocab().vocab.some((item) => item.division === 'galley')).toBe(true);
    await catalog().removeDivision('galley');
    const state = vocab();
    expect(state.divisions.map((d) => d.id)).not.toContain('galley');
    expect(state.roles.filter((r) => r.division === 'galley')).toEqual([]);
    expect(state.topics.filter((t) => t.division === 'galley')).toEqual([]);
    expect(state.vocab.filter((item) => item.division === 'galley')).toEqual([]);
    expect(state.vocab.some((item) => item.division === 'deck')).toBe(true);
  });

  it('restores the built-in curriculum after every division was deleted, and says when nothing is missing', async () => {
    const words = vocab().vocab.length;
    for (const division of vocab().divisions) await catalog().removeDivision(division.id);
    expect(vocab().vocab).toEqual([]);

    const restored = await catalog().restoreBuiltin();
    expect(restored).toMatchObject({ ok: true, created: true });
    expect(value(restored).words).toBe(words);
    // The screens' store was reloaded: the words are there to study again.
    expect(vocab().vocab).toHaveLength(words);
    expect(vocab().divisions).toHaveLength(5);

    expect(await catalog().restoreBuiltin()).toEqual({
      ok: true,
      created: false,
      value: { divisions: 0, roles: 0, topics: 0, words: 0 },
    });
  });
});

describe('roles', () => {
  it('adds a normalised role per division; duplicates (ignoring case) return the existing one', async () => {
    const added = value(await catalog().addRole('deck', '  Deck   Cadet '));
    expect(added).toMatchObject({ name: 'deck cadet', division: 'deck', createdBy: 'captain' });
    expect(await catalog().addRole('deck', 'DECK CADET')).toEqual({
      ok: true,
      value: added,
      created: false,
    });
    expect(await catalog().addRole('deck', 'Bosun')).toMatchObject({
      ok: true,
      created: false,
      value: { id: 'deck::bosun' },
    });
    // The same code in another division is another role.
    expect(await catalog().addRole('engine', 'deck cadet')).toMatchObject({ created: true });
  });

  it("refuses an empty name ('Role name cannot be empty') and 'all'", async () => {
    expect(await catalog().addRole('deck', ' ')).toEqual({ ok: false, code: 'role-name-empty' });
    expect(translate('en', catalogErrorKey('role-name-empty'))).toBe('Role name cannot be empty');
    expect(await catalog().addRole('deck', ' ALL ')).toEqual({
      ok: false,
      code: 'role-name-reserved',
    });
  });

  it('renames a role and its code in the topics and words of the division', async () => {
    value(await catalog().renameRole('deck::bosun', 'Boatswain'));
    const state = vocab();
    expect(state.roles.find((r) => r.id === 'deck::bosun')?.name).toBe('boatswain');
    expect(state.topics.find((t) => t.id === 'deck::Leadership')?.roles).toEqual(['boatswain']);
    const os = state.vocab.find((item) => item.id === 'os001');
    expect(os?.roles).toEqual(['os', 'ab', 'boatswain']);
    expect(await catalog().renameRole('deck::bosun', 'OS')).toEqual({
      ok: false,
      code: 'name-taken',
    });
  });

  it('deletes a role and detaches it from every topic and word', async () => {
    await catalog().removeRole('deck::bosun');
    const state = vocab();
    expect(state.roles.map((r) => r.id)).not.toContain('deck::bosun');
    expect(state.topics.find((t) => t.id === 'deck::Leadership')?.roles ?? []).toEqual([]);
    expect(state.vocab.find((item) => item.id === 'os001')?.roles).toEqual(['os', 'ab']);
    expect(state.vocab.some((item) => item.roles?.includes('bosun'))).toBe(false);
  });
});

describe('topics', () => {
  it("adds a user topic; an empty name is 'Topic name cannot be empty'", async () => {
    expect(await catalog().addTopic('deck', '  ')).toEqual({ ok: false, code: 'topic-name-empty' });
    expect(translate('en', catalogErrorKey('topic-name-empty'))).toBe('Topic name cannot be empty');
    const topic = value(await catalog().addTopic('deck', ' Knots ', ['OS']));
    expect(topic).toEqual({
      id: 'deck::Knots',
      name: 'Knots',
      division: 'deck',
      roles: ['os'],
      source: 'user',
      createdBy: 'captain',
    });
    expect(vocab().topics).toContainEqual(topic);
  });

  it('reuses the same name in the same division and merges the roles', async () => {
    const first = value(await catalog().addTopic('deck', 'Knots', ['os']));
    const again = await catalog().addTopic('deck', 'KNOTS', ['bosun', 'os']);
    expect(again).toMatchObject({
      ok: true,
      created: false,
      value: { id: first.id, name: 'Knots', roles: ['os', 'bosun'] },
    });
    expect(vocab().topics.filter((t) => t.name === 'Knots')).toHaveLength(1);
    expect(await catalog().addTopic('engine', 'Knots')).toMatchObject({
      created: true,
      value: { division: 'engine' },
    });
  });

  it('renames a topic and the topic of its words; empty names are ignored', async () => {
    const before = vocab().vocab.filter((i) => i.division === 'deck' && i.topic === 'Mooring');
    expect(await catalog().renameTopic('deck::Mooring', '   ')).toMatchObject({
      ok: true,
      created: false,
      value: { name: 'Mooring' },
    });
    expect(await catalog().renameTopic('deck::Mooring', 'anchoring')).toEqual({
      ok: false,
      code: 'name-taken',
    });
    value(await catalog().renameTopic('deck::Mooring', 'Mooring Ops'));
    const state = vocab();
    expect(state.topics.find((t) => t.id === 'deck::Mooring')?.name).toBe('Mooring Ops');
    const after = state.vocab.filter((i) => i.division === 'deck' && i.topic === 'Mooring Ops');
    expect(after.map((i) => i.id).sort()).toEqual(before.map((i) => i.id).sort());
    expect(state.vocab.some((i) => i.division === 'deck' && i.topic === 'Mooring')).toBe(false);
  });

  it('deletes a topic with all its words', async () => {
    await catalog().removeTopic('deck::Mooring');
    const state = vocab();
    expect(state.topics.map((t) => t.id)).not.toContain('deck::Mooring');
    expect(state.vocab.some((i) => i.division === 'deck' && i.topic === 'Mooring')).toBe(false);
    expect(await catalog().removeTopic('deck::Mooring')).toEqual({ ok: false, code: 'not-found' });
  });

  it('assigns and detaches a topic to a role, leaving the words as they are', async () => {
    const wordsBefore = vocab().vocab.filter((i) => i.topic === 'Mooring');
    const assigned = value(await catalog().setTopicRole('deck::Mooring', 'OS', true));
    expect(assigned.roles).toEqual(['os']);
    expect(value(await catalog().setTopicRole('deck::Mooring', 'bosun', true)).roles).toEqual([
      'os',
      'bosun',
    ]);
    expect(await catalog().setTopicRole('deck::Mooring', 'os', true)).toMatchObject({
      created: false,
    });
    expect(value(await catalog().setTopicRole('deck::Mooring', 'os', false)).roles).toEqual([
      'bosun',
    ]);
    const detached = value(await catalog().setTopicRole('deck::Mooring', 'bosun', false));
    expect(detached.roles).toBeUndefined();
    expect(vocab().vocab.filter((i) => i.topic === 'Mooring')).toEqual(wordsBefore);
  });
});

describe('words', () => {
  it('adds a trimmed word to an existing topic with its division and roles', async () => {
    const item = value(
      await catalog().addWord({ langA: '  шкентель ', langB: ' pennant ', topic: 'leadership' }),
    );
    expect(item).toMatchObject({
      langA: 'шкентель',
      langB: 'pennant',
      topic: 'Leadership',
      division: 'deck',
      roles: ['bosun'],
      source: 'user',
      createdBy: 'captain',
    });
    expect(item.id).toHaveLength(21);
    expect(vocab().vocab).toContainEqual(item);
  });

  it('requires both sides', async () => {
    expect(await catalog().addWord({ langA: 'узел', langB: '  ' })).toEqual({
      ok: false,
      code: 'word-sides-required',
    });
    expect(await catalog().addWord({ langA: '', langB: 'knot' })).toEqual({
      ok: false,
      code: 'word-sides-required',
    });
  });

  it('silently ignores a duplicate (same topic, same sides ignoring case)', async () => {
    const count = vocab().vocab.length;
    const result = await catalog().addWord({ langA: 'КНЕХТ', langB: 'Bitts', topic: 'Mooring' });
    expect(result).toMatchObject({ ok: true, created: false, value: { id: 'dk002' } });
    expect(vocab().vocab).toHaveLength(count);
    // In another topic it is a new word.
    expect(
      await catalog().addWord({ langA: 'кнехт', langB: 'bitts', topic: 'Deck Work' }),
    ).toMatchObject({ created: true });
  });

  it("defaults: topic 'custom' (created), the user's division, else deck; given roles win", async () => {
    const first = value(await catalog().addWord({ langA: 'узел', langB: 'knot' }));
    expect(first).toMatchObject({ topic: CUSTOM_TOPIC, division: 'deck' });
    expect(first.roles).toBeUndefined();
    expect(vocab().topics.find((t) => t.id === 'deck::custom')).toMatchObject({
      name: 'custom',
      source: 'user',
      createdBy: 'captain',
    });

    signIn(user('chief', { isAdmin: true, settings: { ...ADMIN.settings, division: 'engine' } }));
    const second = value(
      await catalog().addWord({ langA: 'клапан', langB: 'valve', topic: 'Valves', roles: ['CE'] }),
    );
    expect(second).toMatchObject({ topic: 'Valves', division: 'engine', roles: ['ce'] });
    expect(vocab().topics.find((t) => t.id === 'engine::Valves')).toMatchObject({
      roles: ['ce'],
      source: 'user',
    });
    // Explicit roles beat the topic's.
    const third = value(
      await catalog().addWord({
        langA: 'шкот',
        langB: 'sheet',
        topic: 'Leadership',
        roles: ['os'],
      }),
    );
    expect(third).toMatchObject({ division: 'deck', roles: ['os'] });
  });

  it('edits a word (sides trimmed, roles replaced) and refuses a duplicate', async () => {
    const edited = value(
      await catalog().editWord('dk002', { langA: ' кнехт ', langB: 'bollard', roles: ['OS'] }),
    );
    expect(edited).toMatchObject({ id: 'dk002', langA: 'кнехт', langB: 'bollard', roles: ['os'] });
    expect(vocab().vocab.find((i) => i.id === 'dk002')).toEqual(edited);
    expect(await catalog().editWord('dk002', { langA: ' ', langB: 'x' })).toEqual({
      ok: false,
      code: 'word-sides-required',
    });
    expect(
      await catalog().editWord('dk002', { langA: 'Швартовный конец', langB: 'MOORING LINE' }),
    ).toEqual({ ok: false, code: 'duplicate-word' });
  });

  it('deletes a word', async () => {
    expect(value(await catalog().removeWord('dk002'))).toBe('dk002');
    expect(vocab().vocab.some((i) => i.id === 'dk002')).toBe(false);
    expect(await catalog().removeWord('dk002')).toEqual({ ok: false, code: 'not-found' });
  });

  it('bulk imports ru=en lines, counting added words and listing skipped lines', async () => {
    const text = [
      'узел=knot',
      'no equals sign',
      'трап = gangway',
      '=left empty',
      'кнехт=bitts',
      '',
      'УЗЕЛ=KNOT',
      'right empty=',
      'бухта=coil/строп=sling\\скоба=shackle',
      'блокировка и маркировка=lockout/tagout',
    ].join('\n');
    const result = value(await catalog().bulkImport(text, { topic: 'Mooring' }));
    expect(result).toEqual({
      format: 'lines',
      added: 3,
      // 'УЗЕЛ=KNOT' repeats a line; 'кнехт=bitts' is a built-in word of the topic.
      duplicates: 2,
      skipped: [
        'no equals sign',
        '=left empty',
        'right empty=',
        'бухта=coil/строп=sling\\скоба=shackle',
      ],
      problems: [
        { line: 2, reason: 'no-equals', text: 'no equals sign' },
        { line: 4, reason: 'missing-ru', text: '=left empty' },
        { line: 8, reason: 'missing-en', text: 'right empty=' },
        // Three pairs run into one line are reported, not imported as one word.
        { line: 9, reason: 'several-equals', text: 'бухта=coil/строп=sling\\скоба=shackle' },
      ],
    });
    const mooring = vocab().vocab.filter((i) => i.topic === 'Mooring' && i.source === 'user');
    // Lines split only on line breaks: a slash stays part of the pair.
    expect(mooring.map((i) => `${i.langA}=${i.langB}`).sort()).toEqual(
      ['блокировка и маркировка=lockout/tagout', 'трап=gangway', 'узел=knot'].sort(),
    );
    expect(mooring.every((i) => i.division === 'deck' && i.createdBy === 'captain')).toBe(true);
  });

  it('refuses a bulk import of more than 5,000 rows whole, with the limit in the message', async () => {
    const before = vocab().vocab.length;
    const lines = Array.from({ length: 5001 }, (_, i) => `слово ${i}=word ${i}`).join('\n');
    expect(await catalog().bulkImport(lines, { topic: 'Huge' })).toEqual({
      ok: false,
      code: 'import-too-large',
    });
    expect(translate('ru', catalogErrorKey('import-too-large'))).toBe(
      'Не больше 5000 слов за один импорт: разделите список на части',
    );
    expect(vocab().vocab.length).toBe(before);
    expect(vocab().topics.some((t) => t.name === 'Huge')).toBe(false);
  });

  it('a bulk import of nothing valid adds nothing and creates no topic', async () => {
    const result = value(await catalog().bulkImport('just text\n\n', { topic: 'Nowhere' }));
    expect(result).toEqual({
      format: 'lines',
      added: 0,
      duplicates: 0,
      skipped: ['just text'],
      problems: [{ line: 1, reason: 'no-equals', text: 'just text' }],
    });
    expect(vocab().topics.some((t) => t.name === 'Nowhere')).toBe(false);
  });

  it('imports JSON rows of the data format into their own topics, divisions and roles', async () => {
    const rows = [
      {
        ru: 'блокировка и маркировка',
        en: 'lockout/tagout',
        topic: 'Permit to Work',
        division: 'engine',
        roles: ['2e', '3e'],
        kind: 'term',
        spell: 'lockout tagout',
        ref: 'industry',
        note: 'isolation before work',
      },
      { ru: 'вьюшка', en: 'rope reel', kind: 'term' },
      { ru: 'неизвестно', en: 'unknown', division: 'kitchen' },
      { ru: 'плохая роль', en: 'bad role', roles: ['wizard'] },
    ];
    const result = value(await catalog().bulkImport(JSON.stringify(rows), { topic: 'Mooring' }));
    expect(result).toMatchObject({ format: 'json', added: 2, duplicates: 0 });
    expect(result.problems).toEqual([
      { line: 3, reason: 'unknown-division', field: 'kitchen' },
      { line: 4, reason: 'unknown-role', field: 'wizard' },
    ]);
    const loto = vocab().vocab.find((i) => i.langB === 'lockout/tagout' && i.source === 'user');
    expect(loto).toMatchObject({
      topic: 'Permit to Work',
      division: 'engine',
      roles: ['2e', '3e'],
      kind: 'term',
      spell: 'lockout tagout',
      ref: 'industry',
      note: 'isolation before work',
      source: 'user',
      createdBy: 'captain',
    });
    expect(vocab().topics.find((t) => t.name === 'Permit to Work')).toMatchObject({
      division: 'engine',
      source: 'user',
    });
    expect(vocab().vocab.find((i) => i.langB === 'rope reel')).toMatchObject({
      topic: 'Mooring',
      division: 'deck',
      kind: 'term',
    });
    // The same file again adds nothing: every valid row is now a duplicate.
    const again = value(await catalog().bulkImport(JSON.stringify(rows), { topic: 'Mooring' }));
    expect(again).toMatchObject({ added: 0, duplicates: 2 });
  });
});

describe('one transaction per action, patching the screens’ store', () => {
  /** Counts full reloads of the screens' store (each reads every catalogue table). */
  function watchLoads() {
    const original = vocab().load;
    const load = Object.assign(vi.fn(original), {
      restore: () => useVocabStore.setState({ load: original }),
    });
    useVocabStore.setState({ load });
    return load;
  }

  const actions: [string, () => Promise<{ ok: boolean }>][] = [
    ['addDivision', () => catalog().addDivision('Cargo')],
    ['renameDivision', () => catalog().renameDivision('galley', 'Pantry')],
    ['removeDivision', () => catalog().removeDivision('galley')],
    ['addRole', () => catalog().addRole('deck', 'Deck Cadet')],
    ['renameRole', () => catalog().renameRole('deck::bosun', 'Boatswain')],
    ['removeRole', () => catalog().removeRole('deck::bosun')],
    ['addTopic', () => catalog().addTopic('deck', 'Knots', ['os'])],
    ['addTopic (merging roles)', () => catalog().addTopic('deck', 'mooring', ['ab'])],
    ['renameTopic', () => catalog().renameTopic('deck::Mooring', 'Mooring Ops')],
    ['removeTopic', () => catalog().removeTopic('deck::Mooring')],
    ['setTopicRole', () => catalog().setTopicRole('deck::Mooring', 'os', true)],
    ['addWord (with a new topic)', () => catalog().addWord({ langA: 'узел', langB: 'knot' })],
    [
      'editWord (moving it to a new topic)',
      () => catalog().editWord('dk002', { langA: 'кнехт', langB: 'bollard', topic: 'Bollards' }),
    ],
    ['removeWord', () => catalog().removeWord('dk002')],
    [
      'bulkImport',
      () => catalog().bulkImport('трап=gangway\nкнехт=bitts\nбухта=coil', { topic: 'Rigging' }),
    ],
  ];

  it.each(actions)(
    '%s: one readwrite transaction, no reload, the store as stored',
    async (_, action) => {
      const db = await getDB();
      const transaction = vi.spyOn(db, 'transaction');
      const load = watchLoads();
      expect(await action()).toMatchObject({ ok: true });
      expect(transaction).toHaveBeenCalledTimes(1);
      expect(transaction.mock.calls[0]?.[1]).toBe('readwrite');
      expect(load).not.toHaveBeenCalled();
      transaction.mockRestore();
      load.restore();
      // The patched lists are what reading everything again gives, order included.
      const { vocab: words, topics, roles, divisions } = vocab();
      await vocab().load();
      expect(vocab().vocab).toEqual(words);
      expect(vocab().topics).toEqual(topics);
      expect(vocab().roles).toEqual(roles);
      expect(vocab().divisions).toEqual(divisions);
    },
  );

  it('a refused action reads in one transaction and writes nothing', async () => {
    const db = await getDB();
    const before = vocab();
    const transaction = vi.spyOn(db, 'transaction');
    expect(await catalog().renameTopic('deck::Mooring', 'anchoring')).toEqual({
      ok: false,
      code: 'name-taken',
    });
    expect(await catalog().editWord('missing', { langA: 'а', langB: 'b' })).toEqual({
      ok: false,
      code: 'not-found',
    });
    expect(transaction).toHaveBeenCalledTimes(2);
    transaction.mockRestore();
    // Nothing changed: the store's lists are the very same arrays.
    expect(vocab().vocab).toBe(before.vocab);
    expect(vocab().topics).toBe(before.topics);
  });

  it('a word edit whose last write fails leaves nothing changed, and the store is read again', async () => {
    const db = await getDB();
    const original = await db.get('vocab', 'dk002');
    const topicsBefore = await db.count('topics');
    // The edit writes the new topic first, then the word: the word's write fails.
    const put = IDBObjectStore.prototype.put;
    const failing = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: [unknown, IDBValidKey?]
    ) {
      if (this.name === 'vocab') throw new DOMException('The disk is full', 'QuotaExceededError');
      return put.apply(this, args);
    });
    const load = watchLoads();
    await expect(
      catalog().editWord('dk002', { langA: 'кнехт', langB: 'bollard', topic: 'Bollards' }),
    ).rejects.toThrow('The disk is full');
    // Both writes were made, the topic's first.
    expect(failing.mock.contexts.map((store) => (store as IDBObjectStore).name)).toEqual([
      'topics',
      'vocab',
    ]);
    failing.mockRestore();
    expect(await db.get('vocab', 'dk002')).toEqual(original);
    expect(await db.count('topics')).toBe(topicsBefore);
    expect(load).toHaveBeenCalledTimes(1);
    load.restore();
    expect(vocab().topics.some((topic) => topic.name === 'Bollards')).toBe(false);
    expect(vocab().vocab.find((item) => item.id === 'dk002')).toEqual(original);
  });

  it('a repeated import counts the words already there, and the result says so', async () => {
    const text = 'трап=gangway\nкнехт=bitts\nбез знака';
    const first = value(await catalog().bulkImport(text, { topic: 'Mooring' }));
    // 'кнехт=bitts' is a built-in word of the topic.
    expect(first).toMatchObject({ added: 1, duplicates: 1 });
    const again = value(await catalog().bulkImport(text, { topic: 'Mooring' }));
    expect(again).toMatchObject({ added: 0, duplicates: 2, skipped: ['без знака'] });
    expect(translate('ru', 'dictionary.bulkResult', bulkResultParams(again))).toBe(
      'Добавлено 0, уже есть 2, пропущено 1',
    );
    expect(translate('en', 'dictionary.bulkResult', bulkResultParams(again))).toBe(
      'Added 0, already there 2, skipped 1',
    );
  });
});

describe('texts of the alerts and confirmations', () => {
  it('are the specification texts verbatim in English and translated in Russian', () => {
    const en = {
      'admin.failed.addDivision': 'Failed to add division',
      'admin.failed.renameDivision': 'Failed to rename division',
      'admin.failed.deleteDivision': 'Failed to delete division',
      'admin.failed.addRole': 'Failed to add role',
      'admin.failed.renameRole': 'Failed to rename role',
      'admin.failed.deleteRole': 'Failed to delete role',
      'admin.failed.updateTopic': 'Failed to update topic',
      'admin.failed.deleteTopic': 'Failed to delete topic',
      'admin.accessDenied': 'Access denied',
      'admin.noDivisions': 'No divisions defined.',
      'admin.noRoles': 'No roles for this division.',
      'topics.empty': 'No topics found.',
      'topics.confirmDelete': 'Delete this topic and all associated words?',
    } as const;
    for (const [key, text] of Object.entries(en)) {
      expect(translate('en', key as keyof typeof en)).toBe(text);
      expect(translate('ru', key as keyof typeof en)).not.toBe(text);
    }
    expect(translate('en', 'admin.confirmDeleteDivision', { name: 'Cargo' })).toBe(
      'Delete division "Cargo"?  All roles, topics and vocabulary under this division will be removed.',
    );
    expect(translate('en', 'admin.confirmDeleteRole', { name: 'os' })).toBe(
      'Delete role "os"?  It will be detached from all topics and vocabulary.',
    );
    expect(translate('en', 'admin.confirmDeleteTopic', { name: 'Knots' })).toBe(
      'Delete topic "Knots" and all associated vocabulary?',
    );
  });
});
