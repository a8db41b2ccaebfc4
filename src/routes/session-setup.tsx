/** /session-setup */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { connectStudySession } from './study';

export const sessionSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/session-setup',
  loader: connectStudySession,
  component: lazyRouteComponent(
    () => import('@/features/onboarding/session-setup-screen'),
    'SessionSetupScreen',
  ),
});
