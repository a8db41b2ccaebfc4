/** The vocab table: queries, and the word edits of the dictionary, each in one transaction. */
import {
  type BulkImportOutcome,
  destinationFor,
  editTarget,
  type WordInput,
  type WordPatch,
} from '@/domain/catalog';
import {
  type CatalogEdit,
  draftImport,
  newWords,
  refused,
  succeeded,
  wordAdded,
  wordDeleted,
  wordEdited,
  wordsImported,
} from '@/domain/catalog-edits';
import { newId } from '@/domain/ids';
import type { DivisionId, Topic, User, VocabItem } from '@/domain/types';
import type { WordPair } from '@/domain/validation';
import { editCatalog } from './catalog-edits';
import type { Share } from './curriculum-repo';
import type { MarineDB } from './schema';

export interface VocabFilters {
  division?: DivisionId;
  /** Topic name. */
  topic?: string;
  /** Keep items that match this role (no roles, 'all', or the role); null/undefined/'all' keeps all. */
  role?: string | null;
}

/**
 * How many records one read of `listVocab` takes: each page's copy onto the page's thread is a
 * task of its own. In traced first visits at 1x a page of 200 (about 80 KB) took up to 40 ms, a
 * page of 50 (about 20 KB) at most 7 ms (docs/benchmarks.md, "The last round on the blocking-time
 * goal").
 */
const VOCAB_PAGE = 50;

/**
 * Every item, in key order, read in pages within one transaction (one snapshot): each page's
 * records are copied onto the page's thread in a task of its own, never 2,000 words in one.
 */
export async function listVocab(db: MarineDB): Promise<VocabItem[]> {
  const store = db.transaction('vocab').store;
  const items: VocabItem[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await store.getAll(
      after === undefined ? undefined : IDBKeyRange.lowerBound(after, true),
      VOCAB_PAGE,
    );
    items.push(...page);
    if (page.length < VOCAB_PAGE) return items;
    after = page[page.length - 1]?.id;
  }
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
  const edit = await editCatalog(db, ['vocab'], share, async () =>
    succeeded(item, true, { vocab: { put: [item] } }),
  );
  return edit.changes.vocab.put[0] as VocabItem;
}

export async function deleteVocab(db: MarineDB, id: string, share?: Share): Promise<void> {
  await editCatalog(db, ['vocab'], share, async () =>
    succeeded(id, false, { vocab: { deleted: [id] } }),
  );
}

/** The stored words whose topic has one of `names` (any division), read through the topic index. */
async function wordsOfTopics(
  index: { getAll(name: string): Promise<VocabItem[]> },
  names: Iterable<string>,
): Promise<VocabItem[]> {
  return (await Promise.all([...new Set(names)].map((name) => index.getAll(name)))).flat();
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
  const edit = await editCatalog(db, ['vocab', 'topics'], share, async (tx) => {
    const [stored, known] = await Promise.all([
      tx.objectStore('topics').getAllKeys(),
      wordsOfTopics(
        tx.objectStore('vocab').index('topic'),
        items.map((item) => item.topic),
      ),
    ]);
    const fresh = newWords(topics, items, known, new Set(stored));
    return succeeded(fresh.duplicates, fresh.added.length > 0, {
      topics: { put: fresh.topics },
      vocab: { put: fresh.added },
    });
  });
  return { added: edit.changes.vocab.put, duplicates: edit.result.ok ? edit.result.value : [] };
}

/**
 * `user` adds a word (sides already checked) to the topic the input names, made if needed (see
 * `destinationFor`); a duplicate of a word of that topic is not written (see `wordAdded`).
 */
export function addWordBy(
  db: MarineDB,
  user: User,
  pair: WordPair,
  input: Pick<WordInput, 'topic' | 'roles' | 'division'>,
  share?: Share,
): Promise<CatalogEdit<VocabItem>> {
  return editCatalog(db, ['topics', 'vocab'], share, async (tx) => {
    const target = destinationFor(await tx.objectStore('topics').getAll(), user, input, newId);
    const { name, division } = target.topic;
    const known = target.isNew
      ? []
      : (await tx.objectStore('vocab').index('topic').getAll(name)).filter(
          (item) => item.division === division,
        );
    return wordAdded(target, known, pair, { roles: input.roles, createdBy: user.id }, newId);
  });
}

/** `user` edits word `id`, if they may (see `wordEdited`). */
export function editWordBy(
  db: MarineDB,
  user: User | null,
  id: string,
  patch: WordPatch,
  share?: Share,
): Promise<CatalogEdit<VocabItem>> {
  return editCatalog(db, ['topics', 'vocab'], share, async (tx) => {
    const item = await tx.objectStore('vocab').get(id);
    const topics = item ? await tx.objectStore('topics').getAll() : [];
    const words = item
      ? await tx
          .objectStore('vocab')
          .index('topic')
          .getAll(editTarget(item, topics, patch.topic).name)
      : [];
    return wordEdited(item, user, patch, { topics, words }, newId);
  });
}

/** `user` deletes word `id`, if they may. */
export function deleteWordBy(
  db: MarineDB,
  user: User | null,
  id: string,
  share?: Share,
): Promise<CatalogEdit<string>> {
  return editCatalog(db, ['vocab'], share, async (tx) =>
    wordDeleted(await tx.objectStore('vocab').get(id), user),
  );
}

/**
 * `user` imports words from `text` (ru=en lines, JSON or CSV; see `draftImport`) into the topics
 * it names or the form's, in one transaction: all of them or none.
 */
export function importWordsBy(
  db: MarineDB,
  user: User,
  text: string,
  input: Pick<WordInput, 'topic' | 'roles' | 'division'>,
  share?: Share,
): Promise<CatalogEdit<BulkImportOutcome>> {
  return editCatalog(db, ['roles', 'topics', 'divisions', 'vocab'], share, async (tx) => {
    const [roles, topics, divisions] = await Promise.all([
      tx.objectStore('roles').getAll(),
      tx.objectStore('topics').getAll(),
      tx.objectStore('divisions').getAll(),
    ]);
    const draft = draftImport(text, input, user, { roles, topics, divisions }, newId);
    if ('refused' in draft) return refused(draft.refused);
    const known = await wordsOfTopics(
      tx.objectStore('vocab').index('topic'),
      draft.plan.items.map((item) => item.topic),
    );
    return wordsImported(draft, known, new Set(topics.map((topic) => topic.id)));
  });
}

export interface DuplicateQuery {
  /** Topic name. */
  topic: string;
  langA: string;
  langB: string;
  /** When given, only items of this division count. */
  division?: DivisionId;
}
