/** /admin/roles */
import { createRoute } from '@tanstack/react-router';
import { AdminScreen } from '@/features/admin/admin-screen';
import { requireAdmin } from './guards';
import { rootRoute } from './root';

export const adminRolesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/roles',
  beforeLoad: requireAdmin,
  component: AdminScreen,
});
