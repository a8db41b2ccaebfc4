// @vitest-environment happy-dom
/** The settings' sync card: a demoted admin's set-aside curriculum changes are said plainly. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

let held = 0;

vi.mock('@/stores/auth-store', () => ({
  useAuthStore: (select: (s: { provider: { kind: string } }) => unknown) =>
    select({ provider: { kind: 'firebase' } }),
}));
vi.mock('@/stores/sync-store', () => {
  const state = () => ({
    online: true,
    syncing: false,
    lastSyncedAt: null,
    pendingCount: 0,
    lastErrorKind: null,
    curriculumUpdatedAt: null,
    curriculumAdded: 0,
    curriculumHeld: held,
  });
  return {
    useSyncStore: (select?: (s: ReturnType<typeof state>) => unknown) =>
      select ? select(state()) : state(),
  };
});

const { SyncCard } = await import('@/features/settings/sync-card');
const { I18nProvider, loadTexts } = await import('@/i18n');
// The settings route loads the account texts before rendering.
await loadTexts('account');

let root: Root | undefined;

async function render(lang: 'ru' | 'en'): Promise<HTMLElement> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root?.render(
      <I18nProvider lang={lang}>
        <SyncCard />
      </I18nProvider>,
    );
  });
  return host;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  held = 0;
});

describe('SyncCard', () => {
  it('says, in the learner’s language, how many curriculum changes were set aside for revoked rights', async () => {
    held = 3;
    expect((await render('ru')).textContent).toContain(
      'Права администратора отозваны: изменения словаря не отправлены и отложены на этом устройстве: 3.',
    );
    await act(async () => root?.unmount());
    expect((await render('en')).textContent).toContain(
      'Administrator rights revoked: curriculum changes not sent and set aside on this device: 3.',
    );
  });

  it('says nothing of it when nothing is set aside', async () => {
    expect((await render('ru')).textContent).not.toContain('Права администратора');
  });
});
