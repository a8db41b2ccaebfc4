/** The drills' progress of whoever studies now, read again whenever their history changes. */
import { useEffect, useState } from 'react';
import { type DrillProgress, readDrillProgress } from '@/stores/drills-store';
import { useWordsStore } from '@/stores/words-store';

/** Null until read; a failed read shows no progress rather than no screen. */
export function useDrillProgress(): ReadonlyMap<string, DrillProgress> | null {
  const owner = useWordsStore((s) => s.ownerId);
  const revision = useWordsStore((s) => s.revision);
  const [progress, setProgress] = useState<ReadonlyMap<string, DrillProgress> | null>(null);
  useEffect(() => {
    let live = true;
    // The owner and revision say when to read again (a reply recorded, a sync pulled).
    void [owner, revision];
    readDrillProgress()
      .then((read) => live && setProgress(read))
      .catch((error: unknown) => {
        console.error('Reading the drills’ progress failed', error);
        if (live) setProgress(new Map());
      });
    return () => {
      live = false;
    };
  }, [owner, revision]);
  return progress;
}
