/**
 * The history client: a refold, the progress figures and the charts' series come out the same whether a
 * worker runs them (its messages structured-cloned, on its own connection to the database) or
 * the page does, and a worker that cannot start or fails falls back to the page, logged, never
 * losing the job.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_KEY } from '@/db/device-clock';
import { recordChange } from '@/db/history-append';
import {
  maintainHistoryOffThread,
  progressFigures,
  progressSeriesOffThread,
  refoldUserOffThread,
  runHistoryJobOffThread,
} from '@/db/history-client';
import { CHART_DAYS, calibrationSince } from '@/db/history-figures';
import {
  answerHistoryRequest,
  type HistoryWorkerMessage,
  type HistoryWorkerRequest,
  WORDS_PER_MESSAGE,
} from '@/db/history-jobs';
import { listHistory } from '@/db/history-queries';
import { refoldUserWords } from '@/db/history-refold';
import type { MarineDB } from '@/db/schema';
import { listUserWords } from '@/db/user-words-repo';
import { putUser, updateUserSettings } from '@/db/users-repo';
import { DAY_MS } from '@/domain/constants';
import { CALIBRATION_MIN_REVIEWS, learnerCalibration } from '@/domain/exam';
import { fsrsModel } from '@/domain/fsrs';
import { FOLD_VERSION } from '@/domain/history';
import { foldRulesFor } from '@/domain/memory';
import { answersPerDay, learnedOverTime } from '@/domain/progress-charts';
import { ClonedWorker } from '../support/history-worker';
import { withDB } from './helpers';

const U = 'u1';
const NOW = Date.UTC(2026, 10, 23, 8);
const SETTINGS = { dailyGoal: 10, uiLang: 'ru', theme: 'light', homeZone: 'UTC' } as const;

/** Forty days of answers on six words (some learned, some lapsed), and a skip and a learn. */
async function studied(db: MarineDB): Promise<void> {
  await putUser(db, {
    id: U,
    email: 'u1@ship.test',
    fullName: '',
    isAdmin: false,
    createdAt: 0,
    settings: { ...SETTINGS },
  });
  for (let day = 40; day >= 0; day--) {
    for (let word = 0; word < 6; word++) {
      if ((day + word) % 3 === 0) continue;
      const correct = (day * 7 + word) % 5 !== 0;
      const at = NOW - day * DAY_MS + word * 60_000;
      await recordChange(db, U, `w${word}`, { kind: 'answer', correct }, at);
    }
  }
  await recordChange(db, U, 'w6', { kind: 'skip' }, NOW - 2 * DAY_MS);
  await recordChange(db, U, 'w7', { kind: 'learn' }, NOW - DAY_MS);
}

/** A worker whose file does not load (offline without it in the cache). */
class UnloadedWorker {
  onmessage: unknown = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;
  postMessage() {
    queueMicrotask(() => this.onerror?.({ message: '', preventDefault() {} }));
  }
  terminate() {}
}

/** A worker that starts but whose job fails (its connection closed by another tab's upgrade). */
class FailingWorker {
  onmessage: ((event: { data: HistoryWorkerMessage }) => void) | null = null;
  onerror: unknown = null;
  postMessage() {
    queueMicrotask(() =>
      this.onmessage?.({ data: { type: 'failed', message: 'InvalidStateError: closing' } }),
    );
  }
  terminate() {}
}

/** A worker that starts and never answers (a job stuck behind a blocked connection). */
class SilentWorker {
  static terminated = 0;
  static started = 0;
  onmessage: unknown = null;
  onerror: unknown = null;
  constructor() {
    SilentWorker.started++;
  }
  postMessage() {}
  terminate() {
    SilentWorker.terminated++;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  ClonedWorker.reset();
  SilentWorker.started = 0;
});

describe('the progress series', () => {
  it('are the charts of the whole history, folded under the given settings, with no worker', async () => {
    expect(typeof Worker).toBe('undefined');
    await withDB([], async (db) => {
      await studied(db);
      const entries = await listHistory(db, U);
      const settings = { homeZone: 'UTC', schedule: 'fsrs' as const, retention: 0.85 };
      const series = await progressSeriesOffThread(db, U, NOW, 30, settings);
      expect(series.entries).toBe(entries.length);
      expect(series.answers).toEqual(
        answersPerDay(entries, NOW, 30, foldRulesFor(settings, fsrsModel)),
      );
      expect(series.learned).toEqual(
        learnedOverTime(U, entries, NOW, 30, foldRulesFor(settings, fsrsModel)),
      );
      expect(series.learned.at(-1)?.learned).toBeGreaterThan(0);
      expect(series.answers.some((day) => day.wrong > 0)).toBe(true);
    });
  });

  it('are the same through a worker as on the page', async () => {
    await withDB([], async (db) => {
      await studied(db);
      for (const settings of [
        { homeZone: 'UTC' },
        { homeZone: 'Asia/Tokyo', schedule: 'fsrs' as const },
      ]) {
        const here = await progressSeriesOffThread(db, U, NOW, 30, settings);
        vi.stubGlobal('Worker', ClonedWorker);
        const there = await progressSeriesOffThread(db, U, NOW, 30, settings);
        vi.unstubAllGlobals();
        expect(there).toEqual(here);
      }
      expect(ClonedWorker.started).toBe(2);
    });
  });
});

