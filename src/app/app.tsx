/**
 * The application: providers, splash, the Loading screen while the database opens and auth
 * settles, then the router. Loaded by the bootstrap (main.tsx), which calls `startApp` first.
 */
import { RouterProvider } from '@tanstack/react-router';
import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { openDB } from '@/db/instance';
import { LoadingScreen } from '@/features/shell/loading-screen';
import { Splash } from '@/features/shell/splash';
import { translate } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { keepStudyDaysAcrossStarts } from '@/stores/device-zone';
import { connectFiguresAhead } from '@/stores/figures-refresh';
import { isUpgradeBlocked, onUpgradeBlocked } from '@/stores/local-database';
import { applyTheme, useSettingsStore } from '@/stores/settings-store';
import { useVocabStore } from '@/stores/vocab-store';
import '@/stores/words-store';
import {
  clearSnapshot,
  readSnapshot,
  removePaintedSplash,
  removePicture,
  splashPaintedAt,
  splashSkipped,
} from '@/ui/home-snapshot';
import { startCloudWiring } from './cloud';
import { replayTap, takeKeptTap } from './kept-tap';
import { Providers } from './providers';
import { getRouter } from './router';
import { registerServiceWorker } from './service-worker';
import { splashOff } from './splash-switch';

/**
 * Whether the start has settled: the database opened (or failed to: the screens that use it
 * report that), the session restored and the first screen's route loaded.
 */
let startSettled = false;
const startListeners = new Set<() => void>();

let started = false;
/** The start's work that waits for the first screen (`startApp`); run once, by `startDeferred`. */
let afterLive: (() => void) | null = null;

/** Runs the start's deferred work, in a task after the first screen's commit. */
function startDeferred(): void {
  const run = afterLive;
  afterLive = null;
  if (run) void nextTask().then(run);
}

/**
 * Resolves in a later task: the page may paint and handle input between two parts of a start.
 * A message, not a timer: timers can be held back (a background tab; a test's paused clock).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Starts what the first screen waits for, before the first render: the database opens, the
 * session is restored, and then the router loads the first screen's route (its guards and
 * screen); the cloud wiring follows the session. The vocabulary's load and the service worker's
 * registration wait until the app's own screen is up (`PictureGone`); the load checks the
 * built-in vocabulary and, when it is new or older than the app's, installs it in a worker (no
 * screen waits for it). Called once by the bootstrap when this chunk has loaded.
 */
export function startApp(): void {
  if (started) return;
  started = true;
  // Before the first screen reckons today (home's due count): a day known needs no time format.
  keepStudyDaysAcrossStarts();
  const databaseOpen = openDB().catch(() => undefined);
  const sessionRestored = useAuthStore.getState().init();
  // The router is made in a task of its own, after this chunk's evaluation.
  const routerMade = nextTask().then(getRouter);
  void Promise.all([routerMade, databaseOpen, sessionRestored])
    // Loaded before it is mounted, the router renders the first screen within the app's
    // transition, in slices; mounted unloaded, it would load and render it in one blocking task.
    .then(async ([router]) => {
      await nextTask();
      await router.load();
    })
    .catch((error: unknown) => console.error('Loading the first screen failed', error))
    .finally(() => {
      startSettled = true;
      for (const listener of startListeners) listener();
    });
  // What the first screen does not need waits until it is up: read with the start, the
  // vocabulary's pages and the worker's registration ran between the slices of the first screen's
  // render and delayed it (docs/benchmarks.md, "Later starts").
  afterLive = () => {
    void useVocabStore.getState().load();
    registerServiceWorker();
    // The progress figures, worked out in the background a while after the history changes.
    connectFiguresAhead();
  };
  startCloudWiring();
  // Home's snapshot shows one user's home: it goes when that user signs out or another signs in.
  useAuthStore.subscribe((state, previous) => {
    if (state.status !== 'ready') return;
    if (previous.status === 'ready' && state.user?.id === previous.user?.id) return;
    const snapshot = readSnapshot();
    if (snapshot && snapshot.user !== (state.user?.id ?? '')) clearSnapshot();
  });
}

/**
 * How long a start shows the picture of home before the Loading screen, with its help and reset,
 * takes over: longer than a slow phone takes to start, short of a start that is stuck.
 */
const SNAPSHOT_MAX_MS = 6000;

/**
 * Removes the picture of home index.html painted, in the commit that puts the app's own screen in
 * its place (so no frame shows neither). Rendered before that screen: its effect runs first, and
 * the screen's own effects never meet the picture's copies of their elements. With `replay` (the
 * live screens), a tap kept on the picture is replayed on them (kept-tap.ts). Then the start's
 * deferred work begins.
 */
function PictureGone({ replay = false }: { replay?: boolean }) {
  useLayoutEffect(() => {
    // A tap kept on the picture (index.html) is answered by the live screen, in a task after
    // this commit (its own effects have run); the Loading screen answers none.
    const tap = takeKeptTap();
    removePicture();
    const root = document.getElementById('root');
    if (replay && tap && root) void nextTask().then(() => replayTap(tap, root));
    // The app's own screen is up (the first screen, or the Loading screen of a slow start).
    startDeferred();
  }, [replay]);
  return null;
}

/**
 * While the database opens and the session loads: nothing of its own when index.html painted a
 * picture of home (inert, hidden from assistive technology, beside the app's root), otherwise
 * the Loading screen; the Loading screen too when the load takes long or another tab blocks the
 * database's upgrade, since it says what to do.
 */
function Starting({ picture }: { picture: boolean }) {
  const blocked = useSyncExternalStore(onUpgradeBlocked, isUpgradeBlocked);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), SNAPSHOT_MAX_MS);
    return () => clearTimeout(timer);
  }, []);
  if (picture && !blocked && !expired) return null;
  return (
    <>
      <PictureGone />
      <LoadingScreen />
    </>
  );
}

/**
 * Whether the live screens are shown: once the start has settled (the session restored, so the
 * auth store is ready too). The switch is a transition: React renders the live screens, the
 * largest render of a start, in slices between which the page stays responsive, while the
 * picture or the Loading screen stays up; a store's update would render them in one blocking task.
 */
function useLive(): boolean {
  const [live, setLive] = useState(startSettled);
  useEffect(() => {
    const show = () => startTransition(() => setLive(true));
    if (startSettled) show();
    startListeners.add(show);
    return () => void startListeners.delete(show);
  }, []);
  return live;
}

/**
 * `picture`: whether index.html painted a picture of home at this start: it stays, instead of the
 * Loading screen, until the live screens render.
 */
export function App({ picture = false }: { picture?: boolean }) {
  const lang = useSettingsStore((s) => s.lang);
  const theme = useSettingsStore((s) => s.theme);
  const live = useLive();
  const [splash, setSplash] = useState(() => !splashOff() && !splashSkipped());
  // A stable callback: the splash's 3 s timer must not restart whenever the app re-renders.
  const hideSplash = useCallback(() => setSplash(false), []);
  // The app's splash takes the place of the one index.html painted, in the same commit, unless
  // that one was tapped away while the app rendered (then neither is shown again).
  useLayoutEffect(() => {
    if (!splash) return;
    if (splashSkipped()) setSplash(false);
    else removePaintedSplash();
  }, [splash]);

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
      {live ? (
        <>
          <PictureGone replay />
          <RouterProvider router={getRouter()} />
        </>
      ) : (
        <Starting picture={picture} />
      )}
      {splash ? <Splash onDone={hideSplash} shownAt={splashPaintedAt()} /> : null}
    </Providers>
  );
}
