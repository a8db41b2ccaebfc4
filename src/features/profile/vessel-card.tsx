/**
 * «Моё судно» on the profile (cloud edition): the vessel the user is a member of, joining by a
 * code (found first, then what will be shared, then consent), leaving at any time (offline too),
 * and for training officers the way to the fleet dashboard.
 */
import { Link } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatJoinCode } from '@/domain/fleet';
import { localeOf } from '@/domain/settings-schema';
import { useLang, useT } from '@/i18n';
import { fleetProblemKey, useFleetStore } from '@/stores/fleet-store';
import { useSyncStore } from '@/stores/sync-store';
import { useToast } from '@/stores/toast-store';
import type { JoinCodeInfo } from '@/sync/fleet-remote';
import { useConfirm } from '@/ui/confirm';
import './profile.css';

export function VesselCard({ userId }: { userId: string }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const toast = useToast();
  const confirm = useConfirm();
  const meta = useFleetStore((s) => (s.userId === userId ? s.meta : null));
  const fleetChange = useSyncStore((s) => s.fleetChange);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<JoinCodeInfo | null>(null);

  useEffect(() => {
    void fleetChange;
    void useFleetStore.getState().load(userId);
  }, [userId, fleetChange]);

  const membership = meta?.membership;
  const officer = meta?.officer;

  async function find(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFound(null);
    try {
      const result = await useFleetStore.getState().lookupCode(code);
      if (result.ok) setFound(result.value);
      else setError(t(fleetProblemKey(result.problem)));
    } finally {
      setBusy(false);
    }
  }

  async function join() {
    if (!found) return;
    setBusy(true);
    setError(null);
    try {
      const result = await useFleetStore.getState().join(found);
      if (result.ok) {
        toast.show({
          message: t('fleet.vessel.joined', { vessel: found.vesselName }),
          tone: 'success',
        });
        setFound(null);
        setCode('');
      } else {
        setError(t(fleetProblemKey(result.problem)));
      }
    } finally {
      setBusy(false);
    }
  }

  async function leave() {
    if (!membership) return;
    const sure = await confirm({
      message: t('fleet.vessel.leaveConfirm', { vessel: membership.vesselName }),
      confirmLabel: t('fleet.vessel.leave'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      const result = await useFleetStore.getState().leave();
      if (result.ok) {
        toast.show({
          message: t(result.value === 'sent' ? 'fleet.vessel.left' : 'fleet.vessel.leftQueued'),
          tone: 'success',
        });
      }
    } finally {
      setBusy(false);
    }
  }

  const date = (ms: number) =>
    new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'long' }).format(ms);

  return (
    <section
      className="card fleet-vessel"
      aria-labelledby={`${id}-title`}
      aria-busy={busy || undefined}
    >
      <h2 id={`${id}-title`}>{t('fleet.vessel.title')}</h2>
      {membership ? (
        <p data-testid="vessel-current">
          {t('fleet.vessel.current', {
            vessel: membership.vesselName,
            date: date(membership.joinedAt),
          })}
        </p>
      ) : meta?.leaving ? (
        <p>{t('fleet.vessel.leftQueued')}</p>
      ) : (
        <p className="muted">{t('fleet.vessel.none')}</p>
      )}
      {membership && !found ? (
        <div>
          <button type="button" className="btn" onClick={leave} disabled={busy}>
            {t('fleet.vessel.leave')}
          </button>
        </div>
      ) : null}

      {found ? (
        <section className="fleet-consent" aria-labelledby={`${id}-consent`}>
          <h3 id={`${id}-consent`}>
            {t('fleet.vessel.consentTitle', { vessel: found.vesselName })}
          </h3>
          <p>{t('fleet.vessel.consentLead')}</p>
          <ul>
            <li>{t('fleet.vessel.shared.name')}</li>
            <li>{t('fleet.vessel.shared.rank')}</li>
            <li>{t('fleet.vessel.shared.progress')}</li>
            <li>{t('fleet.vessel.shared.exams')}</li>
          </ul>
          <p>{t('fleet.vessel.notShared')}</p>
          {membership && membership.vessel !== found.vessel ? (
            <p className="notice">{t('fleet.vessel.switch', { vessel: membership.vesselName })}</p>
          ) : null}
          <div className="button-row">
            <button type="button" className="btn btn-primary" onClick={join} disabled={busy}>
              {t('fleet.vessel.agree')}
            </button>
            <button type="button" className="btn" onClick={() => setFound(null)} disabled={busy}>
              {t('fleet.vessel.cancel')}
            </button>
          </div>
        </section>
      ) : (
        <form className="stack" onSubmit={find} noValidate>
          <div className="field">
            <label htmlFor={`${id}-code`}>{t('fleet.vessel.code')}</label>
            <input
              id={`${id}-code`}
              className="input fleet-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={formatJoinCode('ABCDEFGH')}
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div>
            <button type="submit" className="btn" disabled={busy || code.trim() === ''}>
              {t('fleet.vessel.find')}
            </button>
          </div>
        </form>
      )}
      {error ? (
        <p id={`${id}-error`} className="notice" role="alert">
          {error}
        </p>
      ) : null}

      {officer && (officer.fleet || officer.vessels.length > 0) ? (
        <p>
          {t('fleet.officer.lead', {
            scope: officer.fleet
              ? t('fleet.officer.fleet')
              : t('fleet.officer.vessels', { count: officer.vessels.length }),
          })}{' '}
          <Link to="/fleet" className="btn btn-small">
            {t('fleet.open')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
