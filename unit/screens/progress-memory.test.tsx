// @vitest-environment happy-dom
/**
 * "≈ N probably recalled" on the progress screen (issue 43): calibrated on the learner's own
 * answers as the exam's prediction is, and not shown before there are enough of them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDB } from '@/db/instance';
import { DAY_MS } from '@/domain/constants';
import { fsrsModel } from '@/domain/fsrs';
import type { HistoryEntry } from '@/domain/history';
import { recallNow } from '@/features/progress/lists';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import { go, type OpenedApp, registerViaUi } from '../support/app';
import { ClonedWorker } from '../support/history-worker';
import { poorReviewPlan } from '../support/poor-reviews';
import { allByRole, allByText, byRole, byText, click, textIn, until } from '../support/screen';

let app: OpenedApp;

afterEach(async () => {
  vi.unstubAllGlobals();
  ClonedWorker.reset();
  await app?.close();
  localStorage.clear();
});

/** Forgets the progress figures the screen kept, so the next open works them out again. */
async function forgetKeptFigures() {
  const db = await openDB();
  for (const key of await db.getAllKeys('meta')) {
    if (String(key).startsWith('progress-figures:')) await db.delete('meta', key);
  }
}

/** Answers of a learner at these days ago (noon), as an export of another device holds them. */
function answers(plan: readonly (readonly [vocabId: string, correct: boolean, daysAgo: number])[]) {
  const now = Date.now();
  return plan.map(([vocabId, correct, daysAgo], n): HistoryEntry => {
    const wall = now - daysAgo * DAY_MS;
    return {
      id: `mem-${n}`,
      userId: 'someone',
      vocabId,
      kind: 'answer',
      correct,
      mode: 'choice',
      hlc: wall * 1000 + n,
      wall,
      device: 'oldphone',
    };
  });
}

const figureText = () =>
  until(() => {
    const card = byRole(app.host, 'region', { name: /^Что вы, вероятно, помните сегодня/ });
    const figure = card.querySelector('[data-testid="recall-figure"]');
    if (!figure) throw new Error('no figure yet');
    return textIn(figure);
  });

/** The answers of a learner who recalls far less than FSRS's default parameters say. */
async function importPoorReviews() {
  const plan = poorReviewPlan(useVocabStore.getState().vocab.map((item) => item.id));
  await useWordsStore.getState().importProgress({ userWords: [], history: answers(plan) });
}

