/**
 * An admin's exam composition of a post is curriculum of kind `exam`: saved in one transaction,
 * queued when shared, and applied on a crew device at its next sync; a composition out of the
 * rules' ranges is set aside like any bad document. The previous app version sets `exam`
 * documents aside too (an unknown kind), and applies everything else.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { countOutbox, type Share, takeOutbox } from '@/db/curriculum-repo';
import { getExamSetting, putExamSetting } from '@/db/exam-settings-repo';
import type { MarineDB } from '@/db/schema';
import { checkCurriculumDoc, curriculumDocId, toCurriculumDoc } from '@/domain/curriculum';
import { EXAM_DEFAULTS, type ExamSetting, normalizeExamConfig } from '@/domain/exam';
import { syncOnce } from '@/sync/engine';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const ADMIN = 'officer';
const CREW = 'deckhand';
const NOW = Date.UTC(2026, 10, 25, 8);
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

const BOSUN: ExamSetting = {
  id: 'deck-bosun',
  division: 'deck',
  role: 'bosun',
  questions: 20,
  minutes: 15,
  passMark: 0.8,
  sections: ['orders', 'phrases'],
};

describe('an exam composition', () => {
  it('reaches a crew device through the curriculum', async () => {
    const remote = new MemoryRemote();
    remote.setAdmin(ADMIN, true);
    const office = await device(ADMIN);
    await putExamSetting(office, BOSUN, share);
    expect(await countOutbox(office, ADMIN)).toBe(1);
    expect((await takeOutbox(office, 5, ADMIN))[0]?.docId).toBe(curriculumDocId('exam', BOSUN.id));
    await syncOnce({ db: office, remote, userId: ADMIN, now: NOW });
    expect(await countOutbox(office, ADMIN)).toBe(0);

    const ship = await device(CREW);
    expect(await getExamSetting(ship, BOSUN.id)).toBeUndefined();
    await syncOnce({ db: ship, remote, userId: CREW, now: NOW + 1000 });
    expect(await getExamSetting(ship, BOSUN.id)).toEqual(BOSUN);
    expect(normalizeExamConfig(BOSUN)).toEqual({
      questions: 20,
      minutes: 15,
      passMark: 0.8,
      sections: ['orders', 'phrases'],
    });
  });

  it('is kept local when not shared, and refused out of range', async () => {
    const db = await device(ADMIN);
    await putExamSetting(db, BOSUN);
    expect(await countOutbox(db, ADMIN)).toBe(0);
    expect(await getExamSetting(db, BOSUN.id)).toEqual(BOSUN);

    const doc = (setting: ExamSetting) =>
      toCurriculumDoc({ kind: 'exam', value: setting, deleted: false }, ADMIN) as unknown as Record<
        string,
        unknown
      >;
    expect(checkCurriculumDoc(doc(BOSUN)).ok).toBe(true);
    expect(checkCurriculumDoc(doc({ ...BOSUN, questions: 500 }))).toEqual({
      ok: false,
      problem: 'field-size',
      field: 'questions',
    });
    expect(checkCurriculumDoc(doc({ ...BOSUN, passMark: 0.1 }))).toMatchObject({ ok: false });
    // A later version's field in an exam document is set aside, as for every kind.
    const later = doc(BOSUN);
    expect(
      checkCurriculumDoc({ ...later, record: { ...(later.record as object), shuffle: true } }),
    ).toMatchObject({ ok: false, problem: 'field-unknown' });
    expect(normalizeExamConfig({})).toEqual(EXAM_DEFAULTS);
  });
});
