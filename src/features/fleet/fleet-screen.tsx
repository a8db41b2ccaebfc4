/**
 * /fleet («Флот», training officers and admins, cloud edition): the vessels with crew count,
 * active crew, average rank and exam pass rate; a vessel's crew as a sortable table with its CSV,
 * who has not synced for N days, the weakest topics and learned words by week. It opens from the
 * device's last copy (offline too) and says how old that copy is, and that the crew's figures are
 * what each learner's device reports (each exam marked with how it was obtained). An officer
 * issues a crew member a one-time exam code here (online) for a supervised sitting; admins also
 * manage vessels, join codes and officers here.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { Sitting } from '@/domain/exam-proof';
import { formatJoinCode } from '@/domain/fleet';
import {
  type CrewSortKey,
  crewCsv,
  type SortDirection,
  silentCrew,
  sortCrew,
  vesselFigures,
  vesselProgress,
  vesselWeakTopics,
} from '@/domain/fleet-dashboard';
import type { CrewRow, SummaryProof } from '@/domain/fleet-summary';
import { rankFor } from '@/domain/ranks';
import { roleLabel } from '@/domain/roles';
import { localeOf, type UiLang } from '@/domain/settings-schema';
import type { DivisionId } from '@/domain/types';
import { type MessageKey, useLang, useT } from '@/i18n';
import { useAuthStore, useUser } from '@/stores/auth-store';
import { issueSittingCode } from '@/stores/exam-proofs';
import { fleetProblemKey, useFleetStore } from '@/stores/fleet-store';
import { topicLabel } from '@/ui/topic-name';
import { useOnline } from '@/ui/use-online';
import { FleetAdmin } from './fleet-admin';
import './fleet.css';

const COLUMNS: readonly { key: CrewSortKey; label: MessageKey }[] = [
  { key: 'name', label: 'fleet.col.name' },
  { key: 'role', label: 'fleet.col.role' },
  { key: 'rank', label: 'fleet.col.rank' },
  { key: 'mast', label: 'fleet.col.mast' },
  { key: 'due', label: 'fleet.col.due' },
  { key: 'syncedAt', label: 'fleet.col.syncedAt' },
  { key: 'exam', label: 'fleet.col.exam' },
];

const SILENT_DAYS = [3, 7, 14, 30] as const;

const PROOF_KEYS: Record<SummaryProof, MessageKey> = {
  supervised: 'fleet.exam.proof.supervised',
  self: 'fleet.exam.proof.self',
  unconfirmed: 'fleet.exam.proof.unconfirmed',
  mismatch: 'fleet.exam.proof.mismatch',
};

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
      ) : openVessel ? (
        <VesselView
          vesselId={openVessel.id}
          name={openVessel.name}
          rows={dashboard?.crew[openVessel.id] ?? []}
          now={now}
          onBack={() => setOpen(null)}
        />
      ) : (
        <section aria-labelledby="fleet-vessels">
          <h2 id="fleet-vessels">{t('fleet.vessels')}</h2>
          {vessels.length === 0 ? <p className="muted">{t('fleet.noVessels')}</p> : null}
          <ul className="fleet-cards">
            {vessels.map((vessel) => {
              const figures = vesselFigures(dashboard?.crew[vessel.id] ?? [], now);
              const rank = rankFor(figures.meanMast).label[lang];
              return (
                <li key={vessel.id} className="card fleet-card">
                  <h3>{vessel.name}</h3>
                  <p className="muted">
                    IMO {vessel.imo}
                    {vessel.flag ? ` · ${vessel.flag}` : ''}
                  </p>
                  <ul className="fleet-figures">
                    <li>{t('fleet.card.crew', { count: figures.crew })}</li>
                    <li>{t('fleet.card.active', { count: figures.active })}</li>
                    <li>{t('fleet.card.rank', { rank, mast: figures.meanMast })}</li>
                    <li>
                      {figures.passRate === null
                        ? t('fleet.card.noExams')
                        : t('fleet.card.pass', {
                            percent: Math.round(figures.passRate * 100),
                            count: figures.examined,
                          })}
                    </li>
                  </ul>
                  <button type="button" className="btn" onClick={() => setOpen(vessel.id)}>
                    {t('fleet.card.open', { vessel: vessel.name })}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {cloud && isAdmin && !openVessel ? <FleetAdmin /> : null}
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

function VesselView({
  vesselId,
  name,
  rows,
  now,
  onBack,
}: {
  vesselId: string;
  name: string;
  rows: readonly CrewRow[];
  now: number;
  onBack: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [sort, setSort] = useState<{ key: CrewSortKey; direction: SortDirection }>({
    key: 'name',
    direction: 'asc',
  });
  const [days, setDays] = useState<number>(7);
  const locale = localeOf(lang);
  const sorted = useMemo(() => sortCrew(rows, sort.key, sort.direction, lang), [rows, sort, lang]);
  const silent = silentCrew(rows, days, now);
  const weak = vesselWeakTopics(rows);
  const progress = vesselProgress(rows);
  const date = (ms: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  const rankText = (row: CrewRow) =>
    rankFor(row.mast, (row.division as DivisionId | undefined) ?? null).label[lang];
  const examText = (row: CrewRow) => {
    const exam = row.detail.ex[0];
    if (!exam) return t('fleet.exam.none');
    const proof = row.detail.exp?.[0];
    const result = t(
      exam[3] === 1 && proof !== 'mismatch' ? 'fleet.exam.passed' : 'fleet.exam.failed',
      {
        percent: exam[2],
      },
    );
    return proof ? `${result} · ${t(PROOF_KEYS[proof])}` : result;
  };
  const online = useOnline();
  const [issuing, setIssuing] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ row: CrewRow; sitting: Sitting } | null>(null);
  const [issueProblem, setIssueProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function issue(row: CrewRow) {
    setIssueProblem(null);
    setIssued(null);
    setCopied(false);
    if (!row.role) {
      setIssueProblem(t('fleet.sitting.noPost'));
      return;
    }
    if (!online) {
      setIssueProblem(t('fleet.sitting.offline'));
      return;
    }
    setIssuing(row.uid);
    const result = await issueSittingCode({ uid: row.uid, vessel: vesselId, role: row.role });
    setIssuing(null);
    if (result.ok) setIssued({ row, sitting: result.sitting });
    else {
      setIssueProblem(
        t(
          result.problem === 'offline'
            ? 'fleet.sitting.offline'
            : result.problem === 'no-post'
              ? 'fleet.sitting.noPost'
              : 'fleet.sitting.failed',
        ),
      );
    }
  }

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the code stays on screen to read out.
    }
  }
  const cells = (row: CrewRow): (string | number)[] => [
    row.name,
    row.role ? roleLabel(row.role, lang) : '',
    rankText(row),
    row.mast,
    row.due,
    date(row.syncedAt),
    examText(row),
  ];

  function toggle(key: CrewSortKey) {
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'name' || key === 'role' ? 'asc' : 'desc' },
    );
  }

  function exportCsv() {
    const text = crewCsv(
      COLUMNS.map((column) => t(column.label)),
      sorted.map(cells),
    );
    // A byte-order mark so spreadsheet programs read the Cyrillic as UTF-8.
    const blob = new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${name.replace(/[^\p{L}\p{N}]+/gu, '-')}-crew.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const max = Math.max(1, ...progress);
  return (
    <section aria-labelledby={`${id}-title`} className="fleet-vessel-view">
      <div className="page-header">
        <h2 id={`${id}-title`}>{t('fleet.crew', { vessel: name })}</h2>
        <div className="button-row">
          <button type="button" className="btn" onClick={onBack}>
            {t('fleet.back')}
          </button>
          <button type="button" className="btn" onClick={exportCsv} disabled={rows.length === 0}>
            {t('fleet.csv')}
          </button>
        </div>
      </div>
      <p className="muted" data-testid="fleet-self-reported">
        {t('fleet.selfReported')}
      </p>
      <div aria-live="polite">
        {issueProblem ? (
          <p className="notice" role="alert">
            {issueProblem}
          </p>
        ) : null}
        {issued ? (
          <section className="card fleet-sitting" aria-labelledby={`${id}-sitting`}>
            <h3 id={`${id}-sitting`}>{t('fleet.sitting.title', { name: issued.row.name })}</h3>
            <p className="fleet-sitting-code" data-testid="sitting-code">
              {formatJoinCode(issued.sitting.code)}
            </p>
            <p>
              {t('fleet.sitting.post', { post: roleLabel(issued.sitting.role, lang) })}
              <br />
              {t('fleet.sitting.issued', { date: date(issued.sitting.issuedAt) })}
            </p>
            <p className="muted">{t('fleet.sitting.lead')}</p>
            <div className="button-row">
              <button type="button" className="btn" onClick={() => copy(issued.sitting.code)}>
                {copied ? t('fleet.sitting.copied') : t('fleet.sitting.copy')}
              </button>
              <button type="button" className="btn" onClick={() => setIssued(null)}>
                {t('fleet.sitting.close')}
              </button>
            </div>
          </section>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t('fleet.crew.empty')}</p>
      ) : (
        <div className="fleet-table-wrap">
          <table className="fleet-table">
            <caption className="visually-hidden">{t('fleet.crew', { vessel: name })}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  const active = sort.key === column.key;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={
                        active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                    >
                      <button
                        type="button"
                        className="fleet-sort"
                        onClick={() => toggle(column.key)}
                        aria-label={t('fleet.sortBy', { column: t(column.label) })}
                      >
                        {t(column.label)}
                        <span aria-hidden="true">
                          {active ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}
                        </span>
                      </button>
                    </th>
                  );
                })}
                <th scope="col">
                  <span className="visually-hidden">{t('fleet.sitting.issue')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((row) => (
                <tr key={row.uid} data-testid="crew-row">
                  {cells(row).map((cell, index) =>
                    index === 0 ? (
                      <th key={COLUMNS[index]?.key} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={COLUMNS[index]?.key}>{cell}</td>
                    ),
                  )}
                  <td>
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => issue(row)}
                      disabled={issuing !== null}
                      aria-label={t('fleet.sitting.issueFor', { name: row.name })}
                    >
                      {t('fleet.sitting.issue')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <div className="fleet-panels">
        <section className="card" aria-labelledby={`${id}-silent`}>
          <h3 id={`${id}-silent`}>{t('fleet.silent')}</h3>
          <div className="field">
            <label htmlFor={`${id}-days`}>{t('fleet.silent')}</label>
            <select
              id={`${id}-days`}
              className="input"
              value={days}
              onChange={(event) => setDays(Number(event.target.value))}
            >
              {SILENT_DAYS.map((value) => (
                <option key={value} value={value}>
                  {t('fleet.silent.days', { count: value })}
                </option>
              ))}
            </select>
          </div>
          {silent.length === 0 ? (
            <p>{t('fleet.silent.none', { count: days })}</p>
          ) : (
            <>
              <p>{t('fleet.silent.list', { count: days })}</p>
              <ul data-testid="silent-crew">
                {silent.map((row) => (
                  <li key={row.uid}>
                    {row.name} — {date(row.syncedAt)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        <section className="card" aria-labelledby={`${id}-weak`}>
          <h3 id={`${id}-weak`}>{t('fleet.weak')}</h3>
          {weak.length === 0 ? (
            <p className="muted">{t('fleet.weak.none')}</p>
          ) : (
            <ol data-testid="weak-topics">
              {weak.map((topic) => (
                <li key={topic.topic}>
                  {t('fleet.weak.item', {
                    topic: topicLabel(topic.topic, lang),
                    percent: Math.round(topic.accuracy * 100),
                    count: topic.answers,
                  })}
                </li>
              ))}
            </ol>
          )}
        </section>

        <section className="card" aria-labelledby={`${id}-progress`}>
          <h3 id={`${id}-progress`}>{t('fleet.progress')}</h3>
          {progress.length === 0 ? (
            <p className="muted">{t('fleet.progress.none')}</p>
          ) : (
            <>
              <svg
                className="fleet-chart"
                viewBox={`0 0 ${progress.length * 20} 64`}
                role="img"
                aria-label={progress
                  .map((value, index) => t('fleet.progress.week', { n: index + 1, value }))
                  .join('; ')}
              >
                {progress.map((value, index) => {
                  const height = Math.max(1, (value / max) * 60);
                  return (
                    <rect
                      // biome-ignore lint/suspicious/noArrayIndexKey: weeks are positions.
                      key={index}
                      x={index * 20 + 3}
                      y={62 - height}
                      width={14}
                      height={height}
                    />
                  );
                })}
              </svg>
              <p className="muted">
                {t('fleet.progress.week', { n: progress.length, value: progress.at(-1) ?? 0 })}
              </p>
            </>
          )}
        </section>
      </div>
    </section>
  );
}
