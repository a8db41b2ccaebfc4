/** Toasts: short messages that disappear by themselves after 3500 ms. */
import { createContext, type ReactNode, useContext } from 'react';
import { create } from 'zustand';
import { TOAST_MS } from '@/domain/constants';
import { newId } from '@/domain/ids';

export interface Toast {
  id: string;
  title?: string;
  message: string;
  tone?: 'info' | 'success' | 'error';
  /** An optional action button. */
  action?: { label: string; run: () => void };
}

interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id'>, durationMs?: number): string;
  dismiss(id: string): void;
}

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(toast, durationMs = TOAST_MS) {
    const id = newId();
    set({ toasts: [...get().toasts, { ...toast, id }] });
    if (durationMs > 0) setTimeout(() => get().dismiss(id), durationMs);
    return id;
  },
  dismiss(id) {
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** The developer error of SPEC §8. */
export const TOAST_PROVIDER_ERROR = 'useToast must be used within a ToastProvider';

const ToastContext = createContext(false);

export function ToastProvider({ children }: { children: ReactNode }) {
  return <ToastContext.Provider value={true}>{children}</ToastContext.Provider>;
}

/** `show` and `dismiss`; throws the developer error when used outside a ToastProvider. */
export function useToast(): Pick<ToastState, 'show' | 'dismiss'> {
  if (!useContext(ToastContext)) throw new Error(TOAST_PROVIDER_ERROR);
  const show = useToastStore((s) => s.show);
  const dismiss = useToastStore((s) => s.dismiss);
  return { show, dismiss };
}
