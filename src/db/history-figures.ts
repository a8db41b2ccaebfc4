/**
 * What the progress screen and the exam's prediction read of a learner's whole history: the
 * charts' series (answers per day, learned words over time) and the calibration of the memory
 * model, from one read of the history; and the last figures kept in the meta store, so the screen
 * opened again on a year of study (70,000 entries: seconds of folding on a phone) shows at once.
 *
 * The kept figures are used only while nothing they rest on has changed: the history, the fold
 * settings, FOLD_VERSION, the code that works them out, and the study day. The history is told by
 * this device's record, in the transaction of each change (its last stamp, which every entry
 * added here steps; `historyChanges`, which a pull, an import or a push that sets entries aside
 * steps), and by the user's history revision (history-rev.ts), stepped after such a change. Not
 * by a count of the entries: counting a year's 70,000 on an index takes Chromium ≈ 0.4 s
 * (docs/benchmarks.md), the device's record is one small read. Another learner's change on the
 * same device steps it too: their figures are then worked out again, never used stale. A tab of a
 * version before `historyChanges`, in the moments before an update reloads it, may pull entries
 * older than this device's stamp: the figures then stay those of before until the next change.
 *
 * Worked out again, the figures go on from a checkpoint kept beside them (`progress-fold:<uid>`,
 * domain/fold-checkpoint.ts): each word's state over its entries before the study day's start, and
 * what the days before it gave each figure, so only the day's entries are read and folded. It is
 * used while every change of the entries since touched none dated before its cut: this device's
 * own answers (unless dated before it by a clock set back, which steps `historyChanges` alone:
 * history-append `afterEntryHere`, against the cut kept in the device record), and changes that
 * step `historyChanges` with `foldSafeChanges` and carry the checkpoint to the revision they step
 * (`touchHistory`: a pull of the day's answers or of the receipts of this device's own). A pull
 * of older answers, an import, a restamp, other fold settings or code, or a version without the
 * checkpoint (it steps the counter or the revision alone) make the figures be worked out whole.
 * Such a version's answer dated before the cut (a clock set back) is the one change it cannot
 * tell: missing from the figures until the next change that works them out whole.
 */
import type { Calibration } from '@/domain/exam';
import {
  type FiguresWindow,
  type FoldCheckpoint,
  fits,
  foldFigures,
  goesOn,
  type WordAtCut,
} from '@/domain/fold-checkpoint';
import { fsrsModel } from '@/domain/fsrs';
import { FOLD_VERSION, type HistoryEntry } from '@/domain/history';
import { newId } from '@/domain/ids';
import type { FoldSettings } from '@/domain/learner-settings';
import { foldRulesFor, studyDayOf, studyDayStart } from '@/domain/memory';
import { type AnswerDay, chartDays, dayAfter, type LearnedDay } from '@/domain/progress-charts';
import { correctedNow, DEVICE_KEY } from './device-clock';
import { fromStoredEntry, readUserHistory } from './history-queries';
import {
  type DeviceRecord,
  type FoldCarriedMeta,
  type FoldCheckpointMeta,
  foldCarriedKey,
  foldCheckpointKey,
  type HistoryRevMeta,
  historyRevKey,
  type MarineDB,
  type ProgressFiguresMeta,
  progressFiguresKey,
} from './schema';

export type { FoldSettings };

/** The history's part of the progress charts: small, whatever the history's length. */
export interface ProgressSeries {
  /** How many entries the history holds (0: the charts' empty state). */
  entries: number;
  answers: AnswerDay[];
  learned: LearnedDay[];
}

/** The series and the calibration, from one read of the history. */
export interface ProgressFigures extends ProgressSeries {
  calibration: Calibration;
}

export interface FiguresQuery {
  userId: string;
  /** Epoch ms: the series end on its study day. */
  now: number;
  settings?: FoldSettings;
}

/** The days the progress charts' series cover, today last. */
export const CHART_DAYS = 30;

/**
 * The days of answers that calibrate the memory model (the recall figure, the exam's prediction),
 * counted from the start of the study day: the same window all day long.
 */
