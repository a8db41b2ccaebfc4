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
  countHeldOutbox,
  countOutbox,
  curriculumMeta,
  releaseHeldOutbox,
  type Share,
  takeOutbox,
} from '@/db/curriculum-repo';
import { putDivision } from '@/db/divisions-repo';
import { recordChange } from '@/db/history-append';
import { listDeadLetters } from '@/db/history-queries';
import { putRole } from '@/db/roles-repo';
import type { MarineDB, OutboxRecord } from '@/db/schema';
import { deleteTopic, putTopic } from '@/db/topics-repo';
import { getUserWord } from '@/db/user-words-repo';
import { addWordsWithTopics, deleteVocab, getVocab, putVocab } from '@/db/vocab-repo';
import { catalogChanges } from '@/domain/catalog-edits';
import { COMMIT_MAX_BYTES } from '@/domain/constants';
import { checkCurriculumDoc, curriculumDocId, toCurriculumDoc } from '@/domain/curriculum';
import type { Topic, VocabItem } from '@/domain/types';
import { cutByWireSize, syncOnce } from '@/sync/engine';
import type { FleetRemote } from '@/sync/fleet-remote';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

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
    ).toEqual({ applied: 0, addedWords: 0, changes: catalogChanges() });
    expect(await second.get('divisions', 'reefer')).toEqual({ id: 'reefer', name: 'Reefer deck' });
    expect(await countOutbox(second, ADMIN)).toBe(1);
  });

  it('a push the cloud refuses (the claim revoked) is set aside with its count, and the rest of the sync runs', async () => {
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
    await putDivision(db, { id: 'tanker', name: 'Tanker' }, share);
    await recordChange(db, ADMIN, 'w1', { kind: 'answer', correct: true }, NOW);
    // The fleet's calls, answered as for a learner on no vessel; which of them the sync made.
    const fleetCalls: string[] = [];
    const fleet = new Proxy({} as FleetRemote, {
      get: (_target, name) => async () => {
        fleetCalls.push(String(name));
        return null;
      },
    });
    const report = await syncOnce({
      db,
      remote,
      userId: ADMIN,
      now: NOW,
      fleet,
      fleetRecheck: true,
    });
    // Every later sync would be refused alike: the changes wait aside, on the device, counted.
    expect(report).toMatchObject({ curriculumHeld: 2, curriculumPushed: 0, pushed: 1 });
    expect(await countOutbox(db, ADMIN)).toBe(0);
    expect(await countHeldOutbox(db, ADMIN)).toBe(2);
    // The history went, the other admins' curriculum arrived, and the fleet step ran.
    expect(remote.entries(ADMIN)).toHaveLength(1);
    expect(await db.get('divisions', 'galley2')).toEqual({ id: 'galley2', name: 'Galley 2' });
    expect(fleetCalls).toContain('readMembership');
    expect(remote.curriculumCount()).toBe(1);
    // The next sync does not try them again, and meanwhile the device shows what the cloud
    // holds, as the crew sees it; once the rights are back they can be sent again.
    await putDivision(
      other,
      { id: 'reefer', name: 'Reefer fleet' },
      { by: 'second-officer', now: NOW },
    );
    await sync(other, remote, 'second-officer');
    expect(await sync(db, remote, ADMIN)).toMatchObject({ curriculumPushed: 0 });
    expect(await db.get('divisions', 'reefer')).toEqual({ id: 'reefer', name: 'Reefer fleet' });
    remote.setAdmin(ADMIN, true);
    expect(await releaseHeldOutbox(db, ADMIN)).toBe(2);
    expect(await sync(db, remote, ADMIN)).toMatchObject({ curriculumPushed: 2 });
    expect(await countHeldOutbox(db, ADMIN)).toBe(0);
    // Galley 2, Tanker, and Reefer written again by the admin whose rights came back.
    expect(remote.curriculumCount()).toBe(3);
    expect(await db.get('divisions', 'reefer')).toEqual({ id: 'reefer', name: 'Reefer' });
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

describe('curriculum commits cut by size', () => {
  /** A value as the Firestore REST API carries it (what Firestore Lite sends). */
  const restValue = (value: unknown): unknown => {
    if (typeof value === 'string') return { stringValue: value };
    if (typeof value === 'boolean') return { booleanValue: value };
    if (typeof value === 'number') return { integerValue: String(value) };
    if (Array.isArray(value)) return { arrayValue: { values: value.map(restValue) } };
    const fields = Object.fromEntries(
      Object.entries(value as object).map(([name, inner]) => [name, restValue(inner)]),
    );
    return { mapValue: { fields } };
  };
  const requestBytes = (records: readonly OutboxRecord[]) =>
    new TextEncoder().encode(
      JSON.stringify({
        writes: records.map((record) => ({
          update: {
            name: `projects/p/databases/(default)/documents/curriculum/${record.docId}`,
            fields: (restValue(record.doc) as { mapValue: { fields: unknown } }).mapValue.fields,
          },
          updateTransforms: [{ fieldPath: 'updatedAt', setToServerValue: 'REQUEST_TIME' }],
        })),
      }),
    ).length;

  it('keeps a commit of the longest words the tables allow under the 10 MiB request limit', () => {
    const text = 'я'.repeat(500);
    const items = Array.from({ length: 50 }, () => 'ю'.repeat(100));
    const records: OutboxRecord[] = Array.from({ length: 500 }, (_, i) => {
      const value: VocabItem = {
        ...word(`long-${i}`, text, text),
        spell: text,
        ref: text,
        note: text,
        alt: items,
        roles: items,
      };
      const doc = toCurriculumDoc({ kind: 'word', value, deleted: false }, ADMIN);
      return { docId: curriculumDocId('word', value.id), seq: i, doc, queuedAt: NOW };
    });
    for (const record of records) {
      expect(checkCurriculumDoc(record.doc as unknown as Record<string, unknown>).ok).toBe(true);
    }
    // One commit of them all (what the push sent before) is over the limit...
    expect(requestBytes(records)).toBeGreaterThan(10 * 1024 * 1024);
    // ...the push's commits are each under it, in order, every record once.
    const commits = cutByWireSize(records, COMMIT_MAX_BYTES);
    expect(commits.length).toBeGreaterThan(1);
    expect(commits.flat()).toEqual(records);
    for (const commit of commits) expect(requestBytes(commit)).toBeLessThan(8 * 1024 * 1024);
  });
});
