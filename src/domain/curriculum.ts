/**
 * The shared curriculum's cloud records (issue: the admin's curriculum reaches every crew
 * device), defined once as field tables like the other synced records: one document per changed
 * division, role, topic or word in the collection `curriculum`, written only by admins. The
 * built-in vocabulary stays in the app; a document carries only what an admin added, changed,
 * hid or deleted. `firestore.rules` must name exactly these fields and bounds
 * (unit/sync/firestore-rules.test.ts).
 */
import { CATALOGUE_NAME_MAX, CATALOGUE_TEXT_MAX } from './constants';
import { EXAM_LIMITS, type ExamSetting } from './exam';
import type { WireField } from './synced-records';
import { hasWireType } from './synced-records';
import type { Division, Role, Topic, VocabItem } from './types';
import { digestOf } from './vocabulary';

export const CURRICULUM_COLLECTION = 'curriculum';

/**
 * `exam` (an admin's exam composition for one post, keyed by the role's id) came after the
 * others: the previous app version sets its documents aside (its dead letters say so) and
 * applies the rest.
 */
export const CURRICULUM_KINDS = ['division', 'role', 'topic', 'word', 'exam'] as const;
export type CurriculumKind = (typeof CURRICULUM_KINDS)[number];

/** A bounded field: strings by length, lists by items (each a string of at most `max`). */
export interface BoundedField extends WireField {
  /** Longest string, or most list items. */
  max?: number;
}

/** The document `curriculum/{docId}`; `updatedAt` is the server's time of the write. */
export const CURRICULUM_DOC_FIELDS = {
  kind: { wire: 'kind', type: 'string', required: true },
  id: { wire: 'id', type: 'string', required: true, max: 128 },
  deleted: { wire: 'deleted', type: 'bool', required: true },
  record: { wire: 'record', type: 'map', required: false },
  by: { wire: 'by', type: 'string', required: true, max: 128 },
  updatedAt: { wire: 'updatedAt', type: 'timestamp', required: true },
} as const satisfies Record<string, BoundedField>;

const NAME = CATALOGUE_NAME_MAX;
const TEXT = CATALOGUE_TEXT_MAX;
const LIST = 50;

/** The `record` map of each kind (the record's own id is the document's `id`). */
export const CURRICULUM_RECORD_FIELDS = {
  division: {
    name: { wire: 'name', type: 'string', required: true, max: NAME },
  },
  role: {
    name: { wire: 'name', type: 'string', required: true, max: NAME },
    division: { wire: 'division', type: 'string', required: true, max: 128 },
  },
  topic: {
    name: { wire: 'name', type: 'string', required: true, max: NAME },
    division: { wire: 'division', type: 'string', required: true, max: 128 },
    roles: { wire: 'roles', type: 'list', required: false, max: LIST },
  },
  word: {
    langA: { wire: 'langA', type: 'string', required: true, max: TEXT },
    langB: { wire: 'langB', type: 'string', required: true, max: TEXT },
    topic: { wire: 'topic', type: 'string', required: true, max: NAME },
    division: { wire: 'division', type: 'string', required: true, max: 128 },
    roles: { wire: 'roles', type: 'list', required: false, max: LIST },
    alt: { wire: 'alt', type: 'list', required: false, max: LIST },
    kind: { wire: 'kind', type: 'string', required: false, max: 20 },
    /** The tile text when it differs from langB. */
    spell: { wire: 'spell', type: 'string', required: false, max: TEXT },
    /** The pair has no letter tiles (`spell: false` in the app; a phrase gets word order). */
    noSpell: { wire: 'noSpell', type: 'bool', required: false },
    ref: { wire: 'ref', type: 'string', required: false, max: TEXT },
    note: { wire: 'note', type: 'string', required: false, max: TEXT },
  },
  /** domain/exam.ts `ExamConfig` of one post; the ranges are EXAM_LIMITS, checked on reading. */
  exam: {
    division: { wire: 'division', type: 'string', required: true, max: 128 },
    role: { wire: 'role', type: 'string', required: true, max: NAME },
    questions: { wire: 'questions', type: 'int', required: true },
    minutes: { wire: 'minutes', type: 'int', required: true },
    passMark: { wire: 'passMark', type: 'number', required: true },
    sections: { wire: 'sections', type: 'list', required: true, max: LIST },
  },
} as const satisfies Record<CurriculumKind, Record<string, BoundedField>>;

/** A curriculum record as the app holds it. */
export type CurriculumRecord =
  | { kind: 'division'; value: Division }
  | { kind: 'role'; value: Role }
  | { kind: 'topic'; value: Topic }
  | { kind: 'word'; value: VocabItem }
  | { kind: 'exam'; value: ExamSetting };

/** One change of the curriculum: a record written, or deleted (a tombstone keeps the id). */
export type CurriculumChange =
  | (CurriculumRecord & { deleted: false })
  | { kind: CurriculumKind; id: string; deleted: true };

/** What a client writes (the server adds `updatedAt`). */
export interface CurriculumDocWrite {
  kind: CurriculumKind;
  id: string;
  deleted: boolean;
  record?: Record<string, unknown>;
  by: string;
}

