/** Password hashing for local accounts: PBKDF2-SHA-256 with a random salt (WebCrypto). */
import { PBKDF2_ITERATIONS } from '@/domain/constants';

const SALT_BYTES = 16;
const HASH_BITS = 256;

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

async function derive(password: string, salt: Uint8Array, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return toBase64(new Uint8Array(bits));
}

export async function hashPassword(
  password: string,
  iterations: number = PBKDF2_ITERATIONS,
): Promise<PasswordHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return { hash: await derive(password, salt, iterations), salt: toBase64(salt), iterations };
}

/** Compares in constant time so the answer's timing does not leak how much of a hash matched. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations);
  if (actual.length !== stored.hash.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= actual.charCodeAt(i) ^ stored.hash.charCodeAt(i);
  return diff === 0;
}
