/** /settings */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(
    () => import('@/features/settings/settings-screen'),
    'SettingsScreen',
  ),
});
