/**
 * The progress figures worked out ahead, in the background: a while after the signed-in
 * learner's history last changed (a session's answers, a sync's merge, the start's first read),
 * in the history worker, and kept (db/history-figures.ts). The progress screen and the exam's
 * prediction then find them kept, instead of reading and folding a year's 70,000 entries while
 * the learner waits. Connected once the first screen is up (app.tsx); not in a guest's visit.
 */
import { openDB } from '@/db/instance';
import { foldSettingsOf } from '@/domain/learner-settings';
import { useAuthStore } from './auth-store';
import { GUEST_ID, useWordsStore } from './words-store';

/**
 * How long the history must stay unchanged before the figures are worked out: after a session,
 * not between its answers (the worker's read of the history would delay the next answer's write).
 */
export const FIGURES_AHEAD_MS = 20_000;
/** How long after a session's end (its last answer's write) they are worked out. */
export const FIGURES_SOON_MS = 1_000;

const historyClient = () => import('@/db/history-client');

/** The watch's "the session ended": set while connected. */
let soon: (() => void) | null = null;

/**
 * A session has ended (its end screen): the figures are worked out a moment after its last
 * answer is stored, not 20 s on, as the learner may open the progress screen next.
 */
export function figuresAheadSoon(): void {
  soon?.();
}

/** Starts watching the learner's history; returns the function that stops it. */
export function connectFiguresAhead(
  delayMs = FIGURES_AHEAD_MS,
  soonMs = FIGURES_SOON_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  // A session ended: the next wait is short (its last answer may still be on its way).
  let quick = false;
  const later = (userId: string) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        quick = false;
        void workOut(userId);
      },
      quick ? soonMs : delayMs,
    );
  };
  soon = () => {
    const { ownerId, loaded } = useWordsStore.getState();
    if (!loaded || ownerId === GUEST_ID) return;
    quick = true;
    later(ownerId);
  };
  const stop = useWordsStore.subscribe((state, previous) => {
    if (state.revision === previous.revision && state.ownerId === previous.ownerId) return;
    if (state.ownerId === GUEST_ID || !state.loaded) {
      if (timer) clearTimeout(timer);
      timer = null;
      return;
    }
    later(state.ownerId);
  });
  const { ownerId, loaded } = useWordsStore.getState();
  if (loaded && ownerId !== GUEST_ID) later(ownerId);
  return () => {
    stop();
    soon = null;
    if (timer) clearTimeout(timer);
  };
}

async function workOut(userId: string): Promise<void> {
  // Signed out or another learner since: theirs are worked out when their history changes.
  if (useWordsStore.getState().ownerId !== userId) return;
  const settings = useAuthStore.getState().user?.settings;
  try {
    const [db, { progressFigures }] = await Promise.all([openDB(), historyClient()]);
    await progressFigures(db, { userId, now: Date.now(), settings: foldSettingsOf(settings) });
  } catch (error) {
    // Ahead of need only: the screen works them out itself when they are not kept.
    console.error('Working out the progress figures ahead failed', error);
  }
}
