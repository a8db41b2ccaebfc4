/** /forgot */
import { createRoute } from '@tanstack/react-router';
import { ForgotScreen } from '@/features/auth/forgot-screen';
import { rootRoute } from './root';

export const forgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot',
  component: ForgotScreen,
});
