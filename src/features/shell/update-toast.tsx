/**
 * The update banner and the offline-ready notice. The banner stays until the user acts: off the
 * quiz routes it offers 'Update' (SKIP_WAITING, then a reload when the new worker takes over); on
 * /quiz and /quiz/spelling it only says the new version comes after the session, and the button
 * appears once the quiz is left. The offline-ready notice shows once per install and fades away.
 */
import { useRouterState } from '@tanstack/react-router';
import { type CSSProperties, useEffect, useState } from 'react';
import { TOAST_MS } from '@/domain/constants';
import { useT } from '@/i18n';
import { isQuizPath, useUpdateStore } from '@/stores/update-store';
import { CloseIcon } from '@/ui/icons';

/** The banner sits in the flow under the header, so it never covers the screen's own controls. */
const bannerStyle: CSSProperties = {
  alignItems: 'center',
  width: 'min(92vw, 640px)',
  margin: 'var(--space-2) auto 0',
};

export function UpdateToast() {
  const t = useT();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const inQuiz = isQuizPath(pathname);
  const updateAvailable = useUpdateStore((s) => s.updateAvailable);
  const dismissed = useUpdateStore((s) => s.dismissed);
  const reloadPending = useUpdateStore((s) => s.reloadPending);
  const offlineReady = useUpdateStore((s) => s.offlineReady);
  const [busy, setBusy] = useState(false);

  // The new version took control during a quiz (accepted in another tab): reload once it is left.
  useEffect(() => {
    if (reloadPending && !inQuiz) window.location.reload();
  }, [reloadPending, inQuiz]);

  useEffect(() => {
    if (!offlineReady) return;
    const timer = setTimeout(() => useUpdateStore.getState().dismissOfflineReady(), TOAST_MS);
    return () => clearTimeout(timer);
  }, [offlineReady]);

  async function update() {
    setBusy(true);
    try {
      await useUpdateStore.getState().applyUpdate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {updateAvailable && !dismissed ? (
        <div className="toast update-banner" style={bannerStyle}>
          <span className="toast-text" role="status">
            <strong className="toast-title">{t('update.available')}</strong>
            {inQuiz || reloadPending ? t('update.afterSession') : null}
          </span>
          {inQuiz || reloadPending ? null : (
            <button type="button" className="btn btn-small" disabled={busy} onClick={update}>
              {t('update.reload')}
            </button>
          )}
          <button
            type="button"
            className="icon-btn"
            aria-label={t('common.close')}
            onClick={() => useUpdateStore.getState().dismissUpdate()}
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      ) : null}
      <ul className="toasts" aria-live="polite">
        {offlineReady ? (
          <li className="toast toast-success">
            <span className="toast-text">{t('update.offlineReady')}</span>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('common.close')}
              onClick={() => useUpdateStore.getState().dismissOfflineReady()}
            >
              <CloseIcon width={18} height={18} />
            </button>
          </li>
        ) : null}
      </ul>
    </>
  );
}
