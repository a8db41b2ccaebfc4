/** The topics table: topic records, and the admin's edits of them, each in one transaction. */
import {
  type CatalogEdit,
  succeeded,
  topicAdded,
  topicDeleted,
  topicRoleSet,
} from '@/domain/catalog-edits';
import { newId } from '@/domain/ids';
import type { DivisionId, Topic } from '@/domain/types';
import { editCatalog } from './catalog-edits';
import type { Share } from './curriculum-repo';
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
  const edit = await editCatalog(db, ['topics'], share, async () =>
    succeeded(topic, true, { topics: { put: [topic] } }),
  );
  return edit.changes.topics.put[0] as Topic;
}

/** Adds a topic to a division, or merges the roles into the topic of that name (`topicAdded`). */
export function findOrAddTopic(
  db: MarineDB,
  topic: Pick<Topic, 'name' | 'division'> & { roles: readonly string[]; createdBy: string },
  share?: Share,
): Promise<CatalogEdit<Topic>> {
  return editCatalog(db, ['topics'], share, async (tx) =>
    topicAdded(await tx.objectStore('topics').getAll(), topic, newId),
  );
}

/** Assigns topic `id` to the role `code` (normalised), or detaches it (`topicRoleSet`). */
export function assignTopicRole(
  db: MarineDB,
  id: string,
  code: string,
  assigned: boolean,
  share?: Share,
): Promise<CatalogEdit<Topic>> {
  return editCatalog(db, ['topics'], share, async (tx) =>
    topicRoleSet(await tx.objectStore('topics').get(id), code, assigned),
  );
}

/**
 * Deletes a topic; with `withVocabulary`, also every vocab item with the topic's name in the
 * topic's division, in the same transaction. Refused as 'not-found' (nothing deleted) when the
 * topic did not exist.
 */
export function deleteTopic(
  db: MarineDB,
  id: string,
  options: { withVocabulary?: boolean; share?: Share } = {},
): Promise<CatalogEdit<string>> {
  const withVocabulary = options.withVocabulary === true;
  return editCatalog(db, ['topics', 'vocab'], options.share, async (tx) => {
    const topic = await tx.objectStore('topics').get(id);
    const words =
      topic && withVocabulary
        ? await tx.objectStore('vocab').index('topic').getAll(topic.name)
        : [];
    return topicDeleted(topic, words, withVocabulary);
  });
}
