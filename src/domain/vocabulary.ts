/**
 * The vocabulary data format: one row per word pair, as the built-in data files and the admin's
 * JSON or CSV import carry it; its validation, and its conversion into a vocabulary item.
 */
import { CATALOGUE_NAME_MAX, CATALOGUE_TEXT_MAX } from './constants';
import { normalizeRoles } from './roles';
import type { VocabItem, WordKind } from './types';

export const WORD_KINDS: readonly WordKind[] = ['term', 'order', 'phrase', 'idiom'];

/** The most letters (spaces not counted) a letter-tile spelling target may have. */
export const MAX_TILE_LETTERS = 24;

/** One word pair as the data files write it. */
export interface VocabRow {
  id: string;
  division: string;
  topic: string;
  /** Lower-case role codes; empty = everyone in the division. */
  roles: string[];
  ru: string;
  en: string;
  /** Other accepted English forms. */
  alt?: string[];
  kind: WordKind;
  /** The letter-tile text where `en` is not usable for tiles, or false: none (word order). */
  spell?: string | false;
  /** Where the pair comes from: an SMCP section, a COLREG rule, a regulation or "industry". */
  ref: string;
  note?: string;
}

/** Every field a row may have, in the order a CSV header lists them. */
export const VOCAB_ROW_FIELDS = [
  'id',
  'division',
  'topic',
  'roles',
  'ru',
  'en',
  'alt',
  'kind',
  'spell',
  'ref',
  'note',
] as const;

export type VocabRowProblem =
  | 'not-an-object'
  | 'missing-ru'
  | 'missing-en'
  | 'missing-field'
  | 'unknown-field'
  | 'bad-kind'
  | 'bad-roles'
  | 'unknown-role'
  | 'bad-alt'
  | 'bad-spell'
  | 'bad-text'
  /** Longer than the cloud's rules allow a shared record (CATALOGUE_NAME_MAX, CATALOGUE_TEXT_MAX). */
  | 'too-long';

export interface RowCheck {
  problem: VocabRowProblem;
  /** The field the problem is about, where there is one. */
  field?: string;
}

export interface RowRules {
  /** Role codes a row may use. */
  knownRoles: readonly string[];
  /**
   * Built-in data: every field of the schema is required and tile text must be spellable.
   * Imported rows need only `ru` and `en`; the rest is filled in from the chosen topic.
   */
  strict: boolean;
}

