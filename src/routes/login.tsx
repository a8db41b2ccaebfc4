/** /login */
import { createRoute } from '@tanstack/react-router';
import { LoginScreen } from '@/features/auth/login-screen';
import { requireGuest } from './guards';
import { rootRoute } from './root';

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  beforeLoad: requireGuest,
  component: LoginScreen,
});
