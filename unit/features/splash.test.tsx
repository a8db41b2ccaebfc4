// @vitest-environment happy-dom
/** The start-up splash: a key skips it from the moment it is on the screen. */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Splash } from '@/features/shell/splash';
import { I18nProvider } from '@/i18n';

describe('the splash', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is skipped by a key pressed in the task right after the commit that shows it', async () => {
    // No act(): React runs a transition's passive effects in a task of their own, after the
    // commit, as in the browser. The app removes the splash index.html painted (and with it that
    // splash's key listener) in this commit, so a key pressed before those effects ran was lost.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const host = document.createElement('div');
    document.body.append(host);
    let skipped = 0;
    const pressed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!host.querySelector('.splash')) return;
        observer.disconnect();
        // After the commit's task (a microtask), before the passive effects' task.
        queueMicrotask(() => {
          window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
          resolve();
        });
      });
      observer.observe(host, { childList: true, subtree: true });
    });
    const root = createRoot(host);
    startTransition(() =>
      root.render(
        <I18nProvider lang="ru">
          <Splash onDone={() => skipped++} />
        </I18nProvider>,
      ),
    );
    await pressed;
    expect(skipped).toBe(1);
    root.unmount();
  });
});
