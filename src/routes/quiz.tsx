/** /quiz */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const quizRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quiz',
  component: lazyRouteComponent(() => import('@/features/quiz/quiz-screen'), 'QuizScreen'),
});
