/**
 * Appending the results that change no word (a VHF drill's reply, a finished exam): entries
 * stamped like any answer and sent with the rest.
 */

import { DRILL_KIND, DRILL_VOCAB_PREFIX, type DrillReplyFields } from '@/domain/drills';
import { EXAM_KIND, EXAM_VOCAB_PREFIX } from '@/domain/exam-result';
import type { HistoryEntry } from '@/domain/history';
import { deviceIn } from './device-clock';
import { afterEntryHere, datedHere, stampedEntry } from './history-append';
import { fromStoredEntry } from './history-queries';
import type { MarineDB } from './schema';

/**
 * Records one reply of a VHF drill (domain/drills.ts): an entry of kind `drill`, stamped like any
 * answer and sent with the rest; no word changes. Returns the entry.
 */
export async function recordDrillReply(
  db: MarineDB,
  userId: string,
  drillId: string,
  correct: boolean,
  fields: DrillReplyFields,
  nowMs: number,
): Promise<HistoryEntry> {
  const tx = db.transaction(['history', 'device'], 'readwrite');
  const device = await deviceIn(tx.objectStore('device'));
  const entry = stampedEntry(device, userId, `${DRILL_VOCAB_PREFIX}${drillId}`, DRILL_KIND, nowMs);
  entry.correct = correct;
  if (fields.mode) entry.mode = fields.mode;
  entry.x = { run: fields.run, turn: fields.turn, of: fields.of };
  await Promise.all([
    tx.objectStore('device').put(afterEntryHere(device, entry)),
    tx.objectStore('history').add(datedHere(entry, device)),
    tx.done,
  ]);
  return entry;
}

/**
 * Records a finished exam (domain/exam.ts): one entry of kind `exam`, `correct` = passed, the
 * result in `x`, stamped like any answer and sent with the rest; no word changes (an exam
 * measures, it does not train). Returns the entry. An exam has one result: when its entry is
 * already here (a save retried after it committed), that entry is returned and nothing is
 * written; `entryId` (chosen when the exam ended) keeps the id the same across retries.
 */
export async function recordExamResult(
  db: MarineDB,
  userId: string,
  examId: string,
  passed: boolean,
  fields: Record<string, unknown>,
  nowMs: number,
  entryId?: string,
): Promise<HistoryEntry> {
  const vocabId = `${EXAM_VOCAB_PREFIX}${examId}`;
  const tx = db.transaction(['history', 'device'], 'readwrite');
  const [device, recorded] = await Promise.all([
    deviceIn(tx.objectStore('device')),
    tx.objectStore('history').index('word').getAll([userId, vocabId]),
  ]);
  const earlier = recorded.find((stored) => stored.kind === EXAM_KIND);
  if (earlier) {
    await tx.done;
    return fromStoredEntry(earlier);
  }
  const entry = stampedEntry(device, userId, vocabId, EXAM_KIND, nowMs);
  if (entryId !== undefined) entry.id = entryId;
  entry.correct = passed;
  entry.x = { ...fields };
  await Promise.all([
    tx.objectStore('device').put(afterEntryHere(device, entry)),
    tx.objectStore('history').add(datedHere(entry, device)),
    tx.done,
  ]);
  return entry;
}
