// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UiLang } from '@/domain/types';
import { TopicCard } from '@/features/progress/progress-charts';
import { I18nProvider } from '@/i18n';

describe('the progress screen’s accuracy by topic', () => {
  let host: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    document.body.innerHTML = '';
  });

  async function show(lang: UiLang) {
    await act(async () => {
      root.render(
        <I18nProvider lang={lang}>
          <TopicCard
            topics={[
              { topic: 'Mooring', attempts: 4, percent: 75 },
              { topic: 'Knots', attempts: 2, percent: 50 },
            ]}
          />
        </I18nProvider>,
      );
    });
    return [...host.querySelectorAll('li')].map((row) => ({
      read: row.querySelector('.visually-hidden')?.textContent,
      shown: row.querySelector('.topic-accuracy-text span')?.textContent,
    }));
  }

  it('names a built-in topic in Russian in the Russian interface, an admin’s topic as written', async () => {
    expect(await show('ru')).toEqual([
      { read: 'Швартовка: верно 75 % из 4 ответов', shown: 'Швартовка' },
      { read: 'Knots: верно 50 % из 2 ответов', shown: 'Knots' },
    ]);
    expect(await show('en')).toEqual([
      { read: 'Mooring: 75 % right of 4 answers', shown: 'Mooring' },
      { read: 'Knots: 50 % right of 2 answers', shown: 'Knots' },
    ]);
  });
});
