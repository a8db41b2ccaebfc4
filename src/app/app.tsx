/**
 * The application: providers, splash, the Loading screen while the database opens and auth
 * settles, then the router. Loaded by the bootstrap (main.tsx), which calls `startApp` first.
 */
import { RouterProvider } from '@tanstack/react-router';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { openDB } from '@/db/instance';
import { LoadingScreen } from '@/features/shell/loading-screen';
import { Splash } from '@/features/shell/splash';
import { translate } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { isUpgradeBlocked, onUpgradeBlocked } from '@/stores/local-database';
import { applyTheme, useSettingsStore } from '@/stores/settings-store';
import { useVocabStore } from '@/stores/vocab-store';
import '@/stores/words-store';
import { clearSnapshot, readSnapshot, splashPaintedAt, splashSkipped } from '@/ui/home-snapshot';
import { startCloudWiring } from './cloud';
import { Providers } from './providers';
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
  // Home's snapshot shows one user's home: it goes when that user signs out or another signs in.
  useAuthStore.subscribe((state, previous) => {
    if (state.status !== 'ready') return;
    if (previous.status === 'ready' && state.user?.id === previous.user?.id) return;
    const snapshot = readSnapshot();
    if (snapshot && snapshot.user !== (state.user?.id ?? '')) clearSnapshot();
  });
}

/**
 * How long a start shows home's snapshot before the Loading screen, with its help and reset,
 * takes over: longer than a slow phone takes to start, short of a start that is stuck.
 */
const SNAPSHOT_MAX_MS = 6000;

/**
 * While the database opens and the session loads: home's snapshot (inert, hidden from assistive
 * technology: it is a picture of home) when index.html painted one, otherwise the Loading screen;
 * the Loading screen too when the load takes long or another tab blocks the database's upgrade,
 * since it says what to do.
 */
function Starting({ snapshot }: { snapshot: string | null }) {
  const blocked = useSyncExternalStore(onUpgradeBlocked, isUpgradeBlocked);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), SNAPSHOT_MAX_MS);
    return () => clearTimeout(timer);
  }, []);
  if (snapshot === null || blocked || expired) return <LoadingScreen />;
  return (
    <div
      className="home-snapshot"
      inert
      aria-hidden="true"
      aria-busy="true"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the app's own markup (saveSnapshot, or the build's first visit)
      dangerouslySetInnerHTML={{ __html: snapshot }}
    />
  );
}

function onDatabaseSettled(listener: () => void): () => void {
  databaseListeners.add(listener);
  return () => databaseListeners.delete(listener);
}

/**
 * `snapshot`: the home markup index.html painted at this start: shown, inert, instead of the
 * Loading screen until the live screens render.
 */
export function App({ snapshot = null }: { snapshot?: string | null }) {
  const lang = useSettingsStore((s) => s.lang);
  const theme = useSettingsStore((s) => s.theme);
  const authStatus = useAuthStore((s) => s.status);
  const dbReady = useSyncExternalStore(onDatabaseSettled, () => databaseSettled);
  const [splash, setSplash] = useState(() => !splashOff() && !splashSkipped());
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
    <Providers lang={lang}>
      {authStatus === 'ready' && dbReady ? (
        <RouterProvider router={router} />
      ) : (
        <Starting snapshot={snapshot} />
      )}
      {splash ? <Splash onDone={hideSplash} shownAt={splashPaintedAt()} /> : null}
    </Providers>
  );
}
