/**
 * Shown while the database opens and authentication loads (saying so if the built-in vocabulary
 * is installing meanwhile, in its worker: home does not wait for that). Its reset button deletes the local database, but only when
 * there are queued local changes; otherwise it says there are none.
 */
import { useState, useSyncExternalStore } from 'react';
import { useT } from '@/i18n';
import {
  isInstallingVocabulary,
  isUpgradeBlocked,
  onUpgradeBlocked,
  onVocabularyInstall,
  resetLocalDatabase,
  UNREADABLE,
  unsentChanges,
} from '@/stores/local-database';
import { useConfirm } from '@/ui/confirm';

/** How long the reset waits for the database before it treats the queue as unreadable. */
const QUEUE_COUNT_WAIT_MS = 1500;

export function LoadingScreen() {
  const t = useT();
  const confirm = useConfirm();
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const installing = useSyncExternalStore(onVocabularyInstall, isInstallingVocabulary);
  // Another tab holds the old version open: only closing it helps (the load then goes on).
  const blocked = useSyncExternalStore(onUpgradeBlocked, isUpgradeBlocked);

  async function reset() {
    setMessage(null);
    try {
      // The queue is counted on a fresh connection attempt; a database that cannot open in time
      // (another tab holds an older version open) has no readable queue, which counts as empty.
      const pending = await unsentChanges(QUEUE_COUNT_WAIT_MS);
      if (pending === UNREADABLE && isUpgradeBlocked()) {
        setMessage({ text: t('loading.blocked'), error: false });
        return;
      }
      if (pending === 0 || pending === UNREADABLE) {
        setMessage({ text: t('loading.noLocalChanges'), error: false });
        return;
      }
      if (!(await confirm(t('loading.resetConfirm')))) return;
      await resetLocalDatabase();
      window.location.reload();
    } catch (error) {
      setMessage({
        text: t('loading.resetFailed', {
          message: error instanceof Error ? error.message : String(error),
        }),
        error: true,
      });
    }
  }

  return (
    <main className="center-screen" aria-busy="true">
      <div className="spinner" aria-hidden="true" />
      <h1>{t('loading.title')}</h1>
      {installing ? (
        <p className="muted" role="status">
          {t('loading.vocabulary')}
        </p>
      ) : null}
      {blocked ? <p className="notice notice-warning">{t('loading.blocked')}</p> : null}
      <button type="button" className="btn" onClick={reset}>
        {t('loading.reset')}
      </button>
      {message ? (
        <p
          className={message.error ? 'form-error' : 'muted'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
    </main>
  );
}
