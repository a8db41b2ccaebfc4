/**
 * The learning records of whoever studies now. A signed-in user's change is appended to the
 * answer history and the word's new state is computed from the STORED state inside the same
 * transaction (db/history-append): this store only shows the result, so a second tab, a sync that
 * reloads the list meanwhile, or a stale copy here can never make an answer overwrite another.
 * A guest's records live only in memory and are never saved.
 */
import { create } from 'zustand';
import { openDB } from '@/db/instance';
import { listUserWords } from '@/db/user-words-repo';
import type { DrillReplyFields } from '@/domain/drills';
import type { AnswerMode, HistoryEntry, WordChange } from '@/domain/history';
import { applyEntry } from '@/domain/history-fold';
import { readDeviceClock } from '@/domain/hlc';
import { foldSettingsDiffer } from '@/domain/learner-settings';
import { newUserWord } from '@/domain/srs';
import type { UserWord } from '@/domain/types';
import { useAuthStore } from './auth-store';
import { changeFailed, journalChange, journalledChanges, settleChange } from './change-journal';
import { notifyLocalChange } from './sync-store';

export const GUEST_ID = 'guest';

export interface ImportReport {
  /** Records (word states and history entries) that were new here. */
  added: number;
  /** Records refused by the wire contract (kept in the dead letters, shown in settings). */
  rejected: number;
  /** Of those, entries dated past the clock bound (a file from the future, say 2199). */
  future: number;
}

interface WordsState {
  /** Whose records these are: a user id, or GUEST_ID. */
  ownerId: string;
  words: ReadonlyMap<string, UserWord>;
  loaded: boolean;
  /** Bumped whenever the history changed (the charts reload on it). */
  revision: number;
  /** A guest's history of this visit, in memory like their records (the daily goal counts it). */
  guestHistory: readonly HistoryEntry[];
  load(userId: string | null): Promise<void>;
  /**
   * Takes in word states another writer stored for `userId` (a sync's merge or refold), without
   * reading the database: those words are replaced (a deleted one leaves the list, as a load
   * leaves it out), `removed` ones leave, every other record stays the same object.
   */
  applyWords(userId: string, words: readonly UserWord[], removed?: readonly string[]): void;
  recordAnswer(vocabId: string, correct: boolean, mode?: AnswerMode): Promise<UserWord>;
  recordSkip(vocabId: string): Promise<UserWord>;
  setLearned(vocabId: string, learned: boolean): Promise<UserWord>;
  relearnWord(vocabId: string): Promise<UserWord>;
  /** Records one reply of a VHF drill in the history (a guest's in memory); no word changes. */
  recordDrillReply(drillId: string, correct: boolean, fields: DrillReplyFields): Promise<void>;
  /**
   * Records a finished exam of the signed-in user in the history, once (`entryId`: the same id
   * when a failed save is retried); no word changes.
   */
  recordExamResult(
    examId: string,
    passed: boolean,
    fields: object,
    entryId?: string,
  ): Promise<void>;
  /**
   * Refolds every word of the signed-in user under the settings now saved (schedule, retention,
   * home time zone: the same history, folded the new way) and shows the result. Resolves to the
   * number of words refolded; a guest has nothing stored (0).
   */
  refold(): Promise<number>;
  /**
   * Merges an export's history entries for the signed-in user (an older version's file, with no
   * history: its word states, as baselines): what is already here is skipped, so importing a file
   * again, or one whose answers arrived by sync, changes no count.
   */
  importProgress(data: {
    userWords: readonly unknown[];
    history?: readonly unknown[];
  }): Promise<ImportReport>;
}

/**
 * The write side of the history and its rules load with the first change, not at start-up (the
 * service worker precaches the chunks, so this works offline too).
 */
const historyAppend = () => import('@/db/history-append');
const historyResults = () => import('@/db/history-results');
const historyRefold = () => import('@/db/history-refold');
const historyImport = () => import('@/db/history-import');
const historyClient = () => import('@/db/history-client');
/** Every module of the write side, fetched together. */
const historyWriteSide = () =>
  Promise.all([
    historyAppend(),
    historyResults(),
    historyRefold(),
    historyImport(),
    historyClient(),
  ]);