describe('the progress figures', () => {
  it('are the whole history’s series and calibration, folded under the given settings, the same through a worker as on the page', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const entries = await listHistory(db, U);
      for (const settings of [
        { homeZone: 'UTC' },
        { homeZone: 'Asia/Tokyo', schedule: 'fsrs' as const, retention: 0.85 },
      ]) {
        const rules = foldRulesFor(settings, fsrsModel);
        // The calibration's 30 days are counted from the start of the study day.
        const since = calibrationSince(NOW, settings);
        expect(since).toBeLessThanOrEqual(NOW - 30 * DAY_MS);
        expect(since).toBeGreaterThan(NOW - 31 * DAY_MS);
        const page = {
          entries: entries.length,
          answers: answersPerDay(entries, NOW, CHART_DAYS, rules),
          learned: learnedOverTime(U, entries, NOW, CHART_DAYS, rules),
          calibration: learnerCalibration(entries, rules, fsrsModel, since),
        };
        vi.stubGlobal('Worker', ClonedWorker);
        const there = await progressFigures(db, { userId: U, now: NOW, settings });
        vi.unstubAllGlobals();
        expect(there).toEqual(page);
        // Enough reviews to say something, and what they say is not the model as it is.
        expect(there.calibration.reviews).toBeGreaterThanOrEqual(CALIBRATION_MIN_REVIEWS);
        expect(there.calibration.factor).not.toBe(1);
        // Kept: asked again with nothing changed, the same figures without a worker or a fold.
        vi.stubGlobal('Worker', SilentWorker);
        expect(await progressFigures(db, { userId: U, now: NOW + 60_000, settings })).toEqual(page);
        vi.unstubAllGlobals();
      }
      expect(ClonedWorker.jobs).toEqual(['figures', 'figures']);
      expect(SilentWorker.started).toBe(0);
    });
  });
});

describe('the progress figures asked for twice', () => {
  it('while a job works them out, wait for that job, unless the history changed since it began', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const query = { userId: U, now: NOW, settings: { homeZone: 'UTC' } };
      vi.stubGlobal('Worker', ClonedWorker);
      // Worked out ahead, and the screen opened meanwhile: one job for both.
      const [ahead, screen] = await Promise.all([
        progressFigures(db, query),
        progressFigures(db, query),
      ]);
      expect(screen).toEqual(ahead);
      expect(ClonedWorker.started).toBe(1);

      // An answer recorded while a job runs: the figures asked for after it are worked out anew.
      await db.delete('meta', `progress-figures:${U}`);
      const before = progressFigures(db, query);
      await vi.waitFor(() => expect(ClonedWorker.started).toBe(2));
      await recordChange(db, U, 'w0', { kind: 'answer', correct: false }, NOW);
      const after = await progressFigures(db, query);
      await before;
      expect(ClonedWorker.started).toBe(3);
      expect(after.entries).toBe((await listHistory(db, U)).length);
      const wrong = (figures: typeof after) => figures.answers.at(-1)?.wrong ?? 0;
      expect(wrong(after)).toBe(wrong(ahead) + 1);
    });
  });
});

describe('the start’s upkeep off the page', () => {
  it('refolds every word in the worker after an update changed the fold, once, as the page would', async () => {
    await withDB([], async (db) => {
      await studied(db);
      await updateUserSettings(db, U, { schedule: 'fsrs' });
      // The words were stored by a version whose fold was another.
      const device = await db.get('device', DEVICE_KEY);
      await db.put('device', {
        ...(device ?? { key: DEVICE_KEY, id: 'd', hlc: 0 }),
        fold: FOLD_VERSION - 1,
      });
      vi.stubGlobal('Worker', ClonedWorker);
      const report = await maintainHistoryOffThread(db, NOW);
      expect(ClonedWorker.jobs).toEqual(['maintain']);
      expect(report.refolded).toBe(8);
      expect((await db.get('device', DEVICE_KEY))?.fold).toBe(FOLD_VERSION);
      const stored = await listUserWords(db, U);
      vi.unstubAllGlobals();
      // What the worker stored is the page's refold; the next start refolds nothing.
      expect((await refoldUserWords(db, U)).words).toEqual(expect.arrayContaining(stored));
      expect(await maintainHistoryOffThread(db, NOW)).toEqual({ restamped: 0, refolded: 0 });
    });
  });
});

