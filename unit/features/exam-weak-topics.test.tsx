// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExamTopicRow } from '@/domain/exam-result';
import type { Topic, UiLang } from '@/domain/types';
import { ExamWeakTopics } from '@/features/exam/exam-weak-topics';
import { I18nProvider, loadTexts } from '@/i18n';
import { useVocabStore } from '@/stores/vocab-store';
import { recordedTopicLabel, topicLabel } from '@/ui/topic-name';

const topic = (division: string, name: string, source: Topic['source']): Topic => ({
  id: `${division}::${name}`,
  name,
  division,
  source,
});

/** Topics on the device now: two built-in ones and two an admin made (one named in Russian). */
const TOPICS = [
  topic('deck', 'Mooring', 'builtin'),
  topic('deck', 'Anchoring', 'builtin'),
  topic('deck', 'Knots', 'user'),
  topic('galley', 'Кухонные ножи', 'user'),
];

describe('the name of a topic a record keeps', () => {
  const current = new Set(TOPICS.map((t) => t.name));

  it('shows a built-in topic in the learner’s language', () => {
    expect(recordedTopicLabel('Mooring', 'ru', current)).toBe('Швартовка');
    expect(recordedTopicLabel('Mooring', 'en', current)).toBe('Mooring');
    // A built-in topic this device no longer has (split since) still has its names.
    expect(recordedTopicLabel('Bridge-commands', 'ru', new Set())).toBe(
      topicLabel('Bridge-commands', 'ru'),
    );
    expect(topicLabel('Bridge-commands', 'ru')).not.toBe('Bridge-commands');
  });

  it('maps a built-in topic’s Russian name back to the topic', () => {
    expect(recordedTopicLabel('Швартовка', 'en', current)).toBe('Mooring');
    expect(recordedTopicLabel('Швартовка', 'ru', current)).toBe('Швартовка');
  });

  it('shows an admin’s topic, or a name it does not know, as stored', () => {
    expect(recordedTopicLabel('Knots', 'ru', current)).toBe('Knots');
    expect(recordedTopicLabel('Кухонные ножи', 'en', current)).toBe('Кухонные ножи');
    expect(recordedTopicLabel('Old topic', 'ru', current)).toBe('Old topic');
  });

  it('keeps an admin’s topic named like a built-in one in Russian as written', () => {
    const named = new Set([...current, 'Швартовка']);
    expect(recordedTopicLabel('Швартовка', 'en', named)).toBe('Швартовка');
  });
});

describe('the exam result’s weakest topics', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(async () => {
    await loadTexts('exam');
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    useVocabStore.setState({ loaded: true, topics: TOPICS });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    document.body.innerHTML = '';
    useVocabStore.setState({ loaded: false, topics: [] });
  });

  async function show(rows: ExamTopicRow[], lang: UiLang) {
    await act(async () => {
      root.render(
        <I18nProvider lang={lang}>
          <ExamWeakTopics rows={rows} />
        </I18nProvider>,
      );
    });
    return [...host.querySelectorAll('tr')].map((row) => row.textContent);
  }

  it('names the topics in Russian in the Russian interface, an admin’s topic as written', async () => {
    const rows: ExamTopicRow[] = [
      ['Knots', 0, 1],
      ['Mooring', 1, 3],
    ];
    expect(await show(rows, 'ru')).toEqual(['Knots0 / 1', 'Швартовка1 / 3']);
    expect(host.querySelector('h2')?.textContent).toBe('Самые слабые темы');
    expect(await show(rows, 'en')).toEqual(['Knots0 / 1', 'Mooring1 / 3']);
  });

  it('leaves out the topics answered without a mistake (an older result holds them)', async () => {
    const rows: ExamTopicRow[] = [
      ['Mooring', 1, 2],
      ['Anchoring', 2, 2],
    ];
    expect(await show(rows, 'ru')).toEqual(['Швартовка1 / 2']);
  });

  it('says kindly that there is no weak topic when every one was right', async () => {
    expect(await show([['Anchoring', 2, 2]], 'ru')).toEqual([]);
    expect(host.textContent).toContain('Слабых тем нет: во всех темах ответы без ошибок.');
    expect(await show([], 'en')).toEqual([]);
    expect(host.textContent).toContain(
      'No weak topics: every topic was answered without a mistake.',
    );
  });
});
