// @vitest-environment happy-dom
/** The settings card of the records set aside: the kept ones listed, the others counted. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeadLetter, DeadLetterList } from '@/stores/history-store';

const read = vi.fn<(userId: string) => Promise<DeadLetterList>>();
const forget = vi.fn<(ids: readonly string[]) => Promise<void>>(async () => undefined);

vi.mock('@/stores/history-store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/stores/history-store')>()),
  readDeadLetters: (userId: string) => read(userId),
  forgetDeadLetters: (ids: readonly string[]) => forget(ids),
}));
vi.mock('@/stores/auth-store', () => ({ useUser: () => ({ id: 'u1' }) }));
vi.mock('@/stores/sync-store', () => ({
  useSyncStore: (select: (s: { pendingCount: number }) => unknown) => select({ pendingCount: 0 }),
}));
vi.mock('@/stores/words-store', () => ({
  useWordsStore: (select: (s: { revision: number }) => unknown) => select({ revision: 0 }),
}));

const { DeadLettersCard } = await import('@/features/settings/dead-letters-card');
const { I18nProvider } = await import('@/i18n');

function letter(id: string, record: unknown, extra: Partial<DeadLetter> = {}): DeadLetter {
  return {
    id,
    userId: 'u1',
    source: 'import',
    reason: 'invalid clock stamp',
    record,
    at: 1,
    ...extra,
  };
}

let root: Root | undefined;

async function render(lang: 'ru' | 'en'): Promise<HTMLElement> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => {
    root?.render(
      <I18nProvider lang={lang}>
        <DeadLettersCard />
      </I18nProvider>,
    );
  });
  return host;
}

afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.innerHTML = '';
  read.mockReset();
  forget.mockClear();
});

describe('the card of records with errors', () => {
  it('counts the records not kept in the heading and says they were not kept', async () => {
    read.mockResolvedValue({
      letters: [
        letter('a', `{"id":"deep","note":{"a":{"a":${'{"a":'.repeat(500)}…`, { truncated: true }),
        // A letter of an older version holds the whole record.
        letter('b', { id: 'old', note: 'x'.repeat(10_000) }),
      ],
      notKept: 9_950,
      ids: ['a', 'b', 'not-kept:import:u1'],
    });
    const host = await render('ru');
    expect(host.querySelector('h2')?.textContent).toBe('Записи с ошибками: 9952');
    const shown = [...host.querySelectorAll('code')].map((code) => code.textContent ?? '');
    expect(shown[0]).toMatch(/^\{"id":"deep","note":\{"a":/);
    expect(shown.every((text) => text.length <= 161 && text.endsWith('…'))).toBe(true);
    expect(host.textContent).toContain(
      'Не сохранено записей с ошибками: 9950. Хранятся только 50 последних из каждого источника',
    );
    const clear = [...host.querySelectorAll('button')].find(
      (b) => b.textContent === 'Забыть эти записи',
    );
    await act(async () => clear?.click());
    expect(forget).toHaveBeenCalledWith(['a', 'b', 'not-kept:import:u1']);
  });

  it('says nothing of records not kept when all were kept', async () => {
    read.mockResolvedValue({ letters: [letter('a', { id: 'x' })], notKept: 0, ids: ['a'] });
    const host = await render('en');
    expect(host.querySelector('h2')?.textContent).toBe('Records with errors: 1');
    expect(host.querySelector('code')?.textContent).toBe('{"id":"x"}');
    expect(host.textContent).not.toContain('Not kept');
  });
});
