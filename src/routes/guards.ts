/** Route guards, run in `beforeLoad`: they read the settled auth state and throw redirects. */
import { redirect } from '@tanstack/react-router';
import { useAuthStore } from '@/stores/auth-store';

const currentUser = () => useAuthStore.getState().user;

/** Guests are sent to /login. */
export function requireSignedIn(): void {
  if (!currentUser()) throw redirect({ to: '/login' });
}

/** Non-admins are sent to / when signed in, otherwise to /login. */
export function requireAdmin(): void {
  const user = currentUser();
  if (!user) throw redirect({ to: '/login' });
  if (!user.isAdmin) throw redirect({ to: '/' });
}

/** Signed-in users have no business on the login and registration forms. */
export function requireGuest(): void {
  if (currentUser()) throw redirect({ to: '/' });
}

/** Any other path: / when signed in, otherwise /login. */
export function redirectUnknown(): never {
  throw redirect({ to: currentUser() ? '/' : '/login', replace: true });
}
