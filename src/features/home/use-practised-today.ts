/**
 * The words practised today, for the daily goal: counted from the answer history (a signed-in
 * user's entries of today, read again after every change; a guest's entries of this visit), since
 * a word's record cannot tell an answer from a skip. Null until the history has been read.
 */
import { useEffect, useMemo, useState } from 'react';
import { practisedToday, startOfDay } from '@/domain/daily';
import type { HistoryEntry } from '@/domain/history';
import type { UserWord } from '@/domain/types';
import { GUEST_ID, useWordsStore } from '@/stores/words-store';

/** The history reads load after the first screen, not with the start-up bundle. */
const historyStore = () => import('@/stores/history-store');

export function usePractisedToday(words: ReadonlyMap<string, UserWord>): number | null {
  const ownerId = useWordsStore((s) => s.ownerId);
  const revision = useWordsStore((s) => s.revision);
  const guestHistory = useWordsStore((s) => s.guestHistory);
  const [stored, setStored] = useState<{ ownerId: string; entries: readonly HistoryEntry[] }>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision only triggers a re-read.
  useEffect(() => {
    if (ownerId === GUEST_ID) return;
    let live = true;
    historyStore()
      .then(({ readHistory }) => readHistory(ownerId, startOfDay(Date.now())))
      .then(
        (entries) => {
          if (live) setStored({ ownerId, entries });
        },
        (error: unknown) => {
          console.error('Reading the answer history failed', error);
          if (live) setStored({ ownerId, entries: [] });
        },
      );
    return () => {
      live = false;
    };
  }, [ownerId, revision]);

  const entries =
    ownerId === GUEST_ID ? guestHistory : stored?.ownerId === ownerId ? stored.entries : null;
  return useMemo(
    () => (entries ? practisedToday(entries, Date.now(), words) : null),
    [entries, words],
  );
}
