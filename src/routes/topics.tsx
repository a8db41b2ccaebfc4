/** /topics */
import { createRoute } from '@tanstack/react-router';
import { TopicsScreen } from '@/features/topics/topics-screen';
import { rootRoute } from './root';

export const topicsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/topics',
  component: TopicsScreen,
});
