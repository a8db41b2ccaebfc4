/** /register */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireGuest } from './guards';
import { rootRoute } from './root';

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  beforeLoad: requireGuest,
  component: lazyRouteComponent(() => import('@/features/auth/register-screen'), 'RegisterScreen'),
});
