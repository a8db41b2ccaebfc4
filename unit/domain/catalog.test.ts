import { describe, expect, it } from 'vitest';
import {
  destinationFor,
  editTarget,
  freeTopicId,
  mergedTopicRoles,
  nameTaken,
  planImport,
  topicWithRole,
  wordsToAdd,
} from '@/domain/catalog';
import {
  catalogChanges,
  divisionAdded,
  divisionDeleted,
  draftImport,
  hasChanges,
  roleDeleted,
  roleRenamed,
  topicRenamed,
  wordDeleted,
  wordEdited,
  wordsImported,
} from '@/domain/catalog-edits';
import type { Role, Topic, User, VocabItem } from '@/domain/types';

/** Ids in order: n1, n2, … */
function counter() {
  let n = 0;
  return () => `n${++n}`;
}

const ADMIN: User = {
  id: 'admin',
  email: 'a@ship.test',
  fullName: '',
  isAdmin: true,
  createdAt: 0,
  settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light', division: 'engine' },
};

const topic = (id: string, name: string, division: string, roles?: string[]): Topic => ({
  id,
  name,
  division,
  source: 'builtin',
  ...(roles ? { roles } : {}),
});

const MOORING_DECK = topic('deck::Mooring', 'Mooring', 'deck', ['bosun']);
const MOORING_ENGINE = topic('engine::Mooring', 'Mooring', 'engine');
const PUMPS = topic('engine::Pumps', 'Pumps', 'engine');
const TOPICS = [MOORING_DECK, MOORING_ENGINE, PUMPS];

const word = (id: string, langA: string, langB: string, on: Topic): VocabItem => ({
  id,
  langA,
  langB,
  topic: on.name,
  division: on.division,
  source: 'builtin',
});

describe('where new words go', () => {
  it('to the named topic in the wanted division, else the user’s, else anywhere', () => {
    expect(
      destinationFor(TOPICS, ADMIN, { topic: 'mooring', division: 'deck' }, counter()),
    ).toEqual({
      topic: MOORING_DECK,
      isNew: false,
    });
    expect(destinationFor(TOPICS, ADMIN, { topic: 'Mooring' }, counter())).toEqual({
      topic: MOORING_ENGINE,
      isNew: false,
    });
  });

  it('to a new topic of the user (in their division, id division::name unless taken)', () => {
    expect(
      destinationFor(TOPICS, ADMIN, { topic: ' Boilers ', roles: ['Motorman'] }, counter()),
    ).toEqual({
      topic: {
        id: 'engine::Boilers',
        name: 'Boilers',
        division: 'engine',
        source: 'user',
        createdBy: 'admin',
        roles: ['motorman'],
      },
      isNew: true,
    });
    expect(
      destinationFor(
        TOPICS,
        { ...ADMIN, settings: { ...ADMIN.settings, division: undefined } },
        {},
        counter(),
      ),
    ).toEqual({
      topic: {
        id: 'deck::custom',
        name: 'custom',
        division: 'deck',
        source: 'user',
        createdBy: 'admin',
      },
      isNew: true,
    });
    expect(freeTopicId(TOPICS, 'engine', 'Pumps', counter())).toBe('n1');
    expect(freeTopicId(TOPICS, 'engine', 'Valves', counter())).toBe('engine::Valves');
  });
});

describe('wordsToAdd', () => {
  it('adds each new pair once with the topic’s roles, and returns the twins of duplicates', () => {
    const bitts = word('w1', 'кнехты', 'bitts', MOORING_DECK);
    const result = wordsToAdd(
      { topic: MOORING_DECK, isNew: false },
      [bitts],
      [
        { langA: ' Кнехты', langB: 'BITTS ' },
        { langA: 'шпринг', langB: 'spring' },
        { langA: 'шпринг', langB: 'Spring' },
      ],
      { createdBy: 'admin' },
      counter(),
    );
    const spring: VocabItem = {
      id: 'n1',
      langA: 'шпринг',
      langB: 'spring',
      topic: 'Mooring',
      division: 'deck',
      source: 'user',
      createdBy: 'admin',
      roles: ['bosun'],
    };
    expect(result).toEqual({ added: [spring], duplicates: [bitts, spring] });
  });

  it('given roles win over the topic’s', () => {
    const { added } = wordsToAdd(
      { topic: MOORING_DECK, isNew: false },
      [],
      [{ langA: 'выброска', langB: 'heaving line' }],
      { createdBy: 'admin', roles: ['AB'] },
      counter(),
    );
    expect(added.map((w) => w.roles)).toEqual([['ab']]);
  });
});

