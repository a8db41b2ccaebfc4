/**
 * The offline start-up of the Firebase provider, on a fake Auth instance: the uid remembered
 * between starts, and a start that goes on with the cached user when Firebase is slow to answer.
 */
import type { User as FirebaseUser } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
import type { Profiles } from '@/auth/firebase-profile';
import { lastUidIn, restoreSession, type UidStorage } from '@/auth/firebase-restore';
import type { Timers } from '@/auth/firebase-token';
import type { User } from '@/domain/types';
import type { StartedAuth } from '@/firebase/auth-instance';

const WAIT_MS = 3000;

const appUser = (id: string, fullName = 'Иван Петров'): User => ({
  id,
  email: `${id}@ship.test`,
  fullName,
  isAdmin: false,
  createdAt: 1,
  settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light' },
});

function memoryStorage(): UidStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Timers whose one pending wait the test fires. */
function manualTimers() {
  let pending: (() => void) | undefined;
  const timers: Timers = {
    setTimeout: (run) => {
      pending = run;
      return run;
    },
    clearTimeout: (handle) => {
      if (handle === pending) pending = undefined;
    },
  };
  return { timers, fire: () => pending?.(), waiting: () => pending !== undefined };
}

/** Firebase starting: settles when the test says, with `uid` signed in (or nobody). */
function slowFirebase() {
  let settle: (uid: string | null) => void = () => {};
  const ready = new Promise<StartedAuth>((resolve) => {
    settle = (uid) => {
      const currentUser = uid ? ({ uid } as FirebaseUser) : null;
      resolve({ auth: { currentUser, authStateReady: async () => {} } } as unknown as StartedAuth);
    };
  });
  return { ready, settle };
}

function fakeProfiles(cached: User | null): Profiles {
  return {
    current: null,
    cached: vi.fn(async () => cached),
    toAppUser: vi.fn(async (user: FirebaseUser) => appUser(user.uid, 'From Firebase')),
  } as unknown as Profiles;
}

describe('lastUidIn', () => {
  it('remembers the uid signed in last, and forgets it at a sign-out', () => {
    const storage = memoryStorage();
    const lastUid = lastUidIn(storage);
    lastUid.remember('sailor-1');
    expect(lastUidIn(storage).remembered()).toBe('sailor-1');
    lastUid.remember(null);
    expect(lastUid.remembered()).toBeNull();
  });

  it('a storage that throws, or none, makes starts simply wait for Firebase', () => {
    const broken: UidStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(() => lastUidIn(broken).remember('sailor-1')).not.toThrow();
    expect(lastUidIn(broken).remembered()).toBeNull();
    expect(lastUidIn(null).remembered()).toBeNull();
  });
});

describe('restoreSession', () => {
  function start(remembered: string | null, cached: User | null) {
    const storage = memoryStorage();
    if (remembered) storage.items.set('marine.cloudUid', remembered);
    const firebase = slowFirebase();
    const clock = manualTimers();
    const profiles = fakeProfiles(cached);
    const onSignedOut = vi.fn();
    const onUserChanged = vi.fn();
    const restored = restoreSession({
      ready: firebase.ready,
      lastUid: lastUidIn(storage),
      profiles,
      timers: clock.timers,
      waitMs: WAIT_MS,
      onSignedOut,
      onUserChanged,
    });
    return { restored, firebase, clock, profiles, storage, onSignedOut, onUserChanged };
  }

  it('with nobody remembered, waits for Firebase and remembers who it says', async () => {
    const run = start(null, null);
    expect(run.clock.waiting()).toBe(false);
    run.firebase.settle('sailor-1');
    expect(await run.restored).toEqual(appUser('sailor-1', 'From Firebase'));
    expect(run.storage.items.get('marine.cloudUid')).toBe('sailor-1');
  });

  it('a slow Firebase: the cached user after the wait; a live session then updates it', async () => {
    const run = start('sailor-1', appUser('sailor-1'));
    await vi.waitFor(() => expect(run.clock.waiting()).toBe(true));
    run.clock.fire();
    expect(await run.restored).toEqual(appUser('sailor-1'));
    expect(run.profiles.current).toEqual(appUser('sailor-1'));

    run.firebase.settle('sailor-1');
    await vi.waitFor(() =>
      expect(run.onUserChanged).toHaveBeenCalledWith(appUser('sailor-1', 'From Firebase')),
    );
    expect(run.onSignedOut).not.toHaveBeenCalled();
  });

  it('a slow Firebase that then finds the session ended signs the cached user out', async () => {
    const run = start('sailor-1', appUser('sailor-1'));
    await vi.waitFor(() => expect(run.clock.waiting()).toBe(true));
    run.clock.fire();
    expect(await run.restored).toEqual(appUser('sailor-1'));

    run.firebase.settle(null);
    await vi.waitFor(() => expect(run.onSignedOut).toHaveBeenCalledTimes(1));
    expect(run.profiles.current).toBeNull();
  });

  it('a Firebase that answers in time is taken at its word', async () => {
    const run = start('sailor-1', appUser('sailor-1'));
    run.firebase.settle(null);
    expect(await run.restored).toBeNull();
    expect(run.clock.waiting()).toBe(false);
    expect(run.profiles.cached).not.toHaveBeenCalled();
    expect(run.storage.items.has('marine.cloudUid')).toBe(false);
  });

  it('a slow Firebase with no cached user to show: waits for Firebase after all', async () => {
    const run = start('sailor-1', null);
    await vi.waitFor(() => expect(run.clock.waiting()).toBe(true));
    run.clock.fire();
    run.firebase.settle('sailor-1');
    expect(await run.restored).toEqual(appUser('sailor-1', 'From Firebase'));
  });
});
