/**
 * Who is signed in: the auth provider's state (loading, then a user or null) and its actions.
 * The provider is local accounts, or Firebase when a project is configured; with Firebase the
 * user also gets a local record (settings, sync cursor) and the cloud profile of SPEC §7.
 */
import { create } from 'zustand';
import { AuthError, type AuthProvider, type RegisterInput } from '@/auth/auth-provider';
import { createFirebaseAuth } from '@/auth/firebase-auth';
import { firebaseSettings } from '@/auth/firebase-config';
import { createLocalAuth } from '@/auth/local-auth';
import { getDB } from '@/db/instance';
import { getUser, markProfileSent, markProfileUnsent, putUser, updateUser } from '@/db/users-repo';
import { DAILY_GOAL_DEFAULT } from '@/domain/constants';
import { profileRecordOf } from '@/domain/synced-records';
import type { User, UserSettings } from '@/domain/types';
import { fetchProfile, pushProfile } from '@/sync/cloud-remote';

export type AuthStatus = 'loading' | 'ready';

interface AuthState {
  status: AuthStatus;
  user: User | null;
  provider: AuthProvider;
  /** Restores the last session; the app shows the Loading screen until it settles. */
  init(): Promise<void>;
  register(input: RegisterInput): Promise<User>;
  signIn(email: string, password: string): Promise<User>;
  signOut(): Promise<void>;
  updateName(fullName: string): Promise<User>;
  /** The local edition: makes the signed-in account an admin with the build's administrator code. */
  claimAdmin(code: string): Promise<User>;
  /** Saves settings of the signed-in user; a guest's change is ignored here. */
  updateSettings(patch: Partial<UserSettings>): Promise<User | null>;
}

function requireUser(user: User | null): User {
  if (!user) throw new Error('No signed-in user');
  return user;
}

function createProvider(): AuthProvider {
  const settings = firebaseSettings();
  if (!settings) return createLocalAuth({ getDB });
  return createFirebaseAuth(settings, {
    getDB,
    // A disabled account or a revoked token ends the session; a network error never does.
    onSignedOut: () => useAuthStore.setState({ user: null }),
    // A claim granted or revoked takes effect with the next token.
    onUserChanged: (changed) => {
      const { user } = useAuthStore.getState();
      if (user?.id === changed.id) {
        useAuthStore.setState({ user: { ...user, isAdmin: changed.isAdmin } });
        void rememberAdmin(changed.id, changed.isAdmin).catch((error: unknown) =>
          console.warn('Remembering the admin rights failed', error),
        );
      }
    },
  });
}

/**
 * Sends the user's profile to the cloud. It is marked unsent first (in MarineDB), so a change
 * made offline, or a push that fails, is sent by the next sync instead of being lost.
 */
async function shareProfile(user: User): Promise<void> {
  const db = await getDB();
  const revision = await markProfileUnsent(db, user.id);
  // Not waited for: the change is saved here already, and a link that looks up but never
  // answers must not hold a screen for the push's timeout. A push that fails is the next
  // sync's to send.
  void pushProfile(user.id, profileRecordOf(user))
    .then((sent) => (sent ? markProfileSent(db, user.id, revision) : undefined))
    .catch((error: unknown) => console.warn('Marking the profile sent failed', error));
}

/**
 * Remembers on the device what the token last said of the admin rights: the one thing to go by
 * offline, when an expired token cannot be read (a claim given or taken after the account came
 * to this device would otherwise be forgotten at sea).
 */
async function rememberAdmin(userId: string, isAdmin: boolean): Promise<void> {
  const db = await getDB();
  await updateUser(db, userId, (record) =>
    Boolean(record.isAdmin) === isAdmin ? record : { ...record, isAdmin },
  );
}

/**
 * A cloud user needs a local record: the one on this device, else one made from the cloud
 * profile (read only when no local record exists, SPEC §7), else from the provider's defaults.
 */
async function ensureLocalRecord(user: User): Promise<User> {
  const db = await getDB();
  const local = await getUser(db, user.id);
  // Admin rights come from the token (the claim, or the verified owner address), never from a
  // flag stored on the device or in the profile: a revoked claim must not linger. What the token
  // said is remembered for offline starts (see rememberAdmin).
  if (local) {
    if (Boolean(local.isAdmin) !== user.isAdmin) await rememberAdmin(user.id, user.isAdmin);
    return { ...user, settings: local.settings };
  }
  const cloud = await fetchProfile(user.id);
  const merged: User = cloud
    ? {
        ...user,
        fullName: user.fullName || cloud.fullName || '',
        createdAt: cloud.createdAt ?? user.createdAt,
        settings: {
          ...user.settings,
          dailyGoal: cloud.dailyGoal ?? user.settings.dailyGoal ?? DAILY_GOAL_DEFAULT,
          division: cloud.division ?? user.settings.division,
          role: cloud.role ?? user.settings.role,
          uiLang:
            cloud.uiLang === 'en' || cloud.uiLang === 'ru' ? cloud.uiLang : user.settings.uiLang,
          theme:
            cloud.theme === 'light' || cloud.theme === 'dark' || cloud.theme === 'system'
              ? cloud.theme
              : user.settings.theme,
        },
      }
    : user;
  await putUser(db, merged);
  return merged;
}

export const useAuthStore = create<AuthState>()((set, get) => {
  const cloud = () => get().provider.kind === 'firebase';

  return {
    status: 'loading',
    user: null,
    provider: createProvider(),

    async init() {
      try {
        const user = await get().provider.restore();
        set({ user: user && cloud() ? await ensureLocalRecord(user) : user });
      } catch (error) {
        console.error('Restoring the session failed', error);
        set({ user: null });
      } finally {
        set({ status: 'ready' });
      }
    },

    async register(input) {
      let user = await get().provider.register(input);
      if (cloud()) {
        user = { ...user, settings: input.settings };
        await putUser(await getDB(), user);
        await shareProfile(user);
      }
      set({ user });
      return user;
    },

    async signIn(email, password) {
      let user = await get().provider.signIn(email, password);
      if (cloud()) user = await ensureLocalRecord(user);
      set({ user });
      return user;
    },

    async signOut() {
      await get().provider.signOut();
      set({ user: null });
    },

    async claimAdmin(code) {
      const port = get().provider.adminCode;
      if (!port) throw new AuthError('operation-not-allowed');
      const user = await port.claim(requireUser(get().user).id, code);
      set({ user });
      return user;
    },

    async updateName(fullName) {
      const current = requireUser(get().user);
      // An unchanged name asks nothing of the provider (the cloud one needs the network for it).
      if (fullName.trim() === current.fullName) return current;
      const user = await get().provider.updateName(current.id, fullName);
      set({ user });
      if (cloud()) await shareProfile(user);
      return user;
    },

    async updateSettings(patch) {
      const current = get().user;
      if (!current) return null;
      const user = await get().provider.updateSettings(current.id, patch);
      set({ user });
      if (cloud()) await shareProfile(user);
      return user;
    },
  };
});

/** The signed-in user, or null for a guest. */
export const useUser = () => useAuthStore((s) => s.user);

/**
 * Signs out, asking first (`ask`) when that would lock the sailor out: in the cloud edition,
 * offline, signing in again needs the network (on a shared tablet at sea the next sailor could
 * not sign in until port, and a guest's study is not kept). Resolves to whether it signed out.
 */
export async function signOutChecked(ask: () => Promise<boolean>): Promise<boolean> {
  const { provider, signOut } = useAuthStore.getState();
  if (provider.kind === 'firebase' && !navigator.onLine && !(await ask())) return false;
  await signOut();
  return true;
}
