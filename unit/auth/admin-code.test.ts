import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAdminCode, parseAdminCodeHash } from '@/auth/admin-code';
import { hashPassword } from '@/auth/password';
import { PBKDF2_ITERATIONS } from '@/domain/constants';

const SALT = 'jYPdzqaYqiPawfDe0gEpkQ==';
const HASH = 'FMxrVzBFuGwVLFj5nNRf8fafkxuS8mrZQBpeNVB3OM4=';
const encoded = (iterations: number) => `pbkdf2-sha256:${iterations}:${SALT}:${HASH}`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('parseAdminCodeHash', () => {
  it('accepts a hash of 600,000 iterations or more', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(PBKDF2_ITERATIONS).toBe(600_000);
    expect(parseAdminCodeHash(` ${encoded(600_000)}\n`)).toEqual({
      iterations: 600_000,
      salt: SALT,
      hash: HASH,
    });
    expect(parseAdminCodeHash(encoded(1_000_000))?.iterations).toBe(1_000_000);
    expect(log).not.toHaveBeenCalled();
  });

  it('refuses a hash of fewer iterations, as no code at all, and says why in the console', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const iterations of [599_999, 100_000, 1_000, 1]) {
      log.mockClear();
      expect(parseAdminCodeHash(encoded(iterations)), String(iterations)).toBeNull();
      expect(log).toHaveBeenCalledTimes(1);
      const message = String(log.mock.calls[0]?.[0]);
      expect(message).toContain('VITE_ADMIN_CODE_HASH');
      expect(message).toContain(`${iterations} PBKDF2 iterations`);
      expect(message).toContain('600000');
      expect(message).toContain('npm run admin-code');
    }
  });

  it('is silent when the build has no code, and refuses a malformed one', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const value of [undefined, '', '   ']) expect(parseAdminCodeHash(value)).toBeNull();
    expect(log).not.toHaveBeenCalled();
    for (const value of [
      `pbkdf2-sha1:600000:${SALT}:${HASH}`,
      `pbkdf2-sha256:many:${SALT}:${HASH}`,
      `pbkdf2-sha256:600000::${HASH}`,
      `pbkdf2-sha256:600000:${SALT}`,
    ]) {
      expect(parseAdminCodeHash(value), value).toBeNull();
    }
  });

  it('a strong enough hash verifies its code, trimmed', async () => {
    const stored = await hashPassword('harbour master code', PBKDF2_ITERATIONS);
    const parsed = parseAdminCodeHash(
      `pbkdf2-sha256:${stored.iterations}:${stored.salt}:${stored.hash}`,
    );
    expect(parsed).toEqual(stored);
    expect(await isAdminCode('  harbour master code ', parsed ?? stored)).toBe(true);
    expect(await isAdminCode('harbour master', parsed ?? stored)).toBe(false);
  });
});
