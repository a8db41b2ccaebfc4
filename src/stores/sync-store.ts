/**
 * Sync status for the signed-in cloud user: online, syncing, when it last succeeded, how many local
 * changes wait for the cloud, and the last error. `start` arms the triggers of SPEC §4 (see
 * sync/triggers) and `stop` (logout) removes them. The store never imports Firebase: it gets a
 * factory for the Cloud (sync/cloud.ts), which the app makes lazy-load the Firestore adapters.
 * What each sync changed here goes, typed, to the `onSyncChanges` listeners (app/cloud.ts hands
 * each kind to its store, which patches what it shows).
 */
import { create } from 'zustand';
import {
  countHeldOutbox,
  countOutbox,
  curriculumMeta,
  releaseHeldOutbox,
  takeOutbox,
} from '@/db/curriculum-repo';
import { countUnsent } from '@/db/history-queries';
import { getDB } from '@/db/instance';
import type { MarineDB } from '@/db/schema';
import { type PendingChange, pendingChangeOf } from '@/domain/curriculum';
import type { FleetChange, SyncChange } from '@/sync/changes';
import type { Cloud } from '@/sync/cloud';
import { TimeoutError } from '@/sync/timeout';
import {
  createSyncScheduler,
  type SchedulerEventTarget,
  type SchedulerLockManager,
  type SchedulerTimers,
  type SyncOutcome,
  type SyncScheduler,
  type SyncSchedulerStatus,
} from '@/sync/triggers';

export type CloudFactory = () => Promise<Cloud>;

/** Told what a sync changed here, step by step (the records as stored). */
export type SyncChangesListener = (changes: readonly SyncChange[]) => void;

const changeListeners = new Set<SyncChangesListener>();

/** Subscribes to the changes of every sync of the running session; returns the unsubscribe. */
export function onSyncChanges(listener: SyncChangesListener): () => void {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

/** Seams for tests; the app passes none. */
export interface SyncStartOptions {
  getDB?: () => Promise<MarineDB>;
  isOnline?: () => boolean;
  events?: SchedulerEventTarget | null;
  timers?: Partial<SchedulerTimers>;
  locks?: SchedulerLockManager | null;
}

export interface SyncState {
  online: boolean;
  syncing: boolean;
  /** Epoch ms of the last successful sync in this session, or null. */
  lastSyncedAt: number | null;
  /** The signed-in user's history entries not yet in the cloud. */
  pendingCount: number;
  /** The message of the last failure (for the console and tests); null after a success. */
  lastError: string | null;
  /** What kind of failure it was, for the screens to say; null after a success. */
  lastErrorKind: SyncErrorKind | null;
  /** Whose data is synced; null when stopped. */
  userId: string | null;
  /** An admin's curriculum changes not yet in the cloud (the admin screen shows them). */
  curriculumPending: number;
  /** Of this user's curriculum changes, those set aside because the cloud refused the rights. */
  curriculumHeld: number;
  /** The last change of the user's vessel or officer rights a sync read (the fleet screens reload). */
  fleetChange: FleetChange | null;
  /** When a pull last brought curriculum changes (the cloud's time, epoch ms), and the new words. */
  curriculumUpdatedAt: number | null;
  curriculumAdded: number;
  /** Starts syncing `userId` (a signed-in cloud user); a running session of another user stops. */
  start(userId: string, cloudFactory: CloudFactory, options?: SyncStartOptions): void;
  /** Logout: removes every trigger; a run in flight finishes but reports nothing. */
  stop(): void;
  /** The sync button: resolves { ok: true } on success ('Данные синхронизированы'). */
  syncNow(): Promise<SyncOutcome>;
  refreshPending(): Promise<void>;
}

interface Session {
  userId: string;
  scheduler: SyncScheduler;
  getDB: () => Promise<MarineDB>;
}

let session: Session | null = null;

function browserOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine !== false;
}

function errorMessage(error: unknown): string | null {
  if (error === null || error === undefined) return null;
  return error instanceof Error ? error.message : String(error);
}

/** What went wrong with the last sync, in terms a screen can say in the learner's language. */
export type SyncErrorKind = 'offline' | 'denied' | 'failed';

/**
 * No connection (the browser says so, a call that never answered, the cloud unreachable), the
 * cloud refused (rights), or anything else.
 */
export function syncErrorKind(error: unknown): SyncErrorKind | null {
  if (error === null || error === undefined) return null;
  const code = (error as { code?: unknown }).code;
  if (code === 'permission-denied' || code === 'unauthenticated') return 'denied';
  if (
    !browserOnline() ||
    error instanceof TimeoutError ||
    code === 'unavailable' ||
    code === 'deadline-exceeded' ||
    (error instanceof TypeError && /fetch|network/i.test(error.message))
  ) {
    return 'offline';
  }
  return 'failed';
}

/**
 * The signed-in admin's curriculum changes not yet in the cloud, oldest first, at most `limit`
 * (the admin screen lists them).
 */
