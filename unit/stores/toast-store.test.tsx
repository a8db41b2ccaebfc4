import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS } from '@/domain/constants';
import { TOAST_PROVIDER_ERROR, ToastProvider, useToast, useToastStore } from '@/stores/toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const messages = () => useToastStore.getState().toasts.map((t) => t.message);

describe('toasts', () => {
  it('disappear by themselves after 3500 ms', () => {
    expect(TOAST_MS).toBe(3500);
    useToastStore.getState().show({ message: 'Данные синхронизированы', tone: 'success' });
    expect(useToastStore.getState().toasts).toEqual([
      { id: expect.any(String), message: 'Данные синхронизированы', tone: 'success' },
    ]);
    vi.advanceTimersByTime(3499);
    expect(messages()).toEqual(['Данные синхронизированы']);
    vi.advanceTimersByTime(1);
    expect(messages()).toEqual([]);
  });

  it('each toast keeps its own timer', () => {
    useToastStore.getState().show({ message: 'first' });
    vi.advanceTimersByTime(2000);
    useToastStore.getState().show({ message: 'second', title: 'Title' });
    expect(messages()).toEqual(['first', 'second']);
    vi.advanceTimersByTime(1500);
    expect(messages()).toEqual(['second']);
    vi.advanceTimersByTime(2000);
    expect(messages()).toEqual([]);
  });

  it('can be dismissed early, and a duration of 0 stays until dismissed', () => {
    const early = useToastStore.getState().show({ message: 'early' });
    const sticky = useToastStore.getState().show({ message: 'sticky' }, 0);
    useToastStore.getState().dismiss(early);
    expect(messages()).toEqual(['sticky']);
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['sticky']);
    useToastStore.getState().dismiss(sticky);
    expect(messages()).toEqual([]);
  });

  it('get distinct ids', () => {
    const a = useToastStore.getState().show({ message: 'a' });
    const b = useToastStore.getState().show({ message: 'a' });
    expect(a).not.toBe(b);
  });
});

describe('useToast', () => {
  function ShowOnRender({ message }: { message: string }) {
    useToast().show({ message });
    return <span>shown</span>;
  }

  it('throws the developer error outside a ToastProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(TOAST_PROVIDER_ERROR).toBe('useToast must be used within a ToastProvider');
    expect(() => renderToString(<ShowOnRender message="lost" />)).toThrow(
      'useToast must be used within a ToastProvider',
    );
    expect(messages()).toEqual([]);
  });

  it('shows toasts inside a ToastProvider', () => {
    const html = renderToString(
      <ToastProvider>
        <ShowOnRender message="Профиль обновлён" />
      </ToastProvider>,
    );
    expect(html).toContain('shown');
    expect(messages()).toEqual(['Профиль обновлён']);
    vi.advanceTimersByTime(TOAST_MS);
    expect(messages()).toEqual([]);
  });
});
