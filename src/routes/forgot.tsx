/** /forgot */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const forgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot',
  component: lazyRouteComponent(() => import('@/features/auth/forgot-screen'), 'ForgotScreen'),
});
