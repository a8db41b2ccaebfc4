/**
 * The admin's bulk import: the specification's `ru=en` lines, or the built-in data format as a
 * JSON array of rows or a CSV file with a header (`ru,en,topic,roles,kind,ref,...`). Each row is
 * checked on its own; invalid rows are reported by line with the reason, valid ones returned.
 */
import { CATALOGUE_TEXT_MAX } from './constants';
import { checkVocabRow, type VocabRow, type VocabRowProblem } from './vocabulary';

export type ImportFormat = 'lines' | 'json' | 'csv';

/** A checked row: at least Russian and English, with whatever else the file carried. */
export type ImportRow = Partial<VocabRow> & Pick<VocabRow, 'ru' | 'en'> & { line: number };

export type ImportProblemReason =
  | VocabRowProblem
  | 'invalid-json'
  | 'not-a-list'
  | 'no-equals'
  | 'several-equals'
  | 'cyrillic-en'
  | 'csv-header'
  | 'csv-columns'
  | 'csv-quote'
  | 'unknown-division';

export interface ImportProblem {
  /** 1-based line of a text or CSV file, or position of a JSON row. */
  line: number;
  reason: ImportProblemReason;
  /** The field or role the reason is about, where there is one. */
  field?: string;
  /** The offending line as typed (lines and CSV), for the admin to fix. */
  text?: string;
}

export interface WordImport {
  format: ImportFormat;
  rows: ImportRow[];
  problems: ImportProblem[];
}

/** Lists inside one CSV cell (roles, alternatives) are separated by '|'. */
const CSV_LIST_SEPARATOR = '|';

/**
 * A Cyrillic letter on the English side: a Russian word typed there, or two pairs run into one
 * line (`клапан=valve задвижка=gate valve`). Imported, it would ask the learner to spell Russian.
 */
const CYRILLIC = /\p{Script=Cyrillic}/u;

/** Which of the three formats a pasted text is. */
export function detectImportFormat(text: string): ImportFormat {
  const start = text.trimStart();
  if (start.startsWith('[') || start.startsWith('{')) return 'json';
  const header = start.split(/\r?\n/, 1)[0] ?? '';
  const columns = splitCsvLine(header, delimiterOf(header))?.map((c) => c.trim().toLowerCase());
  if (columns?.includes('ru') && columns.includes('en') && !header.includes('=')) return 'csv';
  return 'lines';
}

export function parseWordImport(
  text: string,
  rules: { knownRoles: readonly string[] },
): WordImport {
  const format = detectImportFormat(text);
  if (format === 'json') return { format, ...parseJsonRows(text, rules.knownRoles) };
  if (format === 'csv') return { format, ...parseCsvRows(text, rules.knownRoles) };
  return { format, ...parseLines(text) };
}

/**
 * `ru=en`, one pair per line. Lines split only on line breaks (not on '/' or '\', so a pair such
 * as `блокировка и маркировка=lockout/tagout` survives). A second '=' means two pairs ran into
 * one line (`клапан=valve\задвижка=gate valve`): no side can be trusted, so the line is reported,
 * never split by guessing.
 */
function parseLines(text: string): Omit<WordImport, 'format'> {
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const at = line.indexOf('=');
    const ru = at < 0 ? '' : line.slice(0, at).trim();
    const en = at < 0 ? '' : line.slice(at + 1).trim();
    const problem = (reason: ImportProblemReason, field?: 'ru' | 'en') =>
      problems.push({ line: index + 1, reason, ...(field ? { field } : {}), text: line });
    if (at < 0) problem('no-equals');
    else if (line.includes('=', at + 1)) problem('several-equals');
    else if (ru === '') problem('missing-ru');
    else if (en === '') problem('missing-en');
    else if (ru.length > CATALOGUE_TEXT_MAX) problem('too-long', 'ru');
    else if (en.length > CATALOGUE_TEXT_MAX) problem('too-long', 'en');
    else if (CYRILLIC.test(en)) problem('cyrillic-en', 'en');
    else rows.push({ ru, en, line: index + 1 });
  });
  return { rows, problems };
}

