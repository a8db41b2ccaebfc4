/** The one interface every account back end implements: local accounts now, Firebase later. */
import type { User, UserSettings } from '@/domain/types';

export interface RegisterInput {
  email: string;
  password: string;
  fullName: string;
  settings: UserSettings;
}

/** What e-mail verification needs from a back end (the Firebase provider has it). */
export interface VerificationPort {
  sendVerification(): Promise<void>;
  reloadUser(): Promise<{ emailVerified: boolean }>;
  currentEmailVerified(): boolean;
}

export interface AuthProvider {
  readonly kind: 'local' | 'firebase';
  /** E-mail verification, where the back end has it (null in the local edition). */
  readonly verification: VerificationPort | null;
  /** The signed-in user of the last session on this device, or null. */
  restore(): Promise<User | null>;
  register(input: RegisterInput): Promise<User>;
  signIn(email: string, password: string): Promise<User>;
  signOut(): Promise<void>;
  updateName(userId: string, fullName: string): Promise<User>;
  updateSettings(userId: string, patch: Partial<UserSettings>): Promise<User>;
  /** Sends a reset link where the back end can; the local edition cannot (operation-not-allowed). */
  sendPasswordReset(email: string): Promise<void>;
  /**
   * The local edition: whether this build has an administrator code, and claiming admin rights
   * with it (invalid-admin-code when it does not match). The cloud edition has neither: its
   * admins carry the `admin` claim.
   */
  readonly adminCode: { claim(userId: string, code: string): Promise<User> } | null;
}

/** Provider error codes of SPEC §8. */
export type AuthErrorCode =
  | 'invalid-email'
  | 'wrong-password'
  | 'missing-password'
  | 'invalid-credential'
  | 'email-already-in-use'
  | 'user-not-found'
  | 'user-disabled'
  | 'too-many-requests'
  | 'expired-action-code'
  | 'invalid-action-code'
  | 'requires-recent-login'
  | 'user-token-expired'
  | 'invalid-user-token'
  | 'password-does-not-meet-requirements'
  | 'operation-not-allowed'
  | 'network-request-failed'
  | 'multi-factor-auth-required'
  /** The local edition's administrator code did not match. */
  | 'invalid-admin-code';

export const AUTH_ERROR_CODES: readonly AuthErrorCode[] = [
  'invalid-email',
  'wrong-password',
  'missing-password',
  'invalid-credential',
  'email-already-in-use',
  'user-not-found',
  'user-disabled',
  'too-many-requests',
  'expired-action-code',
  'invalid-action-code',
  'requires-recent-login',
  'user-token-expired',
  'invalid-user-token',
  'password-does-not-meet-requirements',
  'operation-not-allowed',
  'network-request-failed',
  'multi-factor-auth-required',
  'invalid-admin-code',
];

export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    message: string = code,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export function isAuthError(error: unknown): error is AuthError {
  return error instanceof AuthError;
}

/**
 * The `auth/...` code of a raw Firebase error, without the prefix; undefined for anything else
 * (the one place that reads Firebase's error codes).
 */
export function firebaseAuthCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('auth/')) return undefined;
  return code.slice('auth/'.length);
}

const KNOWN_CODES: ReadonlySet<string> = new Set(AUTH_ERROR_CODES);

/** Whether a code is one of the provider error codes of SPEC §8. */
export function isAuthErrorCode(code: string | undefined): code is AuthErrorCode {
  return code !== undefined && KNOWN_CODES.has(code);
}
