/**
 * The app's user of a Firebase account, and the saves of its profile: the name lives on the
 * account (Firebase's displayName), the settings in the local users table. What Firebase does not
 * know (settings, the last known admin flag, a name not yet saved) comes from the locally cached
 * user.
 */
import type { User as FirebaseUser } from 'firebase/auth';
import type { MarineDB } from '@/db/schema';
import { getUser, putUser, updateUserSettings } from '@/db/users-repo';
import { DAILY_GOAL_DEFAULT, DEFAULT_THEME, DEFAULT_UI_LANG } from '@/domain/settings-schema';
import type { User, UserSettings } from '@/domain/types';
import type { AuthModule } from '@/firebase/auth-instance';
import { NO_AUTHENTICATED_USER } from './firebase-errors';
import { readAdminClaim } from './firebase-token';
import { toUser } from './local-auth';

export function defaultUserSettings(): UserSettings {
  return { dailyGoal: DAILY_GOAL_DEFAULT, uiLang: DEFAULT_UI_LANG, theme: DEFAULT_THEME };
}

export interface ProfileOptions {
  /** The local database: the default source of cached users and the store of settings. */
  getDB?: () => Promise<MarineDB>;
  /** The locally cached app user of a uid (settings, last known admin flag, name). */
  cachedUser?: (uid: string) => Promise<User | null | undefined>;
  /** Writes a settings patch to the local users table and returns the updated user. */
  saveSettings?: (userId: string, patch: Partial<UserSettings>) => Promise<User>;
  /** Defaults of a user with no local record. */
  defaultSettings: () => UserSettings;
  now: () => number;
}

export interface Profiles {
  /** The last user the provider returned: the base of settings changes without a database. */
  current: User | null;
  /** The locally cached app user of a uid; null when there is none or it cannot be read. */
  cached(uid: string): Promise<User | null>;
  /** The app user of a Firebase user; it becomes `current`. */
  toAppUser(user: FirebaseUser, settings?: UserSettings): Promise<User>;
  /** A new token's admin claim: the current user as now, if their rights changed; else null. */
  withAdminClaim(uid: string, admin: boolean): User | null;
  /** The app user of a new account, named `fullName` where Firebase allows it. */
  nameNewAccount(
    fb: AuthModule,
    user: FirebaseUser,
    fullName: string,
    settings: UserSettings,
  ): Promise<User>;
  /** Saves the name on the account. */
  rename(fb: AuthModule, user: FirebaseUser, fullName: string): Promise<User>;
  /** Saves a settings patch locally (the saveSettings option, or the users table). */
  saveSettings(userId: string, patch: Partial<UserSettings>): Promise<User>;
}

export function createProfiles(options: ProfileOptions): Profiles {
  async function cached(uid: string): Promise<User | null> {
    try {
      if (options.cachedUser) return (await options.cachedUser(uid)) ?? null;
      if (options.getDB) {
        const record = await getUser(await options.getDB(), uid);
        return record ? toUser(record) : null;
      }
    } catch (error) {
      console.error('Reading the cached user failed', error);
    }
    return null;
  }

  async function toAppUser(user: FirebaseUser, settingsOverride?: UserSettings): Promise<User> {
    const known = await cached(user.uid);
    const email = (user.email ?? known?.email ?? '').trim().toLowerCase();
    const created = Date.parse(user.metadata.creationTime ?? '');
    const mapped: User = {
      id: user.uid,
      email,
      fullName: user.displayName ?? known?.fullName ?? '',
      isAdmin: await readAdminClaim(user, known?.isAdmin === true),
      createdAt: Number.isFinite(created) ? created : (known?.createdAt ?? options.now()),
      settings: settingsOverride ?? known?.settings ?? options.defaultSettings(),
    };
    profiles.current = mapped;
    return mapped;
  }

  async function saveToUsersTable(userId: string, patch: Partial<UserSettings>): Promise<User> {
    const base = profiles.current?.id === userId ? profiles.current : await cached(userId);
    if (!base) throw new Error(NO_AUTHENTICATED_USER);
    if (options.getDB) {
      const db = await options.getDB();
      const record =
        (await updateUserSettings(db, userId, patch)) ??
        (await putUser(db, { ...base, settings: { ...base.settings, ...patch } }));
      return toUser(record);
    }
    return { ...base, settings: { ...base.settings, ...patch } };
  }

  const profiles: Profiles = {
    current: null,
    cached,
    toAppUser,

    withAdminClaim(uid, admin) {
      const { current } = profiles;
      if (!current || current.id !== uid || current.isAdmin === admin) return null;
      profiles.current = { ...current, isAdmin: admin };
      return profiles.current;
    },

    async nameNewAccount(fb, user, fullName, settings) {
      if (fullName) {
        try {
          await fb.updateProfile(user, { displayName: fullName });
        } catch (error) {
          // The account exists and is signed in: the name is kept locally and set again later.
          console.error('Setting the display name failed', error);
        }
      }
      const mapped = await toAppUser(user, settings);
      return fullName ? { ...mapped, fullName } : mapped;
    },

    async rename(fb, user, fullName) {
      const name = fullName.trim();
      await fb.updateProfile(user, { displayName: name });
      const mapped = await toAppUser(user);
      return { ...mapped, fullName: name };
    },

    async saveSettings(userId, patch) {
      const user = await (options.saveSettings ?? saveToUsersTable)(userId, patch);
      if (profiles.current?.id === userId) profiles.current = user;
      return user;
    },
  };
  return profiles;
}
