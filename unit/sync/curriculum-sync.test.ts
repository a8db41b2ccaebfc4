/**
 * The shared curriculum end to end over the in-memory cloud: an admin's catalogue changes are
 * queued with the change itself, pushed by the sync, and applied on every crew device; what the
 * rules refuse stays queued; bad documents are set aside; an idle curriculum costs one read.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renameRoleEverywhere } from '@/db/catalog-edits';
import {
  applyPulled,
  clearSent,
  countOutbox,
  curriculumMeta,
  type Share,
  takeOutbox,
} from '@/db/curriculum-repo';
import { putDivision } from '@/db/divisions-repo';
import { listDeadLetters } from '@/db/history-queries';
import { recordChange } from '@/db/history-repo';
import { putRole } from '@/db/roles-repo';
import type { MarineDB } from '@/db/schema';
import { deleteTopic, putTopic } from '@/db/topics-repo';
import { getUserWord } from '@/db/user-words-repo';
import { addWordsWithTopics, deleteVocab, getVocab, putVocab } from '@/db/vocab-repo';
import { checkCurriculumDoc, curriculumDocId } from '@/domain/curriculum';
import type { Topic, VocabItem } from '@/domain/types';
import { syncOnce } from '@/sync/engine';
import { MemoryRemote } from '@/sync/memory-remote';
import { openDeviceOf } from '../db/helpers';

const ADMIN = 'officer';
const CREW = 'deckhand';
const NOW = Date.UTC(2026, 10, 23, 8);
const share: Share = { by: ADMIN, now: NOW };

const open: MarineDB[] = [];
async function device(userId: string): Promise<MarineDB> {
  const db = await openDeviceOf(userId);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

const KNOTS: Topic = {
  id: 'deck::Knots',
  name: 'Knots',
  division: 'deck',
  source: 'user',
  createdBy: ADMIN,
};
const word = (id: string, langA: string, langB: string): VocabItem => ({
  id,
  langA,
  langB,
  topic: 'Knots',
  division: 'deck',
  source: 'user',
  createdBy: ADMIN,
  ref: 'industry usage',
});
const BOWLINE = word('k1', 'беседочный узел', 'bowline');
const CLOVE = word('k2', 'выбленочный узел', 'clove hitch');

function cloud(): MemoryRemote {
  const remote = new MemoryRemote();
  remote.setAdmin(ADMIN, true);
  return remote;
}

const sync = (db: MarineDB, remote: MemoryRemote, userId: string) =>
  syncOnce({ db, remote, userId, now: NOW });

describe('the curriculum outbox', () => {
  it('is written with a shared change only, one record per document, the latest change winning', async () => {
    const db = await device(ADMIN);
    await putDivision(db, { id: 'reefer', name: 'Reefer' });
    expect(await countOutbox(db, ADMIN)).toBe(0);

    await putDivision(db, { id: 'reefer', name: 'Reefer' }, share);
    await putDivision(db, { id: 'reefer', name: 'Reefer deck' }, share);
    const outbox = await takeOutbox(db, 10, ADMIN);
    expect(outbox.map((record) => [record.docId, record.doc])).toEqual([
      [
        curriculumDocId('division', 'reefer'),
        {
          kind: 'division',
          id: 'reefer',
          deleted: false,
          record: { name: 'Reefer deck' },
          by: ADMIN,
        },
      ],
    ]);
  });

  it('holds every record a cascade touched: a topic deleted with its words, a role renamed across topics and words', async () => {
    const db = await device(ADMIN);
    await addWordsWithTopics(db, [KNOTS], [BOWLINE, CLOVE], share);
    expect((await takeOutbox(db, 10, ADMIN)).map((r) => r.doc.kind).sort()).toEqual([
      'topic',
      'word',
      'word',
    ]);
    await clearSent(db, await takeOutbox(db, 10, ADMIN));

    await putRole(db, { id: 'r1', name: 'ab', division: 'deck' });
    await putTopic(db, { ...KNOTS, roles: ['ab'] });
    await putVocab(db, { ...BOWLINE, roles: ['ab'] });
    await renameRoleEverywhere(db, 'r1', 'able seaman', share);
    const renamed = (await takeOutbox(db, 10, ADMIN)).map((r) => r.doc);
    expect(renamed.map((doc) => [doc.kind, doc.id, doc.record?.roles ?? doc.record?.name])).toEqual(
      [
        ['role', 'r1', 'able seaman'],
        ['topic', 'deck::Knots', ['able seaman']],
        ['word', 'k1', ['able seaman']],
      ],
    );
    await clearSent(db, await takeOutbox(db, 10, ADMIN));

    await deleteTopic(db, KNOTS.id, { withVocabulary: true, share });
    expect(
      (await takeOutbox(db, 10, ADMIN)).map((r) => [r.doc.kind, r.doc.id, r.doc.deleted]),
    ).toEqual([
      ['topic', 'deck::Knots', true],
      ['word', 'k1', true],
      ['word', 'k2', true],
    ]);
  });

  it('keeps a record that changed again while its push was on the way', async () => {
    const db = await device(ADMIN);
    await putDivision(db, { id: 'reefer', name: 'Reefer' }, share);
    const taken = await takeOutbox(db, 10, ADMIN);
    await putDivision(db, { id: 'reefer', name: 'Reefer deck' }, { by: ADMIN, now: NOW + 1 });
    await clearSent(db, taken);
    expect((await takeOutbox(db, 10, ADMIN)).map((r) => r.doc.record)).toEqual([
      { name: 'Reefer deck' },
    ]);
  });
});

describe('syncOnce and the shared curriculum', () => {
  it('takes an admin’s topic, words and role rename to a crew device, where they can be studied', async () => {
    const remote = cloud();
    const admin = await device(ADMIN);
    const crew = await device(CREW);
    await addWordsWithTopics(admin, [KNOTS], [BOWLINE, CLOVE], share);
    expect(await sync(admin, remote, ADMIN)).toMatchObject({ curriculumPushed: 3 });
    expect(await countOutbox(admin, ADMIN)).toBe(0);
    expect(remote.curriculumCount()).toBe(3);

    const report = await sync(crew, remote, CREW);
    expect(report).toMatchObject({ curriculumApplied: 3, curriculumAdded: 2 });
    expect(await getVocab(crew, 'k1')).toEqual({
      ...BOWLINE,
      createdBy: undefined,
      source: 'user',
    } satisfies VocabItem);
    expect(await crew.get('topics', KNOTS.id)).toMatchObject({ name: 'Knots', division: 'deck' });
    const meta = await curriculumMeta(crew);
    expect(meta).toMatchObject({ addedWords: 2 });
    expect(meta.updatedAt).toBeGreaterThan(0);

    // Idle: the curriculum costs one read per cycle.
    remote.resetCounters();
    expect(await sync(crew, remote, CREW)).toMatchObject({ curriculumApplied: 0 });
    expect(remote.counters.reads).toBe(2); // the history pull and the curriculum pull
  });

  it('a deleted word leaves the crew device but its progress stays, and comes back with the word', async () => {
    const remote = cloud();
    const admin = await device(ADMIN);
    const crew = await device(CREW);
    await addWordsWithTopics(admin, [KNOTS], [BOWLINE], share);
    await sync(admin, remote, ADMIN);
    await sync(crew, remote, CREW);
    await recordChange(crew, CREW, 'k1', { kind: 'answer', correct: true }, NOW);

    await deleteVocab(admin, 'k1', share);
    await sync(admin, remote, ADMIN);
    await sync(crew, remote, CREW);
    expect(await getVocab(crew, 'k1')).toBeUndefined();
    expect(await getUserWord(crew, CREW, 'k1')).toMatchObject({ attempts: 1, correct: 1 });

    await putVocab(admin, BOWLINE, share);
    await sync(admin, remote, ADMIN);
    await sync(crew, remote, CREW);
    expect(await getVocab(crew, 'k1')).toMatchObject({ langB: 'bowline' });
    expect(await getUserWord(crew, CREW, 'k1')).toMatchObject({ attempts: 1, correct: 1 });
  });

  it('the newer write of two admins wins; an unsent local change is not overwritten by a pull', async () => {
    const remote = cloud();
    remote.setAdmin('second-officer', true);
    const first = await device(ADMIN);
    const second = await device('second-officer');
    await putDivision(first, { id: 'reefer', name: 'Reefer' }, share);
    await sync(first, remote, ADMIN);
    await putDivision(
      second,
      { id: 'reefer', name: 'Reefer deck' },
      { by: 'second-officer', now: NOW },
    );
    // The second admin's unsent change goes out before the pull, so it is the newer write.
    await sync(second, remote, 'second-officer');
    expect(await second.get('divisions', 'reefer')).toEqual({ id: 'reefer', name: 'Reefer deck' });
    await sync(first, remote, ADMIN);
    expect(await first.get('divisions', 'reefer')).toEqual({ id: 'reefer', name: 'Reefer deck' });
  });

  it('a pulled change does not overwrite a record whose local change is not yet sent', async () => {
    const remote = cloud();
    const first = await device(ADMIN);
    const second = await device(ADMIN);
    await putDivision(first, { id: 'reefer', name: 'Reefer' }, share);
    await sync(first, remote, ADMIN);
    await putDivision(second, { id: 'reefer', name: 'Reefer deck' }, share);
    // A pull alone (the push of this device failed): the local change stays, and stays queued.
    remote.failNext('error', { on: 'curriculum' });
    await expect(sync(second, remote, ADMIN)).rejects.toThrow('curriculum commit failed');
    const pulled = await remote.pullCurriculum({ at: 0, id: '' }, 10);
    const [doc] = pulled.docs;
    expect(doc).toBeDefined();
    const checked = checkCurriculumDoc(doc?.data ?? {});
    if (!checked.ok) throw new Error('the pulled document is valid');
    expect(
      await applyPulled(
        second,
        [{ docId: doc?.docId ?? '', change: checked.change, updatedAt: doc?.updatedAt ?? 0 }],
        pulled.cursor,
      ),
    ).toEqual({ applied: 0, addedWords: 0 });
    expect(await second.get('divisions', 'reefer')).toEqual({ id: 'reefer', name: 'Reefer deck' });
    expect(await countOutbox(second, ADMIN)).toBe(1);
  });

  it('a push the cloud refuses (the claim revoked) stays queued, the pull still runs, the sync reports the failure', async () => {
    const remote = cloud();
    const other = await device('second-officer');
    remote.setAdmin('second-officer', true);
    await putDivision(
      other,
      { id: 'galley2', name: 'Galley 2' },
      { by: 'second-officer', now: NOW },
    );
    await sync(other, remote, 'second-officer');

    remote.setAdmin(ADMIN, false);
    const db = await device(ADMIN);
    await putDivision(db, { id: 'reefer', name: 'Reefer' }, share);
    await expect(sync(db, remote, ADMIN)).rejects.toThrow('PERMISSION_DENIED');
    expect(await countOutbox(db, ADMIN)).toBe(1);
    expect(remote.curriculumCount()).toBe(1);
    expect(await db.get('divisions', 'galley2')).toEqual({ id: 'galley2', name: 'Galley 2' });
  });

  it('sets aside a document that breaks the record tables and applies the rest', async () => {
    const remote = cloud();
    const admin = await device(ADMIN);
    const crew = await device(CREW);
    await putDivision(admin, { id: 'reefer', name: 'Reefer' }, share);
    await sync(admin, remote, ADMIN);
    // A document written past the rules (a console edit): an unknown field.
    await remote.pushCurriculum([
      {
        docId: curriculumDocId('division', 'bad'),
        doc: {
          kind: 'division',
          id: 'bad',
          deleted: false,
          record: { name: 'x', isAdmin: true },
          by: ADMIN,
        },
      },
    ]);
    const report = await sync(crew, remote, CREW);
    expect(report).toMatchObject({ curriculumApplied: 1, rejected: 1 });
    expect(await crew.get('divisions', 'reefer')).toEqual({ id: 'reefer', name: 'Reefer' });
    expect(await crew.get('divisions', 'bad')).toBeUndefined();
    expect((await listDeadLetters(crew, CREW)).map((letter) => letter.reason)).toContain(
      'field-unknown: isAdmin',
    );
  });

  it('on a device two accounts share, an admin’s unsent changes wait for that admin and hold back no one', async () => {
    const remote = cloud();
    remote.setAdmin('second-officer', true);
    const tablet = await device(ADMIN);
    // The admin edits offline, then signs out; the changes stay queued on the tablet.
    await putDivision(tablet, { id: 'reefer', name: 'Reefer' }, share);
    // Meanwhile another admin, elsewhere, names the same division differently.
    const elsewhere = await device('second-officer');
    await putDivision(
      elsewhere,
      { id: 'reefer', name: 'Reefer deck' },
      { by: 'second-officer', now: NOW },
    );
    await sync(elsewhere, remote, 'second-officer');

    // A crew member syncs on the tablet: nothing of the admin's is pushed, nothing fails, and the
    // tablet shows what the cloud holds.
    const report = await sync(tablet, remote, CREW);
    expect(report.curriculumPushed).toBe(0);
    expect(await tablet.get('divisions', 'reefer')).toEqual({ id: 'reefer', name: 'Reefer deck' });
    expect(await countOutbox(tablet, CREW)).toBe(0);
    expect(await countOutbox(tablet, ADMIN)).toBe(1);

    // The admin signs in again: their change is pushed and, being newer, reaches everyone.
    expect((await sync(tablet, remote, ADMIN)).curriculumPushed).toBe(1);
    await sync(elsewhere, remote, 'second-officer');
    expect(await elsewhere.get('divisions', 'reefer')).toEqual({ id: 'reefer', name: 'Reefer' });
  });

  it('sets aside a queued change the rules would refuse, and shares the rest of its commit', async () => {
    const remote = cloud();
    const admin = await device(ADMIN);
    await putDivision(admin, { id: 'long', name: 'x'.repeat(101) }, share);
    await putDivision(admin, { id: 'reefer', name: 'Reefer' }, share);

    const report = await sync(admin, remote, ADMIN);
    expect(report).toMatchObject({ curriculumPushed: 1, rejected: 1 });
    expect(remote.curriculumCount()).toBe(1);
    expect(await countOutbox(admin, ADMIN)).toBe(0);
    const letters = await listDeadLetters(admin, ADMIN);
    expect(letters.map((letter) => [letter.source, letter.reason])).toEqual([
      ['push', 'field-size: name'],
    ]);
    // The next sync has nothing stuck.
    expect((await sync(admin, remote, ADMIN)).rejected).toBe(0);
  });

  it('misses nothing when a page of the pull ends inside a commit (600 words: commits of 500 and 100)', async () => {
    const remote = cloud();
    const admin = await device(ADMIN);
    const crew = await device(CREW);
    // One earlier document, so the crew's first page (500) ends one document into the 500-commit.
    await putDivision(admin, { id: 'reefer', name: 'Reefer' }, share);
    await sync(admin, remote, ADMIN);
    const many = Array.from({ length: 600 }, (_, n) => word(`m${n}`, `слово ${n}`, `word ${n}`));
    await addWordsWithTopics(admin, [KNOTS], many, share);
    await sync(admin, remote, ADMIN);
    expect(remote.curriculumCount()).toBe(602);

    const report = await sync(crew, remote, CREW);
    expect(report.curriculumApplied).toBe(602);
    expect(await crew.count('vocab')).toBe(600);
    // Nothing left behind for a later sync either.
    expect((await sync(crew, remote, CREW)).curriculumApplied).toBe(0);
  });

  it('a device whose cursor holds a time alone (the version before) reads the curriculum again, once', async () => {
    const remote = cloud();
    const admin = await device(ADMIN);
    const crew = await device(CREW);
    await addWordsWithTopics(admin, [KNOTS], [BOWLINE, CLOVE], share);
    await sync(admin, remote, ADMIN);
    await sync(crew, remote, CREW);
    // As the version before left it: past everything, but no document id; one word lost.
    const meta = await curriculumMeta(crew);
    await crew.put('meta', { key: 'curriculum', cursor: meta.cursor });
    await crew.delete('vocab', CLOVE.id);

    expect((await sync(crew, remote, CREW)).curriculumApplied).toBe(3);
    expect(await getVocab(crew, CLOVE.id)).toMatchObject({ langB: 'clove hitch' });
    expect((await sync(crew, remote, CREW)).curriculumApplied).toBe(0);
  });
});
