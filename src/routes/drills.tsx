/** /drills and /drills/$drillId: the VHF exchange drills and one drill. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';
import { prepare } from './study';

/** The drills' texts, the device's voices and the drills themselves, before the screen renders. */
async function loadDrillScreens(): Promise<void> {
  const [{ loadDrills }] = await Promise.all([
    import('@/stores/drills-store'),
    prepare(['drills'], { speech: true })(),
  ]);
  await loadDrills();
}

export const drillsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/drills',
  loader: loadDrillScreens,
  component: lazyRouteComponent(() => import('@/features/drills/drills-screen'), 'DrillsScreen'),
});

const DrillScreen = lazyRouteComponent(
  () => import('@/features/drills/drill-screen'),
  'DrillScreen',
);

export const drillRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/drills/$drillId',
  loader: loadDrillScreens,
  component: DrillScreenRoute,
});

/** Hands the drill's id to the screen; a new id starts the screen afresh. */
function DrillScreenRoute() {
  const { drillId } = drillRoute.useParams();
  return <DrillScreen key={drillId} drillId={drillId} />;
}
DrillScreenRoute.preload = () => DrillScreen.preload?.();
