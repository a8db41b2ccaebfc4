/**
 * Told once after an update that refolded the words under new rules (one schedule step a day):
 * how the learned count changed, so nothing earned is taken away silently.
 */
import { useEffect, useState } from 'react';
import { useT } from '@/i18n';
import type { FoldChange } from '@/stores/history-store';
import { useWordsStore } from '@/stores/words-store';

const historyStore = () => import('@/stores/history-store');

export function FoldChangeCard({ userId }: { userId: string }) {
  const t = useT();
  const revision = useWordsStore((s) => s.revision);
  const [change, setChange] = useState<FoldChange | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: revision only triggers a re-read (the refold runs after start).
  useEffect(() => {
    let live = true;
    historyStore()
      .then(({ readFoldChange }) => readFoldChange(userId))
      .then(
        (found) => {
          if (live) setChange(found);
        },
        (error: unknown) => console.error('Reading the progress notice failed', error),
      );
    return () => {
      live = false;
    };
  }, [userId, revision]);

  if (!change) return null;

  async function dismiss() {
    setChange(null);
    const { dismissFoldChange } = await historyStore();
    await dismissFoldChange(userId).catch((error: unknown) =>
      console.error('Saving the progress notice failed', error),
    );
  }

  return (
    <section className="notice fold-change" aria-labelledby="fold-change-title" role="status">
      <h2 id="fold-change-title" className="fold-change-title">
        {t('home.foldChange.title')}
      </h2>
      <p>{t('home.foldChange.text', { before: change.before, after: change.after })}</p>
      <button type="button" className="btn btn-primary" onClick={dismiss}>
        {t('home.foldChange.ok')}
      </button>
    </section>
  );
}
