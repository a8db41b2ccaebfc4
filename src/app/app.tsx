/**
 * The application: providers, splash, the Loading screen while the database opens and auth
 * settles, then the router. Loaded by the bootstrap (main.tsx), which calls `startApp` first.
 */
import { RouterProvider } from '@tanstack/react-router';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { openDB } from '@/db/instance';
import { ErrorBoundary } from '@/features/shell/error-boundary';
import { LoadingScreen } from '@/features/shell/loading-screen';
import { Splash } from '@/features/shell/splash';
import { I18nProvider, translate } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { applyTheme, useSettingsStore } from '@/stores/settings-store';
import { ToastProvider } from '@/stores/toast-store';
import { useVocabStore } from '@/stores/vocab-store';
import '@/stores/words-store';
import { ConfirmProvider } from '@/ui/confirm';
import { startCloudWiring } from './cloud';
import { router } from './router';
import { registerServiceWorker } from './service-worker';
import { splashOff } from './splash-switch';

/** Whether the database has opened (or failed to: the screens that use it report that). */
let databaseSettled = false;
const databaseListeners = new Set<() => void>();

let started = false;

/**
 * Starts what the first screen waits for, before the first render: the database opens (the
 * built-in vocabulary, when new or older than the app's, installs beside it in a worker: no
 * screen waits for it), the session is restored, the vocabulary loads once installed; then the
 * cloud wiring and the service worker. Called once by the bootstrap when this chunk has loaded.
 */
export function startApp(): void {
  if (started) return;
  started = true;
  void openDB()
    .catch(() => undefined)
    .finally(() => {
      databaseSettled = true;
      for (const listener of databaseListeners) listener();
    });
  void useAuthStore.getState().init();
  void useVocabStore.getState().load();
  startCloudWiring();
  registerServiceWorker();
}

function onDatabaseSettled(listener: () => void): () => void {
  databaseListeners.add(listener);
  return () => databaseListeners.delete(listener);
}

export function App() {
  const lang = useSettingsStore((s) => s.lang);
  const theme = useSettingsStore((s) => s.theme);
  const authStatus = useAuthStore((s) => s.status);
  const dbReady = useSyncExternalStore(onDatabaseSettled, () => databaseSettled);
  const [splash, setSplash] = useState(() => !splashOff());
  // A stable callback: the splash's 3 s timer must not restart whenever the app re-renders.
  const hideSplash = useCallback(() => setSplash(false), []);

  // The page's language and title follow the interface language.
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = translate(lang, 'app.name');
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