export const CALIBRATION_DAYS = 30;

/**
 * The first instant whose answers calibrate the model on the study day holding `now`: the start
 * of the study day CALIBRATION_DAYS before it (a whole study day, clock changes included).
 */
export function calibrationSince(now: number, settings?: FoldSettings): number {
  return dayAfter(now, -CALIBRATION_DAYS, (time) => studyDayStart(time, settings));
}

/** Bumped when what the figures hold changes: older copies are unused. */
const FIGURES_VERSION = 1;

/** What the kept figures rest on, as one string: equal strings, the same figures. */
function figuresKey(query: FiguresQuery, rev: number, stamp: string): string {
  const { userId, now, settings } = query;
  // The revision, the stamp and the study day at the places MOVING names.
  return JSON.stringify([
    FIGURES_VERSION,
    FOLD_VERSION,
    // The code that works them out, as this build has it (a hash of its source, vite.config.ts):
    // figures kept by other code are not used, though neither version above moved.
    __FIGURES_CODE__,
    userId,
    rev,
    stamp,
    studyDayOf(now, settings),
    settings?.homeZone ?? null,
    settings?.dayStartHour ?? null,
    settings?.schedule ?? null,
    settings?.retention ?? null,
  ]);
}

/**
 * What this device's record says of the history: its last stamp, which every entry added here
 * steps, and `historyChanges`, which every other change of the entries steps, each in the
 * transaction that makes the change.
 */
function historyMark(device: DeviceRecord | undefined): string {
  return `${device?.hlc ?? 0}:${device?.historyChanges ?? 0}`;
}

/**
 * The kept figures of the query when nothing they rest on has changed, else null: three small
 * reads, never the history itself.
 */
export async function keptFigures(
  db: MarineDB,
  query: FiguresQuery,
): Promise<ProgressFigures | null> {
  return (await figuresState(db, query)).kept;
}

/** Where the figures' history and study day sit in `figuresKey`'s list: what `earlier` may differ in. */
const MOVING = new Set([4, 5, 6]);

/** A key without what moves as the learner studies on: the learner, the settings and the code. */
function basisOf(of: string): string {
  try {
    const parts: unknown[] = JSON.parse(of);
    return JSON.stringify(parts.filter((_, index) => !MOVING.has(index)));
  } catch {
    return '';
  }
}

/**
 * What the figures of the query rest on now (`of`: equal strings, the same figures), the kept
 * ones when they rest on the same, and else (`earlier`) the kept ones of the same learner, fold
 * settings and code when only the history or the study day moved on since: what the screen may
 * show, said to be updating, while the new ones are worked out.
 */
export async function figuresState(
  db: MarineDB,
  query: FiguresQuery,
): Promise<{ of: string; kept: ProgressFigures | null; earlier: ProgressFigures | null }> {
  const tx = db.transaction(['meta', 'device'], 'readonly');
  const meta = tx.objectStore('meta');
  const [rev, device, kept] = await Promise.all([
    meta.get(historyRevKey(query.userId)) as Promise<HistoryRevMeta | undefined>,
    tx.objectStore('device').get(DEVICE_KEY),
    meta.get(progressFiguresKey(query.userId)) as Promise<ProgressFiguresMeta | undefined>,
    tx.done,
  ]);
  const of = figuresKey(query, rev?.rev ?? 0, historyMark(device));
  if (!kept) return { of, kept: null, earlier: null };
  if (kept.of === of) return { of, kept: kept.figures, earlier: null };
  return { of, kept: null, earlier: basisOf(kept.of) === basisOf(of) ? kept.figures : null };
}