describe('a refold off the page', () => {
  it('stores and returns the same words through a worker as on the page', async () => {
    await withDB([], async (db) => {
      await studied(db);
      await updateUserSettings(db, U, { schedule: 'fsrs' });
      vi.stubGlobal('Worker', ClonedWorker);
      const there = await refoldUserOffThread(db, U);
      expect(ClonedWorker.started).toBe(1);
      const storedThere = await listUserWords(db, U);
      vi.unstubAllGlobals();
      const here = await refoldUserWords(db, U);
      expect(there.words.length).toBe(8);
      expect(there).toEqual(here);
      // What the worker returned is what it stored, and folding again changes nothing.
      expect(await listUserWords(db, U)).toEqual(storedThere);
      const byId = new Map(there.words.map((word) => [word.vocabId, word]));
      for (const word of storedThere) expect(byId.get(word.vocabId)).toEqual(word);
    });
  });

  it('changes the stored words to the new schedule', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const before = await listUserWords(db, U);
      await updateUserSettings(db, U, { schedule: 'fsrs' });
      vi.stubGlobal('Worker', ClonedWorker);
      const { words } = await refoldUserOffThread(db, U);
      expect(words.length).toBe(before.length);
      expect(await listUserWords(db, U)).not.toEqual(before);
      expect(ClonedWorker.started).toBe(1);
    });
  });

  it('sends many words in parts no larger than WORDS_PER_MESSAGE, put back whole and in order', async () => {
    await withDB([], async (db) => {
      await studied(db);
      const many = 2 * WORDS_PER_MESSAGE + 37;
      for (let word = 0; word < many; word++) {
        await recordChange(db, U, `m${word}`, { kind: 'answer', correct: true }, NOW - word);
      }
      await updateUserSettings(db, U, { schedule: 'fsrs' });
      const sizes: number[] = [];
      class CountingWorker extends ClonedWorker {
        override postMessage(request: HistoryWorkerRequest) {
          void answerHistoryRequest(structuredClone(request), (message) => {
            sizes.push(
              message.type === 'done' ? -1 : message.type === 'words' ? message.words.length : 0,
            );
            this.onmessage?.({ data: structuredClone(message) });
          });
        }
      }
      vi.stubGlobal('Worker', CountingWorker);
      const there = await refoldUserOffThread(db, U);
      vi.unstubAllGlobals();
      expect(sizes).toEqual([WORDS_PER_MESSAGE, WORDS_PER_MESSAGE, -1]);
      expect(there.words.length).toBe(many + 8);
      expect(there).toEqual(await refoldUserWords(db, U));
    });
  });

  for (const [name, broken] of [
    ['cannot be loaded', UnloadedWorker],
    ['fails its job', FailingWorker],
  ] as const) {
    it(`runs on the page, logged, when the worker ${name}`, async () => {
      await withDB([], async (db) => {
        await studied(db);
        const before = await listUserWords(db, U);
        await updateUserSettings(db, U, { schedule: 'fsrs' });
        const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
        vi.stubGlobal('Worker', broken);
        const refolded = await refoldUserOffThread(db, U);
        vi.unstubAllGlobals();
        const stored = await listUserWords(db, U);
        expect(stored).not.toEqual(before);
        expect(refolded.words.length).toBe(stored.length);
        const byId = new Map(refolded.words.map((word) => [word.vocabId, word]));
        for (const word of stored) expect(byId.get(word.vocabId)).toEqual(word);
        // The refold was done in full: doing it again on the page finds nothing else to change.
        expect(await refoldUserWords(db, U)).toEqual(refolded);
        expect(logged).toHaveBeenCalledWith(
          'The history worker failed; the job runs on the page',
          expect.any(Error),
        );
      });
    });
  }

  it('ends a worker that does not answer in time and runs the job on the page, logged', async () => {
    await withDB([], async (db) => {
      await studied(db);
      await updateUserSettings(db, U, { schedule: 'fsrs' });
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.stubGlobal('Worker', SilentWorker);
      const refolded = await runHistoryJobOffThread(db, { kind: 'refold', userId: U }, 50);
      vi.unstubAllGlobals();
      expect(SilentWorker.terminated).toBe(1);
      const stored = await listUserWords(db, U);
      expect(refolded.words.length).toBe(stored.length);
      const byId = new Map(refolded.words.map((word) => [word.vocabId, word]));
      for (const word of stored) expect(byId.get(word.vocabId)).toEqual(word);
      expect(await refoldUserWords(db, U)).toEqual(refolded);
      expect(logged).toHaveBeenCalledWith(
        'The history worker failed; the job runs on the page',
        expect.objectContaining({ message: 'the history worker did not answer within 0.05 s' }),
      );
    });
  });
});
