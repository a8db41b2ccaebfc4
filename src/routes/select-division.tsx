/** /select-division */
import { createRoute } from '@tanstack/react-router';
import { SelectDivisionScreen } from '@/features/onboarding/select-division-screen';
import { rootRoute } from './root';

export const selectDivisionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/select-division',
  component: SelectDivisionScreen,
});
