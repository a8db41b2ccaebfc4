/**
 * The one way to the cloud: a `Cloud` is the three ports of one Firestore (the records of a
 * learner and the shared curriculum, the fleet, the exam results), and `timedCloud` is the one
 * place that puts a time limit on each of their calls. The app loads its Cloud with
 * cloud-remote.ts `loadCloud`; tests compose one of the in-memory remote.
 */
import type { ExamRemote } from './exam-remote';
import type { FleetRemote } from './fleet-remote';
import type { RemoteStore } from './remote-store';
import { withTimeout } from './timeout';

export interface Cloud {
  /** A learner's history batches, old per-word documents and profile; the shared curriculum. */
  store: RemoteStore;
  /** Vessels, memberships, officers, crew summaries (missing: the sync skips the fleet step). */
  fleet?: FleetRemote;
  /** Exam result documents and sittings (missing: the sync skips the exam step). */
  exams?: ExamRemote;
}

/** What a timed-out call was doing, as its TimeoutError says it (the store's calls by name). */
const STORE_CALLS: { readonly [K in keyof RemoteStore]: string } = {
  pushHistory: 'Pushing',
  hasHistoryBatch: 'Checking',
  pullHistory: 'Pulling',
  readSegments: 'Reading the history segments',
  readSegmentState: 'Reading the segments counter',
  writeSegment: 'Writing a history segment',
  readLegacyWords: 'Reading old progress',
  readProfile: 'Reading the profile',
  writeProfile: 'Saving the profile',
  pushCurriculum: 'Sharing the curriculum',
  pullCurriculum: 'Pulling the curriculum',
};

/**
 * `part` with every method's promise limited to `ms` (sync/timeout.ts `withTimeout`), named by
 * `names` or by the method. Properties that are not functions read through.
 */
function timedPart<T extends object>(part: T, ms: number, names: Record<string, string> = {}): T {
  return new Proxy(part, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string' || key === 'then') return value;
      return (...args: unknown[]) =>
        withTimeout(
          Promise.resolve(value.apply(target, args)),
          ms,
          names[key] ?? `The cloud call ${key}`,
        );
    },
  });
}

/**
 * The same cloud with a time limit of `ms` on every call of every part: a call with no answer
 * (a connection that looks up but never answers) rejects with a TimeoutError instead of holding
 * the sync. The work itself is not cancelled; the engine tolerates it landing later.
 */
export function timedCloud(cloud: Cloud, ms: number): Cloud {
  return {
    store: timedPart(cloud.store, ms, STORE_CALLS),
    ...(cloud.fleet ? { fleet: timedPart(cloud.fleet, ms) } : {}),
    ...(cloud.exams ? { exams: timedPart(cloud.exams, ms) } : {}),
  };
}

/**
 * A part whose module loads on its first call (its own chunk): the object exists at once, and a
 * failed load rejects that call only (the next call tries again).
 */
export function lazyPart<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | null = null;
  const loaded = () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      // Not a thenable: awaiting the part must give the part.
      if (typeof key !== 'string' || key === 'then') return undefined;
      return async (...args: unknown[]) => {
        const part = (await loaded()) as Record<string, (...a: unknown[]) => unknown>;
        return part[key]?.(...args);
      };
    },
  });
}
