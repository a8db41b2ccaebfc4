import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '@/auth/password';
import { PBKDF2_ITERATIONS } from '@/domain/constants';

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const hex = (data: Uint8Array) => [...data].map((b) => b.toString(16).padStart(2, '0')).join('');

describe('hashPassword', () => {
  it('makes a 256-bit PBKDF2-SHA-256 hash with a random 16-byte salt', async () => {
    const stored = await hashPassword('secret-pass', 1_000);
    expect(stored.iterations).toBe(1_000);
    expect(bytes(stored.hash)).toHaveLength(32);
    expect(bytes(stored.salt)).toHaveLength(16);
    expect(stored.hash).not.toContain('secret');
  });

  it('uses a new salt every time', async () => {
    const a = await hashPassword('secret-pass', 1_000);
    const b = await hashPassword('secret-pass', 1_000);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
  });

  it('defaults to the production iteration count, at least 100000', async () => {
    const stored = await hashPassword('secret-pass');
    expect(stored.iterations).toBe(PBKDF2_ITERATIONS);
    expect(stored.iterations).toBeGreaterThanOrEqual(100_000);
  });
});

describe('verifyPassword', () => {
  it('accepts the password and rejects any other', async () => {
    const stored = await hashPassword('secret-pass', 1_000);
    expect(await verifyPassword('secret-pass', stored)).toBe(true);
    expect(await verifyPassword('secret-pasS', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('needs the same salt and iteration count', async () => {
    const stored = await hashPassword('secret-pass', 1_000);
    const other = await hashPassword('secret-pass', 1_000);
    expect(await verifyPassword('secret-pass', { ...stored, salt: other.salt })).toBe(false);
    expect(await verifyPassword('secret-pass', { ...stored, iterations: 1_001 })).toBe(false);
  });

  it('matches the PBKDF2-HMAC-SHA256 test vector (RFC 7914 §11 style)', async () => {
    // P = "password", S = "salt", c = 1, dkLen = 32.
    const expected = '120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b';
    const hash = btoa(
      String.fromCharCode(...(expected.match(/../g) ?? []).map((h) => Number.parseInt(h, 16))),
    );
    const stored = { hash, salt: btoa('salt'), iterations: 1 };
    expect(hex(bytes(stored.hash))).toBe(expected);
    expect(await verifyPassword('password', stored)).toBe(true);
    expect(await verifyPassword('passwore', stored)).toBe(false);
  });
});