const TERMINAL_PUNCTUATION = /[!?.,;:"“”«»]/g;

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The tile text of a pair for the letter-tile quiz, or null when the pair has no letter tiles:
 * `spell` when given (false: none), otherwise the English. Which pairs get letters and which get
 * word order: word-order.ts `productionQuestion`.
 */
export function tileText(item: Pick<VocabItem, 'langB' | 'spell'>): string | null {
  if (item.spell === false) return null;
  return typeof item.spell === 'string' && item.spell.trim() !== '' ? item.spell : item.langB;
}

/**
 * Whether text makes a fair tile question as it is: after dropping sentence punctuation it is
 * Latin letters and single spaces only, with at most `MAX_TILE_LETTERS` letters. Hyphens,
 * digits, slashes and apostrophes need an explicit `spell` text.
 */
export function isSpellableText(text: string): boolean {
  const plain = text.replace(TERMINAL_PUNCTUATION, '').replace(/\s+/g, ' ').trim();
  if (!/^[A-Za-z]+( [A-Za-z]+)*$/.test(plain)) return false;
  return plain.replace(/ /g, '').length <= MAX_TILE_LETTERS;
}

/**
 * Checks one raw row (parsed JSON or a CSV line turned into an object). Returns every problem;
 * an empty list means `toVocabRow` accepts it.
 */
export function checkVocabRow(raw: unknown, rules: RowRules): RowCheck[] {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return [{ problem: 'not-an-object' }];
  }
  const row = raw as Record<string, unknown>;
  const problems: RowCheck[] = [];
  for (const field of Object.keys(row)) {
    if (!(VOCAB_ROW_FIELDS as readonly string[]).includes(field)) {
      problems.push({ problem: 'unknown-field', field });
    }
  }
  if (!isText(row.ru)) problems.push({ problem: 'missing-ru', field: 'ru' });
  if (!isText(row.en)) problems.push({ problem: 'missing-en', field: 'en' });
  for (const field of ['ru', 'en'] as const) {
    const value = row[field];
    if (rules.strict && isText(value) && value !== value.trim()) {
      problems.push({ problem: 'bad-text', field });
    }
  }
  if (rules.strict) {
    for (const field of ['id', 'division', 'topic', 'ref'] as const) {
      if (!isText(row[field])) problems.push({ problem: 'missing-field', field });
    }
    if (row.kind === undefined) problems.push({ problem: 'missing-field', field: 'kind' });
    if (row.roles === undefined) problems.push({ problem: 'missing-field', field: 'roles' });
  }
  if (row.kind !== undefined && !(WORD_KINDS as readonly unknown[]).includes(row.kind)) {
    problems.push({ problem: 'bad-kind', field: 'kind' });
  }
  if (row.roles !== undefined) {
    if (!Array.isArray(row.roles) || !row.roles.every((r) => typeof r === 'string')) {
      problems.push({ problem: 'bad-roles', field: 'roles' });
    } else {
      for (const role of normalizeRoles(row.roles as string[])) {
        if (!rules.knownRoles.includes(role))
          problems.push({ problem: 'unknown-role', field: role });
      }
    }
  }
  if (row.alt !== undefined && !(Array.isArray(row.alt) && row.alt.every(isText))) {
    problems.push({ problem: 'bad-alt', field: 'alt' });
  }
  if (row.spell !== undefined && row.spell !== false) {
    if (!isText(row.spell) || !isSpellableText(row.spell)) {
      problems.push({ problem: 'bad-spell', field: 'spell' });
    }
  } else if (
    rules.strict &&
    row.spell === undefined &&
    isText(row.en) &&
    !isSpellableText(row.en)
  ) {
    problems.push({ problem: 'bad-spell', field: 'en' });
  }
  for (const field of ['id', 'division', 'topic', 'ref', 'note'] as const) {
    if (row[field] !== undefined && typeof row[field] !== 'string') {
      problems.push({ problem: 'missing-field', field });
    }
  }
  const bounds = { ru: CATALOGUE_TEXT_MAX, en: CATALOGUE_TEXT_MAX, topic: CATALOGUE_NAME_MAX };
  for (const field of ['ru', 'en', 'topic', 'ref', 'note', 'spell'] as const) {
    const value = row[field];
    const max = field in bounds ? bounds[field as keyof typeof bounds] : CATALOGUE_TEXT_MAX;
    if (typeof value === 'string' && value.trim().length > max) {
      problems.push({ problem: 'too-long', field });
    }
  }
  return problems;
}

/**
 * A checked row as a vocabulary item of the given source. Missing optional fields stay missing
 * (the caller fills topic, division and roles from the context of an import).
 */
export function rowToVocabItem(
  row: Partial<VocabRow> & Pick<VocabRow, 'ru' | 'en'>,
  source: VocabItem['source'],
): VocabItem {
  const item: VocabItem = {
    id: row.id ?? '',
    langA: row.ru.trim(),
    langB: row.en.trim(),
    topic: row.topic?.trim() ?? '',
    division: row.division?.trim() ?? '',
    source,
  };
  if (row.roles !== undefined) item.roles = normalizeRoles(row.roles);
  if (row.alt !== undefined && row.alt.length > 0) item.alt = row.alt.map((a) => a.trim());
  if (row.kind !== undefined) item.kind = row.kind;
  if (row.spell !== undefined) item.spell = row.spell === false ? false : row.spell.trim();
  if (row.ref !== undefined && row.ref.trim() !== '') item.ref = row.ref.trim();
  if (row.note !== undefined && row.note.trim() !== '') item.note = row.note.trim();
  return item;
}

/** A short stable digest of JSON-serialisable values: FNV-1a twice (64 bits, plenty here). */
export function digestOf(values: readonly unknown[]): string {
  const text = JSON.stringify(values);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}

/**
 * A digest of what an admin can edit in a built-in pair (texts, topic, division, roles,
 * spelling). The vocabulary upgrade compares it with the digest recorded at install time to tell
 * an untouched built-in word from one an admin changed on this device.
 */
export function vocabFingerprint(item: VocabItem): string {
  const roles = normalizeRoles(item.roles).sort();
  return digestOf([item.langA, item.langB, item.topic, item.division, roles, item.spell ?? null]);
}
