/** Upgrades to the current version (7) from data written at each version 1..6. */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { countUnsent, listDeadLetters, listHistory } from '@/db/history-queries';
import { upgradeMarineDB } from '@/db/migrations';
import { openMarineDB } from '@/db/open';
import { countByStatus, listDueUserWords, listUserWords } from '@/db/user-words-repo';
import { foldWord } from '@/domain/history-fold';
import { uniqueName, vocab } from './helpers';

/** Creates a database at `version` by running the real migration steps 0..version. */
async function createAtVersion(name: string, version: number) {
  return openDB(name, version, {
    upgrade: (db, oldVersion, newVersion, tx) => {
      void upgradeMarineDB(db, oldVersion, newVersion, tx);
    },
  });
}

const iso = (ms: number) => new Date(ms).toISOString();
const T1 = Date.UTC(2024, 0, 2, 3, 4, 5);
const T2 = Date.UTC(2024, 0, 3);
const FAR = Date.UTC(2099, 0, 1);
const NOW = Date.UTC(2025, 5, 1);

const user = {
  id: 'u1',
  email: 'crew@ship.test',
  fullName: 'Crew',
  isAdmin: false,
  createdAt: 5,
  settings: { dailyGoal: 10, division: 'deck', uiLang: 'ru', theme: 'light' },
};
/** The user as an older version stored it: with the pull cursor of the per-word documents. */
const oldUser = { ...user, syncCursor: 123_456 };

/** Timestamps as the given version wrote them: ISO strings before v4, epoch ms from v4. */
function stamp(version: number, ms: number): string | number {
  return version < 4 ? iso(ms) : ms;
}

function legacyUserWords(version: number) {
  const base = { userId: 'u1', attempts: 2, correct: 1, streak: 1, strength: 0.35 };
  const t = (ms: number) => stamp(version, ms);
  return [
    {
      ...base,
      vocabId: 'w1',
      status: 'learning',
      lastSeenAt: t(T1),
      nextReviewAt: t(T2),
      updatedAt: t(T1),
      deleted: false,
    },
    {
      ...base,
      vocabId: 'w2',
      status: 'learned',
      ...(version < 4 ? { lastSeenAt: 'not a date' } : {}),
      updatedAt: version < 4 ? 'garbage' : 0,
      deleted: true,
    },
    {
      ...base,
      vocabId: 'w3',
      status: 'learned',
      nextReviewAt: t(FAR),
      updatedAt: t(T2),
      remoteId: 'r3',
    },
    { ...base, vocabId: 'w4', status: 'new', updatedAt: t(T1 + 1), hidden: true, deleted: false },
    { ...base, vocabId: 'w5', status: 'new', updatedAt: t(T1 + 2), hidden: false },
    // Records no sync could ever send: they go to the dead letters, the rest upgrades.
    { ...base, vocabId: 'a/b', status: 'new', updatedAt: t(T1) },
    { ...base, vocabId: 'neg', status: 'new', attempts: -1, updatedAt: t(T1) },
    { ...base, vocabId: 'frac', status: 'new', streak: 1.5, updatedAt: t(T1) },
    ...(version >= 4 ? [{ ...base, vocabId: 'far', status: 'new', updatedAt: 1e15 }] : []),
  ].map((word) => (version >= 5 ? asFlags(word) : word));
}

/** From version 5 the flags are stored as 0/1. */
function asFlags(word: Record<string, unknown>): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...word, deleted: word.deleted ? 1 : 0 };
  if (word.hidden !== undefined) stored.hidden = word.hidden ? 1 : 0;
  return stored;
}

function legacyQueue(version: number) {
  const payload = (vocabId: string, updatedAt: number) => ({
    userId: 'u1',
    vocabId,
    status: 'learning',
    attempts: 1,
    correct: 1,
    streak: 1,
    strength: 0.3,
    updatedAt: stamp(version, updatedAt),
    nextReviewAt: stamp(version, T2),
    deleted: false,
  });
  return [
    {
      id: 'q-b',
      entity: 'userWords',
      op: 'upsert',
      payload: payload('w1', T1),
      createdAt: stamp(version, T1 + 2000),
    },
    {
      id: 'q-a',
      entity: 'userWords',
      op: 'upsert',
      payload: payload('w3', T2),
      remoteId: 'r3',
      createdAt: stamp(version, T1 + 1000),
    },
    {
      id: 'q-c',
      entity: 'userWords',
      op: 'upsert',
      payload: payload('w5', T1),
      createdAt: version < 4 ? 'bad' : 0,
    },
    // A version-1 entry that lost its payload.
    { id: 'q-d', entity: 'userWords', op: 'upsert', createdAt: stamp(version, T1) },
    // A queued change newer than its record (the record write was lost): it wins the fold.
    {
      id: 'q-e',
      entity: 'userWords',
      op: 'upsert',
      payload: { ...payload('w4', T2), attempts: 7, correct: 6, status: 'learned', hidden: true },
      createdAt: stamp(version, T2),
    },
  ];
}

