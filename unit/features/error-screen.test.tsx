// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@/features/shell/error-boundary';
import { I18nProvider } from '@/i18n';

function Boom(): never {
  throw new Error('Compass lost');
}

describe('the render-error screen', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.restoreAllMocks();
  });

  it('replaces a crashed screen with the error text and its stack', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => {
      root.render(
        <I18nProvider lang="ru">
          <ErrorBoundary>
            <Boom />
          </ErrorBoundary>
        </I18nProvider>,
      );
    });
    const alert = host.querySelector('[role="alert"]');
    expect(alert?.querySelector('h1')?.textContent).toBe('Что-то пошло не так');
    expect(alert?.textContent).toContain('Compass lost');
    expect(host.querySelector('pre')?.textContent).toMatch(/Boom/);
    expect(logged).toHaveBeenCalled();
    await act(async () => root.unmount());
  });
});
