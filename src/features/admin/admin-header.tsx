/**
 * The admin screen's heading; in the cloud edition also what is not yet in the cloud (the changes
 * queued, those held back) and the links to the certificate check and the fleet.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { PendingChange } from '@/domain/curriculum';
import { roleLabel } from '@/domain/roles';
import { type MessageKey, useLang, useT } from '@/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { pendingCurriculum, sendHeldCurriculum, useSyncStore } from '@/stores/sync-store';
import { divisionLabel } from '@/ui/division-label';
import { topicLabel } from '@/ui/topic-name';

export function AdminHeader() {
  const t = useT();
  // The cloud edition shares every change with the crew: say what is not yet in the cloud.
  const cloud = useAuthStore((s) => s.provider.kind === 'firebase');
  const curriculumPending = useSyncStore((s) => s.curriculumPending);
  const curriculumHeld = useSyncStore((s) => s.curriculumHeld);
  return (
    <div className="page-header">
      <div>
        <h1>{t('admin.title')}</h1>
        <p className="muted admin-intro">{t('admin.intro')}</p>
        {cloud ? (
          <>
            <p className="muted" role="status">
              {curriculumPending > 0
                ? t('admin.cloud.pending', { count: curriculumPending })
                : t('admin.cloud.synced')}
            </p>
            {curriculumPending > 0 ? <PendingChanges count={curriculumPending} /> : null}
            {curriculumHeld > 0 ? (
              <p className="form-error" role="status">
                {t('admin.cloud.held', { count: curriculumHeld })}{' '}
                <button type="button" className="btn" onClick={() => void sendHeldCurriculum()}>
                  {t('admin.cloud.sendHeld')}
                </button>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      {cloud ? (
        <div className="button-row">
          <Link to="/verify" className="btn">
            {t('exam.verify.title')}
          </Link>
          <Link to="/fleet" className="btn">
            {t('fleet.title')}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

/** How many queued changes the admin screen lists. */
const PENDING_SHOWN = 50;

const KIND_KEYS: Readonly<Record<PendingChange['kind'], MessageKey>> = {
  division: 'admin.cloud.kind.division',
  role: 'admin.cloud.kind.role',
  topic: 'admin.cloud.kind.topic',
  word: 'admin.cloud.kind.word',
  exam: 'admin.cloud.kind.exam',
};

/**
 * The admin's changes not yet in the cloud, listed on demand (oldest first): what the crew will
 * get at the next sync in port.
 */
function PendingChanges({ count }: { count: number }) {
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<PendingChange[] | null>(null);

  // Read again whenever the count moves (a change queued, a sync that sent some).
  useEffect(() => {
    if (!open || count === 0) return;
    let live = true;
    void pendingCurriculum(PENDING_SHOWN).then((found) => {
      if (live) setItems(found);
    });
    return () => {
      live = false;
    };
  }, [open, count]);

  const name = (item: PendingChange) =>
    item.kind === 'division'
      ? divisionLabel(t, item.name)
      : item.kind === 'role'
        ? roleLabel(item.name, lang)
        : item.kind === 'topic'
          ? topicLabel(item.name, lang)
          : item.name;

  return (
    <details className="admin-pending" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{t('admin.cloud.show')}</summary>
      {items ? (
        <ul className="admin-pending-list">
          {items.map((item) => (
            <li key={`${item.kind}:${item.id}`}>
              <span className="admin-pending-kind">{t(KIND_KEYS[item.kind])}</span> {name(item)}
              {item.deleted ? ` (${t('admin.cloud.deletion')})` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {items && count > items.length ? (
        <p className="muted">{t('admin.cloud.more', { count: count - items.length })}</p>
      ) : null}
    </details>
  );
}
