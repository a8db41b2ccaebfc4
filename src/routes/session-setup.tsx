/** /session-setup */
import { createRoute } from '@tanstack/react-router';
import { SessionSetupScreen } from '@/features/onboarding/session-setup-screen';
import { rootRoute } from './root';

export const sessionSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/session-setup',
  component: SessionSetupScreen,
});
