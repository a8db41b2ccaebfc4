/** /dictionary */
import { createRoute } from '@tanstack/react-router';
import { DictionaryScreen } from '@/features/dictionary/dictionary-screen';
import { rootRoute } from './root';

interface Search {
  topic?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export const dictionaryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dictionary',
  validateSearch: (search: Record<string, unknown>): Search => ({ topic: text(search.topic) }),
  component: function DictionaryScreenRoute() {
    const search = dictionaryRoute.useSearch();
    return <DictionaryScreen topic={search.topic} />;
  },
});
