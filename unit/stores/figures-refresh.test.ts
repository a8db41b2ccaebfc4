/**
 * The progress figures worked out ahead: a while after the learner's history last changed, the
 * figures the progress screen asks for are kept, those of the history as it is then; not between
 * the answers of a session, and never for a guest.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyChange, MANY_WORDS } from '@/app/cloud';
import { builtinVocabulary } from '@/data/vocabulary/builtin';
import { computeFigures, keptFigures } from '@/db/history-figures';
import { openDB } from '@/db/instance';
import { newUserWord } from '@/domain/srs';
import { connectFiguresAhead, figuresAheadSoon } from '@/stores/figures-refresh';
import { GUEST_ID, useWordsStore } from '@/stores/words-store';
import { putLearner } from '../db/helpers';

const vocab = builtinVocabulary().words;
let counter = 0;
let stop: (() => void) | null = null;

afterEach(() => {
  stop?.();
  stop = null;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The query the progress screen makes for a learner with no settings of their own. */
const query = (userId: string) => ({
  userId,
  now: Date.now(),
  settings: {
    homeZone: undefined,
    dayStartHour: undefined,
    schedule: undefined,
    retention: undefined,
  },
});

async function learner(): Promise<string> {
  const userId = `ahead-${++counter}`;
  await putLearner(await openDB(), userId);
  await useWordsStore.getState().load(userId);
  return userId;
}

describe('the progress figures worked out ahead', () => {
  it('are kept a while after a session’s last answer, and are the history’s as it is then', async () => {
    const userId = await learner();
    stop = connectFiguresAhead(150);
    const words = useWordsStore.getState();
    const [first, second] = vocab.map((item) => item.id) as [string, string];
    await words.recordAnswer(first, true);
    await sleep(60);
    // Still answering: nothing worked out between the answers.
    await words.recordAnswer(second, false);
    await sleep(60);
    const db = await openDB();
    expect(await keptFigures(db, query(userId))).toBeNull();
    await expect.poll(() => keptFigures(db, query(userId)), { timeout: 5_000 }).not.toBeNull();
    const kept = await keptFigures(db, query(userId));
    expect(kept).toEqual(await computeFigures(db, query(userId)));
    expect(kept?.answers.at(-1)).toMatchObject({ right: 1, wrong: 1 });
  });

  it('are kept a moment after a session’s end, not the long wait after', async () => {
    const userId = await learner();
    stop = connectFiguresAhead(60_000, 50);
    await useWordsStore.getState().recordAnswer(vocab[0]?.id ?? '', true);
    // The end screen: the session's last answer is stored.
    figuresAheadSoon();
    const db = await openDB();
    await expect.poll(() => keptFigures(db, query(userId)), { timeout: 5_000 }).not.toBeNull();
    expect((await keptFigures(db, query(userId)))?.answers.at(-1)).toMatchObject({ right: 1 });
  });

  it('are kept a moment after a sync that refolded many words (a new device’s restore)', async () => {
    const userId = await learner();
    stop = connectFiguresAhead(60_000, 50);
    const db = await openDB();
    const words = (count: number) =>
      vocab.slice(0, count).map((item) => newUserWord(userId, item.id, Date.now()));
    // A routine sync's few words: the long wait.
    applyChange({ kind: 'words', userId, words: words(3), removed: [] });
    await sleep(300);
    expect(await keptFigures(db, query(userId))).toBeNull();
    applyChange({ kind: 'words', userId, words: words(MANY_WORDS), removed: [] });
    await expect.poll(() => keptFigures(db, query(userId)), { timeout: 5_000 }).not.toBeNull();
  });

  it('are not worked out for a guest', async () => {
    await useWordsStore.getState().load(null);
    expect(useWordsStore.getState().ownerId).toBe(GUEST_ID);
    const db = await openDB();
    const figureKeys = async () =>
      (await db.getAllKeys('meta')).filter((key) => String(key).startsWith('progress-figures:'));
    const before = await figureKeys();
    stop = connectFiguresAhead(20);
    await useWordsStore.getState().recordAnswer(vocab[0]?.id ?? '', true);
    await sleep(150);
    expect(await figureKeys()).toEqual(before);
  });
});
