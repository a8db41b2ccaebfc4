/** /exam and /exam/$examId: the exam of the learner's post, and the certificate of one result. */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireAdmin, requireSignedIn } from './guards';
import { rootRoute } from './root';
import { prepare } from './study';

export const examRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/exam',
  beforeLoad: requireSignedIn,
  loader: prepare(['exam', 'onboarding'], { session: true, speech: true }),
  component: lazyRouteComponent(() => import('@/features/exam/exam-screen'), 'ExamScreen'),
});

const CertificateScreen = lazyRouteComponent(
  () => import('@/features/exam/certificate-screen'),
  'CertificateScreen',
);

export const certificateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/exam/$examId',
  beforeLoad: requireSignedIn,
  loader: prepare(['exam']),
  component: CertificateRoute,
});

/** Hands the result's id to the screen. */
function CertificateRoute() {
  const { examId } = certificateRoute.useParams();
  return <CertificateScreen key={examId} examId={examId} />;
}
CertificateRoute.preload = () => CertificateScreen.preload?.();

export const verifyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify',
  beforeLoad: requireAdmin,
  loader: prepare(['exam']),
  component: lazyRouteComponent(() => import('@/features/exam/verify-screen'), 'VerifyScreen'),
});
