/** /session-setup */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const sessionSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/session-setup',
  component: lazyRouteComponent(
    () => import('@/features/onboarding/session-setup-screen'),
    'SessionSetupScreen',
  ),
});