let maintenance: Promise<boolean> | null = null;

/**
 * Once per start, in the background: the history's upkeep (a poisoned clock pulled back, unsent
 * entries with impossible stamps stamped anew, the words refolded after an update that changed the
 * fold). Resolves true when word records changed, so the shown list is read again.
 */
function maintainOnce(): Promise<boolean> {
  // In the history worker: after an update that changed the fold, a year's refold is seconds.
  maintenance ??= Promise.all([openDB(), historyClient()])
    .then(([db, { maintainHistoryOffThread }]) => maintainHistoryOffThread(db, Date.now()))
    .then((report) => report.refolded > 0 || report.restamped > 0)
    .catch((error: unknown) => {
      // Storage full or closed: the app works on with what it has, and tries again next start.
      console.error('Maintaining the answer history failed', error);
      return false;
    });
  return maintenance;
}

/** A guest's change, in memory: the entry the history fold applies with the same rules. */
function guestEntry(word: UserWord, change: WordChange, now: number): HistoryEntry {
  return {
    id: 'guest',
    userId: word.userId,
    vocabId: word.vocabId,
    ...change,
    hlc: now * 1000,
    wall: now,
    device: 'guest',
  };
}

/** A list with stored word states taken in: what a fresh load would read for those words. */
function withWords(
  list: ReadonlyMap<string, UserWord>,
  words: readonly UserWord[],
  removed: readonly string[],
): Map<string, UserWord> {
  const map = new Map(list);
  for (const vocabId of removed) map.delete(vocabId);
  for (const word of words) {
    if (word.deleted) map.delete(word.vocabId);
    else map.set(word.vocabId, word);
  }
  return map;
}

/**
 * The owner's word states taken in while a load reads: its transaction may have started before
 * they were written, so they are taken in again over what it read (twice changes nothing).
 */
const duringLoads = new Set<[readonly UserWord[], readonly string[]][]>();

/** The journalled changes this page is writing now (not for a replay to write again). */
const writing = new Set<string>();
/** The learners whose journal this page has replayed. */
const replayed = new Set<string>();

/** The load whose read is not made yet, which a load of the same user asked for meanwhile joins. */
let unread: { userId: string; load: Promise<void> } | null = null;

