/**
 * Who is signed in: the auth provider's state (loading, then a user or null) and its actions.
 * The provider is local accounts, or Firebase when a project is configured; with Firebase the
 * user also gets a local record (settings, sync cursor) and the cloud profile of SPEC §7.
 */
import { create } from 'zustand';
import { AuthError, type AuthProvider, type RegisterInput } from '@/auth/auth-provider';
import { createFirebaseAuth } from '@/auth/firebase-auth';
import { createLocalAuth } from '@/auth/local-auth';
import { openDB } from '@/db/instance';
import {
  getUser,
  markProfileSent,
  markProfileUnsent,
  putUser,
  unsentProfileFields,
  updateUser,
} from '@/db/users-repo';
import {
  type FoldSettings,
  foldSettingsDiffer,
  foldSettingsOfProfile,
  settingsWithProfile,
} from '@/domain/learner-settings';
import {
  type ProfileField,
  profileFieldsOf,
  profilePatch,
  profileRecordOf,
} from '@/domain/synced-records';
import type { User, UserSettings } from '@/domain/types';
import { firebaseSettings } from '@/firebase/config';
import { type ProfileRead, pushProfile, readProfileChecked } from '@/sync/cloud-remote';
import { deviceTimeZone } from './device-zone';

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
  /**
   * Shows the settings stored for `userId` by another writer (a sync took another device's
   * schedule settings), as that writer stored them, without reading them again.
   */
  applyStoredSettings(userId: string, settings: User['settings']): void;
}

function requireUser(user: User | null): User {
  if (!user) throw new Error('No signed-in user');
  return user;
}

function createProvider(): AuthProvider {
  const settings = firebaseSettings();
  if (!settings) return createLocalAuth({ getDB: openDB });
  return createFirebaseAuth(settings, {
    getDB: openDB,
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
    onVerifiedEmail: announceVerifiedEmail,
  });
}

/** Accounts whose verified e-mail this app run has put in their cloud profile. */
const announcedEmails = new Set<string>();

/**
 * Marks the profile's e-mail verified, once a run (the rules take it only from a token that says
 * so): an admin grants officer rights to the one account that verified an address. A failed
 * write is tried again with the next token.
 */
function announceVerifiedEmail(uid: string, email: string): void {
  const key = `${uid}\n${email}`;
  if (announcedEmails.has(key)) return;
  announcedEmails.add(key);
  void pushProfile(uid, { email, emailVerified: true }).then((sent) => {
    if (!sent) announcedEmails.delete(key);
  });
}

/**
 * Sends the user's profile to the cloud: the fields changed (`fields`; every field when not given)
 * and any still unsent from before, so a change here never reverts what another device set in
 * another field. It is marked unsent first (in MarineDB), so a change made offline, or a push
 * that fails, is sent by the next sync instead of being lost.
 */
async function shareProfile(user: User, fields?: readonly ProfileField[]): Promise<void> {
  if (fields?.length === 0) return;
  const db = await openDB();
  const revision = await markProfileUnsent(db, user.id, fields);
  const record = await getUser(db, user.id);
  const pending = record ? unsentProfileFields(record) : fields;
  // Not waited for: the change is saved here already, and a link that looks up but never
  // answers must not hold a screen for the push's timeout. A push that fails is the next
  // sync's to send.
  void pushProfile(user.id, profilePatch(profileRecordOf(user), pending))
    .then((sent) => (sent ? markProfileSent(db, user.id, revision) : undefined))
    .catch((error: unknown) => console.warn('Marking the profile sent failed', error));
}

/**
 * Remembers on the device what the token last said of the admin rights: the one thing to go by
 * offline, when an expired token cannot be read (a claim given or taken after the account came
 * to this device would otherwise be forgotten at sea).
 */
async function rememberAdmin(userId: string, isAdmin: boolean): Promise<void> {
  const db = await openDB();
  await updateUser(db, userId, (record) =>
    Boolean(record.isAdmin) === isAdmin ? record : { ...record, isAdmin },
  );
}

/** A cloud user's local record, and the cloud profile when this start read it. */
interface LocalRecord {
  user: User;
  read?: ProfileRead;
}

/**
 * A cloud user needs a local record: the one on this device, else one made from the cloud
 * profile (read only when no local record exists, SPEC §7), else from the provider's defaults.
 */
async function ensureLocalRecord(user: User): Promise<LocalRecord> {
  const db = await openDB();
  const local = await getUser(db, user.id);
  // Admin rights come from the token (the claim, or the verified owner address), never from a
  // flag stored on the device or in the profile: a revoked claim must not linger. What the token
  // said is remembered for offline starts (see rememberAdmin).
  if (local) {
    if (Boolean(local.isAdmin) !== user.isAdmin) await rememberAdmin(user.id, user.isAdmin);
    return { user: { ...user, settings: local.settings } };
  }
  const read = await readProfileChecked(user.id);
  const cloud = read.ok ? read.profile : null;
  const merged: User = cloud
    ? {
        ...user,
        fullName: user.fullName || cloud.fullName || '',
        createdAt: cloud.createdAt ?? user.createdAt,
        // The schedule settings too: this device folds the history as the others do.
        settings: settingsWithProfile(user.settings, cloud),
      }
    : user;
  await putUser(db, merged);
  if (foldSettingsDiffer(user.settings, merged.settings)) await refoldStored(user.id);
  return { user: merged, read };
}

