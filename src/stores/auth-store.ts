/** Who is signed in: the auth provider's state (loading, then a user or null) and its actions. */
import { create } from 'zustand';
import type { AuthProvider, RegisterInput } from '@/auth/auth-provider';
import { createLocalAuth } from '@/auth/local-auth';
import { getDB } from '@/db/instance';
import type { User, UserSettings } from '@/domain/types';

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
  /** Saves settings of the signed-in user; a guest's change is ignored here. */
  updateSettings(patch: Partial<UserSettings>): Promise<User | null>;
}

function requireUser(user: User | null): User {
  if (!user) throw new Error('No signed-in user');
  return user;
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  status: 'loading',
  user: null,
  provider: createLocalAuth({ getDB }),

  async init() {
    try {
      set({ user: await get().provider.restore() });
    } catch (error) {
      console.error('Restoring the session failed', error);
      set({ user: null });
    } finally {
      set({ status: 'ready' });
    }
  },

  async register(input) {
    const user = await get().provider.register(input);
    set({ user });
    return user;
  },

  async signIn(email, password) {
    const user = await get().provider.signIn(email, password);
    set({ user });
    return user;
  },

  async signOut() {
    await get().provider.signOut();
    set({ user: null });
  },

  async updateName(fullName) {
    const user = await get().provider.updateName(requireUser(get().user).id, fullName);
    set({ user });
    return user;
  },

  async updateSettings(patch) {
    const current = get().user;
    if (!current) return null;
    const user = await get().provider.updateSettings(current.id, patch);
    set({ user });
    return user;
  },
}));

/** The signed-in user, or null for a guest. */
export const useUser = () => useAuthStore((s) => s.user);
export const isAdmin = (user: User | null) => user?.isAdmin === true;
