// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDB } from '@/db/instance';
import type { Topic, UiLang, User } from '@/domain/types';
import { AdminScreen } from '@/features/admin/admin-screen';
import { I18nProvider, loadTexts } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { ToastProvider } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import { ConfirmProvider } from '@/ui/confirm';

// The admin screen only links out; no router is needed to read its lists.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useNavigate: () => vi.fn(),
}));

const topic = (name: string, source: Topic['source']): Topic => ({
  id: `deck::${name}`,
  name,
  division: 'deck',
  source,
});

const ADMIN = {
  id: 'captain',
  email: 'captain@example.org',
  fullName: 'Captain',
  isAdmin: true,
  createdAt: 0,
  settings: { division: 'deck' },
} as unknown as User;

describe('the admin’s topic list', () => {
  let host: HTMLDivElement;
  let root: Root;

  // The stores the screen loads open the database: let its set-up finish inside the test run.
  beforeAll(async () => {
    await getDB();
  });

  beforeEach(async () => {
    await loadTexts('admin');
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    useAuthStore.setState({ user: ADMIN });
    useVocabStore.setState({
      loaded: true,
      vocab: [],
      roles: [],
      divisions: [{ id: 'deck', name: 'deck' }],
      topics: [
        topic('Mooring', 'builtin'),
        topic('Knots', 'user'),
        topic('Wheel Orders', 'builtin'),
      ],
    });
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });

  afterEach(async () => {
    await act(async () => root.unmount());
    document.body.innerHTML = '';
    useAuthStore.setState({ user: null });
    useVocabStore.setState({ loaded: false, topics: [], divisions: [] });
  });

  async function names(lang: UiLang) {
    await act(async () => {
      root.render(
        <I18nProvider lang={lang}>
          <ToastProvider>
            <ConfirmProvider>
              <AdminScreen />
            </ConfirmProvider>
          </ToastProvider>
        </I18nProvider>,
      );
    });
    return [...host.querySelectorAll('.admin-topic .admin-name')].map((name) => name.textContent);
  }

  it('names built-in topics in the interface language, in its order; an admin’s as written', async () => {
    expect(await names('ru')).toEqual(['Команды на руль', 'Швартовка', 'Knots']);
    expect(host.querySelector('[aria-label="Удалить «Швартовка»"]')).not.toBeNull();
    expect(await names('en')).toEqual(['Knots', 'Mooring', 'Wheel Orders']);
  });
});
