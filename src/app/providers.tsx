/**
 * The providers every screen is drawn in: texts, the error screen, toasts and confirmations.
 * The app (app.tsx) and the first visit's picture rendered at build time (prerender.tsx) share
 * them, so the picture is drawn as the app draws home.
 */
import type { ReactNode } from 'react';
import type { UiLang } from '@/domain/types';
import { ErrorBoundary } from '@/features/shell/error-boundary';
import { I18nProvider } from '@/i18n';
import { ToastProvider } from '@/stores/toast-store';
import { ConfirmProvider } from '@/ui/confirm';

export function Providers({ lang, children }: { lang: UiLang; children: ReactNode }) {
  return (
    <I18nProvider lang={lang}>
      <ErrorBoundary>
        <ToastProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
        </ToastProvider>
      </ErrorBoundary>
    </I18nProvider>
  );
}
