/** /select-topic */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { prepare } from './study';

interface Search {
  division?: string;
  role?: string;
}

const SelectTopicScreen = lazyRouteComponent(
  () => import('@/features/onboarding/select-topic-screen'),
  'SelectTopicScreen',
);

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export const selectTopicRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-topic',
  validateSearch: (search: Record<string, unknown>): Search => ({
    division: text(search.division),
    role: text(search.role),
  }),
  loader: prepare(['onboarding'], { session: true }),
  component: SelectTopicScreenRoute,
});

/** Hands the search params to the screen; `preload` lets the router load its chunk before rendering. */
function SelectTopicScreenRoute() {
  const search = selectTopicRoute.useSearch();
  return <SelectTopicScreen division={search.division} role={search.role} />;
}
SelectTopicScreenRoute.preload = () => SelectTopicScreen.preload?.();
