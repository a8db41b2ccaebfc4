/** The text a person sees for a failed account action: the provider's code in their language. */
import { AUTH_ERROR_CODES, type AuthErrorCode, isAuthError } from '@/auth/auth-provider';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '@/domain/constants';
import type { MessageKey, Translate } from '@/i18n';

/** The message key of a provider error code. */
export function authErrorKey(code: AuthErrorCode): MessageKey {
  return `auth.error.${code}` satisfies MessageKey;
}

/** Every code of SPEC §8 with its key; for tests and for anyone listing them. */
export const AUTH_ERROR_KEYS: ReadonlyArray<readonly [AuthErrorCode, MessageKey]> =
  AUTH_ERROR_CODES.map((code) => [code, authErrorKey(code)] as const);

/**
 * The provider's message for an AuthError; anything else is a failure the person did not cause,
 * so it is logged and shown as the screen's general failure text.
 */
export function authErrorText(t: Translate, error: unknown, fallback: MessageKey): string {
  if (isAuthError(error)) return t(authErrorKey(error.code), { min: DEFAULT_MIN_PASSWORD_LENGTH });
  console.error(error);
  return t(fallback);
}
