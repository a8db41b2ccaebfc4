/**
 * The local edition's administrator code. The build holds only its PBKDF2 hash
 * (`VITE_ADMIN_CODE_HASH`, made by `npm run admin-code -- <code>`), never the code: whoever knows
 * the code can make their local account an admin; an e-mail address alone cannot.
 * Format: `pbkdf2-sha256:<iterations>:<salt, base64>:<hash, base64>` (no `$`: env files expand
 * it).
 */
import { type PasswordHash, verifyPassword } from './password';

/** The configured hash, parsed; null when the build has none (the local edition then has no admin). */
export function parseAdminCodeHash(encoded: string | undefined): PasswordHash | null {
  const parts = (encoded ?? '').trim().split(':');
  if (parts.length !== 4 || parts[0] !== 'pbkdf2-sha256') return null;
  const iterations = Number(parts[1]);
  if (!Number.isSafeInteger(iterations) || iterations < 1) return null;
  const [, , salt, hash] = parts as [string, string, string, string];
  if (salt === '' || hash === '') return null;
  return { iterations, salt, hash };
}

export function configuredAdminCode(): PasswordHash | null {
  return parseAdminCodeHash(import.meta.env.VITE_ADMIN_CODE_HASH as string | undefined);
}

/** Whether `code` (trimmed) is the administrator code. */
export function isAdminCode(code: string, stored: PasswordHash): Promise<boolean> {
  return verifyPassword(code.trim(), stored);
}
