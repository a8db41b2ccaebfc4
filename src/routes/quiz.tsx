/** /quiz */
import { createRoute } from '@tanstack/react-router';
import { QuizScreen } from '@/features/quiz/quiz-screen';
import { rootRoute } from './root';

export const quizRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quiz',
  component: QuizScreen,
});
