/**
 * The vocabulary install and upgrade on a database made by the previous app version: the first
 * vocabulary, its topics, divisions and roles at MarineDB version 5, with progress and admin edits.
 */
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { builtinVocabulary, LEGACY_V1_INSTALLED } from '@/data/vocabulary/builtin';
import { VOCABULARY_VERSION } from '@/data/vocabulary/version';
import { installedVocabularyVersion } from '@/db/meta-repo';
import { upgradeMarineDB } from '@/db/migrations';
import { openMarineDB } from '@/db/open';
import { toStoredUserWord } from '@/db/records';
import type { MarineDB } from '@/db/schema';
import { installVocabulary } from '@/db/vocabulary-install';
import { CATALOGUE_DIVISIONS } from '@/domain/constants';
import { defaultRoleRecords } from '@/domain/roles';
import { deriveTopics } from '@/domain/topics';
import type { UserWord, VocabItem } from '@/domain/types';
import type { BuiltinVocabulary } from '@/domain/vocabulary-update';
import v1Json from '../fixtures/vocabulary-v1.json';
import { uniqueName, userWord } from './helpers';

const v1 = v1Json as VocabItem[];
const FIRST_DIVISIONS = ['deck', 'engine', 'bridge', 'galley'];
const FIRST_ROLES = defaultRoleRecords(FIRST_DIVISIONS).filter((r) => r.id !== 'deck::ab');

const adminWord: VocabItem = {
  id: 'admin-1',
  langA: 'кранец',
  langB: 'fender',
  topic: 'Mooring',
  division: 'deck',
  source: 'user',
  createdBy: 'captain',
};

const progress: UserWord[] = [
  userWord('br010', { status: 'learned', attempts: 4, correct: 4, streak: 4, strength: 0.9 }),
  userWord('gal009', { status: 'learning', attempts: 2, correct: 1 }),
  userWord('eng201', { userId: 'u2', status: 'learned', attempts: 1, correct: 1 }),
];

/**
 * A database exactly as the previous app version left it: version 5, the first vocabulary
 * seeded, progress of two users, and an admin's changes (one built-in word edited, one deleted,
 * one word and one role of their own).
 */
async function previousVersionDatabase(): Promise<string> {
  const name = uniqueName();
  const db = await openDB(name, 5, {
    upgrade: (raw, oldVersion, newVersion, tx) => {
      void upgradeMarineDB(raw, oldVersion, newVersion, tx);
    },
  });
  for (const item of v1) await db.put('vocab', item);
  for (const topic of deriveTopics(v1)) await db.put('topics', topic);
  for (const id of FIRST_DIVISIONS) await db.put('divisions', { id, name: id });
  for (const role of FIRST_ROLES) await db.put('roles', role);
  await db.put('roles', {
    id: 'deck::cadet',
    name: 'cadet',
    division: 'deck',
    createdBy: 'captain',
  });
  for (const word of progress) await db.put('userWords', toStoredUserWord(word));
  // The admin's edits: a built-in word's English changed, another built-in word deleted.
  const edited = v1.find((w) => w.id === 'dk001') as VocabItem;
  await db.put('vocab', { ...edited, langB: 'mooring rope' });
  await db.delete('vocab', 'dk002');
  await db.put('vocab', adminWord);
  db.close();
  return name;
}

/** A second vocabulary made from the first: changes, removals and additions of every kind. */
function nextVocabulary(): BuiltinVocabulary {
  const words: VocabItem[] = v1
    .filter((w) => w.id !== 'gal008' && w.id !== 'gal009')
    .map((w) => {
      if (w.id === 'br010') return { ...w, langB: 'Steady!', ref: 'SMCP B2/1.1' };
      if (w.id === 'dk001') return { ...w, langB: 'mooring line (rope)' };
      if (w.id === 'os001') return { ...w, roles: ['os', 'ab', 'bosun'] };
      return w;
    });
  const fresh = Array.from({ length: 8 }, (_, n) => ({
    id: `gen00${n + 1}`,
    langA: `новое ${n + 1}`,
    langB: `new ${n + 1}`,
    topic: 'Common Words',
    division: 'common',
    source: 'builtin' as const,
    roles: [],
  }));
  const all = [...words, ...fresh, { ...(v1[0] as VocabItem), id: 'dk999', langB: 'spring line' }];
  return {
    version: 2,
    words: all,
    topics: deriveTopics(all),
    roles: defaultRoleRecords(CATALOGUE_DIVISIONS),
    divisions: CATALOGUE_DIVISIONS.map((id) => ({ id, name: id })),
  };
}

