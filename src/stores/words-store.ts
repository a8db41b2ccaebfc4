/**
 * The learning records of whoever studies now. A signed-in user's records are loaded from
 * MarineDB, and every change is written through the SRS rules together with its sync-queue
 * entry; a guest's records live only in memory and are never saved.
 */
import { create } from 'zustand';
import { getDB } from '@/db/instance';
import { listUserWords, saveUserWord, saveUserWords } from '@/db/user-words-repo';
import { answer, markLearned, newUserWord, relearn, skip, unmarkLearned } from '@/domain/srs';
import type { UserWord } from '@/domain/types';
import { useAuthStore } from './auth-store';
import { notifyLocalChange } from './sync-store';

export const GUEST_ID = 'guest';

type Change = (word: UserWord, now: number) => UserWord;

interface WordsState {
  /** Whose records these are: a user id, or GUEST_ID. */
  ownerId: string;
  words: ReadonlyMap<string, UserWord>;
  loaded: boolean;
  load(userId: string | null): Promise<void>;
  recordAnswer(vocabId: string, correct: boolean): Promise<UserWord>;
  recordSkip(vocabId: string): Promise<UserWord>;
  setLearned(vocabId: string, learned: boolean): Promise<UserWord>;
  relearnWord(vocabId: string): Promise<UserWord>;
  /** Writes imported records (settings import) for the signed-in user, each queued for sync. */
  importWords(words: readonly UserWord[]): Promise<number>;
}

export const useWordsStore = create<WordsState>()((set, get) => {
  async function change(vocabId: string, apply: Change): Promise<UserWord> {
    const { ownerId, words } = get();
    const now = Date.now();
    const current = words.get(vocabId) ?? newUserWord(ownerId, vocabId, now);
    let next = apply(current, now);
    if (ownerId !== GUEST_ID) {
      // Keep what was stored (e.g. a remoteId the database already had), not just what was sent.
      next = await saveUserWord(await getDB(), next, { enqueue: true, now });
      notifyLocalChange();
    }
    // Only the owner who made the change may see it land (a sign-out may have happened meanwhile).
    if (get().ownerId === ownerId) {
      const map = new Map(get().words);
      map.set(vocabId, next);
      set({ words: map });
    }
    return next;
  }

  return {
    ownerId: GUEST_ID,
    words: new Map(),
    loaded: false,

    async load(userId) {
      if (!userId) {
        set({ ownerId: GUEST_ID, words: new Map(), loaded: true });
        return;
      }
      set({ ownerId: userId, words: new Map(), loaded: false });
      const records = await listUserWords(await getDB(), userId);
      if (get().ownerId !== userId) return;
      set({ words: new Map(records.map((w) => [w.vocabId, w])), loaded: true });
    },

    recordAnswer: (vocabId, correct) => change(vocabId, (w, now) => answer(w, correct, now)),
    recordSkip: (vocabId) => change(vocabId, skip),
    setLearned: (vocabId, learned) => change(vocabId, learned ? markLearned : unmarkLearned),
    relearnWord: (vocabId) => change(vocabId, relearn),

    async importWords(imported) {
      const { ownerId } = get();
      if (ownerId === GUEST_ID) return 0;
      const now = Date.now();
      const mine = imported.map((w) => ({ ...w, userId: ownerId }));
      await saveUserWords(await getDB(), mine, { enqueue: true, now });
      notifyLocalChange();
      await get().load(ownerId);
      return mine.length;
    },
  };
});

// Whoever signs in (or out) gets their own records.
useAuthStore.subscribe((state, previous) => {
  if (
    state.user?.id !== previous.user?.id ||
    (state.status === 'ready' && previous.status !== 'ready')
  ) {
    void useWordsStore.getState().load(state.user?.id ?? null);
  }
});