/**
 * The document id of a record: its kind and a digest of its id, so any record id (`deck::Mooring`,
 * a name with spaces) gives an id of the form the rules accept (`^[a-z]-[0-9a-z]{1,40}$`).
 */
export function curriculumDocId(kind: CurriculumKind, id: string): string {
  return `${kind[0]}-${digestOf([kind, id])}`;
}

const has = (value: unknown) => value !== undefined && value !== null;

/** The wire document of a change, made by `by` (an admin's uid). */
export function toCurriculumDoc(change: CurriculumChange, by: string): CurriculumDocWrite {
  if (change.deleted) return { kind: change.kind, id: change.id, deleted: true, by };
  const record: Record<string, unknown> = {};
  const table: Record<string, BoundedField> = CURRICULUM_RECORD_FIELDS[change.kind];
  const source = change.value as unknown as Record<string, unknown>;
  for (const [name, field] of Object.entries(table)) {
    if (name === 'noSpell') continue;
    const value = source[name];
    if (name === 'spell' && value === false) record.noSpell = true;
    else if (has(value) && !(Array.isArray(value) && value.length === 0))
      record[field.wire] = value;
  }
  return { kind: change.kind, id: change.value.id, deleted: false, record, by };
}

/** Why a pulled document was set aside. */
export type CurriculumProblem =
  | 'kind'
  | 'id'
  | 'by'
  | 'record-missing'
  | 'field-unknown'
  | 'field-type'
  | 'field-size'
  | 'field-required';

export type CheckedCurriculumDoc =
  | { ok: true; change: CurriculumChange; by: string }
  | { ok: false; problem: CurriculumProblem; field?: string };

function checkBounded(value: unknown, field: BoundedField): CurriculumProblem | null {
  if (!hasWireType(value, field.type)) return 'field-type';
  if (field.max === undefined) return null;
  if (typeof value === 'string') return value.length <= field.max ? null : 'field-size';
  if (Array.isArray(value)) {
    if (value.length > field.max) return 'field-size';
    return value.every((item) => typeof item === 'string' && item.length <= NAME)
      ? null
      : 'field-type';
  }
  return null;
}

/**
 * A pulled document checked against the tables: the same bounds the rules enforce, so a document
 * an older rule let through (or a hand edit in the console) is set aside, not applied.
 */
export function checkCurriculumDoc(data: Record<string, unknown>): CheckedCurriculumDoc {
  const { kind, id, deleted, record, by } = data;
  if (!CURRICULUM_KINDS.includes(kind as CurriculumKind)) return { ok: false, problem: 'kind' };
  const docKind = kind as CurriculumKind;
  if (typeof id !== 'string' || id === '' || id.length > 128) return { ok: false, problem: 'id' };
  if (typeof by !== 'string' || by === '' || by.length > 128) return { ok: false, problem: 'by' };
  if (deleted === true) return { ok: true, change: { kind: docKind, id, deleted: true }, by };
  if (deleted !== false || typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { ok: false, problem: 'record-missing' };
  }
  const table: Record<string, BoundedField> = CURRICULUM_RECORD_FIELDS[docKind];
  const fields = record as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!(name in table)) return { ok: false, problem: 'field-unknown', field: name };
  }
  const value: Record<string, unknown> = { id };
  for (const [name, field] of Object.entries(table)) {
    const given = fields[field.wire];
    if (given === undefined) {
      if (field.required) return { ok: false, problem: 'field-required', field: name };
      continue;
    }
    const problem = checkBounded(given, field);
    if (problem) return { ok: false, problem, field: name };
    if (name === 'noSpell') {
      if (given === true) value.spell = false;
    } else value[name] = given;
  }
  // An exam composition's numbers in the ranges the rules take (domain/exam.ts EXAM_LIMITS).
  if (docKind === 'exam') {
    for (const [name, range] of Object.entries(EXAM_LIMITS)) {
      const number = value[name] as number;
      if (number < range.min || number > range.max) {
        return { ok: false, problem: 'field-size', field: name };
      }
    }
  }
  // A record new to a device is the admin's; applying a change to a record the device has (a
  // built-in word edited) keeps that record's own source.
  if (docKind === 'word' || docKind === 'topic') value.source = 'user';
  return {
    ok: true,
    change: { kind: docKind, value, deleted: false } as unknown as CurriculumChange,
    by,
  };
}

/** A queued change as an admin reads it: what kind of record, which one, and whether it goes. */
export interface PendingChange {
  kind: CurriculumKind;
  /** The record's id (one queued change per record). */
  id: string;
  deleted: boolean;
  /** The record's name (a word: "Russian — English"); a deleted record: the name in its id. */
  name: string;
}

export function pendingChangeOf(doc: CurriculumDocWrite): PendingChange {
  const record = doc.record ?? {};
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : '');
  const name = doc.deleted
    ? (doc.id.split('::').pop() ?? doc.id)
    : doc.kind === 'word'
      ? `${text('langA')} — ${text('langB')}`
      : doc.kind === 'exam'
        ? text('role')
        : text('name');
  return { kind: doc.kind, id: doc.id, deleted: doc.deleted, name };
}
