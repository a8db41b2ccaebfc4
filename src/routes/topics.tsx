/** /topics */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const topicsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/topics',
  component: lazyRouteComponent(() => import('@/features/topics/topics-screen'), 'TopicsScreen'),
});