describe('what the learner probably recalls', () => {
  it('is not estimated before the learner’s own answers can calibrate it', async () => {
    app = await registerViaUi();
    const [id] = useVocabStore.getState().vocab.map((item) => item.id);
    // The 30 days before the study day began calibrate: the answer 31 days ago does not.
    const plan = [40, 31, 20, 2].map((days) => [id as string, true, days] as const);
    await useWordsStore.getState().importProgress({ userWords: [], history: answers(plan) });
    await go(app, '/progress');
    expect(await figureText()).toBe(
      'Пока без оценки: она подстраивается под ваши собственные ответы, и ей нужно 30 первых ответов за день на уже изученные слова (пока: 2).',
    );
  });

  it('is scaled by how the learner’s own reviews went, like the exam’s prediction', async () => {
    app = await registerViaUi();
    await importPoorReviews();
    await go(app, '/progress');
    const words = useWordsStore.getState().words;
    const model = recallNow(words.values(), Date.now(), fsrsModel.recall);
    expect(model.learned).toBe(10);
    // FSRS alone says nearly all ten; the learner's answers scale it down.
    expect(Math.round(model.expected)).toBeGreaterThanOrEqual(8);
    const shown = Number((await figureText()).match(/^≈ (\d+) из 10 выученных слов$/)?.[1]);
    expect(shown).toBeLessThanOrEqual(Math.round(model.expected * 0.5));
    expect(shown).toBeGreaterThan(0);
  });

  it('is calibrated in the history worker, not on the page, and reads the same as the page’s', async () => {
    app = await registerViaUi();
    await importPoorReviews();
    await go(app, '/progress');
    const here = await figureText();
    expect(here).toMatch(/^≈ \d+ из 10 выученных слов$/);
    await forgetKeptFigures();
    vi.stubGlobal('Worker', ClonedWorker);
    await go(app, '/');
    await go(app, '/progress');
    expect(await figureText()).toBe(here);
    expect(ClonedWorker.jobs).toEqual(['figures']);
    // Opened again with nothing new: the figures kept, no worker started.
    await go(app, '/');
    await go(app, '/progress');
    expect(await figureText()).toBe(here);
    expect(ClonedWorker.started).toBe(1);
  });

  it('shows the charts kept before at once, said to be updating, while a new answer is folded in', async () => {
    vi.stubGlobal('Worker', ClonedWorker);
    app = await registerViaUi();
    const [id] = useVocabStore.getState().vocab.map((item) => item.id);
    const plan = [3, 2, 2].map((days, n) => [id as string, n !== 1, days] as const);
    await useWordsStore.getState().importProgress({ userWords: [], history: answers(plan) });
    const total = () =>
      textIn(
        byRole(app.host, 'region', { name: 'Ответы за 30 дней' }).querySelector(
          '[data-testid="answers-total"]',
        ) ?? app.host,
      );
    await go(app, '/progress');
    await until(() => expect(total()).toBe('Всего ответов: 3 · верно 2 · неверно 1'));

    await go(app, '/');
    await useWordsStore.getState().recordAnswer(id as string, true);
    let release = () => {};
    ClonedWorker.held = new Promise((resolve) => {
      release = resolve;
    });
    await go(app, '/progress');
    const status = await until(() => byText(app.host, 'Графики обновляются…'));
    expect(status.getAttribute('role')).toBe('status');
    expect(total()).toBe('Всего ответов: 3 · верно 2 · неверно 1');

    release();
    await until(() => expect(total()).toBe('Всего ответов: 4 · верно 3 · неверно 1'));
    expect(allByText(app.host, 'Графики обновляются…')).toHaveLength(0);
  });

  it('paints the charts kept before, said to be updating, before the worker that folds the answer in starts', async () => {
    vi.stubGlobal('Worker', ClonedWorker);
    app = await registerViaUi();
    const [id] = useVocabStore.getState().vocab.map((item) => item.id);
    const history = answers([[id as string, true, 2]]);
    await useWordsStore.getState().importProgress({ userWords: [], history });
    await go(app, '/progress');
    // The first figures shown, so kept: the next open has them to show while it updates.
    await until(() =>
      expect(
        textIn(
          byRole(app.host, 'region', { name: 'Ответы за 30 дней' }).querySelector(
            '[data-testid="answers-total"]',
          ) ?? app.host,
        ),
      ).toBe('Всего ответов: 1 · верно 1 · неверно 0'),
    );
    await go(app, '/');
    await useWordsStore.getState().recordAnswer(id as string, true);

    // Frames come every 16 ms, as a browser's do, counted; a worker started notes what had come
    // by then.
    let frames = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      setTimeout(() => {
        frames++;
        callback(performance.now());
      }, 16),
    );
    const started: { frames: number; updating: boolean }[] = [];
    const host = app.host;
    class Watched extends ClonedWorker {
      constructor() {
        super();
        started.push({ frames, updating: allByText(host, 'Графики обновляются…').length > 0 });
      }
    }
    vi.stubGlobal('Worker', Watched);
    await go(app, '/progress');
    await until(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({ frames: expect.any(Number), updating: true });
    expect(started[0]?.frames).toBeGreaterThan(0);
  });

  it('works the figures out when reading the kept ones fails, rather than show no history', async () => {
    app = await registerViaUi();
    const [id] = useVocabStore.getState().vocab.map((item) => item.id);
    const plan = [3, 2, 2].map((days, n) => [id as string, n !== 1, days] as const);
    await useWordsStore.getState().importProgress({ userWords: [], history: answers(plan) });
    // The first read of this device's record fails (the kept figures' check), the next ones not.
    const get = IDBObjectStore.prototype.get;
    let failed = false;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (
      this: IDBObjectStore,
      key: IDBValidKey | IDBKeyRange,
    ) {
      if (!failed && this.name === 'device') {
        failed = true;
        throw new DOMException('The record could not be read', 'UnknownError');
      }
      return get.call(this, key);
    });
    try {
      await go(app, '/progress');
      const card = await until(() => byRole(app.host, 'region', { name: 'Ответы за 30 дней' }));
      expect(failed).toBe(true);
      expect(textIn(card)).toContain('Всего ответов: 3 · верно 2 · неверно 1');
    } finally {
      spy.mockRestore();
    }
  });

  it('shows a chart’s figures as a table once «Показать таблицей» is opened', async () => {
    app = await registerViaUi();
    const [id] = useVocabStore.getState().vocab.map((item) => item.id);
    const plan = [3, 2, 2].map((days, n) => [id as string, n !== 1, days] as const);
    await useWordsStore.getState().importProgress({ userWords: [], history: answers(plan) });
    await go(app, '/progress');
    const card = await until(() => byRole(app.host, 'region', { name: 'Ответы за 30 дней' }));
    // Closed, the table is not made; opened, it holds a row a day.
    expect(allByRole(card, 'table')).toHaveLength(0);
    await click(byText(card, 'Показать таблицей'));
    const table = await until(() => byRole(card, 'table'));
    const rows = allByRole(table, 'row');
    // The header, then the two days answered: right and wrong of each, oldest first.
    expect(rows.map(textIn)).toHaveLength(3);
    expect(table.querySelector('thead')?.textContent).toBe('ДеньВерноНеверно');
    expect(rows.slice(1).map((row) => allByRole(row, 'cell').map(textIn))).toEqual([
      ['1', '0'],
      ['1', '1'],
    ]);
  });
});
