/** Which topics a division and role see (SPEC §2, §6). */
import { matchesRole } from './roles';
import type { DivisionId, Topic, VocabItem } from './types';

/**
 * Topics of the division visible to the role: a topic matches like a word (no roles, 'all', or
 * the role). The deck list hides topics whose names contain 'engine'. Sorted by name.
 */
export function visibleTopics(
  topics: readonly Topic[],
  division: DivisionId | undefined,
  role?: string | null,
): Topic[] {
  return topics
    .filter((topic) => !division || topic.division === division)
    .filter((topic) => matchesRole(topic, role))
    .filter((topic) => division !== 'deck' || !/engine/i.test(topic.name))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The words of a topic (by its division and name). */
export function wordsOfTopic(
  vocab: readonly VocabItem[],
  topic: Pick<Topic, 'division' | 'name'>,
): VocabItem[] {
  return vocab.filter((item) => item.division === topic.division && item.topic === topic.name);
}

/** The id a topic derived from the vocabulary gets: `division::name`. */
export function topicId(division: DivisionId, name: string): string {
  return `${division}::${name}`;
}

/** How many words each topic holds, keyed by topic id (`division::name`). */
export function countWordsByTopic(vocab: readonly VocabItem[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of vocab) {
    const key = topicId(item.division, item.topic);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
