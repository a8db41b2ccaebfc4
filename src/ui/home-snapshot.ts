/**
 * The home screen's snapshot: the markup of the frame (header and home) as the app last drew it,
 * kept in localStorage so that a later start can paint home before any script has run. The
 * inline script of index.html paints it, inert, beside the app's root while React, the application
 * chunk, the database and the session load; the live home then takes its place (main.tsx, app.tsx).
 *
 * A snapshot is only used by the build that wrote it (the entry script's URL carries the build's
 * hash), at `/`, in the language it was drawn in. It is removed when its user signs out or
 * another user signs in, so a device never shows one crew member's home to the next.
 */

/** The localStorage key, read by the inline script of index.html too. */
export const SNAPSHOT_KEY = 'marine.snapshot';

/**
 * Where a snapshot keeps an element's inline style. The page's Content-Security-Policy refuses
 * style attributes in parsed markup (and reports each one), so index.html's script sets this one
 * through the element's style object instead (docs/architecture.md, "Security").
 */
export const SNAPSHOT_STYLE = 'data-style';

/**
 * Parts of the frame that belong to a moment, not to the screen: never in a snapshot. The toasts
 * (ui/toast-viewport.tsx, and the update banner, a `.toast` too), dialogs, the splash, the skip
 * link, the vocabulary's install progress (ui/vocabulary-progress.tsx).
 */
const TRANSIENT =
  '.splash, .toasts, .toast, dialog, [role="dialog"], .skip-link, .vocabulary-progress';

/**
 * The snapshot as stored. `build` is the entry script's URL; `user` whose home it shows ('' for a
 * guest); `theme` the page's light or dark; `splash` the splash's markup in `lang` ('' if unknown).
 */
export interface HomeSnapshot {
  build: string;
  lang: string;
  theme: string;
  user: string;
  html: string;
  splash: string;
}

/** The splash as last drawn, with its language: index.html paints it over the snapshot. */
let splashMarkup: { lang: string; html: string } | null = null;

/** Keeps the splash's markup for the next snapshot (called by the splash when it shows). */
export function rememberSplash(element: HTMLElement): void {
  splashMarkup = { lang: document.documentElement.lang, html: element.outerHTML };
}

/**
 * The entry script of this page: its URL names the build. A built index.html links it with
 * `data-entry` (vite.config.ts, firstPaint); the dev server's page has a module script.
 */
export function buildKey(): string {
  const entry = document.querySelector('link[data-entry], script[type="module"][src]');
  return entry?.getAttribute('href') ?? entry?.getAttribute('src') ?? '';
}

/** The stored snapshot, or null when there is none or it cannot be read. */
export function readSnapshot(): HomeSnapshot | null {
  try {
    const value = JSON.parse(localStorage.getItem(SNAPSHOT_KEY) ?? 'null') as unknown;
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
    if (typeof record.html !== 'string' || typeof record.build !== 'string') return null;
    return {
      build: text('build'),
      lang: text('lang'),
      theme: text('theme'),
      user: text('user'),
      html: text('html'),
      splash: text('splash'),
    };
  } catch {
    return null;
  }
}

/**
 * Stores the frame as it is drawn now, when the page shows home (`/`): `#root` without toasts,
 * dialogs, the splash or the skip link. `user` is the signed-in user's id ('' for a guest).
 */
export function saveSnapshot(user: string): void {
  const root = document.getElementById('root');
  if (!root || window.location.pathname !== '/') return;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const element of copy.querySelectorAll(TRANSIENT)) element.remove();
  for (const element of copy.querySelectorAll('[style]')) {
    element.setAttribute(SNAPSHOT_STYLE, element.getAttribute('style') ?? '');
    element.removeAttribute('style');
  }
  const lang = document.documentElement.lang;
  // The splash drawn at this start, or else the one the last snapshot kept (the splash was
  // skipped before the app drew it, or is off): read only then.
  const splash = splashMarkup?.lang === lang ? splashMarkup.html : keptSplash(lang);
  const snapshot: HomeSnapshot = {
    build: buildKey(),
    lang,
    theme: document.documentElement.dataset.theme ?? '',
    user,
    html: copy.innerHTML,
    splash,
  };
  try {
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or blocked: the next start shows the start screen, as without a snapshot.
  }
}

/**
 * Keeps the snapshot of the frame whenever it has been still (no change anywhere in `#root`) for
 * `stillMs`, and when the page is hidden or closed with changes not yet kept (a page leaving is
 * not slowed down when its snapshot is already kept). Watches the whole frame, not one
 * component: a part that re-renders alone (a progress bar, the rank when the vocabulary loads)
 * restarts the wait too. Returns the stop (home leaves the screen).
 */
export function keepSnapshotWhenStill(user: string, stillMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsaved = true;
  const save = () => {
    clearTimeout(timer);
    if (!unsaved) return;
    unsaved = false;
    saveSnapshot(user);
  };
  const observer = new MutationObserver(() => {
    unsaved = true;
    clearTimeout(timer);
    timer = setTimeout(save, stillMs);
  });
  const root = document.getElementById('root');
  if (root) {
    observer.observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  }
  timer = setTimeout(save, stillMs);
  window.addEventListener('pagehide', save);
  return () => {
    clearTimeout(timer);
    observer.disconnect();
    window.removeEventListener('pagehide', save);
  };
}

/** The splash markup the stored snapshot holds in `lang`, or ''. */
function keptSplash(lang: string): string {
  const previous = readSnapshot();
  return previous?.lang === lang ? previous.splash : '';
}

/** Removes the snapshot (sign-out, another user). */
export function clearSnapshot(): void {
  try {
    localStorage.removeItem(SNAPSHOT_KEY);
  } catch {
    // Blocked storage holds no snapshot either.
  }
}

/**
 * The picture of home index.html painted at this start (`#picture`, beside the app's root: the
 * inert home and the splash over it), or null if none was painted. It stays until the app's own
 * screen is up, which removes it (`removePicture`).
 */
export function paintedPicture(): HTMLElement | null {
  return document.getElementById('picture');
}

/** Removes the picture of home (the app's own screen, live or Loading, has taken its place). */
export function removePicture(): void {
  paintedPicture()?.remove();
}

/** Removes the splash index.html painted over the picture (the app draws its own in its place). */
export function removePaintedSplash(): void {
  paintedPicture()?.querySelector(':scope > .splash')?.remove();
}

/** Whether the splash index.html painted was tapped away before the app took over. */
export function splashSkipped(): boolean {
  return paintedPicture()?.dataset.splash === 'skipped';
}

/**
 * When index.html painted the splash (its `performance.now()`, so that a page's own clock, or a
 * test's, measures the splash's 3 s throughout), or null if it did not.
 */
export function splashPaintedAt(): number | null {
  const value = paintedPicture()?.dataset.splashAt;
  const at = value ? Number(value) : Number.NaN;
  return Number.isFinite(at) ? at : null;
}