export const useWordsStore = create<WordsState>()((set, get) => {
  function show(ownerId: string, word: UserWord) {
    // Only the owner who made the change may see it land (a sign-out may have happened meanwhile).
    if (get().ownerId !== ownerId) return;
    const map = new Map(get().words);
    map.set(word.vocabId, word);
    set({ words: map, revision: get().revision + 1 });
  }

  async function change(vocabId: string, what: WordChange): Promise<UserWord> {
    const { ownerId } = get();
    // Both clocks: a device clock set since the last answer is noticed before this one is dated.
    const reading = readDeviceClock();
    const now = reading.wall;
    if (ownerId === GUEST_ID) {
      const current = get().words.get(vocabId) ?? newUserWord(ownerId, vocabId, now);
      const entry = guestEntry(current, what, now);
      const next = applyEntry(current, entry);
      set({ guestHistory: [...get().guestHistory, entry] });
      show(ownerId, next);
      return next;
    }
    // Kept before anything is awaited: a page closed before the write commits loses nothing
    // (stores/change-journal.ts).
    const entryId = journalChange(ownerId, vocabId, what, now);
    writing.add(entryId);
    try {
      const { recordChange } = await historyAppend();
      const next = await recordChange(await openDB(), ownerId, vocabId, what, reading, {
        id: entryId,
      });
      notifyLocalChange();
      show(ownerId, next);
      return next;
    } finally {
      // Stored, or failed and told so by the caller (the learner is asked to repeat it): either
      // way not for the next start to store.
      settleChange(entryId);
      writing.delete(entryId);
    }
  }

  /**
   * Stores the learner's changes a page left in the journal (closed before they were stored),
   * once a page, oldest first, each in a transaction of its own; one that fails stays for the
   * next start (at most REPLAY_TRIES_MAX times) and does not stop the rest.
   */
  async function replayJournal(userId: string): Promise<void> {
    if (replayed.has(userId)) return;
    replayed.add(userId);
    const left = journalledChanges(userId).filter((change) => !writing.has(change.id));
    if (left.length === 0) return;
    const [{ recordChange }, db] = await Promise.all([historyAppend(), openDB()]);
    let stored = 0;
    for (const change of left) {
      try {
        const next = await recordChange(db, userId, change.vocabId, change.change, change.wall, {
          id: change.id,
          replay: true,
        });
        settleChange(change.id);
        stored += 1;
        show(userId, next);
      } catch (error) {
        console.error('Storing a journalled change failed', error);
        changeFailed(change);
      }
    }
    if (stored > 0) notifyLocalChange();
  }

  /** `load` of a signed-in user; `readMade` is called as its read's transaction is made. */
  async function loadWords(userId: string, readMade: () => void): Promise<void> {
    // A reload of the same user keeps showing the current list until the new one is read.
    if (get().ownerId !== userId) {
      set({ ownerId: userId, words: new Map(), guestHistory: [], loaded: false });
    }
    // A signed-in user will change words: the write side is fetched now, so a first answer
    // never waits for it (nor is lost to a page closed while it would still be loading).
    void historyWriteSide().catch(() => undefined);
    if (!maintenance) {
      void maintainOnce().then((changed) => {
        const owner = get().ownerId;
        if (changed && owner !== GUEST_ID) void get().load(owner);
      });
    }
    const missed: [readonly UserWord[], readonly string[]][] = [];
    duringLoads.add(missed);
    let records: UserWord[];
    try {
      const db = await openDB();
      // No await between this and the read's transaction: a load asked for from here on does not
      // join this one (what is stored from now on may not be in its read).
      readMade();
      records = await listUserWords(db, userId);
    } finally {
      readMade();
      duringLoads.delete(missed);
    }
    if (get().ownerId !== userId) return;
    const words = missed.reduce(
      (map, [changed, removed]) => withWords(map, changed, removed),
      new Map(records.map((w) => [w.vocabId, w])),
    );
    set({ words, loaded: true, revision: get().revision + 1 });
    // In the background: the load (and a start waiting for it) does not wait for these writes.
    void replayJournal(userId).catch((error: unknown) =>
      console.error('Replaying the change journal failed', error),
    );
  }

  return {
    ownerId: GUEST_ID,
    words: new Map(),
    loaded: false,
    revision: 0,
    guestHistory: [],

    load(userId) {
      if (!userId) {
        // A load asked for before this sign-out is not joined by one asked for after it.
        unread = null;
        set({ ownerId: GUEST_ID, words: new Map(), guestHistory: [], loaded: true });
        return Promise.resolve();
      }
      // A load asked for again before this one's read is made is this one: that read sees all
      // that was stored before either was asked (a start asks twice at once, as the session is
      // restored and becomes ready; a year's 2,300 words read is a long task each time).
      if (unread?.userId === userId) return unread.load;
      const entry = { userId, load: Promise.resolve() };
      entry.load = loadWords(userId, () => {
        if (unread === entry) unread = null;
      });
      unread = entry;
      return entry.load;
    },

    applyWords(userId, words, removed = []) {
      const state = get();
      // Another owner's words: nothing to show (a load for this owner reads them).
      if (state.ownerId !== userId) return;
      for (const missed of duringLoads) missed.push([words, removed]);
      // Before the first load there is nothing to patch: that load reads them.
      if (state.loaded) {
        set({ words: withWords(state.words, words, removed), revision: state.revision + 1 });
      }
    },

    recordAnswer: (vocabId, correct, mode) =>
      change(vocabId, mode ? { kind: 'answer', correct, mode } : { kind: 'answer', correct }),
    recordSkip: (vocabId) => change(vocabId, { kind: 'skip' }),
    setLearned: (vocabId, learned) => change(vocabId, { kind: learned ? 'learn' : 'unlearn' }),
    relearnWord: (vocabId) => change(vocabId, { kind: 'relearn' }),

    async recordDrillReply(drillId, correct, fields) {
      const { ownerId } = get();
      const now = Date.now();
      if (ownerId === GUEST_ID) {
        // The drills' rules load with the drill screens, not at start-up.
        const { DRILL_KIND, DRILL_VOCAB_PREFIX } = await import('@/domain/drills');
        const { guestHistory } = get();
        const { mode, ...x } = fields;
        const entry: HistoryEntry = {
          id: `guest-drill-${guestHistory.length}`,
          userId: ownerId,
          vocabId: `${DRILL_VOCAB_PREFIX}${drillId}`,
          kind: DRILL_KIND,
          correct,
          hlc: now * 1000,
          wall: now,
          device: 'guest',
          x,
        };
        if (mode) entry.mode = mode;
        set({ guestHistory: [...guestHistory, entry], revision: get().revision + 1 });
        return;
      }
      const { recordDrillReply } = await historyResults();
      await recordDrillReply(await openDB(), ownerId, drillId, correct, fields, now);
      notifyLocalChange();
      if (get().ownerId === ownerId) set({ revision: get().revision + 1 });
    },

    async recordExamResult(examId, passed, fields, entryId) {
      const { ownerId } = get();
      if (ownerId === GUEST_ID) throw new Error('An exam result needs a signed-in learner');
      const { recordExamResult } = await historyResults();
      await recordExamResult(
        await openDB(),
        ownerId,
        examId,
        passed,
        { ...fields } as Record<string, unknown>,
        Date.now(),
        entryId,
      );
      notifyLocalChange();
      if (get().ownerId === ownerId) set({ revision: get().revision + 1 });
    },

    async refold() {
      const { ownerId } = get();
      if (ownerId === GUEST_ID) return 0;
      // Off the page's thread (a year's history is seconds of folding); the stored states come
      // back with it, so the list is patched without reading every word again.
      const [db, { refoldUserOffThread }] = await Promise.all([openDB(), historyClient()]);
      const { words, removed } = await refoldUserOffThread(db, ownerId);
      if (get().loaded) get().applyWords(ownerId, words, removed);
      else if (get().ownerId === ownerId) await get().load(ownerId);
      return words.length + removed.length;
    },

    async importProgress({ userWords, history }) {
      const { ownerId } = get();
      if (ownerId === GUEST_ID) return { added: 0, rejected: 0, future: 0 };
      const [db, { importExport }] = await Promise.all([openDB(), historyImport()]);
      // All of the file or nothing, each answer counted once (db/history-import `importExport`).
      const merged = await importExport(
        db,
        ownerId,
        history === undefined ? { userWords } : { userWords, history },
        Date.now(),
      );
      notifyLocalChange();
      await get().load(ownerId);
      return { added: merged.added, rejected: merged.rejected, future: merged.future ?? 0 };
    },
  };
});

/** Settings changes in progress whose caller refolds the words itself (`refoldFollows`). */
let refoldsAhead = 0;

/**
 * Runs a change of the user's settings after which the caller refolds the words (`refold`, which
 * patches the list): the change alone then reloads nothing. Read again, the 2,300 word states of
 * a year were a second long task on the page's thread beside the refold's own (docs/benchmarks.md).
 */
export async function refoldFollows<T>(change: () => Promise<T>): Promise<T> {
  refoldsAhead++;
  try {
    return await change();
  } finally {
    refoldsAhead--;
  }
}

// Whoever signs in (or out) gets their own records; new schedule settings (taken from the cloud
// profile in the background, say) show the words as they were refolded under them.
useAuthStore.subscribe((state, previous) => {
  if (
    state.user?.id !== previous.user?.id ||
    (state.status === 'ready' && previous.status !== 'ready')
  ) {
    void useWordsStore.getState().load(state.user?.id ?? null);
  } else if (
    refoldsAhead === 0 &&
    state.user &&
    foldSettingsDiffer(previous.user?.settings, state.user.settings)
  ) {
    void useWordsStore.getState().load(state.user.id);
  }
});
