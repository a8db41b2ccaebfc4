/** /progress */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const progressRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/progress',
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(
    () => import('@/features/progress/progress-screen'),
    'ProgressScreen',
  ),
});