/** The kept checkpoint of the query's learner when it may be gone on from now, else undefined. */
function usableCheckpoint(
  kept: FoldCheckpointMeta | undefined,
  carried: FoldCarriedMeta | undefined,
  basis: string,
  rev: number,
  device: DeviceRecord | undefined,
  window: FiguresWindow,
  dayStarts: number[],
): FoldCheckpoint | undefined {
  if (!kept || kept.of !== basis || carried?.id !== kept.id || carried.rev !== rev) {
    return undefined;
  }
  // Every change of the entries since was one that touched nothing before the cut.
  const changes = (device?.historyChanges ?? 0) - kept.changes;
  if (changes !== (device?.foldSafeChanges ?? 0) - kept.safe) return undefined;
  const words = new Map<string, WordAtCut>();
  for (const [vocabId, state, hlc, deviceId, id, calState] of kept.words) {
    words.set(vocabId, {
      state,
      last: { hlc, device: deviceId, id },
      ...(calState ? { calState } : {}),
    });
  }
  const checkpoint: FoldCheckpoint = {
    cut: kept.cut,
    since: kept.since,
    entries: kept.entries,
    words,
    days: new Map(
      kept.days.map(([day, right, wrong, learned]) => [day, { right, wrong, learned }]),
    ),
    calibration: new Map(
      kept.calibration.map(([day, right, recalled, reviews]) => [
        day,
        { right, recalled, reviews },
      ]),
    ),
  };
  return fits(checkpoint, window, dayStarts) ? checkpoint : undefined;
}

function checkpointMeta(
  userId: string,
  id: string,
  basis: string,
  device: DeviceRecord,
  checkpoint: FoldCheckpoint,
): FoldCheckpointMeta {
  return {
    key: foldCheckpointKey(userId),
    id,
    of: basis,
    changes: device.historyChanges ?? 0,
    safe: device.foldSafeChanges ?? 0,
    cut: checkpoint.cut,
    since: checkpoint.since,
    entries: checkpoint.entries,
    days: [...checkpoint.days].map(([day, { right, wrong, learned }]) => [
      day,
      right,
      wrong,
      learned,
    ]),
    calibration: [...checkpoint.calibration].map(([day, { right, recalled, reviews }]) => [
      day,
      right,
      recalled,
      reviews,
    ]),
    words: [...checkpoint.words].map(([vocabId, { state, last, calState }]) =>
      calState
        ? [vocabId, state, last.hlc, last.device, last.id, calState]
        : [vocabId, state, last.hlc, last.device, last.id],
    ),
  };
}

/**
 * Works the figures out under the learner's rules and keeps them for the next time (unless
 * entries changed meanwhile). From the kept checkpoint when it may be gone on from (the same
 * learner, rules and code, no entry before its cut changed since): the entries since the start of
 * the study day it was kept on, not the whole history; else from the whole history, read once.
 * Either way the checkpoint is moved to the start of the study day (domain/fold-checkpoint.ts).
 */
