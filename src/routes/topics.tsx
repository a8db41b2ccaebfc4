/** /topics */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { prepare } from './study';

export const topicsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/topics',
  loader: prepare(['library', 'admin']),
  component: lazyRouteComponent(() => import('@/features/topics/topics-screen'), 'TopicsScreen'),
});