async function install(db: MarineDB, next = nextVocabulary()) {
  return installVocabulary(db, next, { legacy: LEGACY_V1_INSTALLED });
}

describe('vocabulary upgrade of a database from the previous version', () => {
  it('adds new words, topics, roles and divisions and updates untouched changed words', async () => {
    const db = await openMarineDB({ name: await previousVersionDatabase() });
    expect(await installedVocabularyVersion(db)).toBe(1);
    const plan = await install(db);
    expect(plan?.counts).toEqual({ added: 9, updated: 2, retired: 1, removed: 1 });

    expect(await db.get('vocab', 'gen001')).toMatchObject({ division: 'common', langB: 'new 1' });
    expect(await db.get('vocab', 'dk999')).toMatchObject({ langB: 'spring line' });
    expect(await db.get('topics', 'common::Common Words')).toMatchObject({ name: 'Common Words' });
    expect(await db.get('divisions', 'common')).toEqual({ id: 'common', name: 'common' });
    expect(await db.get('roles', 'deck::ab')).toEqual({
      id: 'deck::ab',
      name: 'ab',
      division: 'deck',
    });
    expect(await db.get('vocab', 'br010')).toMatchObject({ langB: 'Steady!', ref: 'SMCP B2/1.1' });
    expect((await db.get('vocab', 'os001'))?.roles).toEqual(['os', 'ab', 'bosun']);
    // The topic of the OS commands takes the new role too (it was not edited).
    expect((await db.get('topics', 'deck::OS-commands'))?.roles?.sort()).toEqual([
      'ab',
      'bosun',
      'os',
    ]);
    expect(await installedVocabularyVersion(db)).toBe(2);
    db.close();
  });

  it('never touches progress, admin-made words and roles, admin edits or admin deletions', async () => {
    const db = await openMarineDB({ name: await previousVersionDatabase() });
    const before = await db.getAll('userWords');
    await install(db);
    expect(await db.getAll('userWords')).toEqual(before);
    expect(await db.get('vocab', 'admin-1')).toEqual(adminWord);
    expect(await db.get('roles', 'deck::cadet')).toMatchObject({ createdBy: 'captain' });
    expect(await db.get('vocab', 'dk001')).toMatchObject({ langB: 'mooring rope' });
    expect(await db.get('vocab', 'dk002')).toBeUndefined();
    db.close();
  });

  it('hides a dropped word someone has progress on and deletes one nobody studied', async () => {
    const db = await openMarineDB({ name: await previousVersionDatabase() });
    await install(db);
    expect(await db.get('vocab', 'gal009')).toMatchObject({
      retired: true,
      langB: 'table setting',
    });
    expect(await db.get('vocab', 'gal008')).toBeUndefined();
    db.close();
  });

  it('is idempotent: a second run finds nothing to do, and planning again changes nothing', async () => {
    const db = await openMarineDB({ name: await previousVersionDatabase() });
    await install(db);
    const snapshot = await Promise.all([
      db.getAll('vocab'),
      db.getAll('topics'),
      db.getAll('roles'),
    ]);
    expect(await install(db)).toBeNull();
    // Even with the version record set back, the same vocabulary plans no change.
    const meta = await db.get('meta', 'vocabulary');
    await db.put('meta', { ...(meta as object), key: 'vocabulary', version: 1 } as never);
    const again = await install(db);
    expect(again?.putVocab).toEqual([]);
    expect(again?.deleteVocab).toEqual([]);
    expect(again?.putTopics).toEqual([]);
    expect(
      await Promise.all([db.getAll('vocab'), db.getAll('topics'), db.getAll('roles')]),
    ).toEqual(snapshot);
    db.close();
  });

  it('changes nothing when it fails halfway', async () => {
    const db = await openMarineDB({ name: await previousVersionDatabase() });
    const before = await Promise.all([db.getAll('vocab'), db.getAll('topics'), db.getAll('meta')]);
    const broken = nextVocabulary();
    // A word without a usable key makes its write fail after others were already made.
    (broken.words as VocabItem[]).push({ ...(v1[0] as VocabItem), id: undefined as never });
    await expect(install(db, broken)).rejects.toThrow();
    expect(await Promise.all([db.getAll('vocab'), db.getAll('topics'), db.getAll('meta')])).toEqual(
      before,
    );
    db.close();
  });
});

