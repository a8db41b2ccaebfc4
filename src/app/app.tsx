/** The application: providers, splash, the Loading screen while the database opens and auth settles, then the router. */
import { RouterProvider } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { getDB } from '@/db/instance';
import { ErrorBoundary } from '@/features/shell/error-boundary';
import { LoadingScreen } from '@/features/shell/loading-screen';
import { Splash } from '@/features/shell/splash';
import { I18nProvider } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { applyTheme, useSettingsStore } from '@/stores/settings-store';
import { ToastProvider } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import '@/stores/words-store';
import { ConfirmProvider } from '@/ui/confirm';
import { startCloudWiring } from './cloud';
import { router } from './router';

/** A switch for automated tests and kiosk set-ups: `localStorage['marine.splash'] = 'off'`. */
const splashOff = () => {
  try {
    return localStorage.getItem('marine.splash') === 'off';
  } catch {
    return false;
  }
};

startCloudWiring();

export function App() {
  const lang = useSettingsStore((s) => s.lang);
  const theme = useSettingsStore((s) => s.theme);
  const authStatus = useAuthStore((s) => s.status);
  // The database opens first: a new one, or one an app update brings new words to, gets the
  // built-in vocabulary before any screen shows (a guest's start waits for it too).
  const [dbReady, setDbReady] = useState(false);
  const [splash, setSplash] = useState(() => !splashOff());
  // A stable callback: the splash's 3 s timer must not restart whenever the app re-renders.
  const hideSplash = useCallback(() => setSplash(false), []);

  useEffect(() => {
    // A database that cannot open is reported by the screens that use it; the app still starts.
    void getDB()
      .catch(() => undefined)
      .finally(() => setDbReady(true));
    void useAuthStore.getState().init();
    void useVocabStore.getState().load();
  }, []);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  useEffect(() => {
    applyTheme(theme);
    if (theme !== 'system') return;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => applyTheme('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [theme]);

  return (
    <I18nProvider lang={lang}>
      <ErrorBoundary>
        <ToastProvider>
          <ConfirmProvider>
            {authStatus === 'ready' && dbReady ? (
              <RouterProvider router={router} />
            ) : (
              <LoadingScreen />
            )}
            {splash ? <Splash onDone={hideSplash} /> : null}
          </ConfirmProvider>
        </ToastProvider>
      </ErrorBoundary>
    </I18nProvider>
  );
}
