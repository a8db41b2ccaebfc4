/**
 * The fleet dashboard's figures, from the crew summaries an officer's device holds. Pure.
 */
import { type CrewRow, type Tally, weakestTopics } from './fleet-summary';
import { RANKS } from './ranks';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Active: answered within this many days. */
export const ACTIVE_DAYS = 7;

export interface VesselFigures {
  crew: number;
  /** Crew who answered in the last ACTIVE_DAYS days. */
  active: number;
  /** Mean learned words (MAST), rounded. */
  meanMast: number;
  /** The rank of the mean learned-word count (rank id). */
  meanRank: string;
  /** Of the crew with an exam result, the share whose latest passed (0..1), or null. */
  passRate: number | null;
  /** Crew with an exam result. */
  examined: number;
}

const rankIndex = (id: string) =>
  Math.max(
    0,
    RANKS.findIndex((rank) => rank.id === id),
  );

export function vesselFigures(rows: readonly CrewRow[], now: number): VesselFigures {
  const crew = rows.length;
  const active = rows.filter((row) => row.lastActive >= now - ACTIVE_DAYS * DAY_MS).length;
  const meanRankIndex =
    crew === 0 ? 0 : Math.round(rows.reduce((sum, row) => sum + rankIndex(row.rank), 0) / crew);
  const meanMast = crew === 0 ? 0 : Math.round(rows.reduce((sum, row) => sum + row.mast, 0) / crew);
  const latest = rows.map((row) => row.detail.ex[0]).filter((exam) => exam !== undefined);
  const passed = latest.filter((exam) => exam[3] === 1).length;
  return {
    crew,
    active,
    meanMast,
    meanRank: RANKS[meanRankIndex]?.id ?? 'L1',
    passRate: latest.length === 0 ? null : passed / latest.length,
    examined: latest.length,
  };
}

export type CrewSortKey = 'name' | 'role' | 'rank' | 'mast' | 'due' | 'syncedAt' | 'exam';
export type SortDirection = 'asc' | 'desc';

/** The value a column sorts by (the latest exam by its percent; none sorts first). */
function sortValue(row: CrewRow, key: CrewSortKey): number | string {
  switch (key) {
    case 'name':
      return row.name;
    case 'role':
      return row.role ?? '';
    case 'rank':
      return rankIndex(row.rank) * 1_000_000 + row.mast;
    case 'mast':
      return row.mast;
    case 'due':
      return row.due;
    case 'syncedAt':
      return row.syncedAt;
    case 'exam':
      return row.detail.ex[0]?.[2] ?? -1;
  }
}

/** The crew sorted by a column; ties by name, so the order is stable. */
export function sortCrew(
  rows: readonly CrewRow[],
  key: CrewSortKey,
  direction: SortDirection,
  locale = 'ru',
): CrewRow[] {
  const sign = direction === 'asc' ? 1 : -1;
  // One collator for the whole sort, not a `localeCompare` with a locale per comparison (a fleet's
  // 10,000 crew take some 130,000 comparisons).
  const compare = new Intl.Collator(locale).compare;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    const order =
      typeof x === 'string' && typeof y === 'string' ? compare(x, y) : Number(x) - Number(y);
    return sign * order || compare(a.name, b.name) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
  });
}

/** Rows of the crew table on one page: a page renders in a few milliseconds whatever the crew. */
export const CREW_PAGE_SIZE = 50;
/** Vessel cards on one page of the fleet's overview. */
export const VESSEL_PAGE_SIZE = 24;

export interface Page<T> {
  items: T[];
  /** The page shown, from 0 (a page past the end shows the last one). */
  page: number;
  pages: number;
  /** The position of its first item, from 0. */
  first: number;
}

/** One page of `size` items; there is always at least one page, maybe empty. */
export function pageOf<T>(items: readonly T[], page: number, size: number): Page<T> {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const shown = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  const first = shown * size;
  return { items: items.slice(first, first + size), page: shown, pages, first };
}

/**
 * The rows any of whose texts (as the table shows them: name, post, vessel) contains every word
 * of the query, any case; an empty query keeps every row.
 */
export function filterCrew(
  rows: readonly CrewRow[],
  query: string,
  texts: (row: CrewRow) => readonly string[],
  locale = 'ru',
): CrewRow[] {
  const words = query.toLocaleLowerCase(locale).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = texts(row).join(' ').toLocaleLowerCase(locale);
    return words.every((word) => text.includes(word));
  });
}

/** Crew whose device has not synced for at least `days` days, the longest silent first. */
export function silentCrew(rows: readonly CrewRow[], days: number, now: number): CrewRow[] {
  return rows
    .filter((row) => row.syncedAt <= now - days * DAY_MS)
    .sort((a, b) => a.syncedAt - b.syncedAt);
}

/** The vessel's topics over the last 30 days, summed over the crew. */
export function vesselTopics(rows: readonly CrewRow[]): Tally[] {
  const sums = new Map<string, [number, number]>();
  for (const row of rows) {
    for (const [topic, right, all] of row.detail.t) {
      const sum = sums.get(topic) ?? [0, 0];
      sum[0] += right;
      sum[1] += all;
      sums.set(topic, sum);
    }
  }
  return [...sums.entries()].map(([topic, [right, all]]): Tally => [topic, right, all]);
}

/** The weakest topics across the vessel, with their share right (0..1), weakest first. */
export function vesselWeakTopics(
  rows: readonly CrewRow[],
  limit = 5,
): { topic: string; accuracy: number; answers: number }[] {
  const topics = vesselTopics(rows);
  const byName = new Map(topics.map((tally) => [tally[0], tally]));
  return weakestTopics(topics, limit).map((topic) => {
    const [, right, all] = byName.get(topic) as Tally;
    return { topic, accuracy: right / all, answers: all };
  });
}

/**
 * Mean learned words per crew member at the end of each of the last weeks, oldest first; each
 * member's series ends at their last sync, so a silent member's figures stay where they were.
 */
export function vesselProgress(rows: readonly CrewRow[]): number[] {
  const weeks = Math.max(0, ...rows.map((row) => row.detail.wk.length));
  if (rows.length === 0 || weeks === 0) return [];
  return Array.from({ length: weeks }, (_, index) => {
    let sum = 0;
    for (const row of rows) {
      const series = row.detail.wk;
      const at = index - (weeks - series.length);
      sum += at < 0 ? 0 : (series[at] ?? 0);
    }
    return Math.round((sum / rows.length) * 10) / 10;
  });
}

/**
 * Where a spreadsheet may start a cell when it opens the file: the comma this file uses, and the
 * separators it may guess instead (the semicolon of locales with a decimal comma, Russian among
 * them; a tab; a pipe), and line breaks (a program that ignores the quotes).
 */
const CELL_BREAKS = /[,;\t|\r\n]/;

/**
 * What makes a cell a formula (= + - @, their full-width forms, after any spaces), or a tab or CR
 * that a program may strip before reading one: a `'` before it makes the cell text.
 */
const FORMULA_START = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;
/** The same after any place a spreadsheet may start a cell (CELL_BREAKS). */
const FORMULA_AFTER_BREAK = /([,;\t|\r\n])(?=\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/g;

/**
 * One CSV cell (RFC 4180) that no spreadsheet reads as a formula, whatever separator it splits
 * the line at: every place a cell could start with a formula is made inert, and a cell holding
 * any separator is quoted. Numbers are kept as numbers.
 */
function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(FORMULA_AFTER_BREAK, "$1'");
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /"/.test(text) || CELL_BREAKS.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The crew table as CSV text with a header row (`columns` already in the user's language). */
export function crewCsv(
  columns: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  return [columns, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}
