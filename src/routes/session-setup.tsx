/** /session-setup */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { prepare } from './study';

export const sessionSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/session-setup',
  loader: prepare(['onboarding'], { session: true, speech: true }),
  component: lazyRouteComponent(
    () => import('@/features/onboarding/session-setup-screen'),
    'SessionSetupScreen',
  ),
});