function checkRow(
  raw: unknown,
  line: number,
  knownRoles: readonly string[],
  text: string | undefined,
  rows: ImportRow[],
  problems: ImportProblem[],
): void {
  const found: { reason: ImportProblemReason; field?: string }[] = checkVocabRow(raw, {
    knownRoles,
    strict: false,
  }).map(({ problem, field }) => ({ reason: problem, ...(field ? { field } : {}) }));
  const en = (raw as { en?: unknown } | null)?.en;
  if (typeof en === 'string' && CYRILLIC.test(en)) {
    found.push({ reason: 'cyrillic-en', field: 'en' });
  }
  if (found.length === 0) {
    rows.push({ ...(raw as ImportRow), line });
    return;
  }
  for (const problem of found) problems.push({ line, ...problem, ...(text ? { text } : {}) });
}

function parseJsonRows(text: string, knownRoles: readonly string[]): Omit<WordImport, 'format'> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { rows: [], problems: [{ line: 1, reason: 'invalid-json' }] };
  }
  const list =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? (data as { words?: unknown }).words
      : data;
  if (!Array.isArray(list)) return { rows: [], problems: [{ line: 1, reason: 'not-a-list' }] };
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  list.forEach((raw, index) => {
    const row = raw as Record<string, unknown>;
    // An id from another database means nothing here: imported words get new ids.
    const { id: _id, ...rest } = row !== null && typeof row === 'object' ? row : { id: undefined };
    const candidate = row !== null && typeof row === 'object' ? rest : raw;
    checkRow(candidate, index + 1, knownRoles, undefined, rows, problems);
  });
  return { rows, problems };
}

function delimiterOf(header: string): string {
  if (header.includes('\t')) return '\t';
  if (header.includes(';') && !header.includes(',')) return ';';
  return ',';
}

/** One CSV record (RFC 4180 quoting, on a single line); null when a quote is left open. */
function splitCsvLine(line: string, delimiter: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells;
}

function csvValue(field: string, cell: string): unknown {
  const value = cell.trim();
  if (field === 'roles' || field === 'alt') {
    return value === ''
      ? []
      : value
          .split(CSV_LIST_SEPARATOR)
          .map((v) => v.trim())
          .filter((v) => v !== '');
  }
  if (field === 'spell' && value.toLowerCase() === 'false') return false;
  return value;
}

function parseCsvRows(text: string, knownRoles: readonly string[]): Omit<WordImport, 'format'> {
  const lines = text.split(/\r\n|\n|\r/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  const headerLine = lines[headerIndex] ?? '';
  const delimiter = delimiterOf(headerLine);
  const header = (splitCsvLine(headerLine, delimiter) ?? []).map((c) => c.trim().toLowerCase());
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  header.forEach((name, column) => {
    if (name === '' || header.indexOf(name) !== column) {
      problems.push({ line: headerIndex + 1, reason: 'csv-header', field: name });
    }
  });
  if (problems.length > 0) return { rows, problems };
  for (let index = headerIndex + 1; index < lines.length; index++) {
    const raw = lines[index] as string;
    if (raw.trim() === '') continue;
    const cells = splitCsvLine(raw, delimiter);
    if (!cells) {
      problems.push({ line: index + 1, reason: 'csv-quote', text: raw });
      continue;
    }
    if (cells.length > header.length) {
      problems.push({ line: index + 1, reason: 'csv-columns', text: raw });
      continue;
    }
    const row: Record<string, unknown> = {};
    header.forEach((name, column) => {
      const cell = cells[column];
      if (name === 'id' || cell === undefined) return;
      // Empty optional cells are absent, not empty values.
      if (cell.trim() === '' && name !== 'ru' && name !== 'en') return;
      row[name] = csvValue(name, cell);
    });
    checkRow(row, index + 1, knownRoles, raw, rows, problems);
  }
  return { rows, problems };
}
