/**
 * A vessel's crew (or the whole fleet's) for its officers: a sortable table with a filter, shown a
 * page at a time (a fleet of 10,000 crew renders one page of CREW_PAGE_SIZE rows), its CSV of
 * every row the filter keeps, a one-time exam code issued to a crew member (online) for a
 * supervised sitting, and the side panels.
 */
import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import type { Sitting } from '@/domain/exam-proof';
import {
  CREW_PAGE_SIZE,
  type CrewSortKey,
  crewCsv,
  filterCrew,
  pageOf,
  type SortDirection,
  sortCrew,
} from '@/domain/fleet-dashboard';
import type { CrewRow, SummaryProof } from '@/domain/fleet-summary';
import { rankFor } from '@/domain/ranks';
import { roleLabel } from '@/domain/roles';
import { localeOf } from '@/domain/settings-schema';
import { type DivisionId, inLanguage } from '@/domain/types';
import { type MessageKey, useLang, useT } from '@/i18n';
import { issueSittingCode } from '@/stores/exam-proofs';
import { useOnline } from '@/ui/use-online';
import { CrewTable, crewColumns } from './crew-table';
import { Pager } from './pager';
import { SittingCard } from './sitting-card';
import { VesselPanels } from './vessel-panels';

const PROOF_KEYS: Record<SummaryProof, MessageKey> = {
  supervised: 'fleet.exam.proof.supervised',
  self: 'fleet.exam.proof.self',
  unconfirmed: 'fleet.exam.proof.unconfirmed',
  mismatch: 'fleet.exam.proof.mismatch',
};

export function VesselView({
  name,
  title,
  rows,
  vesselNames,
  now,
  onBack,
}: {
  /** The vessel's name (the CSV file's name). */
  name: string;
  /** The heading, when not the vessel's crew (the whole fleet's). */
  title?: string;
  rows: readonly CrewRow[];
  /** The names of the rows' vessels: given, the table has a vessel column (the whole fleet). */
  vesselNames?: ReadonlyMap<string, string>;
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
  const [query, setQuery] = useState('');
  // Typing stays responsive in a fleet of thousands: the table follows the text when it can.
  const shownQuery = useDeferredValue(query);
  const [pageIndex, setPageIndex] = useState(0);
  const locale = localeOf(lang);
  const sorted = useMemo(() => sortCrew(rows, sort.key, sort.direction, lang), [rows, sort, lang]);
  const kept = useMemo(
    () =>
      filterCrew(
        sorted,
        shownQuery,
        (row) => [
          row.name,
          row.role ? roleLabel(row.role, lang) : '',
          vesselNames?.get(row.vessel) ?? '',
        ],
        locale,
      ),
    [sorted, shownQuery, lang, locale, vesselNames],
  );
  const page = pageOf(kept, pageIndex, CREW_PAGE_SIZE);
  // The panels (sums over every row) come in a render of their own, after the table is shown:
  // two short tasks for a fleet of 10,000 rather than one long one.
  const panelRows = useDeferredValue<readonly CrewRow[] | null>(rows, null);
  const heading = title ?? t('fleet.crew', { vessel: name });
  // One formatter for every row (a CSV of the whole fleet formats 10,000 dates).
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  const date = useCallback((ms: number) => dateFormat.format(ms), [dateFormat]);
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
    const result = await issueSittingCode({ uid: row.uid, vessel: row.vessel, role: row.role });
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
    ...(vesselNames ? [vesselNames.get(row.vessel) ?? ''] : []),
    row.role ? roleLabel(row.role, lang) : '',
    rankText(row),
    row.mast,
    row.due,
    date(row.syncedAt),
    examText(row),
  ];

  const columns = crewColumns(vesselNames !== undefined);

  function toggle(key: CrewSortKey) {
    setPageIndex(0);
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'name' || key === 'role' ? 'asc' : 'desc' },
    );
  }

  function exportCsv() {
    // Every row the filter keeps, not the page shown.
    const text = crewCsv(
      columns.map((column) => t(column.label)),
      kept.map(cells),
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
        <h2 id={`${id}-title`}>{heading}</h2>
        <div className="button-row">
          <button type="button" className="btn" onClick={onBack}>
            {t('fleet.back')}
          </button>
          <button type="button" className="btn" onClick={exportCsv} disabled={kept.length === 0}>
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
          <SittingCard
            titleId={`${id}-sitting`}
            name={issued.row.name}
            sitting={issued.sitting}
            date={date}
            copied={copied}
            onCopy={copy}
            onClose={() => setIssued(null)}
          />
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="muted">{t('fleet.crew.empty')}</p>
      ) : (
        <>
          <div className="field fleet-filter">
            <label htmlFor={`${id}-filter`}>{t('fleet.filter')}</label>
            <input
              id={`${id}-filter`}
              className="input"
              type="search"
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setPageIndex(0);
              }}
            />
          </div>
          {kept.length === 0 ? (
            <p className="muted" role="status">
              {t('fleet.filter.none', { query: shownQuery.trim() })}
            </p>
          ) : null}
          <CrewTable
            caption={heading}
            columns={columns}
            sort={sort}
            onSort={toggle}
            rows={page.items}
            cells={cells}
            issuing={issuing !== null}
            onIssue={issue}
          />
          <Pager
            page={page}
            total={kept.length}
            size={CREW_PAGE_SIZE}
            range="fleet.page.rows"
            onPage={setPageIndex}
          />
        </>
      )}

      {panelRows ? <VesselPanels rows={panelRows} now={now} date={date} /> : null}
    </section>
  );
}
