/** /profile */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';
import { prepare } from './study';

export const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  beforeLoad: requireSignedIn,
  loader: prepare(['account', 'fleet']),
  component: lazyRouteComponent(() => import('@/features/profile/profile-screen'), 'ProfileScreen'),
});
