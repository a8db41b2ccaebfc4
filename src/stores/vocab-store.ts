/** The vocabulary and its catalogue (divisions, roles, topics) as loaded from MarineDB. */
import { create } from 'zustand';
import { listDivisions } from '@/db/divisions-repo';
import { getDB } from '@/db/instance';
import { listRoles } from '@/db/roles-repo';
import { listTopics } from '@/db/topics-repo';
import { listVocab } from '@/db/vocab-repo';
import type { CatalogChanges, KindChanges } from '@/domain/catalog-edits';
import type { Division, Role, Topic, VocabItem } from '@/domain/types';

interface Catalogue {
  /** The words in use: retired built-in words (kept only for their progress) are left out. */
  vocab: VocabItem[];
  topics: Topic[];
  roles: Role[];
  divisions: Division[];
}

interface VocabState extends Catalogue {
  loaded: boolean;
  /** The last load failed (storage closed or broken): what waits for the vocabulary says so. */
  loadFailed: boolean;
  /** (Re)reads everything: at start, after a pull of the shared curriculum, after a failed edit. */
  load(): Promise<void>;
  /** Takes in what one catalogue edit changed, as stored, without reading the database. */
  applyChanges(changes: CatalogChanges): void;
}

/** Key order, as IndexedDB lists records (strings compare by UTF-16 code units in both). */
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A list with the changes of one kind: deleted ids leave, written records replace theirs in place,
 * new ones join in key order, so the list is what a fresh load would give. Records `keep` refuses
 * leave too.
 */
function patched<T extends { id: string }>(
  list: T[],
  { put, deleted }: KindChanges<T>,
  keep: (record: T) => boolean = () => true,
): T[] {
  if (put.length === 0 && deleted.length === 0) return list;
  const gone = new Set(deleted);
  const written = new Map(put.map((record) => [record.id, record]));
  const next: T[] = [];
  for (const record of list) {
    const replacement = written.get(record.id);
    written.delete(record.id);
    const current = replacement ?? record;
    if (!gone.has(record.id) && keep(current)) next.push(current);
  }
  const added = [...written.values()].filter((record) => !gone.has(record.id) && keep(record));
  return added.length === 0 ? next : [...next, ...added].sort(byId);
}

const inUse = (item: VocabItem) => !item.retired;

function withChanges(catalogue: Catalogue, changes: CatalogChanges): Catalogue {
  return {
    vocab: patched(catalogue.vocab, changes.vocab, inUse),
    topics: patched(catalogue.topics, changes.topics),
    roles: patched(catalogue.roles, changes.roles),
    divisions: patched(catalogue.divisions, changes.divisions),
  };
}

/**
 * The changes applied while each running load reads: its transaction may have started before
 * they were written, so they are applied again over what it read (applying twice changes nothing).
 */
const duringLoads = new Set<CatalogChanges[]>();

export const useVocabStore = create<VocabState>()((set) => ({
  loaded: false,
  loadFailed: false,
  vocab: [],
  topics: [],
  roles: [],
  divisions: [],

  async load() {
    const missed: CatalogChanges[] = [];
    duringLoads.add(missed);
    try {
      const db = await getDB();
      const [vocab, topics, roles, divisions] = await Promise.all([
        listVocab(db),
        listTopics(db),
        listRoles(db),
        listDivisions(db),
      ]);
      const read: Catalogue = { vocab: vocab.filter(inUse), topics, roles, divisions };
      set({ loaded: true, loadFailed: false, ...missed.reduce(withChanges, read) });
    } catch (error) {
      set({ loadFailed: true });
      throw error;
    } finally {
      duringLoads.delete(missed);
    }
  },

  applyChanges(changes) {
    for (const missed of duringLoads) missed.push(changes);
    // Before the first load there is nothing to patch: that load reads the changes.
    set((state) => (state.loaded ? withChanges(state, changes) : {}));
  },
}));

/**
 * How long an act that needs the vocabulary waits for its load (a local read, seconds at most on a
 * slow phone) before it says it failed.
 */
export const VOCABULARY_WAIT_MS = 15_000;

/**
 * Resolves once the vocabulary is loaded (at once when it is): a tap on home can come before the
 * start's load, which waits for the first screen. Rejects when its load fails, or after `ms`.
 */
export function vocabularyLoaded(ms = VOCABULARY_WAIT_MS): Promise<void> {
  const failed = () => new Error('The vocabulary could not be read');
  if (useVocabStore.getState().loaded) return Promise.resolve();
  if (useVocabStore.getState().loadFailed) return Promise.reject(failed());
  return new Promise((resolve, reject) => {
    const stop = useVocabStore.subscribe((state) => {
      if (!state.loaded && !state.loadFailed) return;
      clearTimeout(timer);
      stop();
      if (state.loaded) resolve();
      else reject(failed());
    });
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The vocabulary did not load within ${ms} ms`));
    }, ms);
  });
}
