/** /register */
import { createRoute } from '@tanstack/react-router';
import { RegisterScreen } from '@/features/auth/register-screen';
import { requireGuest } from './guards';
import { rootRoute } from './root';

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  beforeLoad: requireGuest,
  component: RegisterScreen,
});