export async function pendingCurriculum(limit: number): Promise<PendingChange[]> {
  const userId = useSyncStore.getState().userId;
  if (!userId) return [];
  const records = await takeOutbox(await getDB(), limit, userId);
  return records.map((record) => pendingChangeOf(record.doc));
}

/**
 * Queues the signed-in admin's set-aside curriculum changes again (rights restored) and syncs:
 * refused once more, they are set aside again.
 */
export async function sendHeldCurriculum(): Promise<void> {
  const userId = useSyncStore.getState().userId;
  if (!userId) return;
  await releaseHeldOutbox(await getDB(), userId);
  notifyLocalChange();
}

/** The status of a session that has not synced yet (and of none). */
const IDLE = {
  syncing: false,
  lastSyncedAt: null,
  lastError: null,
  lastErrorKind: null,
  pendingCount: 0,
  fleetChange: null,
} as const satisfies Partial<SyncState>;

export const useSyncStore = create<SyncState>()((set, get) => ({
  online: browserOnline(),
  syncing: false,
  lastSyncedAt: null,
  pendingCount: 0,
  lastError: null,
  lastErrorKind: null,
  userId: null,
  curriculumPending: 0,
  curriculumHeld: 0,
  fleetChange: null,
  curriculumUpdatedAt: null,
  curriculumAdded: 0,

  start(userId, cloudFactory, options = {}) {
    if (session?.userId === userId) return;
    get().stop();
    const isOnline = options.isOnline ?? browserOnline;
    const dbGetter = options.getDB ?? getDB;
    let cloud: Promise<Cloud> | null = null;
    const loadCloud = () => {
      if (!cloud) {
        cloud = cloudFactory();
        // A failed load (e.g. the chunk could not be fetched) is retried on the next run.
        cloud.catch(() => {
          cloud = null;
        });
      }
      return cloud;
    };
    // Each step's changes, as it ends, to the listeners (only while this session runs).
    const publish = (changes: readonly SyncChange[]) => {
      if (session !== current) return;
      const fleet = changes.findLast((change) => change.kind === 'fleet');
      if (fleet) set({ fleetChange: fleet });
      // A listener's failure is the engine's to log: it never undoes what the step stored.
      for (const listener of changeListeners) listener(changes);
    };
    // The session's first successful sync reads the membership and officer rights afresh.
    let fleetChecked = false;
    const current: Session = {
      userId,
      getDB: dbGetter,
      scheduler: createSyncScheduler({
        isOnline,
        events: options.events,
        timers: options.timers,
        locks: options.locks,
        async run() {
          try {
            // The engine (and the history's write side) loads with the first sync: the local
            // edition never needs it.
            const { syncOnce } = await import('@/sync/engine');
            // The fleet's and the exams' calls load with their first call: failing to load them
            // fails their step only, which never holds back the history (the next sync tries again).
            const report = await syncOnce({
              db: await dbGetter(),
              cloud: await loadCloud(),
              userId,
              now: Date.now(),
              fleetRecheck: !fleetChecked,
              onChanges: publish,
            });
            // A session's first fleet check counts once it succeeded.
            if (report.fleet) fleetChecked = true;
          } finally {
            if (session === current) await get().refreshPending();
          }
        },
        onStatus(status: SyncSchedulerStatus) {
          if (session !== current) return;
          set({
            online: status.online,
            syncing: status.syncing,
            lastSyncedAt: status.lastSyncedAt,
            lastError: errorMessage(status.lastError),
            lastErrorKind: syncErrorKind(status.lastError),
          });
        },
      }),
    };
    session = current;
    set({ ...IDLE, userId, online: isOnline() });
    current.scheduler.start();
    void get().refreshPending();
  },

  stop() {
    const ending = session;
    if (!ending) return;
    session = null;
    ending.scheduler.stop();
    set({ ...IDLE, userId: null });
  },

  async syncNow() {
    if (!session) return { ok: false, reason: 'stopped' };
    return session.scheduler.syncNow();
  },

  async refreshPending() {
    const current = session;
    if (!current) return;
    try {
      const db = await current.getDB();
      const [mine, curriculum, held, meta] = await Promise.all([
        countUnsent(db, current.userId),
        countOutbox(db, current.userId),
        countHeldOutbox(db, current.userId),
        curriculumMeta(db),
      ]);
      if (session !== current) return;
      set({
        pendingCount: mine,
        curriculumPending: curriculum,
        curriculumHeld: held,
        curriculumUpdatedAt: meta.updatedAt ?? null,
        curriculumAdded: meta.addedWords ?? 0,
      });
    } catch (error) {
      console.error('Counting pending sync changes failed', error);
    }
  },
}));

/**
 * The words store calls this after each saved change: it refreshes the pending count and arms
 * the 1.5 s debounced sync. Does nothing when no cloud user is being synced.
 */
export function notifyLocalChange(): void {
  if (!session) return;
  session.scheduler.notifyLocalChange();
  void useSyncStore.getState().refreshPending();
}