describe('the shipped vocabulary', () => {
  it('installs whole into a new database', async () => {
    const db = await openMarineDB({ name: uniqueName() });
    const shipped = builtinVocabulary();
    await install(db, shipped);
    expect(await db.count('vocab')).toBe(shipped.words.length);
    expect(await db.count('topics')).toBe(shipped.topics.length);
    expect((await db.getAllKeys('divisions')).sort()).toEqual([...CATALOGUE_DIVISIONS].sort());
    db.close();
  });

  it('upgrades a database of the first vocabulary, keeping its progress and admin edits', async () => {
    const db = await openMarineDB({ name: await previousVersionDatabase() });
    const before = await db.getAll('userWords');
    const shipped = builtinVocabulary();
    await install(db, shipped);
    expect(await db.getAll('userWords')).toEqual(before);
    expect(await db.count('vocab')).toBeGreaterThanOrEqual(1500);
    expect(await db.get('vocab', 'dk001')).toMatchObject({ langB: 'mooring rope' });
    expect(await db.get('vocab', 'dk002')).toBeUndefined();
    expect(await db.get('vocab', 'admin-1')).toEqual(adminWord);
    expect(await db.get('vocab', 'br010')).toMatchObject({ langB: 'Steady!' });
    db.close();
  });

  it('moves the VTS phrases of vocabulary 5 into their subsection topics, keeping progress', async () => {
    // Vocabulary 5 had every VTS pair in one topic; the shipped one splits it along SMCP A1/6.
    const shipped = builtinVocabulary();
    const asBefore = shipped.words.map((w) =>
      w.division === 'bridge' && w.topic.startsWith('VTS ') ? { ...w, topic: 'VTS' } : w,
    );
    const previous: BuiltinVocabulary = {
      ...shipped,
      version: VOCABULARY_VERSION - 1,
      words: asBefore,
      topics: deriveTopics(asBefore),
    };
    const db = await openMarineDB({ name: uniqueName() });
    await install(db, previous);
    expect(await db.get('vocab', 'br641')).toMatchObject({ topic: 'VTS' });
    const learned = userWord('br641', { status: 'learned', attempts: 3, correct: 3, streak: 3 });
    await db.put('userWords', toStoredUserWord(learned));
    const before = await db.getAll('userWords');

    await install(db, shipped);

    expect(await db.get('vocab', 'br641')).toMatchObject({ topic: 'VTS Navigational Assistance' });
    expect(await db.get('vocab', 'br600')).toMatchObject({ topic: 'VTS Information Service' });
    expect(await db.get('topics', 'bridge::VTS Navigational Assistance')).toBeDefined();
    // The general VTS terms stay in the topic "VTS", which is kept.
    expect(await db.get('vocab', 'br089')).toMatchObject({ topic: 'VTS' });
    expect(await db.get('topics', 'bridge::VTS')).toBeDefined();
    expect(await db.getAll('userWords')).toEqual(before);
    db.close();
  });
});
