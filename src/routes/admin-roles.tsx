/** /admin/roles */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireAdmin } from './guards';
import { rootRoute } from './root';
import { prepare } from './study';

export const adminRolesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/roles',
  beforeLoad: requireAdmin,
  loader: prepare(['admin', 'exam', 'fleet']),
  component: lazyRouteComponent(() => import('@/features/admin/admin-screen'), 'AdminScreen'),
});
