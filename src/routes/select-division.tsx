/** /select-division */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { connectStudySession } from './study';

export const selectDivisionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-division',
  loader: connectStudySession,
  component: lazyRouteComponent(
    () => import('@/features/onboarding/select-division-screen'),
    'SelectDivisionScreen',
  ),
});
