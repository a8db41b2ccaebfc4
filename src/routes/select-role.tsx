/** /select-role */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { prepare } from './study';

interface Search {
  division?: string;
}

const SelectRoleScreen = lazyRouteComponent(
  () => import('@/features/onboarding/select-role-screen'),
  'SelectRoleScreen',
);

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export const selectRoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-role',
  validateSearch: (search: Record<string, unknown>): Search => ({
    division: text(search.division),
  }),
  loader: prepare(['onboarding'], { session: true }),
  component: SelectRoleScreenRoute,
});

/** Hands the search params to the screen; `preload` lets the router load its chunk before rendering. */
function SelectRoleScreenRoute() {
  const search = selectRoleRoute.useSearch();
  return <SelectRoleScreen division={search.division} />;
}
SelectRoleScreenRoute.preload = () => SelectRoleScreen.preload?.();
