/** /select-topic */
import { createRoute } from '@tanstack/react-router';
import { SelectTopicScreen } from '@/features/onboarding/select-topic-screen';
import { rootRoute } from './root';

interface Search {
  division?: string;
  role?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export const selectTopicRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-topic',
  validateSearch: (search: Record<string, unknown>): Search => ({
    division: text(search.division),
    role: text(search.role),
  }),
  component: function SelectTopicScreenRoute() {
    const search = selectTopicRoute.useSearch();
    return <SelectTopicScreen division={search.division} role={search.role} />;
  },
});
