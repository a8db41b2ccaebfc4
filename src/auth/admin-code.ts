/**
 * The local edition's administrator code. The build holds only its PBKDF2 hash
 * (`VITE_ADMIN_CODE_HASH`, made by `npm run admin-code`, at least 600,000 iterations), never the
 * code: whoever knows the code can make their local account an admin; an e-mail address alone
 * cannot. Format: `pbkdf2-sha256:<iterations>:<salt, base64>:<hash, base64>` (no `$`: env files
 * expand it).
 */
import { PBKDF2_ITERATIONS } from '@/domain/constants';
import { type PasswordHash, verifyPassword } from './password';

/**
 * The fewest PBKDF2 iterations an administrator-code hash may have: the strength of the local
 * passwords. The hash ships inside the public build, so a weaker one lets anyone who downloads
 * the app guess the code offline that much faster.
 */
export const MIN_ADMIN_CODE_ITERATIONS = PBKDF2_ITERATIONS;

/**
 * The configured hash, parsed; null when the build has none (the local edition then has no admin),
 * and null, with an error in the console, when its iterations are below the minimum.
 */
export function parseAdminCodeHash(encoded: string | undefined): PasswordHash | null {
  const parts = (encoded ?? '').trim().split(':');
  if (parts.length !== 4 || parts[0] !== 'pbkdf2-sha256') return null;
  const iterations = Number(parts[1]);
  if (!Number.isSafeInteger(iterations) || iterations < 1) return null;
  const [, , salt, hash] = parts as [string, string, string, string];
  if (salt === '' || hash === '') return null;
  if (iterations < MIN_ADMIN_CODE_ITERATIONS) {
    // Refused loudly: a build whose owner believes it has an admin code should not quietly have
    // none, nor quietly accept a code that is cheap to guess.
    console.error(
      `VITE_ADMIN_CODE_HASH is ignored: it has ${iterations} PBKDF2 iterations, fewer than the ` +
        `${MIN_ADMIN_CODE_ITERATIONS} required, so this build has no administrator code. ` +
        'Make a new hash with `npm run admin-code` and rebuild.',
    );
    return null;
  }
  return { iterations, salt, hash };
}

export function configuredAdminCode(): PasswordHash | null {
  return parseAdminCodeHash(import.meta.env.VITE_ADMIN_CODE_HASH as string | undefined);
}

/** Whether `code` (trimmed) is the administrator code. */
export function isAdminCode(code: string, stored: PasswordHash): Promise<boolean> {
  return verifyPassword(code.trim(), stored);
}
