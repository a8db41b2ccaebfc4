/** /quiz */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { connectStudySession } from './study';

export const quizRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quiz',
  loader: connectStudySession,
  component: lazyRouteComponent(() => import('@/features/quiz/quiz-screen'), 'QuizScreen'),
});
