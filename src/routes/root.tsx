/** The root route: the app frame, the error screen, and the fallback for unknown paths. */
import { createRootRoute } from '@tanstack/react-router';
import { ErrorScreen } from '@/features/shell/error-screen';
import { RootLayout } from '@/features/shell/root-layout';
// Asks for persistent storage when a user signs in (issue 5): loaded with the app, not with /settings.
import '@/stores/storage-store';

export const rootRoute = createRootRoute({
  component: RootLayout,
  errorComponent: ({ error }) => <ErrorScreen error={error} />,
});
