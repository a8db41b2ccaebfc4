/** The vocabulary and its catalogue (divisions, roles, topics) as loaded from MarineDB. */
import { create } from 'zustand';
import { listDivisions } from '@/db/divisions-repo';
import { getDB } from '@/db/instance';
import { listRoles } from '@/db/roles-repo';
import { listTopics } from '@/db/topics-repo';
import { listVocab } from '@/db/vocab-repo';
import type { Division, Role, Topic, VocabItem } from '@/domain/types';

interface VocabState {
  loaded: boolean;
  /** The words in use: retired built-in words (kept only for their progress) are left out. */
  vocab: VocabItem[];
  topics: Topic[];
  roles: Role[];
  divisions: Division[];
  /** (Re)reads everything; admin actions call it after a change. */
  load(): Promise<void>;
}

export const useVocabStore = create<VocabState>()((set) => ({
  loaded: false,
  vocab: [],
  topics: [],
  roles: [],
  divisions: [],

  async load() {
    const db = await getDB();
    const [vocab, topics, roles, divisions] = await Promise.all([
      listVocab(db),
      listTopics(db),
      listRoles(db),
      listDivisions(db),
    ]);
    set({ loaded: true, vocab: vocab.filter((item) => !item.retired), topics, roles, divisions });
  },
}));
