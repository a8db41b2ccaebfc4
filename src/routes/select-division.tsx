/** /select-division */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const selectDivisionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-division',
  component: lazyRouteComponent(
    () => import('@/features/onboarding/select-division-screen'),
    'SelectDivisionScreen',
  ),
});
