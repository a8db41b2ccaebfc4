/** /settings */
import { createRoute } from '@tanstack/react-router';
import { SettingsScreen } from '@/features/settings/settings-screen';
import { requireSignedIn } from './guards';
import { rootRoute } from './root';

export const settingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/settings',
  beforeLoad: requireSignedIn,
  component: SettingsScreen,
});
