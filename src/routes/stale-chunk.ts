/**
 * A screen's code or texts that can no longer be loaded because a newer version of the app took
 * over while this page kept running the old one (its service worker removed the old files): the
 * page reloads once into the new version, which restores the session from sessionStorage. A
 * second failure of the same kind shows the error screen instead of reloading in a loop.
 */
const RELOADED_KEY = 'marine.staleChunkReload';
/** Reloads closer together than this count as one loop. */
const LOOP_MS = 30_000;

/** The messages browsers give a failed dynamic import. */
export function isStaleChunkError(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return false;
  return (
    message.startsWith('Failed to fetch dynamically imported module') ||
    message.startsWith('error loading dynamically imported module') ||
    message.startsWith('Importing a module script failed')
  );
}

/** Reloads the page once for a stale chunk; false when it already did just now (show the error). */
export function reloadForStaleChunk(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (now - last < LOOP_MS) return false;
    sessionStorage.setItem(RELOADED_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
