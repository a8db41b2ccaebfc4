/** The route tree: one thin file per screen, assembled here. */
import { createRoute } from '@tanstack/react-router';
import { adminRolesRoute } from './admin-roles';
import { dictionaryRoute } from './dictionary';
import { drillRoute, drillsRoute } from './drills';
import { certificateRoute, examRoute, verifyRoute } from './exam';
import { fleetRoute } from './fleet';
import { forgotRoute } from './forgot';
import { redirectUnknown } from './guards';
import { indexRoute } from './index';
import { loginRoute } from './login';
import { profileRoute } from './profile';
import { progressRoute } from './progress';
import { quizRoute } from './quiz';
import { quizSpellingRoute } from './quiz-spelling';
import { registerRoute } from './register';
import { rootRoute } from './root';
import { selectDivisionRoute } from './select-division';
import { selectRoleRoute } from './select-role';
import { selectTopicRoute } from './select-topic';
import { sessionSetupRoute } from './session-setup';
import { settingsRoute } from './settings';
import { topicsRoute } from './topics';

/** Any other path redirects to / when signed in, otherwise to /login. */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: redirectUnknown,
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  selectDivisionRoute,
  selectRoleRoute,
  selectTopicRoute,
  sessionSetupRoute,
  quizRoute,
  quizSpellingRoute,
  topicsRoute,
  dictionaryRoute,
  drillsRoute,
  drillRoute,
  examRoute,
  certificateRoute,
  verifyRoute,
  fleetRoute,
  adminRolesRoute,
  settingsRoute,
  progressRoute,
  profileRoute,
  loginRoute,
  registerRoute,
  forgotRoute,
  unknownRoute,
]);
