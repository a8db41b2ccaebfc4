/**
 * An in-memory RemoteStore for tests and the benchmark. It behaves like the Firestore documents of
 * ARCHITECTURE.md decision 3: append-only history batch documents in the layout of
 * history-wire.ts (creating one that exists, or one out of the rules' bounds, is refused, as the
 * rules refuse it), one a commit with the account's history counter (bounded as the rules bound
 * it; smaller bounds for tests with `historyBounds`), each commit stamped with one server time
 * (`syncedAt`, microseconds, strictly increasing), pulls of the batches with `syncedAt > cursor` in `syncedAt` order, the old
 * per-word documents for the migration, and the shared curriculum (written only by users marked
 * admin with `setAdmin`, as the rules want). It counts what a real backend would
 * bill and can be told to fail, lose a response, or deliver a pulled batch twice.
 */
import { SYNC_BATCH_MAX_WRITES } from '@/domain/constants';
import type { HistoryEntry } from '@/domain/history';
import type { UserWord } from '@/domain/types';
import {
  SEGMENT_ACCOUNT_MAX_BYTES,
  SEGMENT_ACCOUNT_MAX_WRITES,
  SEGMENT_MAX_BYTES,
  SEGMENT_MAX_ENTRIES,
  type SegmentRead,
  type SegmentWire,
  segmentChars,
  segmentId,
  segmentOf,
  segmentStep,
} from '@/sync/history-segments';
import {
  type BatchWire,
  batchNowAt,
  charCount,
  entriesOfBatch,
  HISTORY_ACCOUNT_MAX_BATCHES,
  HISTORY_ACCOUNT_MAX_BYTES,
  toBatchWire,
  utf8Length,
} from '@/sync/history-wire';
import type {
  CurriculumCursor,
  CurriculumPull,
  CurriculumPush,
  HistoryPage,
  PullResult,
  PushBatchInput,
  RemoteProfile,
  RemoteStore,
  SegmentState,
  SyncCursor,
} from '@/sync/remote-store';

export interface MemoryRemoteCounters {
  /** Documents returned; a query that returns nothing still counts 1 (as Firestore bills it). */
  reads: number;
  /** Documents written (batches and profile writes). */
  writes: number;
  /** History commits that were applied. */
  commits: number;
  /** Every call, successful or not. */
  requests: number;
}

/**
 * - 'error': the request fails and changes nothing.
 * - 'lost-response': the request is applied, then the caller gets an error (as when the
 *   connection drops before the response arrives).
 * - 'duplicate': (pulls) the request succeeds but every batch is delivered twice.
 */
export type MemoryRemoteFault = 'error' | 'lost-response' | 'duplicate';
type FaultTarget = 'commit' | 'pull' | 'check' | 'legacy' | 'curriculum' | 'profile' | 'segment';

export interface MemoryRemoteOptions {
  /** Server time source in microseconds; the clock never repeats or goes back whatever it says. */
  clock?: () => number;
  /** The account's history bounds the rules hold (default: history-wire.ts's), smaller in tests. */
  historyBounds?: { batches?: number; bytes?: number };
}

interface StoredBatch {
  id: string;
  /** The document's fields: this version's layout, or (test setup) an older one. */
  data: BatchWire | Record<string, unknown>;
  syncedAt: number;
}

/** The cursor after the last of `found`, or `cursor` when nothing was found. */
function lastOf(
  found: readonly [string, { updatedAt: number }][],
  cursor: CurriculumCursor,
): CurriculumCursor {
  const last = found[found.length - 1];
  return last ? { at: last[1].updatedAt, id: last[0] } : cursor;
}

