/** /select-role */
import { createRoute } from '@tanstack/react-router';
import { SelectRoleScreen } from '@/features/onboarding/select-role-screen';
import { rootRoute } from './root';

interface Search {
  division?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export const selectRoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-role',
  validateSearch: (search: Record<string, unknown>): Search => ({
    division: text(search.division),
  }),
  component: function SelectRoleScreenRoute() {
    const search = selectRoleRoute.useSearch();
    return <SelectRoleScreen division={search.division} />;
  },
});