describe('planImport', () => {
  it('sends rows to their own topics, creates only the topics that receive words, reports unknown divisions', () => {
    const fallback = { topic: PUMPS, isNew: false };
    const plan = planImport(
      [
        { line: 1, ru: 'насос', en: 'pump' },
        { line: 2, ru: 'клапан', en: 'valve', topic: 'Valves' },
        {
          line: 3,
          ru: 'швартов',
          en: 'mooring line',
          topic: 'MOORING',
          division: 'deck',
          roles: ['AB'],
        },
        { line: 4, ru: 'камбуз', en: 'galley', division: 'kitchen' },
      ],
      fallback,
      { createdBy: 'admin', roles: ['motorman'] },
      { topics: TOPICS, divisions: new Set(['deck', 'engine']) },
      counter(),
    );
    expect(plan).toEqual({
      topics: [
        {
          id: 'engine::Valves',
          name: 'Valves',
          division: 'engine',
          source: 'user',
          createdBy: 'admin',
        },
      ],
      items: [
        {
          id: 'n1',
          langA: 'насос',
          langB: 'pump',
          topic: 'Pumps',
          division: 'engine',
          source: 'user',
          createdBy: 'admin',
          roles: ['motorman'],
        },
        {
          id: 'n2',
          langA: 'клапан',
          langB: 'valve',
          topic: 'Valves',
          division: 'engine',
          source: 'user',
          createdBy: 'admin',
          roles: ['motorman'],
        },
        {
          id: 'n3',
          langA: 'швартов',
          langB: 'mooring line',
          topic: 'Mooring',
          division: 'deck',
          source: 'user',
          createdBy: 'admin',
          roles: ['ab'],
        },
      ],
      problems: [{ line: 4, reason: 'unknown-division', field: 'kitchen' }],
    });
  });

  it('a new fallback topic is created only when a row lands in it', () => {
    const fallback = destinationFor(TOPICS, ADMIN, { topic: 'Spare' }, counter());
    const rows = [{ line: 1, ru: 'насос', en: 'pump', topic: 'Pumps' }];
    const ids = counter();
    expect(
      planImport(
        rows,
        fallback,
        { createdBy: 'admin' },
        { topics: TOPICS, divisions: new Set(['engine']) },
        ids,
      ).topics,
    ).toEqual([]);
  });
});

describe('topic roles and names', () => {
  it('adding a topic that exists merges the role lists; nothing new gives null', () => {
    expect(mergedTopicRoles(MOORING_DECK, ['AB', 'bosun'])).toEqual({
      ...MOORING_DECK,
      roles: ['bosun', 'ab'],
    });
    expect(mergedTopicRoles(MOORING_DECK, ['Bosun'])).toBeNull();
  });

  it('assigns and detaches a role; a change that changes nothing gives null', () => {
    expect(topicWithRole(MOORING_DECK, 'ab', true)).toEqual({
      ...MOORING_DECK,
      roles: ['bosun', 'ab'],
    });
    expect(topicWithRole(MOORING_DECK, 'bosun', false)).toEqual(
      topic('deck::Mooring', 'Mooring', 'deck'),
    );
    expect(topicWithRole(MOORING_DECK, 'bosun', true)).toBeNull();
    expect(topicWithRole(PUMPS, 'ab', false)).toBeNull();
  });

  it('a name is taken by another record only, ignoring case', () => {
    const divisions = [
      { id: 'deck', name: 'deck' },
      { id: 'x', name: 'Reefer' },
    ];
    expect(nameTaken(divisions, 'deck', 'REEFER')).toBe(true);
    expect(nameTaken(divisions, 'x', 'reefer')).toBe(false);
  });

  it('an edited word moves to an existing topic of its division, or to a new name', () => {
    const pump = word('w1', 'насос', 'pump', PUMPS);
    expect(editTarget(pump, TOPICS, ' pumps ')).toEqual({
      name: 'Pumps',
      existing: undefined,
      moving: false,
    });
    expect(editTarget(pump, TOPICS, 'mooring')).toEqual({
      name: 'Mooring',
      existing: MOORING_ENGINE,
      moving: true,
    });
    expect(editTarget(pump, TOPICS, 'Boilers')).toEqual({
      name: 'Boilers',
      existing: undefined,
      moving: true,
    });
    expect(editTarget(pump, TOPICS, '')).toEqual({
      name: 'Pumps',
      existing: undefined,
      moving: false,
    });
  });
});

