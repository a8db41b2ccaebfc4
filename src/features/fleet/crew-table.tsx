/**
 * The crew table: a column per figure, sorted by a header's button, a row per crew member with a
 * button that issues them an exam code.
 */
import type { CrewSortKey, SortDirection } from '@/domain/fleet-dashboard';
import type { CrewRow } from '@/domain/fleet-summary';
import { type MessageKey, useT } from '@/i18n';

const COLUMNS: readonly { key: CrewSortKey; label: MessageKey }[] = [
  { key: 'name', label: 'fleet.col.name' },
  { key: 'role', label: 'fleet.col.role' },
  { key: 'rank', label: 'fleet.col.rank' },
  { key: 'mast', label: 'fleet.col.mast' },
  { key: 'due', label: 'fleet.col.due' },
  { key: 'syncedAt', label: 'fleet.col.syncedAt' },
  { key: 'exam', label: 'fleet.col.exam' },
];

export interface CrewColumn {
  key: CrewSortKey | 'vessel';
  label: MessageKey;
}

/** The table's columns; with a vessel column after the name for the whole fleet's crew. */
export function crewColumns(withVessel: boolean): CrewColumn[] {
  return withVessel
    ? [
        COLUMNS[0] as (typeof COLUMNS)[number],
        { key: 'vessel', label: 'fleet.col.vessel' },
        ...COLUMNS.slice(1),
      ]
    : [...COLUMNS];
}

export function CrewTable({
  caption,
  columns,
  sort,
  onSort,
  rows,
  cells,
  issuing,
  onIssue,
}: {
  caption: string;
  columns: readonly CrewColumn[];
  sort: { key: CrewSortKey; direction: SortDirection };
  onSort: (key: CrewSortKey) => void;
  /** The rows of the page shown. */
  rows: readonly CrewRow[];
  /** A row's cells, one for each column. */
  cells: (row: CrewRow) => (string | number)[];
  /** A code is being issued: the buttons wait. */
  issuing: boolean;
  onIssue: (row: CrewRow) => void;
}) {
  const t = useT();
  return (
    <div className="fleet-table-wrap">
      <table className="fleet-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => {
              if (column.key === 'vessel') {
                return (
                  <th key={column.key} scope="col">
                    {t(column.label)}
                  </th>
                );
              }
              const key = column.key;
              const active = sort.key === key;
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
                    onClick={() => onSort(key)}
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
          {rows.map((row) => (
            <tr key={`${row.vessel}/${row.uid}`} data-testid="crew-row">
              {cells(row).map((cell, index) =>
                index === 0 ? (
                  <th key={columns[index]?.key} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={columns[index]?.key}>{cell}</td>
                ),
              )}
              <td>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => onIssue(row)}
                  disabled={issuing}
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
  );
}
