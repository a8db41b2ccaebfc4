/** /select-division */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { prepare } from './study';

export const selectDivisionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-division',
  loader: prepare(['onboarding'], { session: true }),
  component: lazyRouteComponent(
    () => import('@/features/onboarding/select-division-screen'),
    'SelectDivisionScreen',
  ),
});
