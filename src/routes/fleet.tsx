/** /fleet: the fleet dashboard of training officers and admins (the screen says who may see it). */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';
import { prepare } from './study';

export const fleetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fleet',
  beforeLoad: requireSignedIn,
  loader: prepare(['fleet']),
  component: lazyRouteComponent(() => import('@/features/fleet/fleet-screen'), 'FleetScreen'),
});
