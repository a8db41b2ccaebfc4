/** /login */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireGuest } from './guards';
import { rootRoute } from './root';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: requireGuest,
  component: lazyRouteComponent(() => import('@/features/auth/login-screen'), 'LoginScreen'),
});
