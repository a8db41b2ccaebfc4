/** /quiz */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { prepare } from './study';

export const quizRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quiz',
  loader: prepare(['quiz'], { session: true, speech: true }),
  component: lazyRouteComponent(() => import('@/features/quiz/quiz-screen'), 'QuizScreen'),
});
