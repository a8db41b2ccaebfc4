/**
 * An admin's part of /fleet: add vessels (name, IMO number, flag), see, renew and revoke their
 * join codes, and make users training officers of some vessels or of the whole fleet. Every
 * action needs the network and says so when it has none.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatJoinCode, type Vessel } from '@/domain/fleet';
import { useT } from '@/i18n';
import { fleetProblemKey, useFleetStore } from '@/stores/fleet-store';
import { useToast } from '@/stores/toast-store';
import { useConfirm } from '@/ui/confirm';

export function FleetAdmin() {
  const t = useT();
  const id = useId();
  const toast = useToast();
  const confirm = useConfirm();
  const vessels = useFleetStore((s) => s.vessels);
  const officers = useFleetStore((s) => s.officers);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState('');
  const [imo, setImo] = useState('');
  const [flag, setFlag] = useState('');
  const [email, setEmail] = useState('');
  const [wholeFleet, setWholeFleet] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);

  useEffect(() => {
    void useFleetStore
      .getState()
      .loadAdmin()
      .then((result) => {
        if (!result.ok) setError(t(fleetProblemKey(result.problem, true)));
      });
  }, [t]);

  async function run<T>(
    action: () => Promise<
      { ok: true; value: T } | { ok: false; problem: Parameters<typeof fleetProblemKey>[0] }
    >,
  ) {
    setBusy(true);
    setError(null);
    try {
      const result = await action();
      if (!result.ok) setError(t(fleetProblemKey(result.problem, true)));
      return result.ok ? result.value : null;
    } finally {
      setBusy(false);
    }
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const vessel = await run(() => useFleetStore.getState().createVessel({ name, imo, flag }));
    if (vessel) {
      toast.show({
        message: t('fleet.admin.created', {
          vessel: vessel.name,
          code: formatJoinCode(vessel.code ?? ''),
        }),
        tone: 'success',
      });
      setName('');
      setImo('');
      setFlag('');
    }
  }

  async function renew(vessel: Vessel, revokeOnly: boolean) {
    const sure = await confirm({
      message: t(revokeOnly ? 'fleet.admin.revokeConfirm' : 'fleet.admin.renewConfirm', {
        vessel: vessel.name,
      }),
      confirmLabel: t(revokeOnly ? 'fleet.admin.revoke' : 'fleet.admin.renew'),
    });
    if (!sure) return;
    const next = await run(() => useFleetStore.getState().renewCode(vessel, revokeOnly));
    if (next) {
      toast.show({
        message: next.code
          ? t('fleet.admin.renewed', { vessel: next.name, code: formatJoinCode(next.code) })
          : t('fleet.admin.revoked', { vessel: next.name }),
        tone: 'success',
      });
    }
  }

  async function grant(event: FormEvent) {
    event.preventDefault();
    if (!wholeFleet && picked.length === 0) {
      setError(t('fleet.admin.pickScope'));
      return;
    }
    const officer = await run(() =>
      useFleetStore.getState().grantOfficer(email, { fleet: wholeFleet, vessels: picked }),
    );
    if (officer) {
      toast.show({
        message: t('fleet.admin.granted', { name: officer.name || officer.email || officer.uid }),
        tone: 'success',
      });
      setEmail('');
      setPicked([]);
      setWholeFleet(false);
    }
  }

  const vesselName = (vesselId: string) =>
    vessels.find((vessel) => vessel.id === vesselId)?.name ?? vesselId;

  return (
    <section className="fleet-admin" aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h2 id={`${id}-title`}>{t('fleet.admin.title')}</h2>
      <div aria-live="polite">
        {error ? (
          <p className="notice" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="fleet-panels">
        <form className="card stack" onSubmit={create} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('fleet.admin.vesselName')}</label>
            <input
              id={`${id}-name`}
              className="input"
              value={name}
              maxLength={100}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-imo`}>{t('fleet.admin.imo')}</label>
            <input
              id={`${id}-imo`}
              className="input"
              value={imo}
              inputMode="numeric"
              onChange={(event) => setImo(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-flag`}>{t('fleet.admin.flag')}</label>
            <input
              id={`${id}-flag`}
              className="input"
              value={flag}
              maxLength={60}
              onChange={(event) => setFlag(event.target.value)}
            />
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('fleet.admin.create')}
            </button>
          </div>
        </form>

        <ul className="fleet-admin-vessels">
          {vessels.map((vessel) => (
            <li key={vessel.id} className="card" data-testid="admin-vessel">
              <h3>{vessel.name}</h3>
              <p className="muted">
                IMO {vessel.imo}
                {vessel.flag ? ` · ${vessel.flag}` : ''}
              </p>
              <p>
                {vessel.code ? (
                  <>
                    {t('fleet.admin.code', { code: '' })}
                    <strong className="fleet-code" data-testid="join-code">
                      {formatJoinCode(vessel.code)}
                    </strong>
                  </>
                ) : (
                  t('fleet.admin.noCode')
                )}
              </p>
              <div className="button-row">
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  aria-label={t('fleet.admin.renewFor', { vessel: vessel.name })}
                  onClick={() => renew(vessel, false)}
                >
                  {t('fleet.admin.renew')}
                </button>
                {vessel.code ? (
                  <button
                    type="button"
                    className="btn"
                    disabled={busy}
                    aria-label={t('fleet.admin.revokeFor', { vessel: vessel.name })}
                    onClick={() => renew(vessel, true)}
                  >
                    {t('fleet.admin.revoke')}
                  </button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </div>

      <h3>{t('fleet.admin.officers')}</h3>
      <form className="card stack" onSubmit={grant} noValidate>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('fleet.admin.officerEmail')}</label>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            value={email}
            autoComplete="off"
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={wholeFleet}
            onChange={(event) => setWholeFleet(event.target.checked)}
          />
          {t('fleet.admin.officerFleet')}
        </label>
        {!wholeFleet && vessels.length > 0 ? (
          <fieldset className="fleet-pick">
            <legend>{t('fleet.admin.officerVessels')}</legend>
            {vessels.map((vessel) => (
              <label key={vessel.id} className="check">
                <input
                  type="checkbox"
                  checked={picked.includes(vessel.id)}
                  onChange={(event) =>
                    setPicked((list) =>
                      event.target.checked
                        ? [...list, vessel.id]
                        : list.filter((item) => item !== vessel.id),
                    )
                  }
                />
                {vessel.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy || email.trim() === ''}>
            {t('fleet.admin.grant')}
          </button>
        </div>
      </form>
      {officers.length === 0 ? (
        <p className="muted">{t('fleet.admin.noOfficers')}</p>
      ) : (
        <ul className="fleet-officers">
          {officers.map((officer) => {
            const label = officer.name || officer.email || officer.uid;
            return (
              <li key={officer.uid}>
                {t('fleet.admin.officerScope', {
                  name: label,
                  scope: officer.fleet
                    ? t('fleet.officer.fleet')
                    : officer.vessels.map(vesselName).join(', '),
                })}{' '}
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={busy}
                  onClick={async () => {
                    const done = await run(async () =>
                      useFleetStore
                        .getState()
                        .setOfficer({ ...officer, fleet: false, vessels: [] }),
                    );
                    if (done !== null) {
                      toast.show({
                        message: t('fleet.admin.removed', { name: label }),
                        tone: 'success',
                      });
                    }
                  }}
                >
                  {t('fleet.admin.remove', { name: label })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
