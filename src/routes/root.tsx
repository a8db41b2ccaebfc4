/** The root route: the app frame, the error screen, and the fallback for unknown paths. */
import { createRootRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/features/shell/error-screen';
import { RootLayout } from '@/features/shell/root-layout';
// Asks for persistent storage when a user signs in (issue 5): loaded with the app, not with /settings.
import '@/stores/storage-store';
import { isStaleChunkError, reloadForStaleChunk } from './stale-chunk';

export const rootRoute = createRootRoute({
  component: RootLayout,
  // A screen of an older version that can no longer load reloads into the new version once.
  errorComponent: ({ error }) =>
    isStaleChunkError(error) && reloadForStaleChunk() ? null : <ErrorScreen error={error} />,
});
