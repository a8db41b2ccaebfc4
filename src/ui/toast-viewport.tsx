/** Renders the current toasts in a polite live region. */
import { useT } from '@/i18n';
import { CloseIcon } from './icons';

export interface ToastView {
  id: string;
  title?: string;
  message: string;
  tone?: 'info' | 'success' | 'error';
  action?: { label: string; run: () => void };
}

export function ToastViewport({
  toasts,
  onDismiss,
}: {
  toasts: readonly ToastView[];
  onDismiss: (id: string) => void;
}) {
  const t = useT();
  return (
    <ul className="toasts" aria-live="polite">
      {toasts.map((toast) => (
        <li key={toast.id} className={`toast toast-${toast.tone ?? 'info'}`}>
          <span className="toast-text" role="status">
            {toast.title ? <strong className="toast-title">{toast.title}</strong> : null}
            {toast.message}
          </span>
          {toast.action ? (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                toast.action?.run();
                onDismiss(toast.id);
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.close')}
            onClick={() => onDismiss(toast.id)}
          >
            <CloseIcon width={18} height={18} />
          </button>
        </li>
      ))}
    </ul>
  );
}
