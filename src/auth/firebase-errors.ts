/**
 * How the app sees Firebase's auth errors: the codes of SPEC §8 as AuthError, and which errors
 * mean a dead session or a network failure (a network error never signs anyone out).
 */
import { AuthError, type AuthErrorCode, firebaseAuthCode, isAuthErrorCode } from './auth-provider';

/** SPEC §8: the text of a verification (or other current-user) call with nobody signed in. */
export const NO_AUTHENTICATED_USER = 'No authenticated user';

/** Codes with which Firebase says the session is over for good. */
const DEAD_SESSION_CODES: ReadonlySet<AuthErrorCode> = new Set([
  'user-disabled',
  'user-token-expired',
  'invalid-user-token',
]);

/** Firebase codes that mean the same as one of ours. */
const CODE_ALIASES: Readonly<Record<string, AuthErrorCode>> = {
  'weak-password': 'password-does-not-meet-requirements',
  'missing-email': 'invalid-email',
  'invalid-login-credentials': 'invalid-credential',
};

/**
 * A Firebase error as the app sees it: `auth/<code>` of SPEC §8 becomes `AuthError(code)`; an
 * unknown code that says network becomes `network-request-failed`; any other unknown code becomes
 * a plain Error with the provider's message (shown as it is). Non-Firebase errors pass through.
 */
export function mapFirebaseError(error: unknown): unknown {
  if (error instanceof AuthError) return error;
  const code = firebaseAuthCode(error);
  if (code === undefined) return error;
  const known = isAuthErrorCode(code) ? code : CODE_ALIASES[code];
  if (known) return withCause(new AuthError(known), error);
  if (code.includes('network')) return withCause(new AuthError('network-request-failed'), error);
  const message = (error as { message?: unknown }).message;
  return withCause(new Error(typeof message === 'string' && message ? message : code), error);
}

function withCause<E extends Error>(error: E, cause: unknown): E {
  Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true });
  return error;
}

/** Whether Firebase says the session is over: account disabled, session revoked or expired. */
export function isDeadSession(error: unknown): boolean {
  const mapped = mapFirebaseError(error);
  return mapped instanceof AuthError && DEAD_SESSION_CODES.has(mapped.code);
}

export function isNetworkError(error: unknown): boolean {
  const mapped = mapFirebaseError(error);
  return mapped instanceof AuthError && mapped.code === 'network-request-failed';
}