/**
 * Refolds the user's stored words under the settings now in their record (db/history-client,
 * loaded here only when needed: its fallback carries the FSRS model, which the start-up bundle
 * does not). A failure is logged, never thrown: the sign-in goes on, the words keep their state,
 * and every later change of a word folds it under the new settings.
 */
async function refoldStored(userId: string): Promise<void> {
  try {
    // Off the page's thread: a year's history is seconds of folding (db/history-client).
    const [db, { refoldUserOffThread }] = await Promise.all([
      openDB(),
      import('@/db/history-client'),
    ]);
    await refoldUserOffThread(db, userId);
  } catch (error) {
    console.error('Refolding the words under new settings failed', error);
  }
}

export const useAuthStore = create<AuthState>()((set, get) => {
  const cloud = () => get().provider.kind === 'firebase';

  /**
   * A learner without a home time zone (an account of an older version) gets one, once, and their
   * words are refolded under it. In the cloud edition the profile is asked first: another device
   * may have settled it already (with the schedule settings), and then this one takes that. Else
   * it is this device's zone, saved and shared. Once set it never changes by itself: a ship
   * crossing time zones does not move the learner's day (settings can, when asked). A profile
   * that cannot be read (offline) settles nothing: the next start asks again, so no device
   * guesses a zone that another device set.
   */
  async function settleHomeZone(user: User, known?: ProfileRead): Promise<User> {
    if (user.settings.homeZone !== undefined) return user;
    let patch: FoldSettings = {};
    if (cloud()) {
      const read = known ?? (await readProfileChecked(user.id));
      if (!read.ok) return user;
      // Only what this device lacks: a choice made here (offline, say) is not undone.
      const cloudSettings = read.profile ? foldSettingsOfProfile(read.profile) : {};
      for (const key of ['homeZone', 'schedule', 'retention', 'dayStartHour'] as const) {
        if (user.settings[key] === undefined && cloudSettings[key] !== undefined) {
          patch = { ...patch, [key]: cloudSettings[key] };
        }
      }
    }
    const fromCloud = patch.homeZone !== undefined;
    if (!fromCloud) {
      const homeZone = deviceTimeZone();
      if (!homeZone) return user;
      patch = { ...patch, homeZone };
    }
    let settled: User;
    try {
      const saved = await get().provider.updateSettings(user.id, patch);
      settled = { ...user, settings: saved.settings };
      if (cloud() && !fromCloud) await shareProfile(settled, profileFieldsOf(Object.keys(patch)));
    } catch (error) {
      console.warn('Saving the home time zone failed', error);
      return user;
    }
    await refoldStored(user.id);
    return settled;
  }

  /**
   * The user to show now, with their home time zone settled (see settleHomeZone). A settlement
   * that needs the network (a cloud user known on this device) goes on in the background, so a
   * link that never answers cannot hold the Loading screen; the words reload when it lands.
   */
  async function withHomeZone(user: User, known?: ProfileRead): Promise<User> {
    if (user.settings.homeZone !== undefined) return user;
    if (!cloud() || known) return settleHomeZone(user, known);
    void settleHomeZone(user).then((settled) => {
      const shown = get().user;
      if (settled !== user && shown?.id === user.id) {
        set({ user: { ...shown, settings: settled.settings } });
      }
    });
    return user;
  }

  return {
    status: 'loading',
    user: null,
    provider: createProvider(),

    async init() {
      try {
        const restored = await get().provider.restore();
        const local = restored && cloud() ? await ensureLocalRecord(restored) : null;
        const user = local?.user ?? restored;
        set({ user: user ? await withHomeZone(user, local?.read) : null });
      } catch (error) {
        console.error('Restoring the session failed', error);
        set({ user: null });
      } finally {
        set({ status: 'ready' });
      }
    },

    async register(input) {
      // The learner's day is this device's from the start (a new account has nothing to refold).
      const homeZone = input.settings.homeZone ?? deviceTimeZone();
      const settings = homeZone ? { ...input.settings, homeZone } : input.settings;
      let user = await get().provider.register({ ...input, settings });
      if (cloud()) {
        user = { ...user, settings };
        await putUser(await openDB(), user);
        await shareProfile(user);
      }
      set({ user });
      return user;
    },

    async signIn(email, password) {
      const signedIn = await get().provider.signIn(email, password);
      const local = cloud() ? await ensureLocalRecord(signedIn) : null;
      const user = await withHomeZone(local?.user ?? signedIn, local?.read);
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
      if (cloud()) await shareProfile(user, ['fullName']);
      return user;
    },

    applyStoredSettings(userId, settings) {
      const current = get().user;
      if (current?.id === userId) set({ user: { ...current, settings } });
    },

    async updateSettings(patch) {
      const current = get().user;
      if (!current) return null;
      const user = await get().provider.updateSettings(current.id, patch);
      set({ user });
      if (cloud()) await shareProfile(user, profileFieldsOf(Object.keys(patch)));
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
