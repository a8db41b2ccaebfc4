// @vitest-environment happy-dom
/**
 * A marked reply read by a screen reader: each English word is read as English, and its mark
 * (said, wrong, extra) in the interface language, not in the reply's English.
 */
import { act, createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { markSpoken } from '@/domain/spoken';
import { I18nProvider } from '@/i18n';
import { SpokenMarks } from '@/ui/speaking/spoken-marks';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the marked words of a reply', () => {
  it('give each mark the language of the interface and each word English', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const result = markSpoken('I require a pilot. Over.', 'I really require pilot out');
    await act(async () =>
      root.render(
        <I18nProvider lang="ru">
          <SpokenMarks result={result} resultRef={createRef()} />
        </I18nProvider>,
      ),
    );
    const list = host.querySelector('ol') as HTMLOListElement;
    expect(list.closest('[lang="en"]')).toBeNull();
    const labels = [...list.querySelectorAll('li > .visually-hidden')];
    expect(labels.map((label) => [label.getAttribute('lang'), label.textContent])).toEqual([
      ['ru', 'I: сказано'],
      ['ru', 'лишнее: «really»'],
      ['ru', 'require: сказано'],
      ['ru', 'a: можно опустить'],
      ['ru', 'pilot: сказано'],
      ['ru', 'Over: неверно, услышано «out»'],
    ]);
    expect(
      [...list.querySelectorAll('li > .visually-hidden [lang="en"]')].map((w) => w.textContent),
    ).toEqual(['I', 'require', 'a', 'pilot', 'Over']);
    for (const shown of list.querySelectorAll('li > [aria-hidden="true"]')) {
      expect(shown.getAttribute('lang')).toBe('en');
    }
    act(() => root.unmount());
    host.remove();
  });
});
