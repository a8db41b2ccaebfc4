import type { DivisionId, Topic } from '@/domain/types';
import { changes, queueChanges, type Share, withOutbox } from './curriculum-repo';
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

/** Writes a topic (roles normalised); a shared write is queued in the same transaction. */
export async function putTopic(db: MarineDB, topic: Topic, share?: Share): Promise<Topic> {
  const stored = toStoredTopic(topic);
  const tx = db.transaction(withOutbox(['topics'], share), 'readwrite');
  await Promise.all([
    tx.objectStore('topics').put(stored),
    ...queueChanges(tx, share, [changes.topic(stored)]),
    tx.done,
  ]);
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
  options: { withVocabulary?: boolean; share?: Share } = {},
): Promise<number | undefined> {
  const { share } = options;
  const tx = db.transaction(withOutbox(['topics', 'vocab'], share), 'readwrite');
  const topics = tx.objectStore('topics');
  const topic = await topics.get(id);
  if (!topic) {
    await tx.done;
    return undefined;
  }
  await topics.delete(id);
  const gone = [changes.deleted('topic', id)];
  let deleted = 0;
  if (options.withVocabulary) {
    let cursor = await tx.objectStore('vocab').index('topic').openCursor(topic.name);
    while (cursor) {
      if (cursor.value.division === topic.division) {
        gone.push(changes.deleted('word', cursor.value.id));
        await cursor.delete();
        deleted++;
      }
      cursor = await cursor.continue();
    }
  }
  await Promise.all(queueChanges(tx, share, gone));
  await tx.done;
  return deleted;
}
