/**
 * Local accounts, the embedded default: users live in MarineDB with PBKDF2 password hashes. The
 * session (so a reload, or a week offline, keeps the user signed in) is the user id and a random
 * secret in local storage, and the same secret on the user's record in MarineDB: writing another
 * user's id into local storage signs nobody in, whoever else is or was signed in. Admin rights
 * come only from the build's administrator code (auth/admin-code), never from an e-mail address.
 */

import type { LocalUserRecord, MarineDB } from '@/db/schema';
import {
  getUser,
  getUserByEmail,
  putUser,
  takePreviousVersionSessionMark,
  updateUser,
} from '@/db/users-repo';
import { DEFAULT_MIN_PASSWORD_LENGTH, PBKDF2_ITERATIONS } from '@/domain/constants';
import { newId } from '@/domain/ids';
import type { User, UserSettings } from '@/domain/types';
import { normalizeEmail } from '@/domain/validation';
import { configuredAdminCode, isAdminCode } from './admin-code';
import { AuthError, type AuthProvider, type RegisterInput } from './auth-provider';
import { hashPassword, type PasswordHash, verifyPassword } from './password';

/** 32 random bytes, base64. */
function randomSecret(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
}

export const SESSION_KEY = 'marine.lastUserId';
/** The session secret beside the user id in local storage. */
export const SESSION_SECRET_KEY = 'marine.sessionSecret';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LocalAuthOptions {
  getDB: () => Promise<MarineDB>;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The administrator code's hash (defaults to the build's VITE_ADMIN_CODE_HASH); null: none. */
  adminCode?: PasswordHash | null;
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
  const adminCode = options.adminCode === undefined ? configuredAdminCode() : options.adminCode;

  /** Starts the user's session on this device: a new secret on the record and in storage. */
  async function startSession(db: MarineDB, record: LocalUserRecord): Promise<LocalUserRecord> {
    const secret = randomSecret();
    const updated = await updateUser(db, record.id, (u) => ({ ...u, sessionSecret: secret }));
    storage().setItem(SESSION_KEY, record.id);
    storage().setItem(SESSION_SECRET_KEY, secret);
    return updated ?? record;
  }

  function forgetSession(): void {
    storage().removeItem(SESSION_KEY);
    storage().removeItem(SESSION_SECRET_KEY);
  }

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
      const db = await options.getDB();
      // The previous version's session (an id alone) is kept only at the first start after the
      // upgrade that brought session secrets, told by a mark that upgrade left and that is taken
      // here at every start, signed in or not. Inferring it from the data instead ("no account
      // holds a secret") reopened the door whenever everyone had signed out.
      const previousVersion = await takePreviousVersionSessionMark(db);
      const id = storage().getItem(SESSION_KEY);
      if (!id) return null;
      const secret = storage().getItem(SESSION_SECRET_KEY);
      const record = await getUser(db, id);
      if (record && !secret && previousVersion) return toUser(await startSession(db, record));
      // No such user, or a session this device did not start for them: nobody is signed in.
      if (!record || !secret || record.sessionSecret !== secret) {
        forgetSession();
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
        isAdmin: false,
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
      return toUser(await startSession(db, record));
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
      return toUser(await startSession(db, signedIn));
    },

    async signOut() {
      const id = storage().getItem(SESSION_KEY);
      forgetSession();
      if (id) {
        await updateUser(await options.getDB(), id, ({ sessionSecret: _ended, ...rest }) => rest);
      }
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

    adminCode: adminCode
      ? {
          async claim(userId, code) {
            if (!(await isAdminCode(code, adminCode))) throw new AuthError('invalid-admin-code');
            return mustUpdate(userId, (u) => ({ ...u, isAdmin: true }));
          },
        }
      : null,
  };
}
