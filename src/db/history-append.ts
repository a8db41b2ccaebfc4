/**
 * Appending a learner's change of a word to the answer history: the entry stamped by this device's
 * clock and the word's new state, stored as its userWords record in the SAME transaction, so the
 * cached state can never differ from the history, and no change is ever computed from a copy held
 * in memory.
 */

import { effectiveTime, type HistoryEntry, type WordChange } from '@/domain/history';
import { applyEntry, foldWord } from '@/domain/history-fold';
import { type ClockReading, nextStamp, wallAt } from '@/domain/hlc';
import { newId } from '@/domain/ids';
import { newUserWord } from '@/domain/srs';
import type { UserWord } from '@/domain/types';
import { correctedNow, deviceIn, withReading } from './device-clock';
import { fromStoredEntry } from './history-queries';
import { rulesOf } from './history-refold';
import { fromStoredUserWord, toStoredEntry, toStoredUserWord } from './records';
import type { DeviceRecord, MarineDB, StoredHistoryEntry } from './schema';

/** A new entry this device dated, as stored: with the corrections its clock had been taught. */
export function datedHere(entry: HistoryEntry, device: DeviceRecord): StoredHistoryEntry {
  return { ...toStoredEntry(entry, false), taught: device.taught ?? 0 };
}

/**
 * This device's record once `entry` is added here: its stamp, and `historyChanges` stepped when
 * the entry is dated before a progress checkpoint's cut (`figuresCut`: an answer dated yesterday
 * by a clock set back), where the checkpoint's states stand for the history before it
 * (history-figures.ts).
 */
export function afterEntryHere(device: DeviceRecord, entry: HistoryEntry): DeviceRecord {
  const next = { ...device, hlc: entry.hlc };
  if (device.figuresCut !== undefined && effectiveTime(entry) < device.figuresCut) {
    next.historyChanges = (device.historyChanges ?? 0) + 1;
  }
  return next;
}

/**
 * Records one change of a word: a new entry stamped by this device's clock and the word's new
 * state (the stored fold plus the entry, which sorts after everything this device knows), in ONE
 * transaction. Returns the new state. Given a reading of the device's clocks (`readDeviceClock`)
 * rather than a time, a clock set since the last change moves the offset first
 * (domain/hlc `offsetAfterReading`), so the entry is dated right.
 *
 * `journal` (a change kept in the journal first, stores/change-journal.ts) gives the entry's id,
 * chosen before the write, and makes the write happen once: when an entry of that id is already
 * here (the write committed and is made again from the journal), nothing is written and the
 * word's state is returned. A `replay` (a change a closed page left, `now` the time it was made)
 * is dropped, too, when an entry of the word is dated after it: the learner has gone on since,
 * and a change stamped now would count after what it preceded.
 */
export async function recordChange(
  db: MarineDB,
  userId: string,
  vocabId: string,
  change: WordChange,
  now: number | ClockReading,
  journal?: { id: string; replay?: boolean },
): Promise<UserWord> {
  const tx = db.transaction(['history', 'userWords', 'device', 'users'], 'readwrite');
  const history = tx.objectStore('history');
  const words = tx.objectStore('userWords');
  const [stored0, user, done, stored, known] = await Promise.all([
    deviceIn(tx.objectStore('device')),
    tx.objectStore('users').get(userId),
    journal ? history.getKey(journal.id) : undefined,
    words.get([userId, vocabId]),
    history.index('word').getAll([userId, vocabId]),
  ]);
  const rules = rulesOf(user);
  const device = typeof now === 'number' ? stored0 : withReading(stored0, now);
  const nowMs = typeof now === 'number' ? now : now.wall;
  // A replay is never dated after now (a planted change, or a clock set back since it was made),
  // but is judged by when it was made: a later entry of its word means the learner went on.
  const replay = journal?.replay === true;
  const entry = stampedEntry(
    device,
    userId,
    vocabId,
    change.kind,
    replay ? Math.min(nowMs, Date.now()) : nowMs,
  );
  const time = effectiveTime(entry);
  const madeAt = replay ? correctedNow(device, nowMs) : time;
  const overtaken = replay && known.some((other) => effectiveTime(other) > madeAt);
  if (done !== undefined || overtaken) {
    await tx.done;
    if (stored) return fromStoredUserWord(stored);
    return foldWord(userId, vocabId, known.map(fromStoredEntry), rules);
  }
  if (journal) entry.id = journal.id;
  const { hlc } = entry;
  if (change.kind === 'answer') {
    entry.correct = change.correct;
    if (change.mode) entry.mode = change.mode;
  }
  let next: UserWord;
  if (known.some((other) => other.hlc >= hlc || datedAt(other, time))) {
    // An entry of this word sorts after the new one (a stamp past this device's clock bound), or
    // a baseline dated to the same millisecond may stand for the history up to it
    // (history-fold `coveredByHistory`): the word is folded whole, so the stored state is always
    // the fold of the history.
    next = foldWord(userId, vocabId, [...known.map(fromStoredEntry), entry], rules);
  } else {
    const current = stored
      ? fromStoredUserWord(stored)
      : { ...newUserWord(userId, vocabId, entry.wall), deleted: false };
    next = applyEntry(current, entry, rules);
  }
  await Promise.all([
    tx.objectStore('device').put(afterEntryHere(device, entry)),
    history.add(datedHere(entry, device)),
    words.put(toStoredUserWord(next)),
    tx.done,
  ]);
  return next;
}

/** Whether `stored` is a baseline whose state is dated `time`. */
function datedAt(stored: StoredHistoryEntry, time: number): boolean {
  return stored.kind === 'baseline' && stored.snapshot?.updatedAt === time;
}

/**
 * A new entry of this device, stamped by its clock: the physical clock corrected by what the
 * cloud's clock said at the last sync, and the device's stamp moved past it.
 */
export function stampedEntry(
  device: DeviceRecord,
  userId: string,
  vocabId: string,
  kind: HistoryEntry['kind'],
  nowMs: number,
): HistoryEntry {
  const now = correctedNow(device, nowMs);
  return {
    id: newId(),
    userId,
    vocabId,
    kind,
    hlc: nextStamp(device.hlc, now),
    // A clock at or past the year 2200 still dates its answer validly (never refused nor lost).
    wall: wallAt(now),
    device: device.id,
  };
}
