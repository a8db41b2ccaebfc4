/**
 * An in-memory RemoteStore for tests and the benchmark. It behaves like the Firestore documents of
 * ARCHITECTURE.md decision 3: one document per (user, vocabId), upserts merge fields, every commit
 * stamps its documents with one server time (`syncedAt`, microseconds, strictly increasing), and
 * a pull returns the documents with `syncedAt > cursor` ordered by `syncedAt`. It counts what a
 * real backend would bill and can be told to fail.
 */
import { SYNC_BATCH_MAX_WRITES } from '@/domain/constants';
import type { UserWord } from '@/domain/types';
import type { PullResult, RemoteProfile, RemoteStore, SyncCursor } from './remote-store';

export interface MemoryRemoteCounters {
  /** Documents returned; a query that returns nothing still counts 1 (as Firestore bills it). */
  reads: number;
  /** Documents written (word upserts and profile writes). */
  writes: number;
  /** Word commits that were applied. */
  commits: number;
  /** Every call, successful or not. */
  requests: number;
}

/**
 * - 'error': the request fails and changes nothing.
 * - 'lost-response': the request is applied, then the caller gets an error (as when the
 *   connection drops before the response arrives).
 */
export type MemoryRemoteFault = 'error' | 'lost-response';

export interface MemoryRemoteOptions {
  /** Server time source in microseconds; the clock never repeats or goes back whatever it says. */
  clock?: () => number;
}

interface StoredDocument {
  data: Partial<UserWord>;
  syncedAt: number;
}

function withoutUndefined<T extends object>(record: T): Partial<T> {
  const copy: Partial<T> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value !== undefined) (copy as Record<string, unknown>)[key] = value;
  }
  return copy;
}

export class MemoryRemoteError extends Error {
  constructor(
    message: string,
    readonly fault: MemoryRemoteFault,
  ) {
    super(message);
    this.name = 'MemoryRemoteError';
  }
}

export class MemoryRemote implements RemoteStore {
  readonly counters: MemoryRemoteCounters = { reads: 0, writes: 0, commits: 0, requests: 0 };
  private readonly words = new Map<string, Map<string, StoredDocument>>();
  private readonly profiles = new Map<string, RemoteProfile>();
  private readonly clock: () => number;
  private lastServerTime = 0;
  private readonly faults: { mode: MemoryRemoteFault; on: 'commit' | 'pull' }[] = [];

  constructor(options: MemoryRemoteOptions = {}) {
    this.clock = options.clock ?? (() => Date.now() * 1000);
  }

  /** The next `count` word commits (or, with on: 'pull', word pulls) fail as `mode` says. */
  failNext(mode: MemoryRemoteFault, options: { count?: number; on?: 'commit' | 'pull' } = {}) {
    for (let i = 0; i < (options.count ?? 1); i++) {
      this.faults.push({ mode, on: options.on ?? 'commit' });
    }
  }

  /** Forgets the faults not yet used. */
  clearFaults(): void {
    this.faults.length = 0;
  }

  resetCounters(): void {
    Object.assign(this.counters, { reads: 0, writes: 0, commits: 0, requests: 0 });
  }

  /** The latest server time handed out (microseconds), 0 before the first commit. */
  get serverTime(): number {
    return this.lastServerTime;
  }

  /** Test inspection (not counted): the user's documents as words, in syncedAt order. */
  documents(userId: string): (UserWord & { syncedAt: number })[] {
    return [...(this.words.get(userId)?.values() ?? [])]
      .sort((a, b) => a.syncedAt - b.syncedAt)
      .map((doc) => ({ ...(doc.data as UserWord), syncedAt: doc.syncedAt }));
  }

  /** Test inspection (not counted): one document, or undefined. */
  document(userId: string, vocabId: string): UserWord | undefined {
    const doc = this.words.get(userId)?.get(vocabId);
    return doc && { ...(doc.data as UserWord) };
  }

  async commitWords(userId: string, words: readonly UserWord[]): Promise<void> {
    this.counters.requests++;
    const fault = this.takeFault('commit');
    if (fault === 'error') throw new MemoryRemoteError('commit failed', fault);
    if (words.length > SYNC_BATCH_MAX_WRITES) {
      throw new Error(
        `A commit holds at most ${SYNC_BATCH_MAX_WRITES} writes, not ${words.length}`,
      );
    }
    const syncedAt = this.tick();
    let collection = this.words.get(userId);
    if (!collection) {
      collection = new Map();
      this.words.set(userId, collection);
    }
    for (const word of words) {
      const existing = collection.get(word.vocabId);
      collection.set(word.vocabId, {
        data: { ...existing?.data, ...withoutUndefined(structuredClone(word)) },
        syncedAt,
      });
    }
    this.counters.writes += words.length;
    this.counters.commits++;
    if (fault === 'lost-response') throw new MemoryRemoteError('commit response lost', fault);
  }

  async pullWords(userId: string, cursor: SyncCursor): Promise<PullResult> {
    this.counters.requests++;
    const fault = this.takeFault('pull');
    if (fault === 'error') throw new MemoryRemoteError('pull failed', fault);
    const docs = [...(this.words.get(userId)?.values() ?? [])]
      .filter((doc) => doc.syncedAt > cursor)
      .sort((a, b) => a.syncedAt - b.syncedAt);
    this.counters.reads += Math.max(1, docs.length);
    if (fault === 'lost-response') throw new MemoryRemoteError('pull response lost', fault);
    return {
      words: docs.map((doc) => structuredClone(doc.data) as UserWord),
      cursor: docs.reduce((max, doc) => Math.max(max, doc.syncedAt), cursor),
    };
  }

  async readProfile(userId: string): Promise<RemoteProfile | null> {
    this.counters.requests++;
    this.counters.reads++;
    const profile = this.profiles.get(userId);
    return profile ? { ...profile } : null;
  }

  async writeProfile(userId: string, patch: RemoteProfile): Promise<void> {
    this.counters.requests++;
    this.counters.writes++;
    // As the Firestore adapter: a client never writes isAdmin (the field is dropped).
    const { isAdmin: _neverWritten, ...allowed } = patch;
    this.profiles.set(userId, { ...this.profiles.get(userId), ...withoutUndefined(allowed) });
  }

  /** Test setup (not counted): marks a user as admin, as the Admin SDK would. */
  setAdmin(userId: string, isAdmin: boolean): void {
    this.profiles.set(userId, { ...this.profiles.get(userId), isAdmin });
  }

  private takeFault(on: 'commit' | 'pull'): MemoryRemoteFault | undefined {
    const index = this.faults.findIndex((fault) => fault.on === on);
    if (index < 0) return undefined;
    return this.faults.splice(index, 1)[0]?.mode;
  }

  private tick(): number {
    this.lastServerTime = Math.max(this.lastServerTime + 1, Math.floor(this.clock()));
    return this.lastServerTime;
  }
}