describe('what each action changes', () => {
  const SAILOR: User = { ...ADMIN, id: 'sailor', isAdmin: false };
  const BOLLARD = word('w1', 'кнехт', 'bitts', MOORING_DECK);
  const LINE = word('w2', 'швартов', 'mooring line', MOORING_DECK);
  const PUMP = word('w3', 'насос', 'pump', PUMPS);
  const BOSUN: Role = { id: 'deck::bosun', name: 'bosun', division: 'deck' };

  it('a division: found by any of its names, or added; deleted with its roles, topics and words', () => {
    const divisions = [{ id: 'deck', name: 'deck' }];
    const labels = () => ['deck', 'Палуба'];
    expect(divisionAdded(divisions, 'палуба', labels, counter())).toEqual({
      result: { ok: true, value: divisions[0], created: false },
      changes: catalogChanges(),
    });
    const added = divisionAdded(divisions, 'Cargo', labels, counter());
    expect(added.changes.divisions.put).toEqual([{ id: 'n1', name: 'Cargo' }]);
    const deleted = divisionDeleted('engine', [BOSUN], TOPICS, ['w3']);
    expect(deleted.changes).toEqual(
      catalogChanges({
        divisions: { deleted: ['engine'] },
        topics: { deleted: ['engine::Mooring', 'engine::Pumps'] },
        vocab: { deleted: ['w3'] },
      }),
    );
  });

  it('a role renamed or deleted changes the role lists of its own division only', () => {
    const words = [{ ...BOLLARD, roles: ['bosun', 'os'] }, LINE];
    const stored = { roles: [BOSUN], topics: TOPICS, words };
    const renamed = roleRenamed(BOSUN, stored, 'boatswain');
    expect(renamed.changes.topics.put).toEqual([{ ...MOORING_DECK, roles: ['boatswain'] }]);
    expect(renamed.changes.vocab.put).toEqual([{ ...BOLLARD, roles: ['boatswain', 'os'] }]);
    expect(roleRenamed(BOSUN, stored, 'bosun')).toMatchObject({ result: { created: false } });
    expect(roleRenamed(undefined, stored, 'x').result).toEqual({ ok: false, code: 'not-found' });
    const detached = roleDeleted(BOSUN, stored, true);
    expect(detached.changes.roles.deleted).toEqual(['deck::bosun']);
    expect(detached.changes.topics.put).toEqual([{ ...MOORING_DECK, roles: [] }]);
    expect(detached.changes.vocab.put).toEqual([{ ...BOLLARD, roles: ['os'] }]);
    expect(roleDeleted(BOSUN, stored, false).changes.vocab.put).toEqual([]);
  });

  it('a topic renamed takes its words along; an empty name changes nothing', () => {
    const stored = { topics: TOPICS, words: [BOLLARD, word('e1', 'а', 'b', MOORING_ENGINE)] };
    const renamed = topicRenamed(MOORING_DECK, stored, 'Mooring Ops');
    expect(renamed.changes.vocab.put).toEqual([{ ...BOLLARD, topic: 'Mooring Ops' }]);
    expect(hasChanges(topicRenamed(MOORING_DECK, stored, '').changes)).toBe(false);
    expect(topicRenamed(MOORING_ENGINE, stored, 'pumps').result).toEqual({
      ok: false,
      code: 'name-taken',
    });
  });

  it('a word edit checks, in order: the word, who edits, the sides, a twin in its topic', () => {
    const stored = { topics: TOPICS, words: [BOLLARD, LINE] };
    const patch = { langA: 'кнехт', langB: 'bollard' };
    expect(wordEdited(undefined, ADMIN, patch, stored, counter()).result).toMatchObject({
      code: 'not-found',
    });
    expect(wordEdited(BOLLARD, SAILOR, patch, stored, counter()).result).toMatchObject({
      code: 'forbidden',
    });
    expect(
      wordEdited(BOLLARD, ADMIN, { ...patch, langB: ' ' }, stored, counter()).result,
    ).toMatchObject({ code: 'word-sides-required' });
    expect(
      wordEdited(BOLLARD, ADMIN, { langA: 'Швартов', langB: 'MOORING LINE' }, stored, counter())
        .result,
    ).toMatchObject({ code: 'duplicate-word' });
    // A new topic name moves the word and makes the topic, written together.
    const moved = wordEdited(BOLLARD, ADMIN, { ...patch, topic: 'Bollards' }, stored, counter());
    expect(moved.changes.topics.put).toEqual([
      {
        id: 'deck::Bollards',
        name: 'Bollards',
        division: 'deck',
        source: 'user',
        createdBy: 'admin',
      },
    ]);
    expect(moved.changes.vocab.put).toEqual([{ ...BOLLARD, langB: 'bollard', topic: 'Bollards' }]);
    expect(wordDeleted(PUMP, SAILOR).result).toMatchObject({ code: 'forbidden' });
    expect(wordDeleted(PUMP, ADMIN).changes.vocab.deleted).toEqual(['w3']);
  });

  it('an import counts the words already there, in their topic or earlier in the same text', () => {
    const stored = { roles: [], topics: TOPICS, divisions: [{ id: 'deck', name: 'deck' }] };
    const draft = draftImport(
      'кнехт=bitts\nузел=knot\nУЗЕЛ=KNOT\nбез знака',
      { topic: 'Mooring', division: 'deck' },
      ADMIN,
      stored,
      counter(),
    );
    if ('refused' in draft) throw new Error('refused');
    const imported = wordsImported(draft, [BOLLARD, LINE], new Set(TOPICS.map((t) => t.id)));
    expect(imported.result).toMatchObject({
      ok: true,
      created: true,
      value: { added: 1, duplicates: 2, skipped: ['без знака'] },
    });
    expect(imported.changes.vocab.put.map((item) => item.langB)).toEqual(['knot']);
    const huge = Array.from({ length: 5001 }, (_, i) => `а${i}=b${i}`).join('\n');
    expect(draftImport(huge, {}, ADMIN, stored, counter())).toEqual({
      refused: 'import-too-large',
    });
  });
});
