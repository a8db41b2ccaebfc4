/** The sync status of the cloud edition: connection, last sync, changes waiting, last error. */
import { type MessageKey, useLang, useT } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { type SyncErrorKind, useSyncStore } from '@/stores/sync-store';

export function SyncCard() {
  const t = useT();
  const lang = useLang();
  const cloud = useAuthStore((s) => s.provider.kind === 'firebase');
  const { online, syncing, lastSyncedAt, pendingCount, lastErrorKind } = useSyncStore();
  const curriculumUpdatedAt = useSyncStore((s) => s.curriculumUpdatedAt);
  const curriculumAdded = useSyncStore((s) => s.curriculumAdded);
  const curriculumHeld = useSyncStore((s) => s.curriculumHeld);

  if (!cloud) {
    return (
      <section className="card settings-card" aria-labelledby="sync-title">
        <h2 id="sync-title">{t('settings.sync.title')}</h2>
        <p className="muted">{t('settings.sync.local')}</p>
      </section>
    );
  }

  const format = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' });
  const when = lastSyncedAt ? format.format(lastSyncedAt) : t('settings.sync.never');
  const curriculum =
    curriculumUpdatedAt === null
      ? t('settings.sync.curriculumNever')
      : t('settings.sync.curriculumUpdated', {
          date: format.format(curriculumUpdatedAt),
          count: curriculumAdded,
        });

  return (
    <section className="card settings-card" aria-labelledby="sync-title">
      <h2 id="sync-title">{t('settings.sync.title')}</h2>
      <dl className="sync-status">
        <dt>{t('settings.sync.connection')}</dt>
        <dd>{online ? t('common.online') : t('common.offline')}</dd>
        <dt>{t('settings.sync.last')}</dt>
        <dd>{syncing ? t('settings.sync.running') : when}</dd>
        <dt>{t('settings.sync.pending')}</dt>
        <dd>{pendingCount}</dd>
        <dt>{t('settings.sync.curriculum')}</dt>
        <dd>{curriculum}</dd>
      </dl>
      {lastErrorKind ? (
        <p className="form-error" role="alert">
          {t(ERROR_TEXTS[lastErrorKind])}
        </p>
      ) : null}
      {curriculumHeld > 0 ? (
        <p className="form-error" role="status">
          {t('settings.sync.curriculumHeld', { count: curriculumHeld })}
        </p>
      ) : null}
    </section>
  );
}

const ERROR_TEXTS: Readonly<Record<SyncErrorKind, MessageKey>> = {
  offline: 'settings.sync.errorOffline',
  denied: 'settings.sync.errorDenied',
  failed: 'settings.sync.errorFailed',
};
