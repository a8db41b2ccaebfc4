/** /progress */
import { createRoute } from '@tanstack/react-router';
import { ProgressScreen } from '@/features/progress/progress-screen';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const progressRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/progress',
  beforeLoad: requireSignedIn,
  component: ProgressScreen,
});
