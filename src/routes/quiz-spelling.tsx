/** /quiz/spelling */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { connectStudySession } from './study';

export const quizSpellingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quiz/spelling',
  loader: connectStudySession,
  component: lazyRouteComponent(
    () => import('@/features/spelling/spelling-screen'),
    'SpellingScreen',
  ),
});