/** A refusal as Firestore reports one (`code` as the SDK's FirestoreError carries it). */
function permissionDenied(message: string): Error {
  return Object.assign(new Error(`PERMISSION_DENIED: ${message}`), { code: 'permission-denied' });
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
  private readonly batches = new Map<string, Map<string, StoredBatch>>();
  private readonly legacy = new Map<string, Map<string, Record<string, unknown>>>();
  private readonly profiles = new Map<string, RemoteProfile>();
  private readonly curriculum = new Map<
    string,
    { data: Record<string, unknown>; updatedAt: number }
  >();
  private readonly historyCounters = new Map<string, { n: number; c: number }>();
  private readonly segments = new Map<string, Map<string, SegmentWire>>();
  private readonly segmentCounters = new Map<string, SegmentState & { n: number; c: number }>();
  private readonly bounds: { batches: number; bytes: number };
  private readonly clock: () => number;
  private lastServerTime = 0;
  private readonly faults: { mode: MemoryRemoteFault; on: FaultTarget }[] = [];

  constructor(options: MemoryRemoteOptions = {}) {
    this.clock = options.clock ?? (() => Date.now() * 1000);
    this.bounds = {
      batches: options.historyBounds?.batches ?? HISTORY_ACCOUNT_MAX_BATCHES,
      bytes: options.historyBounds?.bytes ?? HISTORY_ACCOUNT_MAX_BYTES,
    };
  }

  /** The next `count` calls of the kind `on` (default: commits) fail as `mode` says. */
  failNext(mode: MemoryRemoteFault, options: { count?: number; on?: FaultTarget } = {}) {
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

  /** Test inspection (not counted): every entry the cloud holds for the user, as pulled. */
  entries(userId: string): HistoryEntry[] {
    return [...(this.batches.get(userId)?.values() ?? [])].flatMap(
      (batch) =>
        entriesOfBatch(userId, Math.floor(batch.syncedAt / 1000), batch.data) as HistoryEntry[],
    );
  }

  /** Test inspection (not counted): how many batch documents the user has. */
  batchCount(userId: string): number {
    return this.batches.get(userId)?.size ?? 0;
  }

  /**
   * Test setup (not counted): a batch document with the given fields, as another version wrote
   * it (e.g. the older layout `{ device, count, entries: [...] }`), stamped with the next server time.
   */
  putBatchDocument(userId: string, batchId: string, data: Record<string, unknown>): void {
    let stored = this.batches.get(userId);
    if (!stored) {
      stored = new Map();
      this.batches.set(userId, stored);
    }
    stored.set(batchId, { id: batchId, data: structuredClone(data), syncedAt: this.tick() });
  }

  /**
   * Test setup (not counted): batch documents in ONE commit, with one server time, as versions
   * before the account's counter wrote up to 500 of them.
   */
  putOlderCommit(userId: string, batches: readonly PushBatchInput[]): void {
    let stored = this.batches.get(userId);
    if (!stored) {
      stored = new Map();
      this.batches.set(userId, stored);
    }
    const syncedAt = this.tick();
    for (const { id, entries } of batches) {
      stored.set(id, { id, data: toBatchWire(entries), syncedAt });
    }
  }

  /** Test setup (not counted): an old per-word document, as older versions wrote it. */
  putLegacyWord(userId: string, data: Record<string, unknown>): void {
    let words = this.legacy.get(userId);
    if (!words) {
      words = new Map();
      this.legacy.set(userId, words);
    }
    words.set(String(data.vocabId), structuredClone(data));
  }

  async pushHistory(userId: string, batches: readonly PushBatchInput[]): Promise<void> {
    this.counters.requests++;
    const fault = this.takeFault('commit');
    if (fault === 'error') throw new MemoryRemoteError('commit failed', fault);
    let stored = this.batches.get(userId);
    if (!stored) {
      stored = new Map();
      this.batches.set(userId, stored);
    }
    // The documents as the Firestore adapter writes them: one a batch, or nothing is sent.
    const documents = batches.map(({ id, entries, now }) => ({
      id,
      data: toBatchWire(entries),
      now,
    }));
    // One commit a batch, with the account's counter; as the rules, a batch that exists or one
    // past the account's bounds is refused (and the commits before it stay).
    for (const { id, data: fields, now } of documents) {
      const data: BatchWire = now === undefined ? fields : { ...fields, now: batchNowAt(now) };
      if (stored.has(id)) throw permissionDenied(`history/${id} exists (append-only)`);
      const counter = this.historyCounters.get(userId) ?? { n: 0, c: 0 };
      const next = { n: counter.n + 1, c: counter.c + utf8Length(data.e) };
      if (next.n > this.bounds.batches || next.c > this.bounds.bytes) {
        throw permissionDenied(`history/${id} is past the account's bounds`);
      }
      stored.set(id, { id, data, syncedAt: this.tick() });
      this.historyCounters.set(userId, next);
      this.counters.writes += 2;
      this.counters.commits++;
    }
    if (fault === 'lost-response') throw new MemoryRemoteError('commit response lost', fault);
  }

  /** Test inspection (not counted): the account's history counter (batches, characters). */
  historyCounter(userId: string): { n: number; c: number } {
    return { ...(this.historyCounters.get(userId) ?? { n: 0, c: 0 }) };
  }

  async hasHistoryBatch(userId: string, batchId: string): Promise<boolean> {
    this.counters.requests++;
    const fault = this.takeFault('check');
    if (fault === 'error') throw new MemoryRemoteError('check failed', fault);
    this.counters.reads++;
    return this.batches.get(userId)?.has(batchId) ?? false;
  }

  async pullHistory(userId: string, cursor: SyncCursor, page?: HistoryPage): Promise<PullResult> {
    this.counters.requests++;
    const fault = this.takeFault('pull');
    if (fault === 'error') throw new MemoryRemoteError('pull failed', fault);
    // As Firestore: (syncedAt, id) order; a page goes on after the given batch of the cursor's time.
    const afterId = page?.afterId;
    const sorted = [...(this.batches.get(userId)?.values() ?? [])]
      .filter(
        (batch) =>
          batch.syncedAt > cursor ||
          (afterId !== undefined && batch.syncedAt === cursor && batch.id > afterId),
      )
      .sort((a, b) => a.syncedAt - b.syncedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const found = page ? sorted.slice(0, page.limit) : sorted;
    this.counters.reads += Math.max(1, found.length);
    if (fault === 'lost-response') throw new MemoryRemoteError('pull response lost', fault);
    const delivered = fault === 'duplicate' ? [...found, ...found] : found;
    return {
      batches: delivered.map((batch) => ({
        id: batch.id,
        receivedAt: Math.floor(batch.syncedAt / 1000),
        entries: entriesOfBatch(
          userId,
          Math.floor(batch.syncedAt / 1000),
          structuredClone(batch.data),
        ),
      })),
      cursor: found.reduce((max, batch) => Math.max(max, batch.syncedAt), cursor),
      ...(page && found.length > 0 ? { cursorId: found[found.length - 1]?.id } : {}),
    };
  }

  async readSegments(userId: string, after: number, limit: number): Promise<SegmentRead[]> {
    this.counters.requests++;
    const fault = this.takeFault('segment');
    if (fault === 'error') throw new MemoryRemoteError('segment read failed', fault);
    // As Firestore: where to > after, ordered by to, limited.
    const found = [...(this.segments.get(userId)?.entries() ?? [])]
      .filter(([, data]) => data.to > after)
      .sort(([, a], [, b]) => a.to - b.to)
      .slice(0, limit);
    this.counters.reads += Math.max(1, found.length);
    return found.flatMap(([id, data]) => segmentOf(userId, id, structuredClone(data)) ?? []);
  }

  async readSegmentState(userId: string): Promise<SegmentState | null> {
    this.counters.requests++;
    const fault = this.takeFault('segment');
    if (fault === 'error') throw new MemoryRemoteError('segment read failed', fault);
    this.counters.reads++;
    const counter = this.segmentCounters.get(userId);
    if (!counter) return null;
    const { index, from, to, chars } = counter;
    return { index, from, to, chars };
  }

  /**
   * As the Firestore adapter and the rules: the segment and the counter's step in one commit; the
   * open segment again (the same start, an end no earlier) or the next one (starting where the
   * open one ends), within the bounds, its counter step at least its growth.
   */
  async writeSegment(
    userId: string,
    index: number,
    segment: SegmentWire,
    before: SegmentState | null,
  ): Promise<void> {
    this.counters.requests++;
    const fault = this.takeFault('segment');
    if (fault === 'error') throw new MemoryRemoteError('segment write failed', fault);
    const id = segmentId(index);
    const { from, to, count, e } = segment;
    const serverMs = Math.floor(Math.max(this.lastServerTime + 1, this.clock()) / 1000);
    if (
      !Number.isSafeInteger(from) ||
      !Number.isSafeInteger(to) ||
      from < 0 ||
      to <= from ||
      to > serverMs ||
      !Number.isInteger(count) ||
      count < 1 ||
      count > SEGMENT_MAX_ENTRIES ||
      e.length < 2 ||
      charCount(e) > SEGMENT_MAX_BYTES ||
      index > 9999
    ) {
      throw permissionDenied(`historySegments/${id} is not a segment the rules take`);
    }
    const counter = this.segmentCounters.get(userId) ?? {
      n: 0,
      c: 0,
      index: -1,
      from: 0,
      to: 0,
      chars: 0,
    };
    const again = index === counter.index && from === counter.from && to >= counter.to;
    const next = index === counter.index + 1 && from === counter.to;
    if (!again && !next)
      throw permissionDenied(`historySegments/${id} does not go on from the counter`);
    // The adapter's step, from what the caller read; the rules' bound, from what is stored.
    const step = segmentStep(e, before && before.index === index ? before.chars : 0);
    const stored = this.segments.get(userId)?.get(id);
    // As the rules' keepsSegment: a rewrite of the open segment keeps every entry it held.
    if (stored && (count < stored.count || charCount(e) < charCount(stored.e))) {
      throw permissionDenied(`historySegments/${id} would hold less than it does`);
    }
    const growth = charCount(e) - (stored ? charCount(stored.e) : 0);
    const after = {
      n: counter.n + 1,
      c: counter.c + step,
      index,
      from,
      to,
      chars: segmentChars(e),
    };
    if (
      step < growth ||
      after.n > SEGMENT_ACCOUNT_MAX_WRITES ||
      after.c > SEGMENT_ACCOUNT_MAX_BYTES
    ) {
      throw permissionDenied(`historySegments/${id} is past the counter's bounds`);
    }
    this.tick();
    let kept = this.segments.get(userId);
    if (!kept) {
      kept = new Map();
      this.segments.set(userId, kept);
    }
    kept.set(id, structuredClone(segment));
    this.segmentCounters.set(userId, after);
    this.counters.writes += 2;
    this.counters.commits++;
    if (fault === 'lost-response') throw new MemoryRemoteError('commit response lost', fault);
  }

  /** Test inspection (not counted): the user's segment documents, by id. */
  segmentDocuments(userId: string): Map<string, SegmentWire> {
    return new Map(structuredClone([...(this.segments.get(userId) ?? new Map()).entries()]));
  }

  /** Test inspection (not counted): the segments' counter (writes, growth, the open segment). */
  segmentCounter(userId: string): (SegmentState & { n: number; c: number }) | undefined {
    const counter = this.segmentCounters.get(userId);
    return counter ? { ...counter } : undefined;
  }

  async readLegacyWords(userId: string): Promise<UserWord[]> {
    this.counters.requests++;
    const fault = this.takeFault('legacy');
    if (fault === 'error') throw new MemoryRemoteError('legacy read failed', fault);
    const docs = [...(this.legacy.get(userId)?.values() ?? [])];
    this.counters.reads += Math.max(1, docs.length);
    return docs.map((data) => ({ ...(structuredClone(data) as unknown as UserWord), userId }));
  }

  async readProfile(userId: string): Promise<RemoteProfile | null> {
    this.counters.requests++;
    this.counters.reads++;
    const profile = this.profiles.get(userId);
    return profile ? { ...profile } : null;
  }

  async writeProfile(userId: string, patch: RemoteProfile): Promise<void> {
    this.counters.requests++;
    if (this.takeFault('profile') === 'error') {
      throw new MemoryRemoteError('profile write failed', 'error');
    }
    this.counters.writes++;
    // As the Firestore adapter: a client never writes isAdmin (the field is dropped).
    const { isAdmin: _neverWritten, ...allowed } = patch;
    const clean = Object.fromEntries(Object.entries(allowed).filter(([, v]) => v !== undefined));
    this.profiles.set(userId, { ...this.profiles.get(userId), ...clean });
  }

  async pushCurriculum(docs: readonly CurriculumPush[]): Promise<void> {
    this.counters.requests++;
    const fault = this.takeFault('curriculum');
    if (fault === 'error') throw new MemoryRemoteError('curriculum commit failed', fault);
    if (docs.length > SYNC_BATCH_MAX_WRITES) {
      throw new Error(`A commit holds at most ${SYNC_BATCH_MAX_WRITES} writes, not ${docs.length}`);
    }
    // As the rules: only an admin writes, and only as themselves; a commit is all or nothing.
    for (const { doc } of docs) {
      if (this.profiles.get(doc.by)?.isAdmin !== true) {
        throw permissionDenied(`${doc.by} may not write the curriculum`);
      }
    }
    if (docs.length === 0) return;
    const updatedAt = this.tick();
    for (const { docId, doc } of docs) {
      this.curriculum.set(docId, { data: structuredClone({ ...doc }), updatedAt });
    }
    this.counters.writes += docs.length;
    this.counters.commits++;
    if (fault === 'lost-response') throw new MemoryRemoteError('commit response lost', fault);
  }

  async pullCurriculum(cursor: CurriculumCursor, limit: number): Promise<CurriculumPull> {
    this.counters.requests++;
    const fault = this.takeFault('pull');
    if (fault === 'error') throw new MemoryRemoteError('pull failed', fault);
    // As Firestore: ordered by (updatedAt, document id), after the cursor.
    const after = ([docId, doc]: [string, { updatedAt: number }]) =>
      doc.updatedAt > cursor.at || (doc.updatedAt === cursor.at && docId > cursor.id);
    const found = [...this.curriculum.entries()]
      .filter(after)
      .sort(
        ([idA, a], [idB, b]) => a.updatedAt - b.updatedAt || (idA < idB ? -1 : idA > idB ? 1 : 0),
      )
      .slice(0, limit);
    this.counters.reads += Math.max(1, found.length);
    if (fault === 'lost-response') throw new MemoryRemoteError('pull response lost', fault);
    return {
      docs: found.map(([docId, doc]) => ({
        docId,
        data: structuredClone(doc.data),
        updatedAt: doc.updatedAt,
      })),
      cursor: lastOf(found, cursor),
    };
  }

  /** Test inspection (not counted): how many curriculum documents the cloud holds. */
  curriculumCount(): number {
    return this.curriculum.size;
  }

  /** Test setup (not counted): marks a user as admin, as the Admin SDK would. */
  setAdmin(userId: string, isAdmin: boolean): void {
    this.profiles.set(userId, { ...this.profiles.get(userId), isAdmin });
  }

  private takeFault(on: FaultTarget): MemoryRemoteFault | undefined {
    const index = this.faults.findIndex((fault) => fault.on === on);
    if (index < 0) return undefined;
    return this.faults.splice(index, 1)[0]?.mode;
  }

  private tick(): number {
    this.lastServerTime = Math.max(this.lastServerTime + 1, Math.floor(this.clock()));
    return this.lastServerTime;
  }
}
