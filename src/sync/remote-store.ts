/**
 * The RemoteStore port: what the sync engine needs from the cloud. The Firestore Lite adapter
 * implements it for real; tests use an in-memory one. Documents: `users/{uid}` and
 * `users/{uid}/userWords/{vocabId}` (the vocabId is the document id, so a retried or duplicated
 * upsert lands on the same document).
 */
import type { UserWord } from '@/domain/types';

/** The cloud's profile fields of a user (SPEC §7); never `isAdmin`, which clients do not write. */
export interface RemoteProfile {
  email?: string;
  fullName?: string;
  createdAt?: number;
  division?: string;
  role?: string;
  dailyGoal?: number;
  uiLang?: string;
  theme?: string;
  /** Read only: set by an admin through the Admin SDK, never written by a client. */
  isAdmin?: boolean;
}

/** A pull cursor: the server time of the newest document seen, in epoch microseconds. */
export type SyncCursor = number;

export interface PullResult {
  words: UserWord[];
  /** The greatest `syncedAt` among the returned documents, or the given cursor when none. */
  cursor: SyncCursor;
}

export interface RemoteStore {
  /**
   * Upserts the words (merge) in ONE commit, each document's `syncedAt` set to the server time.
   * At most SYNC_BATCH_MAX_WRITES words. Resolves only when the commit succeeded.
   */
  commitWords(userId: string, words: readonly UserWord[]): Promise<void>;
  /** Documents with `syncedAt > cursor`, ordered by `syncedAt`. */
  pullWords(userId: string, cursor: SyncCursor): Promise<PullResult>;
  readProfile(userId: string): Promise<RemoteProfile | null>;
  /** Merge-writes the given profile fields. */
  writeProfile(userId: string, patch: RemoteProfile): Promise<void>;
}
