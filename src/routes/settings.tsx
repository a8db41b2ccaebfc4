/** /settings */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';
import { prepare } from './study';

export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  beforeLoad: requireSignedIn,
  loader: prepare(['account'], { speech: true }),
  component: lazyRouteComponent(
    () => import('@/features/settings/settings-screen'),
    'SettingsScreen',
  ),
});
