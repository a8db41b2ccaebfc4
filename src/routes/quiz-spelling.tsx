/** /quiz/spelling */
import { createRoute } from '@tanstack/react-router';
import { SpellingScreen } from '@/features/spelling/spelling-screen';
import { rootRoute } from './root';

export const quizSpellingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/quiz/spelling',
  component: SpellingScreen,
});