const v1Vocab = [
  {
    id: 'v1',
    langA: 'трос',
    langB: 'rope',
    roles: [' OS', 'ALL', 'Bosun', 'os'],
    source: 'builtin',
  },
  { id: 'v2', langA: 'насос', langB: 'pump', topic: 'Pumps', division: 'engine', source: 'user' },
];
const finalVocab = [
  {
    id: 'v1',
    langA: 'трос',
    langB: 'rope',
    topic: 'General',
    division: 'deck',
    roles: ['os', 'bosun'],
    source: 'builtin',
  },
  { id: 'v2', langA: 'насос', langB: 'pump', topic: 'Pumps', division: 'engine', source: 'user' },
];
const customTopic = { id: 'deck::Custom', name: 'Custom', division: 'deck', source: 'user' };
const customDivision = { id: 'deck', name: 'Deck (ours)' };
const customRole = { id: 'deck::bosun', name: 'bosun', division: 'deck' };

describe.each([1, 2, 3, 4, 5, 6])('upgrade from version %i to 7', (version) => {
  it('keeps every learning state as history, sets bad records aside, and seeds only what is missing', async () => {
    const name = uniqueName();
    const old = await createAtVersion(name, version);
    expect(old.version).toBe(version);
    await old.put('users', oldUser);
    for (const item of version === 1 ? v1Vocab : finalVocab) await old.put('vocab', item);
    for (const word of legacyUserWords(version)) await old.put('userWords', word);
    for (const entry of legacyQueue(version)) await old.put('syncQueue', entry);
    if (version >= 2) await old.put('topics', customTopic);
    if (version >= 3) {
      await old.put('divisions', customDivision);
      await old.put('roles', customRole);
    }
    old.close();

    const db = await openMarineDB({
      name,
      vocabulary: [vocab('v1', { langA: 'OVERWRITTEN' }), vocab('fresh')],
    });
    expect(db.version).toBe(8);
    // A database from before version 6 holds the first vocabulary: the install upgrades it at
    // the next app start. (One made at version 6 by this test was never installed at all.)
    expect(await db.getAll('meta')).toEqual(
      version < 6 ? [{ key: 'vocabulary', version: 1, legacy: true }] : [],
    );

    // users (without the old pull cursor) and vocab survive; no built-in vocabulary is added
    expect(await db.getAll('users')).toEqual([user]);
    expect(await db.getAll('vocab')).toEqual(finalVocab);
    expect(await db.getAllKeysFromIndex('vocab', 'roles', 'bosun')).toEqual(['v1']);
    expect(await db.getAllKeysFromIndex('vocab', 'division', 'engine')).toEqual(['v2']);

    // raw user words: epoch ms and 0/1 flags; w4 is the fold of its record and newer payload
    const raw = await db.getAll('userWords');
    expect(
      raw.map((w) => [w.vocabId, w.lastSeenAt, w.nextReviewAt, w.updatedAt, w.deleted, w.hidden]),
    ).toEqual([
      ['w1', T1, T2, T1, 0, undefined],
      ['w2', undefined, undefined, 0, 1, undefined],
      ['w3', undefined, FAR, T2, 0, undefined],
      ['w4', undefined, T2, T2, 0, 1],
      // Refolded for its queued payload: a false flag is simply absent.
      ['w5', undefined, undefined, T1 + 2, 0, undefined],
    ]);
    expect(raw.find((w) => w.vocabId === 'w3')).toMatchObject({
      attempts: 2,
      strength: 0.35,
      status: 'learned',
      remoteId: 'r3',
    });
    expect(raw.find((w) => w.vocabId === 'w4')).toMatchObject({ attempts: 7, correct: 6 });

    // through the repository: booleans, and the indexes work
    const words = await listUserWords(db, 'u1', { includeDeleted: true });
    expect(words.map((w) => [w.vocabId, w.deleted, w.hidden])).toEqual([
      ['w1', false, undefined],
      ['w2', true, undefined],
      ['w3', false, undefined],
      ['w4', false, true],
      ['w5', false, undefined],
    ]);
    expect((await listDueUserWords(db, 'u1', NOW)).map((w) => w.vocabId).sort()).toEqual([
      'w1',
      'w5',
    ]);
    expect(await countByStatus(db, 'u1')).toEqual({ new: 1, learning: 1, learned: 2 });
    expect(await db.getAllKeysFromIndex('userWords', 'deleted', 1)).toEqual([['u1', 'w2']]);
    expect(await db.getAllKeysFromIndex('userWords', 'remoteId', 'r3')).toEqual([['u1', 'w3']]);

    // the history: a baseline per record and per distinct queued state, all still to be sent
    const history = await listHistory(db, 'u1');
    expect(history.every((e) => e.kind === 'baseline' && e.id.startsWith('local-'))).toBe(true);
    expect(history.map((e) => e.vocabId).sort()).toEqual([
      'w1',
      'w1',
      'w2',
      'w3',
      'w3',
      'w4',
      'w4',
      'w5',
      'w5',
    ]);
    expect(await countUnsent(db, 'u1')).toBe(9);
    for (const word of words) {
      const own = history.filter((e) => e.vocabId === word.vocabId);
      const { remoteId: _r, ...state } = word;
      expect(foldWord('u1', word.vocabId, own)).toEqual(state);
    }
    const device = await db.get('device', 'device');
    expect(device?.hlc).toBeGreaterThanOrEqual(Math.max(...history.map((e) => e.hlc)));

    // the records that fail the contract, and the queue entry without a payload
    const letters = await listDeadLetters(db, 'u1');
    expect(letters.map((l) => l.reason).sort()).toEqual(
      [
        'a syncQueue record without a word',
        'attempts is not a whole number 0..1000000',
        'invalid word id "a/b"',
        'streak is not a whole number 0..1000000',
        ...(version >= 4 ? ['updatedAt is not a valid time'] : []),
      ].sort(),
    );
    expect(letters.every((l) => l.source === 'upgrade')).toBe(true);
    expect(letters.find((l) => l.reason.startsWith('invalid word id'))?.record).toMatchObject({
      vocabId: 'a/b',
    });

    // the sync queue is gone: the unsent history is what a push sends
    expect([...db.objectStoreNames]).not.toContain('syncQueue');

    // seeding: existing topics, divisions and roles are left alone; missing ones are seeded
    const topics = await db.getAll('topics');
    if (version >= 2) expect(topics).toEqual([customTopic]);
    else
      expect(topics).toEqual([
        {
          id: 'deck::General',
          name: 'General',
          division: 'deck',
          source: 'builtin',
          roles: ['os', 'bosun'],
        },
        { id: 'engine::Pumps', name: 'Pumps', division: 'engine', source: 'user' },
      ]);
    if (version >= 3) {
      expect(await db.getAll('divisions')).toEqual([customDivision]);
      expect(await db.getAll('roles')).toEqual([customRole]);
    } else {
      expect(await db.getAllKeys('divisions')).toEqual(['bridge', 'deck', 'engine', 'galley']);
      expect(await db.count('roles')).toBe(16);
    }
    db.close();
  });
});

