/**
 * The RemoteStore port: what the sync engine needs from the cloud. The Firestore Lite adapter
 * implements it for real; tests use an in-memory one. Documents: `users/{uid}` (the profile),
 * `users/{uid}/history/{batchId}` (append-only batches of answer-history entries, each stamped
 * with the server time `syncedAt`) and, read once for the migration, the per-word documents
 * `users/{uid}/userWords/{vocabId}` that older versions wrote.
 */
import type { CurriculumDocWrite } from '@/domain/curriculum';
import type { HistoryEntry } from '@/domain/history';
import type { ProfileRecord } from '@/domain/synced-records';
import type { UserWord } from '@/domain/types';
import type { SegmentRead, SegmentWire } from './history-segments';

/**
 * The cloud's profile fields of a user (SPEC §7), as PROFILE_FIELDS defines them, and the admin
 * flag, read only: set by an admin through the Admin SDK, never written by a client.
 */
export type RemoteProfile = ProfileRecord & { isAdmin?: boolean };

/** A pull cursor: the server time of the newest document seen, in epoch microseconds. */
export type SyncCursor = number;

/** One pulled batch: its entries as stored (unchecked: the engine checks each) and when the cloud got it. */
export interface PulledBatch {
  id: string;
  /** The batch's server time (`syncedAt`), epoch ms. */
  receivedAt: number;
  /** The entries with their userId and `receivedAt` (the batch's server time, epoch ms) filled in. */
  entries: unknown[];
}

export interface PullResult {
  batches: PulledBatch[];
  /** The greatest `syncedAt` among the returned batches, or the given cursor when none. */
  cursor: SyncCursor;
  /** A paged pull: the id of the last batch returned (the place inside its commit), if any. */
  cursorId?: string;
}

/**
 * A page of a history pull, in (`syncedAt`, batch id) order: at most `limit` batches, after the
 * batch `afterId` of the cursor's time (one commit stamps its batches with one server time), or
 * after the cursor's time itself when no id is known.
 */
export interface HistoryPage {
  limit: number;
  afterId?: string;
}

/** A batch to push: a new document named `id`. */
export interface PushBatchInput {
  id: string;
  entries: readonly HistoryEntry[];
  /**
   * What the clock that dated every entry of the batch reads at the commit attempt (epoch ms, read
   * just before it), sent as the batch's `now`; missing when the entries were not all dated by
   * this device's clock (an import, an older version's entries).
   */
  now?: number;
}

/**
 * The segments' counter (history-segments.ts): the last segment written (the open one), its range
 * (epoch ms, `to` exclusive) and the characters of its `e`.
 */
export interface SegmentState {
  index: number;
  from: number;
  to: number;
  chars: number;
}

/** A curriculum document to write (`curriculum/{docId}`); the server adds `updatedAt`. */
export interface CurriculumPush {
  docId: string;
  doc: CurriculumDocWrite;
}

/** A pulled curriculum document, unchecked (the engine checks it), and its server time. */
export interface PulledCurriculumDoc {
  docId: string;
  data: Record<string, unknown>;
  /** `updatedAt`, epoch microseconds. */
  updatedAt: number;
}

/**
 * Where a curriculum pull goes on from: after the document `id` written at `at` (epoch
 * microseconds). One commit stamps all its documents with the same server time, so the time
 * alone cannot mark a place inside a commit; the document id breaks the tie. An empty `id` means
 * every document written at `at` is still to come.
 */
export interface CurriculumCursor {
  at: number;
  id: string;
}

export interface CurriculumPull {
  docs: PulledCurriculumDoc[];
  /** The last document returned, or the given cursor when none. */
  cursor: CurriculumCursor;
}

/**
 * Whether a remote call was refused for want of rights (Firestore's `permission-denied`, which
 * the SDK's errors and the in-memory store's carry as `code`).
 */
export function isPermissionDenied(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'permission-denied'
  );
}

export interface RemoteStore {
  /**
   * Creates the batch documents, in order, each in a commit of its own together with the step of
   * the account's history counter (history-wire.ts HISTORY_COUNTER_FIELDS: one batch, its
   * characters), each stamped with the server time, in the layout of history-wire.ts. Documents
   * are never overwritten: creating one that exists fails (the rules refuse the update); a batch
   * that does not fit one document (toBatchWire) fails before anything is sent, and so does a
   * commit past the account's bounds. Resolves only when every commit succeeded (an error leaves
   * the batches before it written).
   */
  pushHistory(userId: string, batches: readonly PushBatchInput[]): Promise<void>;
  /** Whether the batch document exists (after a push whose answer was lost). */
  hasHistoryBatch(userId: string, batchId: string): Promise<boolean>;
  /**
   * Batches with `syncedAt > cursor`, ordered by `syncedAt`; or one page of them. Both layouts
   * are read (history-wire.ts); an unreadable batch yields no entries and the cursor moves on.
   */
  pullHistory(userId: string, cursor: SyncCursor, page?: HistoryPage): Promise<PullResult>;
  /**
   * At most `limit` of the account's history segments (history-segments.ts) that end after
   * `after` (epoch ms), in the order of their ends; unchecked. Optional: a cloud without them
   * restores from the batches alone.
   */
  readSegments?(userId: string, after: number, limit: number): Promise<SegmentRead[]>;
  /** The segments' counter: the open segment, or null when the account has none. */
  readSegmentState?(userId: string): Promise<SegmentState | null>;
  /**
   * Writes segment `index` (the open one again, or the next) in ONE commit with the step of the
   * segments' counter from `before` (what readSegmentState said). firestore.rules refuse a segment
   * that does not go on from `before` in the cloud (another device wrote one since): the caller
   * reads the counter again next time.
   */
  writeSegment?(
    userId: string,
    index: number,
    segment: SegmentWire,
    before: SegmentState | null,
  ): Promise<void>;
  /** Every per-word document older versions wrote (with or without `syncedAt`); malformed ones are left out. */
  readLegacyWords(userId: string): Promise<UserWord[]>;
  readProfile(userId: string): Promise<RemoteProfile | null>;
  /**
   * Writes curriculum documents in ONE commit (at most SYNC_BATCH_MAX_WRITES), each stamped with
   * the server time `updatedAt`; only an admin may (the rules refuse anyone else).
   */
  pushCurriculum(docs: readonly CurriculumPush[]): Promise<void>;
  /**
   * At most `limit` curriculum documents after `cursor` in (`updatedAt`, document id) order, so a
   * page may end inside a commit and the next one starts where it ended.
   */
  pullCurriculum(cursor: CurriculumCursor, limit: number): Promise<CurriculumPull>;
  /** Merge-writes the given profile fields. */
  writeProfile(userId: string, patch: RemoteProfile): Promise<void>;
}