export async function computeFigures(db: MarineDB, query: FiguresQuery): Promise<ProgressFigures> {
  const { userId, now, settings } = query;
  const rules = foldRulesFor(settings, fsrsModel);
  // The revision, the stamp and the checkpoint first, and the entries after its cut in the same
  // transaction (no change can come between the checks and that read). The whole history's read
  // is a transaction of its own (it holds no lock on the meta store meanwhile): a change after
  // the checks is either in it or steps one of them past what the key below says, so these
  // figures are not used for it.
  const before = db.transaction(['meta', 'device', 'history'], 'readonly');
  const meta = before.objectStore('meta');
  const [rev, device, keptFold, carried] = await Promise.all([
    meta.get(historyRevKey(userId)) as Promise<HistoryRevMeta | undefined>,
    before.objectStore('device').get(DEVICE_KEY),
    meta.get(foldCheckpointKey(userId)) as Promise<FoldCheckpointMeta | undefined>,
    meta.get(foldCarriedKey(userId)) as Promise<FoldCarriedMeta | undefined>,
  ]);
  const of = figuresKey(query, rev?.rev ?? 0, historyMark(device));
  const basis = basisOf(of);
  // The cut is reckoned by the clock the entries are dated by (corrected by the cloud's).
  const dated = device ? correctedNow(device, now) : now;
  const window: FiguresWindow = {
    days: CHART_DAYS,
    since: calibrationSince(now, settings),
    cut: studyDayStart(dated, settings),
  };
  const dayStarts = chartDays(now, CHART_DAYS, rules);
  let from = usableCheckpoint(keptFold, carried, basis, rev?.rev ?? 0, device, window, dayStarts);
  let entries: HistoryEntry[] | undefined;
  if (from) {
    const range = IDBKeyRange.bound([userId, from.cut], [userId, Infinity]);
    const after = await before.objectStore('history').index('userTime').getAll(range);
    entries = after.map(fromStoredEntry);
    if (!goesOn(from, entries)) from = undefined;
  }
  await before.done;
  if (!from) {
    const whole = db.transaction(['history', 'users'], 'readonly');
    const [stored] = await Promise.all([
      readUserHistory(whole.objectStore('history'), whole.objectStore('users'), userId),
      whole.done,
    ]);
    entries = stored.map(fromStoredEntry);
  }
  const { checkpoint, ...figures } = foldFigures(userId, entries ?? [], now, rules, fsrsModel, {
    ...window,
    from,
  });
  const unchanged = async (tx: {
    objectStore(name: 'meta' | 'device'): { get(key: string): Promise<unknown> };
  }) => {
    const [latest, current] = (await Promise.all([
      tx.objectStore('meta').get(historyRevKey(userId)),
      tx.objectStore('device').get(DEVICE_KEY),
    ])) as [HistoryRevMeta | undefined, DeviceRecord | undefined];
    return { rev: (latest?.rev ?? 0) === (rev?.rev ?? 0), current };
  };
  try {
    const write = db.transaction(['meta', 'device'], 'readwrite');
    // The entries changed since the read: these figures are of the history before, not kept (an
    // entry only added since is told by the stamp in `of`, which no longer matches).
    if ((await unchanged(write)).rev) {
      await write.objectStore('meta').put({ key: progressFiguresKey(userId), of, figures });
    }
    await write.done;
  } catch (error) {
    // Keeping them is a saving, not a need (the storage full, say): the figures stand.
    console.error('Keeping the progress figures failed', error);
  }
  // Gone on from on the same study day, the checkpoint is the one kept: not written again (2,300
  // states of a year, a megabyte). Else in a transaction of its own, so a refused write of it
  // (the storage full) leaves the figures kept.
  if (!checkpoint || (from && checkpoint.cut === from.cut)) return figures;
  try {
    const write = db.transaction(['meta', 'device'], 'readwrite');
    const { rev: same, current } = await unchanged(write);
    // Only when no entry was added or changed since the read either (one dated before the cut
    // would be missing from its states), with the cut in this device's record, so an entry added
    // here later and dated before it steps `historyChanges`.
    if (same && current && historyMark(current) === historyMark(device)) {
      const next = withCut(current, checkpoint.cut, dated);
      if (next !== current) await write.objectStore('device').put(next);
      const id = newId();
      await write.objectStore('meta').put(checkpointMeta(userId, id, basis, next, checkpoint));
      await write.objectStore('meta').put({ key: foldCarriedKey(userId), id, rev: rev?.rev ?? 0 });
    }
    await write.done;
  } catch (error) {
    console.error('Keeping the progress checkpoint failed', error);
  }
  return figures;
}

/**
 * The device record with `figuresCut` at least `cut`: the latest cut of any learner's checkpoint
 * here. One past the clock's now (kept by a clock that ran ahead, set right since) serves no
 * checkpoint and would make every answer step `historyChanges`: it is lowered to `cut`, and
 * `historyChanges` stepped with it, since another learner's checkpoint may have rested on it
 * (their entries between the two cuts no longer step anything).
 */
function withCut(device: DeviceRecord, cut: number, now: number): DeviceRecord {
  const kept = device.figuresCut;
  if (kept === undefined || kept < cut) return { ...device, figuresCut: cut };
  if (kept <= now) return device;
  return { ...device, figuresCut: cut, historyChanges: (device.historyChanges ?? 0) + 1 };
}
