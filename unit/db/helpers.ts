/** Shared fixtures for the db tests: unique database names, vocab and user-word builders. */
import { openMarineDB } from '@/db/open';
import { toStoredUserWord } from '@/db/records';
import type { LocalUserRecord, MarineDB } from '@/db/schema';
import { putUser } from '@/db/users-repo';
import type { UserWord, VocabItem } from '@/domain/types';

let counter = 0;

/** A database name no other test uses. */
export function uniqueName(): string {
  counter++;
  return `MarineDB-test-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export function vocab(id: string, overrides: Partial<VocabItem> = {}): VocabItem {
  return {
    id,
    langA: `слово-${id}`,
    langB: `word-${id}`,
    topic: 'Mooring',
    division: 'deck',
    source: 'builtin',
    ...overrides,
  };
}

export function userWord(vocabId: string, overrides: Partial<UserWord> = {}): UserWord {
  return {
    userId: 'u1',
    vocabId,
    status: 'learning',
    attempts: 1,
    correct: 1,
    streak: 1,
    strength: 0.3,
    updatedAt: 1_000,
    deleted: false,
    ...overrides,
  };
}

/** Opens a fresh database under a unique name, seeded with `vocabulary` (default: none). */
export async function openTestDB(vocabulary: readonly VocabItem[] = []): Promise<MarineDB> {
  return openMarineDB({ name: uniqueName(), vocabulary });
}

/** Runs `body` against a fresh database and always closes it. */
export async function withDB(
  vocabulary: readonly VocabItem[],
  body: (db: MarineDB) => Promise<void>,
): Promise<void> {
  const db = await openTestDB(vocabulary);
  try {
    await body(db);
  } finally {
    db.close();
  }
}

/**
 * Test setup for the read queries: puts word records as they are stored. The app writes them only
 * through the history's write side (as the fold of the history).
 */
export async function putWords(db: MarineDB, words: readonly UserWord[]): Promise<void> {
  const tx = db.transaction('userWords', 'readwrite');
  await Promise.all([...words.map((word) => tx.store.put(toStoredUserWord(word))), tx.done]);
}

/** A fresh device database (no vocabulary) holding the local record of `userId`, as after sign-in. */
export async function openDeviceOf(userId: string): Promise<MarineDB> {
  const db = await openTestDB();
  await putLearner(db, userId, {}, 'Crew');
  return db;
}

/** Puts the local record of a learner `userId` with the default settings and `settings`. */
export async function putLearner(
  db: MarineDB,
  userId: string,
  settings: Partial<LocalUserRecord['settings']> = {},
  fullName = '',
): Promise<void> {
  await putUser(db, {
    id: userId,
    email: `${userId}@ship.test`,
    fullName,
    isAdmin: false,
    createdAt: 1,
    settings: { dailyGoal: 10, uiLang: 'ru', theme: 'light', ...settings },
  });
}
