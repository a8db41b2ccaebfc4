/**
 * Restoring the built-in curriculum after an admin deleted it (the admin screen's «restore»), and
 * the divisions seed that runs whenever the table is empty (SPEC §3).
 */
import { describe, expect, it } from 'vitest';
import { builtinVocabulary, LEGACY_V1_INSTALLED } from '@/data/vocabulary/builtin';
import { countOutbox } from '@/db/curriculum-repo';
import { deleteDivision, putDivision } from '@/db/divisions-repo';
import { toStoredUserWord } from '@/db/records';
import { deleteRole } from '@/db/roles-repo';
import type { MarineDB } from '@/db/schema';
import { seedEmptyDivisions } from '@/db/seed';
import { deleteVocab, putVocab } from '@/db/vocab-repo';
import { installVocabulary, restoreBuiltinCurriculum } from '@/db/vocabulary-install';
import { BUILTIN_DIVISIONS } from '@/domain/constants';
import type { VocabItem } from '@/domain/types';
import { openTestDB, userWord } from './helpers';

const shipped = builtinVocabulary();

/** A database with the shipped curriculum installed and a learner's progress on two words. */
async function installed(): Promise<MarineDB> {
  const db = await openTestDB();
  await installVocabulary(db, shipped, { legacy: LEGACY_V1_INSTALLED });
  for (const word of [
    userWord('os001', { status: 'learned', attempts: 9, correct: 8 }),
    userWord('os002'),
  ]) {
    await db.put('userWords', toStoredUserWord(word));
  }
  return db;
}

const ids = async (db: MarineDB, store: 'vocab' | 'topics' | 'roles' | 'divisions') =>
  ((await db.getAllKeys(store)) as string[]).sort();

describe('restoring the built-in curriculum', () => {
  it('brings back every deleted division, role, topic and word, and leaves progress alone', async () => {
    const db = await installed();
    const progress = await db.getAll('userWords');
    const before = {
      vocab: await ids(db, 'vocab'),
      topics: await ids(db, 'topics'),
      roles: await ids(db, 'roles'),
      divisions: await ids(db, 'divisions'),
    };
    for (const id of before.divisions) await deleteDivision(db, id);
    expect(await db.count('vocab')).toBe(0);

    const plan = await restoreBuiltinCurriculum(db, shipped);
    expect(plan.counts).toEqual({
      divisions: before.divisions.length,
      roles: before.roles.length,
      topics: before.topics.length,
      words: before.vocab.length,
    });
    expect(await ids(db, 'vocab')).toEqual(before.vocab);
    expect(await ids(db, 'topics')).toEqual(before.topics);
    expect(await ids(db, 'roles')).toEqual(before.roles);
    expect(await ids(db, 'divisions')).toEqual(before.divisions);
    expect(await db.get('vocab', 'os001')).toMatchObject({
      langB: 'Stand by for mooring!',
      source: 'builtin',
      roles: ['os', 'ab', 'bosun'],
    });
    expect(await db.getAll('userWords')).toEqual(progress);
    db.close();
  });

  it('keeps admin edits and admin words; gives a restored role back to its built-in topics and words', async () => {
    const db = await installed();
    const edited = {
      ...((await db.get('vocab', 'os003')) as VocabItem),
      langB: 'edited by the master',
    };
    await putVocab(db, edited);
    const own: VocabItem = {
      id: 'admin-1',
      langA: 'кранец',
      langB: 'fender',
      topic: 'OS-commands',
      division: 'deck',
      source: 'user',
    };
    await putVocab(db, own);
    await deleteVocab(db, 'os002');
    await deleteRole(db, 'deck::bosun', { detach: true });
    expect((await db.get('vocab', 'os001'))?.roles).toEqual(['os', 'ab']);
    const topic = (await db.get('topics', 'deck::OS-commands'))?.roles ?? [];
    expect(topic).not.toContain('bosun');

    const plan = await restoreBuiltinCurriculum(db, shipped);
    expect(plan.counts.divisions).toBe(0);
    expect(plan.counts.roles).toBe(1);
    expect(await db.get('roles', 'deck::bosun')).toEqual({
      id: 'deck::bosun',
      name: 'bosun',
      division: 'deck',
    });
    expect(await db.get('vocab', 'os002')).toMatchObject({ source: 'builtin' });
    expect(await db.get('vocab', 'os001')).toMatchObject({ roles: ['os', 'ab', 'bosun'] });
    expect((await db.get('topics', 'deck::OS-commands'))?.roles).toContain('bosun');
    expect(await db.get('vocab', 'os003')).toMatchObject({ langB: 'edited by the master' });
    expect(await db.get('vocab', 'admin-1')).toEqual(own);
    db.close();
  });

  it('finds nothing to do the second time, or on a complete curriculum', async () => {
    const db = await installed();
    const nothing = { divisions: 0, roles: 0, topics: 0, words: 0 };
    expect((await restoreBuiltinCurriculum(db, shipped)).counts).toEqual(nothing);
    await deleteDivision(db, 'galley');
    expect((await restoreBuiltinCurriculum(db, shipped)).counts.words).toBeGreaterThan(0);
    expect((await restoreBuiltinCurriculum(db, shipped)).counts).toEqual(nothing);
    db.close();
  });

  it('queues every record it writes for the cloud when an admin of the cloud edition restores', async () => {
    const db = await installed();
    await deleteDivision(db, 'galley');
    const plan = await restoreBuiltinCurriculum(db, shipped, { by: 'admin-uid', now: Date.now() });
    const { divisions, roles, topics, words } = plan.counts;
    expect(divisions).toBe(1);
    expect(await countOutbox(db, 'admin-uid')).toBe(divisions + roles + topics + words);
    db.close();
  });
});

describe('the divisions seed (SPEC §3: seeded when empty)', () => {
  it('seeds the four divisions and their roles at a start that finds none', async () => {
    const db = await installed();
    for (const id of await ids(db, 'divisions')) await deleteDivision(db, id);
    expect(await db.count('roles')).toBe(0);

    expect(await seedEmptyDivisions(db)).toBe(true);
    expect(await ids(db, 'divisions')).toEqual([...BUILTIN_DIVISIONS].sort());
    expect(await db.get('roles', 'deck::bosun')).toMatchObject({ division: 'deck' });
    // Words are the admin's to restore; progress is not touched.
    expect(await db.count('vocab')).toBe(0);
    expect(await db.count('userWords')).toBe(2);
    db.close();
  });

  it('does nothing while a division exists', async () => {
    const db = await installed();
    for (const id of await ids(db, 'divisions')) await deleteDivision(db, id);
    await putDivision(db, { id: 'd1', name: 'Кухня' });
    expect(await seedEmptyDivisions(db)).toBe(false);
    expect(await ids(db, 'divisions')).toEqual(['d1']);
    db.close();
  });
});
