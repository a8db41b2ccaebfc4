/**
 * Renames that cascade through the catalogue, each in ONE readwrite transaction: a role renamed
 * across the topics and words that name it, a topic renamed across its words. A failure (storage
 * full, a closed database) leaves everything as it was, never half renamed.
 */
import { normalizeRole, replaceRole, withRoles } from '@/domain/roles';
import type { Role, Topic } from '@/domain/types';
import { findByName } from '@/domain/validation';
import { changes, queueChanges, type Share, withOutbox } from './curriculum-repo';
import { toStoredTopic, toStoredVocab } from './records';
import type { MarineDB } from './schema';

export type RenameResult<T> =
  | { status: 'not-found' }
  | { status: 'name-taken' }
  | { status: 'unchanged'; value: T }
  | { status: 'renamed'; value: T };

/** Renames role `id` to the role code `code` (already normalised), with its topics and words. */
export async function renameRoleEverywhere(
  db: MarineDB,
  id: string,
  code: string,
  share?: Share,
): Promise<RenameResult<Role>> {
  const tx = db.transaction(withOutbox(['roles', 'topics', 'vocab'], share), 'readwrite');
  const roles = tx.objectStore('roles');
  const role = await roles.get(id);
  if (!role) {
    await tx.done;
    return { status: 'not-found' };
  }
  const from = normalizeRole(role.name);
  if (from === code) {
    await tx.done;
    return { status: 'unchanged', value: role };
  }
  const siblings = (await roles.getAll()).filter((r) => r.division === role.division);
  if (siblings.some((r) => r.id !== id && normalizeRole(r.name) === code)) {
    await tx.done;
    return { status: 'name-taken' };
  }
  const renamed: Role = { ...role, name: code };
  const [topics, words] = await Promise.all([
    tx.objectStore('topics').getAll(),
    tx.objectStore('vocab').index('division').getAll(role.division),
  ]);
  const names = (list?: string[]) => list?.some((r) => normalizeRole(r) === from) ?? false;
  const changedTopics = topics
    .filter((topic) => topic.division === role.division && names(topic.roles))
    .map((topic) => toStoredTopic(withRoles(topic, replaceRole(topic.roles, from, code))));
  const changedWords = words
    .filter((item) => names(item.roles))
    .map((item) => toStoredVocab(withRoles(item, replaceRole(item.roles, from, code))));
  await Promise.all([
    roles.put(renamed),
    ...changedTopics.map((topic) => tx.objectStore('topics').put(topic)),
    ...changedWords.map((item) => tx.objectStore('vocab').put(item)),
    ...queueChanges(tx, share, [
      changes.role(renamed),
      ...changedTopics.map(changes.topic),
      ...changedWords.map(changes.word),
    ]),
    tx.done,
  ]);
  return { status: 'renamed', value: renamed };
}

/** Renames topic `id` to `name` (trimmed, not empty) with every word of it. */
export async function renameTopicEverywhere(
  db: MarineDB,
  id: string,
  name: string,
  share?: Share,
): Promise<RenameResult<Topic>> {
  const tx = db.transaction(withOutbox(['topics', 'vocab'], share), 'readwrite');
  const topics = tx.objectStore('topics');
  const topic = await topics.get(id);
  if (!topic) {
    await tx.done;
    return { status: 'not-found' };
  }
  if (name === topic.name) {
    await tx.done;
    return { status: 'unchanged', value: topic };
  }
  const siblings = (await topics.getAll()).filter(
    (t) => t.division === topic.division && t.id !== id,
  );
  if (findByName(siblings, name)) {
    await tx.done;
    return { status: 'name-taken' };
  }
  const renamed: Topic = { ...topic, name };
  const words = (await tx.objectStore('vocab').index('topic').getAll(topic.name)).filter(
    (item) => item.division === topic.division,
  );
  const moved = words.map((item) => toStoredVocab({ ...item, topic: name }));
  await Promise.all([
    topics.put(toStoredTopic(renamed)),
    ...moved.map((item) => tx.objectStore('vocab').put(item)),
    ...queueChanges(tx, share, [changes.topic(toStoredTopic(renamed)), ...moved.map(changes.word)]),
    tx.done,
  ]);
  return { status: 'renamed', value: renamed };
}
