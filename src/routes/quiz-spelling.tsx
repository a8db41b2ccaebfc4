/** /quiz/spelling */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const quizSpellingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quiz/spelling',
  component: lazyRouteComponent(
    () => import('@/features/spelling/spelling-screen'),
    'SpellingScreen',
  ),
});
