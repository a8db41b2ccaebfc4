/** /quiz/spelling */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { prepare } from './study';

export const quizSpellingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quiz/spelling',
  loader: prepare(['quiz'], { session: true, speech: true }),
  component: lazyRouteComponent(
    () => import('@/features/spelling/spelling-screen'),
    'SpellingScreen',
  ),
});
