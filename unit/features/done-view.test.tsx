// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningSession, WordResult } from '@/domain/quiz-run';
import type { VocabItem } from '@/domain/types';
import { DoneView } from '@/features/spelling/done-view';
import { I18nProvider, loadTexts } from '@/i18n';
import { useWordsStore } from '@/stores/words-store';

// The end screen only navigates on its buttons; no router is needed to read it.
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }));

const word = (id: string, langA: string, langB: string) =>
  ({ id, langA, langB, topic: 'Mooring', division: 'deck', source: 'builtin' }) as VocabItem;

const WORDS = [
  word('w1', 'кнехт', 'bitts'),
  word('w2', 'трап', 'gangway'),
  word('w3', 'швартов', 'mooring line'),
];

/** A finished session of the three words with the given results. */
function finished(results: WordResult[], correctCount: number): RunningSession {
  return {
    ownerId: 'guest',
    words: WORDS,
    questions: [],
    index: WORDS.length,
    correctCount,
    feedback: null,
    results: Object.fromEntries(WORDS.map((w, i) => [w.id, results[i] ?? {}])),
    phase: 'done',
    spelling: null,
  };
}

describe('the end of a session says what happened', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(async () => {
    await loadTexts('quiz');
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    document.body.innerHTML = '';
    useWordsStore.setState({ words: new Map() });
  });

  /** The learner's records as the fold left them: these words learned, the others not. */
  function recordsLearned(...ids: string[]) {
    useWordsStore.setState({
      words: new Map(
        WORDS.map((w) => [
          w.id,
          {
            userId: 'guest',
            vocabId: w.id,
            status: ids.includes(w.id) ? ('learned' as const) : ('new' as const),
            attempts: 2,
            correct: 1,
            streak: ids.includes(w.id) ? 1 : 0,
            strength: ids.includes(w.id) ? 0.3 : 0,
            updatedAt: 1,
          },
        ]),
      ),
    });
  }

  async function show(session: RunningSession, lang: 'ru' | 'en' = 'ru') {
    await act(async () => {
      root.render(
        <I18nProvider lang={lang}>
          <DoneView session={session} />
        </I18nProvider>,
      );
    });
    return {
      title: host.querySelector('h1')?.textContent,
      lead: host.querySelector('.done-lead')?.textContent,
    };
  }

  const skipped: WordResult = { choice: 'skipped', spelling: 'skipped', retry: 'skipped' };
  const failed: WordResult = { choice: 'wrong', spelling: 'failed', retry: 'failed' };
  const learned: WordResult = { choice: 'correct', spelling: 'correct' };

  it('congratulates when every word was learned', async () => {
    recordsLearned('w1', 'w2', 'w3');
    expect(await show(finished([learned, learned, learned], 3))).toEqual({
      title: 'Поздравляем!',
      lead: 'Сессия завершена. Отличная работа!',
    });
  });

  it('counts as learned what the records say, not the spellings that came out right', async () => {
    // w2 was answered wrong in the choice round and spelled right: no step, not learned.
    recordsLearned('w1', 'w3');
    const shown = await show(finished([learned, learned, learned], 2));
    expect(shown.title).toBe('Есть прогресс!');
    const stats = [...host.querySelectorAll('.done-stats dd')].map((dd) => dd.textContent);
    expect(stats).toEqual(['2 / 3', '2']);
    const listed = [...host.querySelectorAll('.done-words .done-en')].map((el) => el.textContent);
    expect(listed).toEqual(['bitts', 'mooring line']);
  });

  it('encourages, without congratulating, when only some answers were right', async () => {
    expect(await show(finished([learned, failed, skipped], 1))).toEqual({
      title: 'Есть прогресс!',
      lead: 'Сессия завершена. Повторите слова, которые ещё не запомнились.',
    });
  });

  it('does not praise a session without a right answer', async () => {
    const result = await show(finished([failed, failed, skipped], 0));
    expect(result).toEqual({
      title: 'Сессия завершена',
      lead: 'В этот раз верных ответов нет — ничего страшного. Пройдите эти слова ещё раз.',
    });
    expect(host.textContent).not.toMatch(/Поздравляем|Отличная работа/);
    expect(host.textContent).toContain('В этот раз без выученных слов');
  });

  it('says so when every question and spelling was skipped, in the learner’s language', async () => {
    expect(await show(finished([skipped, skipped, skipped], 0))).toEqual({
      title: 'Сессия завершена',
      lead: 'Все слова пропущены. Попробуйте отвечать: даже ошибка помогает запомнить слово.',
    });
    expect(await show(finished([skipped, skipped, skipped], 0), 'en')).toEqual({
      title: 'Session complete',
      lead: 'Every word was skipped. Try answering: even a wrong answer helps you remember a word.',
    });
  });
});
