/** The typed shape of MarineDB version 6: stores, keys, indexes and the stored record types. */
import type { DBSchema, IDBPDatabase } from 'idb';
import type {
  Division,
  Role,
  SyncQueueEntry,
  Topic,
  User,
  UserWord,
  VocabItem,
  WordStatus,
} from '@/domain/types';
import type { InstalledVocabulary } from '@/domain/vocabulary-update';

/** A user as kept on this device: the domain user plus local-auth fields and the sync pull cursor. */
export interface LocalUserRecord extends User {
  /** PBKDF2-SHA-256 hash of the local password (local edition only). */
  passwordHash?: string;
  passwordSalt?: string;
  passwordIterations?: number;
  /** Per-user sync pull cursor, epoch ms. */
  syncCursor?: number;
}

/** A 0/1 flag: IndexedDB cannot index booleans. */
export type StoredFlag = 0 | 1;

/**
 * A UserWord as stored: `deleted` is always present as 0/1 and `hidden` is 0/1 when present.
 * Repositories convert to and from the domain `UserWord`; callers never see these flags.
 */
export type StoredUserWord = Omit<UserWord, 'deleted' | 'hidden'> & {
  deleted: StoredFlag;
  hidden?: StoredFlag;
};

export type UserWordKey = [userId: string, vocabId: string];

/**
 * What the meta store records of the built-in vocabulary. A database upgraded from version 5 or
 * older holds the first vocabulary but no digests: it is marked `legacy` until the next install.
 */
export type VocabularyMeta = { key: 'vocabulary' } & (
  | InstalledVocabulary
  | { version: number; legacy: true }
);

export interface MarineDBSchema extends DBSchema {
  users: { key: string; value: LocalUserRecord; indexes: { email: string } };
  vocab: {
    key: string;
    value: VocabItem;
    indexes: { topic: string; division: string; roles: string };
  };
  userWords: {
    key: UserWordKey;
    value: StoredUserWord;
    indexes: {
      userId: string;
      vocabId: string;
      status: WordStatus;
      nextReviewAt: number;
      updatedAt: number;
      deleted: StoredFlag;
      remoteId: string;
    };
  };
  topics: { key: string; value: Topic };
  roles: { key: string; value: Role };
  divisions: { key: string; value: Division };
  syncQueue: { key: string; value: SyncQueueEntry; indexes: { createdAt: number } };
  meta: { key: string; value: VocabularyMeta };
}

/** An open MarineDB connection. */
export type MarineDB = IDBPDatabase<MarineDBSchema>;
