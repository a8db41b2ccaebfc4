import type { DivisionId, Topic } from '@/domain/types';
import { toStoredTopic } from './records';
import type { MarineDB } from './schema';

/** All topics, in id order (`division::name` for derived ones). */
export async function listTopics(db: MarineDB): Promise<Topic[]> {
  return db.getAll('topics');
}

export async function listTopicsByDivision(db: MarineDB, division: DivisionId): Promise<Topic[]> {
  return (await db.getAll('topics')).filter((topic) => topic.division === division);
}

export async function getTopic(db: MarineDB, id: string): Promise<Topic | undefined> {
  return db.get('topics', id);
}

/** Writes a topic (roles normalised); returns what was stored. */
export async function putTopic(db: MarineDB, topic: Topic): Promise<Topic> {
  const stored = toStoredTopic(topic);
  await db.put('topics', stored);
  return stored;
}

/**
 * Deletes a topic; with `withVocabulary`, also every vocab item with the topic's name in the
 * topic's division, in the same transaction. Returns how many vocab items were deleted, or
 * undefined when the topic did not exist (nothing is deleted then).
 */
export async function deleteTopic(
  db: MarineDB,
  id: string,
  options: { withVocabulary?: boolean } = {},
): Promise<number | undefined> {
  const tx = db.transaction(['topics', 'vocab'], 'readwrite');
  const topics = tx.objectStore('topics');
  const topic = await topics.get(id);
  if (!topic) {
    await tx.done;
    return undefined;
  }
  await topics.delete(id);
  let deleted = 0;
  if (options.withVocabulary) {
    let cursor = await tx.objectStore('vocab').index('topic').openCursor(topic.name);
    while (cursor) {
      if (cursor.value.division === topic.division) {
        await cursor.delete();
        deleted++;
      }
      cursor = await cursor.continue();
    }
  }
  await tx.done;
  return deleted;
}
