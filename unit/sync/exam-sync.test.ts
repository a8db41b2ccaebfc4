/**
 * An exam result is one history entry of kind `exam`: recorded with the device's stamp, passing
 * the wire contract unchanged (its result in `x`), making no word record and leaving the schedule
 * alone; synced, a second device lists the same result. The previous app version treats `exam`
 * as any later kind (kept, synced, neutral), as it does `drill`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { builtinVocabulary } from '@/data/vocabulary/builtin';
import { recordChange } from '@/db/history-append';
import { maintainHistory } from '@/db/history-maintenance';
import { countUnsent, listHistory, listHistoryOfPrefix } from '@/db/history-queries';
import { recordExamResult } from '@/db/history-results';
import type { MarineDB } from '@/db/schema';
import { listUserWords } from '@/db/user-words-repo';
import { composeExam, EXAM_DEFAULTS, examPool, scoreExam } from '@/domain/exam';
import {
  EXAM_VOCAB_PREFIX,
  examRecords,
  examResultFields,
  readExamEntry,
} from '@/domain/exam-result';
import { effectiveTime, isKnownKind } from '@/domain/history';
import { checkEntry } from '@/domain/history-contract';
import { answersPerDay } from '@/domain/progress-charts';
import { seededRandom } from '@/domain/random';
import { syncOnce } from '@/sync/engine';
import { verificationCode, verifyExamResult } from '@/sync/exam-verify';
import { openDeviceOf } from '../db/helpers';
import { MemoryRemote } from './support/memory-remote';

const NOW = Date.UTC(2026, 10, 25, 8);
const A = 'u-bosun';

const open: MarineDB[] = [];
async function device(): Promise<MarineDB> {
  const db = await openDeviceOf(A);
  open.push(db);
  return db;
}

afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

/** A sitting of the deck/OS exam with the first `right` questions answered right. */
function sitting(right: number) {
  const vocab = builtinVocabulary().words;
  const questions = composeExam(
    examPool(vocab, 'deck', 'os'),
    vocab,
    EXAM_DEFAULTS,
    seededRandom(5),
    {
      canListen: false,
    },
  );
  const answers = questions.map((question, index) => (index < right ? question.answer : null));
  const score = scoreExam(questions, answers, EXAM_DEFAULTS.passMark);
  const fields = examResultFields(
    {
      division: 'deck',
      role: 'os',
      config: EXAM_DEFAULTS,
      questions,
      answers,
      prediction: { percent: 62, low: 50, high: 74 },
      seconds: 600,
    },
    score,
  );
  return { score, fields, questions };
}

async function resultsOn(db: MarineDB) {
  const entries = await listHistoryOfPrefix(db, A, EXAM_VOCAB_PREFIX);
  return examRecords(entries.map((entry) => ({ ...entry, time: effectiveTime(entry) })));
}

describe('exam results in the history', () => {
  it('are one entry each, within the contract, with no word record and no schedule change', async () => {
    const ship = await device();
    await recordChange(ship, A, 'dk001', { kind: 'answer', correct: true }, NOW);
    const before = await listUserWords(ship, A);
    const { score, fields, questions } = sitting(30);
    expect(score.passed).toBe(true);
    const entry = await recordExamResult(ship, A, 'ex1', score.passed, { ...fields }, NOW + 1);
    expect(entry).toMatchObject({ vocabId: 'exam:ex1', kind: 'exam', correct: true });
    expect(checkEntry(entry)).toEqual({ ok: true, entry });
    // The missed words are named in the result; their states are untouched.
    expect(fields.miss).toEqual(questions.slice(30).map((q) => q.vocabId));
    expect(await listUserWords(ship, A)).toEqual(before);
    // An exam is not an answer of the charts.
    expect(answersPerDay(await listHistory(ship, A), NOW + 2).at(-1)).toMatchObject({
      right: 1,
      wrong: 0,
    });
    await maintainHistory(ship, NOW + 3);
    expect(await listUserWords(ship, A)).toEqual(before);
    const [record] = await resultsOn(ship);
    expect(record).toMatchObject({ examId: 'ex1', passed: true, percent: 75 });
    expect(record?.fields).toEqual(fields);
  });

  it('reach the cloud and a second device, which lists the same results', async () => {
    const remote = new MemoryRemote({ clock: () => NOW * 1000 });
    const ship = await device();
    const passed = sitting(36);
    const failed = sitting(10);
    await recordExamResult(ship, A, 'ex-pass', true, { ...passed.fields }, NOW);
    await recordExamResult(ship, A, 'ex-fail', false, { ...failed.fields }, NOW + 60_000);
    await syncOnce({ db: ship, remote, userId: A, now: NOW + 120_000 });
    expect(await countUnsent(ship, A)).toBe(0);

    const office = await device();
    await syncOnce({ db: office, remote, userId: A, now: NOW + 180_000 });
    const listed = await resultsOn(office);
    expect(listed.map((r) => [r.examId, r.passed, r.percent])).toEqual([
      ['ex-fail', false, 25],
      ['ex-pass', true, 90],
    ]);
    expect(listed[1]?.fields).toEqual(passed.fields);
    expect(await listUserWords(office, A)).toEqual([]);
  });

  it('are verified in the cloud by their code, and a forged code finds nothing', async () => {
    const remote = new MemoryRemote({ clock: () => (NOW + 5000) * 1000 });
    const ship = await device();
    await remote.writeProfile(A, { fullName: 'Пётр Штурвалов' });
    const { fields } = sitting(32);
    await recordExamResult(ship, A, 'ex-real', true, { ...fields }, NOW);
    // Before the sync the cloud has nothing to show.
    expect(await verifyExamResult(remote, verificationCode(A, 'ex-real'))).toEqual({
      found: false,
      reason: 'not-found',
    });
    await syncOnce({ db: ship, remote, userId: A, now: NOW + 5000 });

    const found = await verifyExamResult(remote, ` ${verificationCode(A, 'ex-real')} `);
    expect(found).toMatchObject({
      found: true,
      record: { examId: 'ex-real', passed: true, percent: 80 },
      receivedAt: NOW + 5000,
      profile: { fullName: 'Пётр Штурвалов' },
    });
    expect(await verifyExamResult(remote, verificationCode(A, 'ex-forged'))).toEqual({
      found: false,
      reason: 'not-found',
    });
    expect(await verifyExamResult(remote, verificationCode('u-other', 'ex-real'))).toEqual({
      found: false,
      reason: 'not-found',
    });
    expect(await verifyExamResult(remote, 'not a code')).toEqual({
      found: false,
      reason: 'malformed',
    });
  });

  it('take the path of a later version’s kind, and a later shape is kept but not listed', () => {
    expect(isKnownKind('exam')).toBe(false);
    const later = {
      kind: 'exam',
      vocabId: 'exam:x9',
      correct: true,
      time: NOW,
      x: { v: 2, result: 'elsewhere' },
    };
    expect(readExamEntry(later)).toBeNull();
  });
});
