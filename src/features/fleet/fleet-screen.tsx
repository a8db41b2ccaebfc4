/**
 * /fleet («Флот», training officers and admins, cloud edition): the vessels with crew count,
 * active crew, average rank and exam pass rate; a vessel's crew as a sortable table with its CSV,
 * who has not synced for N days, the weakest topics and learned words by week. It opens from the
 * device's last copy (offline too) and says how old that copy is, and that the crew's figures are
 * what each learner's device reports (each exam marked with how it was obtained). An officer
 * issues a crew member a one-time exam code here (online) for a supervised sitting; admins also
 * manage vessels, join codes and officers here.
 */

import { useEffect, useMemo, useState } from 'react';
import { localeOf, type UiLang } from '@/domain/settings-schema';
import { useLang, useT } from '@/i18n';
import { useAuthStore, useUser } from '@/stores/auth-store';
import { fleetProblemKey, useFleetStore } from '@/stores/fleet-store';
import { useOnline } from '@/ui/use-online';
import { FleetAdmin } from './fleet-admin';
import { VesselCards } from './vessel-cards';
import { VesselView } from './vessel-view';

/** `open` for the whole fleet's crew (no vessel id is empty). */
const ALL_CREW = '';

import './fleet.css';

export function FleetScreen() {
  const t = useT();
  const lang = useLang();
  const user = useUser();
  const online = useOnline();
  const cloud = useAuthStore((s) => s.provider.kind === 'firebase');
  const dashboard = useFleetStore((s) => s.dashboard);
  const officer = useFleetStore((s) => s.meta?.officer);
  const refreshing = useFleetStore((s) => s.refreshing);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const allCrew = useMemo(() => Object.values(dashboard?.crew ?? {}).flat(), [dashboard]);
  const vesselNames = useMemo(
    () => new Map((dashboard?.vessels ?? []).map((vessel) => [vessel.id, vessel.name])),
    [dashboard],
  );

  useEffect(() => {
    let live = true;
    void (async () => {
      await useFleetStore.getState().loadDashboard();
      if (!live) return;
      setLoaded(true);
      if (navigator.onLine) {
        const result = await useFleetStore.getState().refreshDashboard();
        if (live && !result.ok) setProblem(t(fleetProblemKey(result.problem, true)));
      }
    })();
    return () => {
      live = false;
    };
  }, [t]);

  async function refresh() {
    setProblem(null);
    const result = await useFleetStore.getState().refreshDashboard();
    if (!result.ok) setProblem(t(fleetProblemKey(result.problem, true)));
  }

  if (!user) return null;
  const isAdmin = user.isAdmin;
  const oversees = isAdmin || officer?.fleet || (officer?.vessels.length ?? 0) > 0;
  const locale = localeOf(lang);
  const now = Date.now();
  const vessels = dashboard?.vessels ?? [];
  const openVessel = vessels.find((vessel) => vessel.id === open) ?? null;

  return (
    <main className="page fleet" aria-busy={refreshing || undefined}>
      <div className="page-header">
        <div>
          <h1>{t('fleet.title')}</h1>
          <p className="muted">{t('fleet.lead')}</p>
        </div>
        {cloud && oversees ? (
          <button type="button" className="btn" onClick={refresh} disabled={refreshing || !online}>
            {refreshing ? t('fleet.refreshing') : t('fleet.refresh')}
          </button>
        ) : null}
      </div>
      <div aria-live="polite">
        {loaded && cloud && oversees ? (
          <p className="muted" role="status" data-testid="fleet-copy">
            {dashboard
              ? t('fleet.copyAge', {
                  date: new Intl.DateTimeFormat(locale, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }).format(dashboard.loadedAt),
                  age: ageText(now - dashboard.loadedAt, lang),
                })
              : t('fleet.copyNone')}
          </p>
        ) : null}
        {problem ? (
          <p className="notice" role="alert">
            {t('fleet.refreshFailed', { reason: problem })}
          </p>
        ) : null}
      </div>

      {!cloud || (loaded && !oversees && !refreshing) ? (
        <p className="notice">{t('fleet.noAccess')}</p>
      ) : open === ALL_CREW ? (
        <VesselView
          name={t('fleet.all.title')}
          title={t('fleet.all.title')}
          rows={allCrew}
          vesselNames={vesselNames}
          now={now}
          onBack={() => setOpen(null)}
        />
      ) : openVessel ? (
        <VesselView
          name={openVessel.name}
          rows={dashboard?.crew[openVessel.id] ?? []}
          now={now}
          onBack={() => setOpen(null)}
        />
      ) : (
        <section aria-labelledby="fleet-vessels">
          <h2 id="fleet-vessels">{t('fleet.vessels')}</h2>
          {vessels.length === 0 ? <p className="muted">{t('fleet.noVessels')}</p> : null}
          {vessels.length > 1 ? (
            <p>
              <button type="button" className="btn" onClick={() => setOpen(ALL_CREW)}>
                {t('fleet.all.open', { count: allCrew.length })}
              </button>
            </p>
          ) : null}
          <VesselCards vessels={vessels} crew={dashboard?.crew ?? {}} now={now} onOpen={setOpen} />
        </section>
      )}
      {cloud && isAdmin && !openVessel && open !== ALL_CREW ? <FleetAdmin /> : null}
    </main>
  );
}

/** "3 h", "2 d": how old the copy is. */
function ageText(ms: number, lang: UiLang): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const format = (value: number, unit: 'minute' | 'hour' | 'day') =>
    new Intl.NumberFormat(localeOf(lang), {
      style: 'unit',
      unit,
      unitDisplay: 'short',
    }).format(value);
  if (minutes < 60) return format(minutes, 'minute');
  if (minutes < 48 * 60) return format(Math.round(minutes / 60), 'hour');
  return format(Math.round(minutes / (24 * 60)), 'day');
}
