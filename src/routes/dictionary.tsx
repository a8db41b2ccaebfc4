/** /dictionary */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { prepare } from './study';

interface Search {
  topic?: string;
}

const DictionaryScreen = lazyRouteComponent(
  () => import('@/features/dictionary/dictionary-screen'),
  'DictionaryScreen',
);

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export const dictionaryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dictionary',
  validateSearch: (search: Record<string, unknown>): Search => ({ topic: text(search.topic) }),
  loader: prepare(['library', 'admin'], { session: true, speech: true }),
  component: DictionaryScreenRoute,
});

/** Hands the search params to the screen; `preload` lets the router load its chunk before rendering. */
function DictionaryScreenRoute() {
  const search = dictionaryRoute.useSearch();
  return <DictionaryScreen topic={search.topic} />;
}
DictionaryScreenRoute.preload = () => DictionaryScreen.preload?.();
