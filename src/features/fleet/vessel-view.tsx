/**
 * A vessel's crew for its officers: a sortable table with its CSV, a one-time exam code issued to
 * a crew member (online) for a supervised sitting, and the side panels.
 */
import { useId, useMemo, useState } from 'react';
import type { Sitting } from '@/domain/exam-proof';
import { formatJoinCode } from '@/domain/fleet';
import { type CrewSortKey, crewCsv, type SortDirection, sortCrew } from '@/domain/fleet-dashboard';
import type { CrewRow, SummaryProof } from '@/domain/fleet-summary';
import { rankFor } from '@/domain/ranks';
import { roleLabel } from '@/domain/roles';
import { localeOf } from '@/domain/settings-schema';
import { type DivisionId, inLanguage } from '@/domain/types';
import { type MessageKey, useLang, useT } from '@/i18n';
import { issueSittingCode } from '@/stores/exam-proofs';
import { useOnline } from '@/ui/use-online';
import { VesselPanels } from './vessel-panels';

const COLUMNS: readonly { key: CrewSortKey; label: MessageKey }[] = [
  { key: 'name', label: 'fleet.col.name' },
  { key: 'role', label: 'fleet.col.role' },
  { key: 'rank', label: 'fleet.col.rank' },
  { key: 'mast', label: 'fleet.col.mast' },
  { key: 'due', label: 'fleet.col.due' },
  { key: 'syncedAt', label: 'fleet.col.syncedAt' },
  { key: 'exam', label: 'fleet.col.exam' },
];

const PROOF_KEYS: Record<SummaryProof, MessageKey> = {
  supervised: 'fleet.exam.proof.supervised',
  self: 'fleet.exam.proof.self',
  unconfirmed: 'fleet.exam.proof.unconfirmed',
  mismatch: 'fleet.exam.proof.mismatch',
};

export function VesselView({
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
  const locale = localeOf(lang);
  const sorted = useMemo(() => sortCrew(rows, sort.key, sort.direction, lang), [rows, sort, lang]);
  const date = (ms: number) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  const rankText = (row: CrewRow) =>
    inLanguage(rankFor(row.mast, (row.division as DivisionId | undefined) ?? null).label, lang);
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

      <VesselPanels rows={rows} now={now} date={date} />
    </section>
  );
}
