// @vitest-environment happy-dom
/**
 * The hard words of the progress screen (issue 43): «Учить эти слова» starts a session of them,
 * and «Повторить заново» is offered where it changes something, which the row then shows.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '@/domain/constants';
import type { HistoryEntry } from '@/domain/history';
import { useSessionStore } from '@/stores/session-store';
import { useVocabStore } from '@/stores/vocab-store';
import { useWordsStore } from '@/stores/words-store';
import { go, type OpenedApp, registerViaUi, untilPath } from '../support/app';
import { allByRole, byRole, click, textIn, until } from '../support/screen';

let app: OpenedApp;

afterEach(async () => {
  await app?.close();
  localStorage.clear();
  sessionStorage.clear();
});

function answers(plan: readonly (readonly [string, boolean, number])[]): HistoryEntry[] {
  const now = Date.now();
  return plan.map(([vocabId, correct, daysAgo], n) => {
    const wall = now - daysAgo * DAY_MS;
    return {
      id: `hard-${n}`,
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

describe('the hard words', () => {
  it('start a session of their own, and relearn shows what it did', async () => {
    app = await registerViaUi();
    const vocab = useVocabStore.getState().vocab;
    const [failing, recovered] = vocab.map((item) => item.id) as [string, string];
    const plan: [string, boolean, number][] = [];
    // Failed on nine days, the last one yesterday: due now.
    for (let days = 9; days >= 1; days--) plan.push([failing, false, days]);
    // Failed on eight days, then right on two: learned, due later.
    for (let days = 20; days >= 13; days--) plan.push([recovered, false, days]);
    plan.push([recovered, true, 2], [recovered, true, 1]);
    await useWordsStore.getState().importProgress({ userWords: [], history: answers(plan) });

    await go(app, '/progress');
    const card = await until(() => byRole(app.host, 'region', { name: /^Трудные слова/ }));
    const rows = () => allByRole(card, 'listitem');
    await until(() => expect(rows()).toHaveLength(2));
    const ruOf = (id: string) => vocab.find((item) => item.id === id)?.langA ?? '';
    const row = (id: string) => rows().find((li) => textIn(li).includes(ruOf(id))) as HTMLElement;
    expect(textIn(row(failing))).toContain('дней с ошибками: 9 · к повторению сейчас');
    // Due already and not learned: relearn would change nothing, so it is not offered.
    expect(allByRole(row(failing), 'button')).toHaveLength(0);
    expect(textIn(row(recovered))).toMatch(/дней с ошибками: 8 · повторение /);

    await click(byRole(row(recovered), 'button', { name: `Повторить заново: ${ruOf(recovered)}` }));
    await until(() => expect(textIn(row(recovered))).toContain('к повторению сейчас'));
    expect(allByRole(row(recovered), 'button')).toHaveLength(0);

    await click(byRole(card, 'button', { name: 'Учить эти слова (2)' }));
    await untilPath(app, '/quiz');
    const session = useSessionStore.getState().session;
    expect(session?.words.map((w) => w.id).sort()).toEqual([failing, recovered].sort());
    await until(() => expect(textIn(app.host)).toContain('Вопрос 1 из 2'));
  });

  it('a long list, drawn a slice a task, ends whole, and «Учить эти слова» takes them all', async () => {
    app = await registerViaUi();
    const ids = useVocabStore
      .getState()
      .vocab.slice(0, 75)
      .map((item) => item.id);
    const plan: [string, boolean, number][] = [];
    for (const id of ids) for (let days = 9; days >= 1; days--) plan.push([id, false, days]);
    await useWordsStore.getState().importProgress({ userWords: [], history: answers(plan) });

    await go(app, '/progress');
    const card = await until(() => byRole(app.host, 'region', { name: /^Трудные слова/ }));
    // The screen comes with the first 12 rows; the rest follow a slice a task, none left out.
    await until(() => expect(allByRole(card, 'listitem')).toHaveLength(75));
    expect(byRole(card, 'button', { name: 'Учить эти слова (75)' })).toBeTruthy();
  });

  it('a long list grows whole after a while even should the vocabulary never be read', async () => {
    app = await registerViaUi();
    const ids = useVocabStore
      .getState()
      .vocab.slice(0, 40)
      .map((item) => item.id);
    const plan: [string, boolean, number][] = [];
    for (const id of ids) for (let days = 9; days >= 1; days--) plan.push([id, false, days]);
    await useWordsStore.getState().importProgress({ userWords: [], history: answers(plan) });
    const { vocab } = useVocabStore.getState();
    await act(async () => useVocabStore.setState({ loaded: false, loadFailed: true, vocab: [] }));
    try {
      await go(app, '/progress');
      const card = await until(() => byRole(app.host, 'region', { name: /^Трудные слова/ }));
      // No row of ids meanwhile: the list says it is loading.
      expect(allByRole(card, 'listitem')).toHaveLength(0);
      expect(textIn(byRole(card, 'status'))).toBe('Загрузка…');
      // The rows wait for the vocabulary 2 s at most.
      await until(() => expect(allByRole(card, 'listitem')).toHaveLength(40), 10_000);
    } finally {
      await act(async () => useVocabStore.setState({ loaded: true, loadFailed: false, vocab }));
    }
  });
});
