/** /profile */
import { createRoute } from '@tanstack/react-router';
import { ProfileScreen } from '@/features/profile/profile-screen';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  beforeLoad: requireSignedIn,
  component: ProfileScreen,
});
