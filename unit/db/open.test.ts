/** Opening a fresh MarineDB: structure, first-run seed, failures and other connections. */
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { upgradeMarineDB } from '@/db/migrations';
import { deleteMarineDB, openMarineDB } from '@/db/open';
import type { MarineDB } from '@/db/schema';
import { DEFAULT_ROLES } from '@/domain/roles';
import { uniqueName, vocab, withDB } from './helpers';

const EXPECTED_INDEXES: Record<string, string[]> = {
  users: ['email'],
  vocab: ['division', 'roles', 'topic'],
  userWords: ['deleted', 'nextReviewAt', 'remoteId', 'status', 'updatedAt', 'userId', 'vocabId'],
  topics: [],
  roles: [],
  divisions: [],
  meta: [],
  history: ['unsent', 'userTime', 'word'],
  deadLetters: ['userId'],
  device: [],
  curriculumOutbox: [],
};

function describeStores(db: MarineDB) {
  const names = [...db.objectStoreNames];
  const tx = db.transaction(names);
  return Object.fromEntries(
    names.map((name) => {
      const store = tx.objectStore(name);
      return [name, { keyPath: store.keyPath, indexes: [...store.indexNames] }];
    }),
  );
}

describe('openMarineDB on a fresh database', () => {
  it('creates version 8 with exactly the eleven stores and their indexes', async () => {
    await withDB([], async (db) => {
      expect(db.version).toBe(8);
      const stores = describeStores(db);
      expect(Object.keys(stores).sort()).toEqual(Object.keys(EXPECTED_INDEXES).sort());
      for (const [name, indexes] of Object.entries(EXPECTED_INDEXES)) {
        expect(stores[name]?.indexes, name).toEqual(indexes);
      }
      expect(stores.userWords?.keyPath).toEqual(['userId', 'vocabId']);
      expect(stores.users?.keyPath).toBe('id');
      expect(stores.history?.keyPath).toBe('id');
      const history = db.transaction('history').store;
      expect(history.index('word').keyPath).toEqual(['userId', 'vocabId']);
      expect(history.index('userTime').keyPath).toEqual(['userId', 't']);
      expect(history.index('unsent').keyPath).toEqual(['userId', 'sent']);
      const tx = db.transaction(['users', 'vocab']);
      expect(tx.objectStore('users').index('email').unique).toBe(true);
      expect(tx.objectStore('vocab').index('roles').multiEntry).toBe(true);
    });
  });

  it('seeds the vocabulary with normalised roles', async () => {
    const items = [
      vocab('a', { roles: [' OS ', 'Bosun', 'os'] }),
      vocab('b', { topic: 'Engine room', division: 'engine', roles: ['all'] }),
    ];
    await withDB(items, async (db) => {
      expect(await db.getAll('vocab')).toEqual([
        { ...items[0], roles: ['os', 'bosun'] },
        { ...items[1], roles: [] },
      ]);
    });
  });

  it('ignores a duplicate id in the vocabulary, keeping the first', async () => {
    const items = [vocab('a', { langB: 'first' }), vocab('a', { langB: 'second' }), vocab('b')];
    await withDB(items, async (db) => {
      const stored = await db.getAll('vocab');
      expect(stored.map((item) => [item.id, item.langB])).toEqual([
        ['a', 'first'],
        ['b', 'word-b'],
      ]);
      expect(await db.count('topics')).toBe(1);
    });
  });

  it('seeds the four divisions and the default roles of each', async () => {
    await withDB([], async (db) => {
      expect(await db.getAll('divisions')).toEqual([
        { id: 'bridge', name: 'bridge' },
        { id: 'deck', name: 'deck' },
        { id: 'engine', name: 'engine' },
        { id: 'galley', name: 'galley' },
      ]);
      const roles = await db.getAll('roles');
      const expected = Object.entries(DEFAULT_ROLES).flatMap(([division, codes]) =>
        codes.map((code) => ({ id: `${division}::${code}`, name: code, division })),
      );
      expect(roles).toHaveLength(expected.length);
      expect(roles).toEqual(expect.arrayContaining(expected));
    });
  });

  it('derives topics with General/deck fallbacks, the roles rule and the source rule', async () => {
    const items = [
      vocab('m1', { topic: 'Mooring', roles: ['os'] }),
      vocab('m2', { topic: 'Mooring', roles: ['Bosun'] }),
      vocab('s1', { topic: 'Safety', roles: ['os'] }),
      vocab('s2', { topic: 'Safety' }),
      vocab('g1', { topic: '', division: '' }),
      vocab('u1', { topic: 'Pumps', division: 'engine', source: 'user', createdBy: 'x' }),
      vocab('u2', { topic: 'Pumps', division: 'engine' }),
      vocab('e1', { topic: 'Mooring', division: 'engine', roles: ['ce'] }),
    ];
    await withDB(items, async (db) => {
      expect(await db.getAll('topics')).toEqual([
        { id: 'deck::General', name: 'General', division: 'deck', source: 'builtin' },
        {
          id: 'deck::Mooring',
          name: 'Mooring',
          division: 'deck',
          source: 'builtin',
          roles: ['os', 'bosun'],
        },
        { id: 'deck::Safety', name: 'Safety', division: 'deck', source: 'builtin' },
        {
          id: 'engine::Mooring',
          name: 'Mooring',
          division: 'engine',
          source: 'builtin',
          roles: ['ce'],
        },
        { id: 'engine::Pumps', name: 'Pumps', division: 'engine', source: 'user' },
      ]);
    });
  });

  it('adds no vocabulary when none is given: the app installs the built-in one afterwards', async () => {
    const db = await openMarineDB({ name: uniqueName() });
    expect(await db.count('vocab')).toBe(0);
    db.close();
  });

  it('re-opening an existing version-6 database seeds nothing again', async () => {
    const name = uniqueName();
    const first = await openMarineDB({ name, vocabulary: [vocab('a')] });
    await first.delete('divisions', 'galley');
    first.close();
    const again = await openMarineDB({ name, vocabulary: [vocab('a'), vocab('b')] });
    expect(await again.getAllKeys('vocab')).toEqual(['a']);
    expect(await again.count('divisions')).toBe(3);
    again.close();
  });
});

