/**
 * Local accounts, the embedded default: users live in MarineDB with PBKDF2 password hashes, and
 * the signed-in user id is kept in local storage so a reload (or a week offline) keeps the session.
 */

import type { LocalUserRecord, MarineDB } from '@/db/schema';
import { getUser, getUserByEmail, putUser, updateUser } from '@/db/users-repo';
import { DEFAULT_MIN_PASSWORD_LENGTH, PBKDF2_ITERATIONS } from '@/domain/constants';
import { newId } from '@/domain/ids';
import type { User, UserSettings } from '@/domain/types';
import { normalizeEmail } from '@/domain/validation';
import { AuthError, type AuthProvider, type RegisterInput } from './auth-provider';
import { isOwnerEmail } from './owner';
import { hashPassword, verifyPassword } from './password';

export const SESSION_KEY = 'marine.lastUserId';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LocalAuthOptions {
  getDB: () => Promise<MarineDB>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  ownerEmail?: string;
  now?: () => number;
  /** PBKDF2 iterations for new hashes; tests may lower it. */
  iterations?: number;
}

/** The public part of a stored user: never the password fields. */
export function toUser(record: LocalUserRecord): User {
  const { id, email, fullName, isAdmin, createdAt, settings } = record;
  return { id, email, fullName, isAdmin, createdAt, settings };
}

export function createLocalAuth(options: LocalAuthOptions): AuthProvider {
  // Read when used, not when the provider is made: creating it touches nothing.
  const storage = () => options.storage ?? localStorage;
  const now = options.now ?? Date.now;
  const isOwner = (email: string) =>
    options.ownerEmail === undefined
      ? isOwnerEmail(email)
      : isOwnerEmail(email, options.ownerEmail);

  async function mustUpdate(userId: string, update: (u: LocalUserRecord) => LocalUserRecord) {
    const db = await options.getDB();
    const record = await updateUser(db, userId, update);
    if (!record) throw new AuthError('user-not-found');
    return toUser(record);
  }

  return {
    kind: 'local',
    verification: null,

    async restore() {
      const id = storage().getItem(SESSION_KEY);
      if (!id) return null;
      const record = await getUser(await options.getDB(), id);
      if (!record) {
        storage().removeItem(SESSION_KEY);
        return null;
      }
      return toUser(record);
    },

    async register(input: RegisterInput) {
      const email = normalizeEmail(input.email).toLowerCase();
      if (!EMAIL_PATTERN.test(email)) throw new AuthError('invalid-email');
      if (input.password === '') throw new AuthError('missing-password');
      if (input.password.length < DEFAULT_MIN_PASSWORD_LENGTH) {
        throw new AuthError('password-does-not-meet-requirements');
      }
      const db = await options.getDB();
      if (await getUserByEmail(db, email)) throw new AuthError('email-already-in-use');
      const password = await hashPassword(input.password, options.iterations);
      const record: LocalUserRecord = {
        id: newId(),
        email,
        fullName: input.fullName.trim(),
        isAdmin: isOwner(email),
        createdAt: now(),
        settings: input.settings,
        passwordHash: password.hash,
        passwordSalt: password.salt,
        passwordIterations: password.iterations,
      };
      try {
        await putUser(db, record);
      } catch (error) {
        // Another tab registered the same address between the check and the write.
        if (error instanceof DOMException && error.name === 'ConstraintError') {
          throw new AuthError('email-already-in-use');
        }
        throw error;
      }
      storage().setItem(SESSION_KEY, record.id);
      return toUser(record);
    },

    async signIn(email: string, password: string) {
      const address = normalizeEmail(email);
      if (!EMAIL_PATTERN.test(address)) throw new AuthError('invalid-email');
      if (password === '') throw new AuthError('missing-password');
      const db = await options.getDB();
      const record = await getUserByEmail(db, address);
      // One code for an unknown address and a wrong password, so addresses cannot be probed.
      if (!record?.passwordHash || !record.passwordSalt) throw new AuthError('invalid-credential');
      const ok = await verifyPassword(password, {
        hash: record.passwordHash,
        salt: record.passwordSalt,
        iterations: record.passwordIterations ?? 100_000,
      });
      if (!ok) throw new AuthError('invalid-credential');
      let signedIn = record;
      // A hash made with fewer iterations than today's is made again now that the password is known.
      const wanted = options.iterations ?? PBKDF2_ITERATIONS;
      if ((record.passwordIterations ?? 100_000) < wanted) {
        const rehashed = await hashPassword(password, wanted);
        signedIn =
          (await updateUser(db, record.id, (u) => ({
            ...u,
            passwordHash: rehashed.hash,
            passwordSalt: rehashed.salt,
            passwordIterations: rehashed.iterations,
          }))) ?? record;
      }
      if (isOwner(record.email) && !record.isAdmin) {
        // The owner address is upgraded to admin at login.
        signedIn = (await updateUser(db, record.id, (u) => ({ ...u, isAdmin: true }))) ?? signedIn;
      }
      storage().setItem(SESSION_KEY, signedIn.id);
      return toUser(signedIn);
    },

    async signOut() {
      storage().removeItem(SESSION_KEY);
    },

    updateName(userId: string, fullName: string) {
      return mustUpdate(userId, (u) => ({ ...u, fullName: fullName.trim() }));
    },

    updateSettings(userId: string, patch: Partial<UserSettings>) {
      return mustUpdate(userId, (u) => ({ ...u, settings: { ...u.settings, ...patch } }));
    },

    async sendPasswordReset() {
      throw new AuthError('operation-not-allowed');
    },
  };
}
