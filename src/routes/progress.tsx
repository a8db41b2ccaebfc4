/** /progress */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';
import { prepare } from './study';

export const progressRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/progress',
  beforeLoad: requireSignedIn,
  loader: prepare(['account', 'exam']),
  component: lazyRouteComponent(
    () => import('@/features/progress/progress-screen'),
    'ProgressScreen',
  ),
});