describe('failures and other connections', () => {
  it('aborts an upgrade that fails, leaving the old version in place', async () => {
    const name = uniqueName();
    const v2 = await openDB(name, 2, {
      upgrade: (db, oldVersion, newVersion, tx) => {
        void upgradeMarineDB(db, oldVersion, newVersion, tx);
      },
    });
    await v2.put('vocab', { id: 'a', langA: 'a', langB: 'b', topic: 'T', division: 'deck' });
    v2.close();
    const failure = vi.fn();
    await expect(
      openDB(name, 9, {
        upgrade: (db, oldVersion, newVersion, tx) => {
          upgradeMarineDB(db, oldVersion, newVersion, tx).catch(failure);
        },
      }),
    ).rejects.toThrow();
    expect(failure).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/version 9/) }),
    );
    const reopened = await openDB(name);
    expect(reopened.version).toBe(2);
    expect([...reopened.objectStoreNames]).not.toContain('roles');
    expect(await reopened.count('vocab')).toBe(1);
    reopened.close();
  });

  it('refuses a database from a newer version', async () => {
    const name = uniqueName();
    (await openDB(name, 9)).close();
    await expect(openMarineDB({ name })).rejects.toMatchObject({ name: 'VersionError' });
  });

  it('closes this connection when another wants to delete or upgrade, so it can proceed', async () => {
    const name = uniqueName();
    const onBlocking = vi.fn();
    const db = await openMarineDB({ name, vocabulary: [vocab('a')], onBlocking });
    await deleteMarineDB(name);
    expect(onBlocking).toHaveBeenCalledOnce();
    const fresh = await openMarineDB({ name, vocabulary: [] });
    expect(await fresh.count('vocab')).toBe(0);
    fresh.close();
    db.close();
  });
});
