// @vitest-environment happy-dom
/** The production question's heading names the question: spelling for letter tiles, word order for word tiles. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProductionWord, SpellingState } from '@/domain/quiz-run';
import { SpellingHeading } from '@/features/spelling/spelling-parts';
import { I18nProvider, loadTexts } from '@/i18n';

const LETTERS: ProductionWord = {
  vocabId: 'w1',
  target: 'BITTS',
  tiles: [...'BITTS'].map((char, id) => ({ id, char })),
  used: [],
  mistakes: 0,
  outcome: null,
};

const WORD_ORDER: ProductionWord = {
  kind: 'word-order',
  vocabId: 'w2',
  answer: ['Stand', 'by', 'for', 'mooring'],
  tiles: ['mooring', 'by', 'Stand', 'for', 'anchor'].map((text, id) => ({ id, text })),
  used: [],
  mistakes: 0,
  outcome: null,
};

const stateOf = (word: ProductionWord): SpellingState => ({
  pass: 1,
  queue: ['w1', 'w2'],
  position: 0,
  word,
});

describe('the production question’s heading', () => {
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
  });

  async function headingOf(word: ProductionWord, lang: 'ru' | 'en'): Promise<string> {
    await act(async () => {
      root.render(
        <I18nProvider lang={lang}>
          <SpellingHeading spelling={stateOf(word)} mistakes={0} />
        </I18nProvider>,
      );
    });
    return host.querySelector('h1')?.textContent ?? '';
  }

  it('says «Правописание» for letter tiles and «Порядок слов» for word order', async () => {
    expect(await headingOf(LETTERS, 'ru')).toBe('Правописание');
    expect(await headingOf(WORD_ORDER, 'ru')).toBe('Порядок слов');
  });

  it('says "Spelling" and "Word order" in English', async () => {
    expect(await headingOf(LETTERS, 'en')).toBe('Spelling');
    expect(await headingOf(WORD_ORDER, 'en')).toBe('Word order');
  });
});