describe('upgrade from version 6 of a device two accounts share', () => {
  it('keeps the history of both when they hold the same record of a word', async () => {
    const name = uniqueName();
    const old = await createAtVersion(name, 6);
    const record = {
      vocabId: 'w1',
      status: 'learning',
      attempts: 3,
      correct: 2,
      streak: 1,
      strength: 0.35,
      updatedAt: T1,
      deleted: 0,
    };
    await old.put('userWords', { ...record, userId: 'u1' });
    await old.put('userWords', { ...record, userId: 'u2' });
    old.close();

    const db = await openMarineDB({ name });
    for (const userId of ['u1', 'u2']) {
      const history = await listHistory(db, userId);
      expect(history, userId).toHaveLength(1);
      expect(foldWord(userId, 'w1', history), userId).toMatchObject({ attempts: 3, correct: 2 });
      expect(await countUnsent(db, userId), userId).toBe(1);
    }
    db.close();
  });
});

describe('upgrade from version 5', () => {
  it('adds the meta store marking the first vocabulary, and changes nothing else', async () => {
    const name = uniqueName();
    const old = await createAtVersion(name, 5);
    await old.put('vocab', finalVocab[0]);
    await old.put('divisions', customDivision);
    old.close();
    const db = await openMarineDB({ name });
    expect(db.version).toBe(8);
    expect(await db.getAll('meta')).toEqual([{ key: 'vocabulary', version: 1, legacy: true }]);
    expect(await db.getAll('vocab')).toEqual([finalVocab[0]]);
    expect(await db.getAll('divisions')).toEqual([customDivision]);
    db.close();
  });

  it('gives a new database no vocabulary record: nothing is installed yet', async () => {
    const db = await openMarineDB({ name: uniqueName() });
    expect(await db.getAll('meta')).toEqual([]);
    db.close();
  });
});

describe('structure at each version', () => {
  it.each([
    [1, ['syncQueue', 'userWords', 'users', 'vocab']],
    [2, ['syncQueue', 'topics', 'userWords', 'users', 'vocab']],
    [3, ['divisions', 'roles', 'syncQueue', 'topics', 'userWords', 'users', 'vocab']],
    [4, ['divisions', 'roles', 'syncQueue', 'topics', 'userWords', 'users', 'vocab']],
    [5, ['divisions', 'roles', 'syncQueue', 'topics', 'userWords', 'users', 'vocab']],
    [6, ['divisions', 'meta', 'roles', 'syncQueue', 'topics', 'userWords', 'users', 'vocab']],
    [
      7,
      [
        'deadLetters',
        'device',
        'divisions',
        'history',
        'meta',
        'roles',
        'topics',
        'userWords',
        'users',
        'vocab',
      ],
    ],
  ])('version %i holds the documented stores', async (version, stores) => {
    const db = await createAtVersion(uniqueName(), version);
    expect([...db.objectStoreNames]).toEqual(stores);
    const userWordIndexes = [...db.transaction('userWords').store.indexNames];
    expect(userWordIndexes.includes('nextReviewAt')).toBe(version >= 4);
    expect(userWordIndexes.includes('deleted')).toBe(version >= 5);
    db.close();
  });
});
