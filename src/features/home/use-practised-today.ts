/**
 * The words practised today, for the daily goal: counted from the answer history (a signed-in
 * user's entries of today, read again after every change; a guest's entries of this visit), since
 * a word's record cannot tell an answer from a skip. Null until the history has been read.
 */
import { useEffect, useMemo, useState } from 'react';
import { practisedToday } from '@/domain/daily';
import type { HistoryEntry } from '@/domain/history';
import type { UserWord } from '@/domain/types';
import { useUser } from '@/stores/auth-store';
import { studyDayStartFor } from '@/stores/device-zone';
import { GUEST_ID, useWordsStore } from '@/stores/words-store';

/** The history reads load after the first screen, not with the start-up bundle. */
const historyStore = () => import('@/stores/history-store');

export function usePractisedToday(words: ReadonlyMap<string, UserWord>): number | null {
  const ownerId = useWordsStore((s) => s.ownerId);
  const revision = useWordsStore((s) => s.revision);
  const guestHistory = useWordsStore((s) => s.guestHistory);
  const [stored, setStored] = useState<{ ownerId: string; entries: readonly HistoryEntry[] }>();
  const settings = useUser()?.settings;
  const homeZone = settings?.homeZone;
  const dayStartHour = settings?.dayStartHour;
  // Today: in the home zone, from the hour it begins; a guest (or an account whose zone is not
  // settled yet) counts in the device's zone, asked for (a time format) only when a day is
  // reckoned, not at the render; within a day a page kept, no format at all (device-zone.ts).
  const rules = useMemo(
    () => ({ dayStart: (ms: number) => studyDayStartFor(ms, { homeZone, dayStartHour }) }),
    [homeZone, dayStartHour],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision only triggers a re-read.
  useEffect(() => {
    if (ownerId === GUEST_ID) return;
    let live = true;
    historyStore()
      .then(({ readHistory }) => readHistory(ownerId, rules.dayStart(Date.now())))
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
  }, [ownerId, revision, rules]);

  const entries =
    ownerId === GUEST_ID ? guestHistory : stored?.ownerId === ownerId ? stored.entries : null;
  return useMemo(
    () =>
      entries === null
        ? null
        : // None yet (a guest's start): no day to reckon.
          entries.length && practisedToday(entries, Date.now(), words, rules),
    [entries, words, rules],
  );
}
