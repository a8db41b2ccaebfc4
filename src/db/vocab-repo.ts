import type { DivisionId, Topic, VocabItem } from '@/domain/types';
import { changes, queueChanges, type Share, withOutbox } from './curriculum-repo';
import { toStoredTopic, toStoredVocab } from './records';
import type { MarineDB } from './schema';

export interface VocabFilters {
  division?: DivisionId;
  /** Topic name. */
  topic?: string;
  /** Keep items that match this role (no roles, 'all', or the role); null/undefined/'all' keeps all. */
  role?: string | null;
}

export async function listVocab(db: MarineDB): Promise<VocabItem[]> {
  return db.getAll('vocab');
}

export async function getVocab(db: MarineDB, id: string): Promise<VocabItem | undefined> {
  return db.get('vocab', id);
}

/** Items of a topic (by name), optionally only in one division. */
export async function listVocabByTopic(
  db: MarineDB,
  topicName: string,
  division?: DivisionId,
): Promise<VocabItem[]> {
  const items = await db.getAllFromIndex('vocab', 'topic', topicName);
  return division === undefined ? items : items.filter((item) => item.division === division);
}

export async function listVocabByDivision(
  db: MarineDB,
  division: DivisionId,
): Promise<VocabItem[]> {
  return db.getAllFromIndex('vocab', 'division', division);
}

function _containsText(item: VocabItem, needle: string): boolean {
  return (
    item.langA.toLowerCase().includes(needle) ||
    item.langB.toLowerCase().includes(needle) ||
    (item.tags ?? []).some((tag) => tag.toLowerCase().includes(needle))
  );
}

/** Writes an item (roles normalised, empty topic/division -> General/deck); returns what was stored. */
export async function putVocab(db: MarineDB, item: VocabItem, share?: Share): Promise<VocabItem> {
  const stored = toStoredVocab(item);
  const tx = db.transaction(withOutbox(['vocab'], share), 'readwrite');
  await Promise.all([
    tx.objectStore('vocab').put(stored),
    ...queueChanges(tx, share, [changes.word(stored)]),
    tx.done,
  ]);
  return stored;
}

/**
 * Adds words and the new topics they need in one transaction, so an import is all there or not
 * at all. A word equal to one already in its topic (same division, same sides ignoring case), or
 * to an earlier one of the list, is not added. A topic whose id exists is not overwritten.
 */
export async function addWordsWithTopics(
  db: MarineDB,
  topics: readonly Topic[],
  items: readonly VocabItem[],
  share?: Share,
): Promise<{ added: VocabItem[]; duplicates: VocabItem[] }> {
  const tx = db.transaction(withOutbox(['vocab', 'topics'], share), 'readwrite');
  const topicStore = tx.objectStore('topics');
  const vocabStore = tx.objectStore('vocab');
  const keyOf = (item: Pick<VocabItem, 'division' | 'topic' | 'langA' | 'langB'>) =>
    [item.division, item.topic, item.langA, item.langB]
      .map((v) => v.trim().toLowerCase())
      .join('\n');
  const names = [...new Set(items.map((item) => item.topic))];
  const [existingTopics, ...known] = await Promise.all([
    topicStore.getAllKeys(),
    ...names.map((name) => vocabStore.index('topic').getAll(name)),
  ]);
  const seen = new Set(known.flat().map(keyOf));
  const present = new Set(existingTopics);
  const writes: Promise<unknown>[] = [];
  for (const topic of topics) {
    if (present.has(topic.id)) continue;
    const stored = toStoredTopic(topic);
    writes.push(topicStore.put(stored), ...queueChanges(tx, share, [changes.topic(stored)]));
  }
  const added: VocabItem[] = [];
  const duplicates: VocabItem[] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) {
      duplicates.push(item);
      continue;
    }
    seen.add(key);
    const stored = toStoredVocab(item);
    added.push(stored);
    writes.push(vocabStore.put(stored), ...queueChanges(tx, share, [changes.word(stored)]));
  }
  await Promise.all([...writes, tx.done]);
  return { added, duplicates };
}

export async function deleteVocab(db: MarineDB, id: string, share?: Share): Promise<void> {
  const tx = db.transaction(withOutbox(['vocab'], share), 'readwrite');
  await Promise.all([
    tx.objectStore('vocab').delete(id),
    ...queueChanges(tx, share, [changes.deleted('word', id)]),
    tx.done,
  ]);
}

export interface DuplicateQuery {
  /** Topic name. */
  topic: string;
  langA: string;
  langB: string;
  /** When given, only items of this division count. */
  division?: DivisionId;
}
