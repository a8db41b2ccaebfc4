/** /profile */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(() => import('@/features/profile/profile-screen'), 'ProfileScreen'),
});
