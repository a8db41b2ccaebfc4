/**
 * A Firestore REST test server: the calls `firebase/firestore/lite` makes against an emulator
 * host, answered as Cloud Firestore answers them, with documents kept in memory. The official
 * emulator needs Java 21 and a download at first start; this needs nothing but Node.
 *
 * Lite (FetchConnection) POSTs JSON (Content-Type text/plain) to
 *   /v1/projects/{p}/databases/{d}/documents:commit          { writes }
 *   /v1/projects/{p}/databases/{d}/documents[/{parent}]:runQuery   { structuredQuery }
 *   /v1/projects/{p}/databases/{d}/documents[/{parent}]:runAggregationQuery
 *   /v1/projects/{p}/databases/{d}/documents:batchGet        { documents }  (getDoc uses this)
 * and a plain REST client may GET /v1/projects/{p}/databases/{d}/documents/{path}.
 *
 * Test API: GET /__test/documents?prefix=users/uid/userWords, POST /__test/reset,
 * GET /__test/stats, POST /__test/fail-next { count, mode: 'error' | 'drop-response', rpc? }.
 * Also the official emulator's DELETE /emulator/v1/projects/{p}/databases/{d}/documents (clear).
 *
 * Run: `npx tsx e2e/support/firestore-rest-server.ts --port 8181 [--host 127.0.0.1]`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { HISTORY_BATCH_MAX_ENTRIES } from '../../src/domain/constants';
import { CURRICULUM_RECORD_FIELDS, checkCurriculumDoc } from '../../src/domain/curriculum';
import { isAllowed } from '../../src/domain/settings-schema';
import {
  CLOCK_SKEW_MS,
  DOCUMENT_ID_PATTERN,
  hasWireType,
  PROFILE_FIELDS,
  type WireField,
} from '../../src/domain/synced-records';
import { BATCH_DOCUMENT_FIELDS, BATCH_NOW_MAX } from '../../src/sync/history-wire';
import { checkExamRead, checkExamWrite, isExamPath } from './exam-rules';
import {
  checkFleetRead,
  checkFleetWrite,
  FleetDenied,
  isFleetPath,
  type Lookup,
} from './fleet-rules';
import { batchCounted, counterValid, isHistoryCounter } from './history-rules';
import {
  isHistorySegment,
  isSegmentCounter,
  segmentCounted,
  segmentCounterValid,
  segmentKept,
  segmentValid,
} from './segment-rules';

// ---- Firestore values --------------------------------------------------------------------------

export interface FsValue {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number | string;
  timestampValue?: string;
  stringValue?: string;
  bytesValue?: string;
  referenceValue?: string;
  geoPointValue?: { latitude?: number; longitude?: number };
  arrayValue?: { values?: FsValue[] };
  mapValue?: { fields?: Record<string, FsValue> };
}

type Fields = Record<string, FsValue>;

const VALUE_KINDS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
] as const;
type ValueKind = (typeof VALUE_KINDS)[number];

/** A Firestore error: HTTP status, canonical status name and message. */
export class FirestoreError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}

const invalid = (message: string) => new FirestoreError(400, 'INVALID_ARGUMENT', message);

function kindOf(value: FsValue): ValueKind {
  for (const kind of VALUE_KINDS) if (kind in value) return kind;
  throw invalid(`Invalid value: ${JSON.stringify(value)}`);
}

// ---- time: epoch microseconds ------------------------------------------------------------------

const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/** RFC 3339 (or {seconds, nanos}) to epoch microseconds, truncated as Firestore stores them. */
export function parseTimestamp(value: unknown): number {
  if (typeof value === 'object' && value !== null) {
    const { seconds, nanos } = value as { seconds?: unknown; nanos?: unknown };
    return Number(seconds ?? 0) * 1_000_000 + Math.floor(Number(nanos ?? 0) / 1000);
  }
  const match = typeof value === 'string' ? RFC3339.exec(value) : null;
  if (!match) throw invalid(`Invalid timestamp: ${JSON.stringify(value)}`);
  const [, base, fraction = '', zone] = match;
  const millis = Date.parse(`${base}${zone}`);
  if (Number.isNaN(millis)) throw invalid(`Invalid timestamp: ${JSON.stringify(value)}`);
  return millis * 1000 + Number(fraction.padEnd(9, '0').slice(0, 6));
}

/** Epoch microseconds to RFC 3339 UTC with 0, 3 or 6 fractional digits (protobuf JSON style). */
export function formatTimestamp(micros: number): string {
  const seconds = Math.floor(micros / 1_000_000);
  const fraction = micros - seconds * 1_000_000;
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (fraction === 0) return `${base}Z`;
  const digits = String(fraction).padStart(6, '0');
  return `${base}.${fraction % 1000 === 0 ? digits.slice(0, 3) : digits}Z`;
}

// ---- value normalisation, comparison, decoding -------------------------------------------------

function normalizeValue(raw: unknown): FsValue {
  if (typeof raw !== 'object' || raw === null)
    throw invalid(`Invalid value: ${JSON.stringify(raw)}`);
  const value = raw as FsValue;
  switch (kindOf(value)) {
    case 'nullValue':
      return { nullValue: null };
    case 'booleanValue':
      return { booleanValue: Boolean(value.booleanValue) };
    case 'integerValue':
      try {
        return { integerValue: BigInt(value.integerValue as string | number).toString() };
      } catch {
        throw invalid(`Invalid integer: ${JSON.stringify(value.integerValue)}`);
      }
    case 'doubleValue': {
      const double = value.doubleValue;
      if (typeof double === 'number') return { doubleValue: double };
      if (double === 'NaN' || double === 'Infinity' || double === '-Infinity') {
        return { doubleValue: double };
      }
      return { doubleValue: Number(double) };
    }
    case 'timestampValue':
      return { timestampValue: formatTimestamp(parseTimestamp(value.timestampValue)) };
    case 'stringValue':
      return { stringValue: String(value.stringValue) };
    case 'bytesValue':
      return { bytesValue: String(value.bytesValue) };
    case 'referenceValue':
      return { referenceValue: String(value.referenceValue) };
    case 'geoPointValue':
      return {
        geoPointValue: {
          latitude: Number(value.geoPointValue?.latitude ?? 0),
          longitude: Number(value.geoPointValue?.longitude ?? 0),
        },
      };
    case 'arrayValue':
      return { arrayValue: { values: (value.arrayValue?.values ?? []).map(normalizeValue) } };
    case 'mapValue':
      return { mapValue: { fields: normalizeFields(value.mapValue?.fields) } };
  }
}

function normalizeFields(raw: unknown): Fields {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object') throw invalid('Invalid fields');
  const fields: Fields = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (key === '') throw invalid('Field names must not be empty');
    fields[key] = normalizeValue(value);
  }
  return fields;
}

/** Firestore's cross-type order: null, boolean, number, timestamp, string, bytes, ref, geo, array, map. */
const TYPE_ORDER: Record<ValueKind, number> = {
  nullValue: 0,
  booleanValue: 1,
  integerValue: 2,
  doubleValue: 2,
  timestampValue: 3,
  stringValue: 5,
  bytesValue: 6,
  referenceValue: 7,
  geoPointValue: 8,
  arrayValue: 9,
  mapValue: 11,
};

const typeOrder = (value: FsValue) => TYPE_ORDER[kindOf(value)];

const numberOf = (value: FsValue): number =>
  'integerValue' in value ? Number(value.integerValue) : Number(value.doubleValue);

const compareNative = <T extends number | string | boolean>(a: T, b: T) =>
  a < b ? -1 : a > b ? 1 : 0;

/** Strings compare by their UTF-8 bytes, as Firestore orders them. */
const compareUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

export function compareValues(a: FsValue, b: FsValue): number {
  const order = compareNative(typeOrder(a), typeOrder(b));
  if (order !== 0) return order;
  switch (kindOf(a)) {
    case 'nullValue':
      return 0;
    case 'booleanValue':
      return compareNative(Number(a.booleanValue), Number(b.booleanValue));
    case 'integerValue':
    case 'doubleValue': {
      if ('integerValue' in a && 'integerValue' in b) {
        const x = BigInt(a.integerValue as string);
        const y = BigInt(b.integerValue as string);
        return x < y ? -1 : x > y ? 1 : 0;
      }
      const x = numberOf(a);
      const y = numberOf(b);
      if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
      if (Number.isNaN(y)) return 1;
      return compareNative(x, y);
    }
    case 'timestampValue':
      return compareNative(parseTimestamp(a.timestampValue), parseTimestamp(b.timestampValue));
    case 'stringValue':
      return compareUtf8(a.stringValue as string, b.stringValue as string);
    case 'bytesValue':
      return Buffer.compare(
        Buffer.from(a.bytesValue as string, 'base64'),
        Buffer.from(b.bytesValue as string, 'base64'),
      );
    case 'referenceValue': {
      const x = (a.referenceValue as string).split('/');
      const y = (b.referenceValue as string).split('/');
      for (let i = 0; i < x.length && i < y.length; i++) {
        const c = compareUtf8(x[i] as string, y[i] as string);
        if (c !== 0) return c;
      }
      return compareNative(x.length, y.length);
    }
    case 'geoPointValue':
      return (
        compareNative(a.geoPointValue?.latitude ?? 0, b.geoPointValue?.latitude ?? 0) ||
        compareNative(a.geoPointValue?.longitude ?? 0, b.geoPointValue?.longitude ?? 0)
      );
    case 'arrayValue': {
      const x = a.arrayValue?.values ?? [];
      const y = b.arrayValue?.values ?? [];
      for (let i = 0; i < x.length && i < y.length; i++) {
        const c = compareValues(x[i] as FsValue, y[i] as FsValue);
        if (c !== 0) return c;
      }
      return compareNative(x.length, y.length);
    }
    case 'mapValue': {
      const x = a.mapValue?.fields ?? {};
      const y = b.mapValue?.fields ?? {};
      const xs = Object.keys(x).sort(compareUtf8);
      const ys = Object.keys(y).sort(compareUtf8);
      for (let i = 0; i < xs.length && i < ys.length; i++) {
        const c =
          compareUtf8(xs[i] as string, ys[i] as string) ||
          compareValues(x[xs[i] as string] as FsValue, y[ys[i] as string] as FsValue);
        if (c !== 0) return c;
      }
      return compareNative(xs.length, ys.length);
    }
  }
}

const isNaNValue = (value: FsValue) => 'doubleValue' in value && Number.isNaN(numberOf(value));

/** Equality as the backend sees it (1 == 1.0; NaN equals nothing). */
function valuesEqual(a: FsValue, b: FsValue): boolean {
  if (isNaNValue(a) || isNaNValue(b)) return false;
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

/** A stored value as plain JSON (for the test API). */
export function decodeValue(value: FsValue): unknown {
  switch (kindOf(value)) {
    case 'nullValue':
      return null;
    case 'booleanValue':
      return value.booleanValue;
    case 'integerValue':
      return Number(value.integerValue);
    case 'doubleValue':
      return Number(value.doubleValue);
    case 'timestampValue':
      return value.timestampValue;
    case 'stringValue':
      return value.stringValue;
    case 'bytesValue':
      return value.bytesValue;
    case 'referenceValue':
      return value.referenceValue;
    case 'geoPointValue':
      return value.geoPointValue;
    case 'arrayValue':
      return (value.arrayValue?.values ?? []).map(decodeValue);
    case 'mapValue':
      return decodeFields(value.mapValue?.fields ?? {});
  }
}

export function decodeFields(fields: Fields): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, decodeValue(value)]),
  );
}

// ---- field paths -------------------------------------------------------------------------------

/** `a.b`, `` `odd.name`.c `` to segments. */
export function parseFieldPath(path: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < path.length; i++) {
    const char = path[i] as string;
    if (quoted) {
      if (char === '\\') current += path[++i] ?? '';
      else if (char === '`') quoted = false;
      else current += char;
    } else if (char === '`') quoted = true;
    else if (char === '.') {
      segments.push(current);
      current = '';
    } else current += char;
  }
  segments.push(current);
  if (quoted || segments.some((segment) => segment === '')) {
    throw invalid(`Invalid field path: ${path}`);
  }
  return segments;
}

function getField(fields: Fields, segments: readonly string[]): FsValue | undefined {
  let value: FsValue | undefined = fields[segments[0] as string];
  for (const segment of segments.slice(1)) {
    if (!value || !('mapValue' in value)) return undefined;
    value = value.mapValue?.fields?.[segment];
  }
  return value;
}

function setField(fields: Fields, segments: readonly string[], value: FsValue): void {
  let target = fields;
  for (const segment of segments.slice(0, -1)) {
    let next = target[segment];
    if (!next || !('mapValue' in next)) {
      next = { mapValue: { fields: {} } };
      target[segment] = next;
    }
    next.mapValue ??= {};
    next.mapValue.fields ??= {};
    target = next.mapValue.fields;
  }
  target[segments[segments.length - 1] as string] = value;
}

function deleteField(fields: Fields, segments: readonly string[]): void {
  let target: Fields | undefined = fields;
  for (const segment of segments.slice(0, -1)) {
    const next: FsValue | undefined = target?.[segment];
    target = next && 'mapValue' in next ? next.mapValue?.fields : undefined;
    if (!target) return;
  }
  delete target[segments[segments.length - 1] as string];
}

const clone = <T>(value: T): T => structuredClone(value);

// ---- documents and names -----------------------------------------------------------------------

interface StoredDocument {
  fields: Fields;
  /** epoch microseconds */
  createTime: number;
  updateTime: number;
}

/** projects/{p}/databases/{d}/documents[/{path}], split; path segments URI-decoded. */
interface ResourceName {
  project: string;
  database: string;
  /** Relative path below `documents`, '' for the root. */
  path: string;
}

const rootOf = (name: { project: string; database: string }) =>
  `projects/${name.project}/databases/${name.database}/documents`;

const fullName = (name: ResourceName) =>
  name.path ? `${rootOf(name)}/${name.path}` : rootOf(name);

function parseResourceName(name: unknown, decode = false): ResourceName {
  if (typeof name !== 'string') throw invalid(`Invalid resource name: ${JSON.stringify(name)}`);
  const segments = name.split('/').map((segment) => {
    if (!decode) return segment;
    try {
      return decodeURIComponent(segment);
    } catch {
      throw invalid(`Invalid resource name: ${name}`);
    }
  });
  const [projects, project, databases, database, documents, ...rest] = segments;
  if (
    projects !== 'projects' ||
    !project ||
    databases !== 'databases' ||
    !database ||
    documents !== 'documents' ||
    rest.some((segment) => segment === '')
  ) {
    throw invalid(`Invalid resource name: ${name}`);
  }
  return { project, database, path: rest.join('/') };
}

function documentName(name: unknown, database?: { project: string; database: string }) {
  const parsed = parseResourceName(name);
  const segments = parsed.path ? parsed.path.split('/') : [];
  if (segments.length === 0 || segments.length % 2 !== 0) {
    throw invalid(`Invalid document name: ${String(name)}`);
  }
  if (database && (parsed.project !== database.project || parsed.database !== database.database)) {
    throw invalid(`Document ${String(name)} is not in database ${rootOf(database)}`);
  }
  return parsed;
}

function documentJson(key: string, stored: StoredDocument, mask?: readonly string[][]) {
  let fields = stored.fields;
  if (mask) {
    fields = {};
    for (const segments of mask) {
      const value = getField(stored.fields, segments);
      if (value !== undefined) setField(fields, segments, clone(value));
    }
  }
  return {
    name: key,
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
    createTime: formatTimestamp(stored.createTime),
    updateTime: formatTimestamp(stored.updateTime),
  };
}

// ---- auth: firestore.rules as the server holds them ----------------------------------------------

interface Caller {
  uid?: string;
  admin: boolean;
  /** The token's `email` and `email_verified` (officer grants given to an e-mail need both). */
  email?: string;
  emailVerified?: boolean;
  /** The emulator's `Bearer owner`: the Admin SDK's access, past every rule. */
  owner?: boolean;
}

/**
 * firestore.rules' match paths below /databases/{database}/documents: every document the rules
 * let anyone touch. A path matching none is refused to every caller but the emulator's owner, as
 * the rules refuse it (unit/sync/rules-walk.test.ts holds this table and the rules to each other).
 */
export const RULE_PATHS = [
  'vessels/{vesselId}',
  'vessels/{vesselId}/crew/{uid}',
  'joinCodes/{code}',
  'officers/{uid}',
  'sittings/{code}',
  'curriculum/{docId}',
  'users/{uid}',
  'users/{uid}/history/{batchId}',
  'users/{uid}/meta/history',
  'users/{uid}/historySegments/{segId}',
  'users/{uid}/meta/segments',
  'users/{uid}/exams/{examId}',
  'users/{uid}/memberships/{vesselId}',
  'users/{uid}/fleet/{docId}',
  'users/{uid}/userWords/{vocabId}',
] as const;

/** The rule path of a document, or of a collection's documents (a list), or null: no rule. */
export function rulePathOf(path: string): (typeof RULE_PATHS)[number] | null {
  const segments = path.split('/');
  const document = segments.length % 2 === 0 ? segments : [...segments, '{any}'];
  for (const pattern of RULE_PATHS) {
    const parts = pattern.split('/');
    if (parts.length !== document.length) continue;
    if (parts.every((part, i) => part.startsWith('{') || part === document[i])) return pattern;
  }
  return null;
}

/** The caller from `Authorization: Bearer <JWT>`; unsigned Auth-emulator tokens are read as-is. */
function callerOf(request: IncomingMessage): Caller {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
  if (token === 'owner') return { admin: false, owner: true };
  const parts = token?.split('.') ?? [];
  const payload = parts[1];
  if (parts.length !== 3 || !payload) return { admin: false };
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      user_id?: unknown;
      sub?: unknown;
      admin?: unknown;
      email?: unknown;
      email_verified?: unknown;
    };
    const uid = typeof claims.user_id === 'string' ? claims.user_id : claims.sub;
    if (typeof uid !== 'string') return { admin: false };
    return {
      uid,
      admin: claims.admin === true,
      ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
      emailVerified: claims.email_verified === true,
    };
  } catch {
    return { admin: false };
  }
}

const denied = () =>
  new FirestoreError(403, 'PERMISSION_DENIED', 'Missing or insufficient permissions.');

/**
 * firestore.rules' read rules, and who may write where (what is written is judged at the commit).
 * Only the emulator's `owner` passes every rule; a caller without a token passes none, and a
 * path no rule matches (RULE_PATHS) is refused to everyone else. Signed-in callers touch their
 * own `users/{uid}` documents; the fleet's documents follow ./fleet-rules.ts.
 */
function authorize(caller: Caller, path: string, access: 'read' | 'write', lookup: Lookup): void {
  if (caller.owner) return;
  if (!caller.uid || rulePathOf(path) === null) throw denied();
  // firestore.rules' exam results and sittings (./exam-rules.ts): writes judged at the commit.
  if (isExamPath(path)) {
    if (access === 'write') return;
    try {
      checkExamRead(caller, path, lookup);
    } catch (error) {
      if (error instanceof FleetDenied) throw denied();
      throw error;
    }
    return;
  }
  if (isFleetPath(path)) {
    if (access === 'write') return;
    try {
      checkFleetRead(caller, path, lookup);
    } catch (error) {
      if (error instanceof FleetDenied) throw denied();
      throw error;
    }
    return;
  }
  if (access === 'read' && caller.admin) return;
  // firestore.rules: the curriculum is read by every signed-in user, written only by admins.
  if (path === 'curriculum' && access === 'read') return;
  if (isCurriculumDoc(path) && (access === 'read' || caller.admin)) return;
  const [collection, owner] = path.split('/');
  if (collection !== 'users' || owner !== caller.uid) throw denied();
}

/** `curriculum/{docId}`: the shared curriculum, one document per changed record. */
function isCurriculumDoc(path: string): boolean {
  return /^curriculum\/[^/]+$/.test(path);
}

/**
 * firestore.rules' curriculum match: a document id the app makes, the fields and bounds of the
 * record tables (checked by the same `checkCurriculumDoc` the clients use), `by` the caller and
 * `updatedAt` the request time.
 */
function checkCurriculumWrite(path: string, fields: Fields, caller: Caller, requestTime: number) {
  const docId = path.split('/')[1] ?? '';
  if (!/^[a-z]-[0-9a-z]{1,40}$/.test(docId)) throw denied();
  const { updatedAt, ...rest } = fields;
  if (updatedAt?.timestampValue === undefined) throw denied();
  if (parseTimestamp(updatedAt.timestampValue) !== requestTime) throw denied();
  const data = decodeFields(rest);
  if (data.by !== caller.uid) throw denied();
  if (data.deleted === true && 'record' in data) throw denied();
  if (!checkCurriculumDoc(asRulesSeeLists(data)).ok) throw denied();
  // The rules hold every required name of a record to one character at least.
  if (data.deleted === false) {
    const table: Record<string, WireField> =
      CURRICULUM_RECORD_FIELDS[data.kind as keyof typeof CURRICULUM_RECORD_FIELDS];
    const record = data.record as Record<string, unknown>;
    for (const field of Object.values(table)) {
      if (field.required && field.type === 'string' && record[field.wire] === '') throw denied();
    }
  }
}

/**
 * The rules bound a list by its length only (they cannot loop over its items); the readers check
 * each item. So a record's lists are judged here as lists of that many empty strings.
 */
function asRulesSeeLists(data: Record<string, unknown>): Record<string, unknown> {
  const record = data.record;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return data;
  const seen = Object.fromEntries(
    Object.entries(record).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.map(() => '') : value,
    ]),
  );
  return { ...data, record: seen };
}

/** `users/{uid}`: a user's profile document. */
function isProfile(path: string): boolean {
  return /^users\/[^/]+$/.test(path);
}

const DOCUMENT_ID = new RegExp(DOCUMENT_ID_PATTERN);
/** 2020-01-01, the earliest client time the rules take. */
const EARLIEST_TIME = 1_577_836_800_000;

/** Whether a stored value is of a rules type (`is int` is an integer value, not 5.0). */
function isOfType(value: FsValue, type: WireField['type']): boolean {
  if (type === 'int') return value.integerValue !== undefined;
  if (type === 'number') return value.integerValue !== undefined || value.doubleValue !== undefined;
  return hasWireType(decodeValue(value), type);
}

/**
 * firestore.rules' profile rules, from the same field table: a create holds known fields only and
 * a valid uid; an update changes known fields only; either way the whole document after the write
 * passes `validProfile` (types and sizes, `createdAt` not ahead of the server by more than five
 * minutes, each synced setting among its allowed values: the table's `allowed`, from
 * settings-schema.ts), and an `email` or `emailVerified` written is the caller's token's
 * (`validProfileEmail`).
 */
function checkProfileWrite(
  path: string,
  fields: Fields,
  before: Fields | undefined,
  requestTime: number,
  caller: Caller,
): void {
  const table: Record<string, WireField> = PROFILE_FIELDS;
  const byWire = new Map(Object.values(table).map((field) => [field.wire, field]));
  const changed = before
    ? [...new Set([...Object.keys(fields), ...Object.keys(before)])].filter(
        (name) => JSON.stringify(fields[name]) !== JSON.stringify(before[name]),
      )
    : Object.keys(fields);
  // isAdmin is set by the Admin SDK only; a client may not write it (nor anything unknown).
  if (!changed.every((name) => byWire.has(name))) throw denied();
  if (!before && !DOCUMENT_ID.test(path.split('/')[1] ?? '')) throw denied();
  for (const [name, field] of byWire) {
    const value = fields[name];
    if (value === undefined) continue;
    if (!isOfType(value, field.type)) throw denied();
    const text = value.stringValue;
    if (field.max !== undefined && text !== undefined && [...text].length > field.max) {
      throw denied();
    }
    if (field.allowed && !isAllowed(field.allowed, decodeValue(value))) throw denied();
  }
  const data = decodeFields(fields);
  const { createdAt } = data;
  const nowMs = Math.floor(requestTime / 1000);
  if (
    createdAt !== undefined &&
    ((createdAt as number) < EARLIEST_TIME || (createdAt as number) > nowMs + CLOCK_SKEW_MS)
  ) {
    throw denied();
  }
  if (changed.includes('email') || changed.includes('emailVerified')) {
    if (data.email !== undefined && data.email !== caller.email) throw denied();
    const verified = data.emailVerified;
    if (
      verified !== undefined &&
      (verified !== true || caller.emailVerified !== true || data.email !== caller.email)
    ) {
      throw denied();
    }
  }
}

/** Every timestamp a client sent in a commit's writes (epoch microseconds). */
function clientTimes(writes: readonly unknown[]): Set<number> {
  const times = new Set<number>();
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'timestampValue') {
        try {
          times.add(parseTimestamp(inner));
        } catch {
          // an invalid timestamp is refused where it is read
        }
      } else walk(inner);
    }
  };
  walk(writes);
  return times;
}

/** `users/{uid}/userWords/{vocabId}`: the per-word documents of older versions. */
function isLegacyWord(path: string): boolean {
  return /^users\/[^/]+\/userWords\/[^/]+$/.test(path);
}

const LEGACY_WORD_FIELDS = [
  'vocabId',
  'status',
  'attempts',
  'correct',
  'streak',
  'strength',
  'lastSeenAt',
  'nextReviewAt',
  'updatedAt',
  'hidden',
  'deleted',
  'syncedAt',
];
/** The counters' bound and the latest review date of firestore.rules' `validWord` (2200-01-01). */
const LEGACY_COUNT_MAX = 1_000_000;
const LEGACY_LATEST_REVIEW = 7_258_118_400_000;

/**
 * firestore.rules' `validWord`: an older version's word document, still writable until every
 * device has updated: known fields, the id its own, counters bounded with `correct` within
 * `attempts`, strength 0..1, client times not ahead of the server, `syncedAt` the server's time.
 */
function checkLegacyWord(path: string, fields: Fields, requestTime: number): void {
  const vocabId = path.split('/')[3] ?? '';
  if ([...vocabId].length > 128) throw denied();
  if (!Object.keys(fields).every((name) => LEGACY_WORD_FIELDS.includes(name))) throw denied();
  const int = (name: string) => {
    const value = fields[name]?.integerValue;
    if (value === undefined) throw denied();
    const n = Number(value);
    if (n < 0 || n > LEGACY_COUNT_MAX) throw denied();
    return n;
  };
  const number = (name: string, required: boolean) => {
    const value = fields[name];
    if (value === undefined) {
      if (required) throw denied();
      return undefined;
    }
    if (value.integerValue === undefined && value.doubleValue === undefined) throw denied();
    return numberOf(value);
  };
  const clientTime = (name: string, required: boolean) => {
    const time = number(name, required);
    const nowMs = Math.floor(requestTime / 1000);
    if (time !== undefined && (time < EARLIEST_TIME || time > nowMs + CLOCK_SKEW_MS)) {
      throw denied();
    }
  };
  if (fields.vocabId?.stringValue !== vocabId) throw denied();
  if (!['new', 'learning', 'learned'].includes(fields.status?.stringValue ?? '')) throw denied();
  const attempts = int('attempts');
  if (int('correct') > attempts) throw denied();
  int('streak');
  const strength = number('strength', true) as number;
  if (!(strength >= 0 && strength <= 1)) throw denied();
  clientTime('updatedAt', true);
  clientTime('lastSeenAt', false);
  const review = number('nextReviewAt', false);
  if (review !== undefined && review > LEGACY_LATEST_REVIEW) throw denied();
  for (const name of ['hidden', 'deleted']) {
    if (fields[name] !== undefined && typeof fields[name].booleanValue !== 'boolean') {
      throw denied();
    }
  }
  const stamp = fields.syncedAt?.timestampValue;
  if (stamp === undefined || parseTimestamp(stamp) !== requestTime) throw denied();
}

/** `users/{uid}/history/{batchId}`: the append-only answer-history batches. */
function isHistoryBatch(path: string): boolean {
  return /^users\/[^/]+\/history\/[^/]+$/.test(path);
}

/**
 * firestore.rules' `validBatch`, from the same table (BATCH_DOCUMENT_FIELDS): only the fields
 * device, count, e, syncedAt and (optional) now; device a string of 1-64 characters; count an
 * integer of 1-500; e a string of 2 to HISTORY_BATCH_MAX_CHARS characters (what is in it the
 * rules cannot see); syncedAt the request time; now a number from 0 to BATCH_NOW_MAX, whatever
 * the server's time. The older layout (a list `entries`) is refused.
 */
function checkHistoryBatch(fields: Fields, requestTime: number): void {
  const { device, count, entries, syncedAt, now } = BATCH_DOCUMENT_FIELDS;
  const keys = Object.keys(fields);
  const required: string[] = [device.wire, count.wire, entries.wire, syncedAt.wire];
  const allowed = [...required, now.wire];
  if (!keys.every((key) => allowed.includes(key))) throw denied();
  if (!required.every((key) => keys.includes(key))) throw denied();
  const reading = fields[now.wire];
  if (reading !== undefined) {
    if (!isOfType(reading, now.type)) throw denied();
    const value = numberOf(reading);
    if (!(value >= 0 && value <= BATCH_NOW_MAX)) throw denied();
  }
  const deviceValue = fields[device.wire]?.stringValue;
  if (typeof deviceValue !== 'string' || deviceValue.length < 1) throw denied();
  if (deviceValue.length > device.max) throw denied();
  const countValue = fields[count.wire]?.integerValue;
  if (countValue === undefined) throw denied();
  if (Number(countValue) < 1 || Number(countValue) > HISTORY_BATCH_MAX_ENTRIES) throw denied();
  const text = fields[entries.wire]?.stringValue;
  // The rules count characters (code points), not UTF-16 units.
  if (typeof text !== 'string' || text.length < 2) throw denied();
  if (text.length > entries.max && [...text].length > entries.max) throw denied();
  const stamp = fields[syncedAt.wire]?.timestampValue;
  if (stamp === undefined || parseTimestamp(stamp) !== requestTime) throw denied();
}

// ---- queries -----------------------------------------------------------------------------------

interface FieldReference {
  fieldPath: string;
}

interface StructuredQuery {
  select?: { fields?: FieldReference[] };
  from?: { collectionId: string; allDescendants?: boolean }[];
  where?: Filter;
  orderBy?: { field: FieldReference; direction?: 'ASCENDING' | 'DESCENDING' }[];
  startAt?: { values?: FsValue[]; before?: boolean };
  endAt?: { values?: FsValue[]; before?: boolean };
  offset?: number;
  limit?: number | { value: number };
}

interface Filter {
  fieldFilter?: { field: FieldReference; op: string; value: FsValue };
  unaryFilter?: { field: FieldReference; op: string };
  compositeFilter?: { op: 'AND' | 'OR'; filters: Filter[] };
}

interface Candidate {
  key: string;
  stored: StoredDocument;
}

const NAME_FIELD = '__name__';

function fieldOf(candidate: Candidate, fieldPath: string): FsValue | undefined {
  if (fieldPath === NAME_FIELD) return { referenceValue: candidate.key };
  return getField(candidate.stored.fields, parseFieldPath(fieldPath));
}

const INEQUALITIES = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

function matchesFilter(candidate: Candidate, filter: Filter): boolean {
  if (filter.compositeFilter) {
    const { op, filters } = filter.compositeFilter;
    if (op === 'OR') return filters.some((inner) => matchesFilter(candidate, inner));
    if (op === 'AND') return filters.every((inner) => matchesFilter(candidate, inner));
    throw invalid(`Unsupported composite operator ${String(op)}`);
  }
  if (filter.unaryFilter) {
    const value = fieldOf(candidate, filter.unaryFilter.field.fieldPath);
    switch (filter.unaryFilter.op) {
      case 'IS_NULL':
        return value !== undefined && 'nullValue' in value;
      case 'IS_NOT_NULL':
        return value !== undefined && !('nullValue' in value);
      case 'IS_NAN':
        return value !== undefined && isNaNValue(value);
      case 'IS_NOT_NAN':
        return value !== undefined && typeOrder(value) === 2 && !isNaNValue(value);
      default:
        throw invalid(`Unsupported unary operator ${filter.unaryFilter.op}`);
    }
  }
  if (filter.fieldFilter) {
    const { field, op } = filter.fieldFilter;
    const operand = normalizeValue(filter.fieldFilter.value);
    const value = fieldOf(candidate, field.fieldPath);
    if (value === undefined) return false;
    const list = operand.arrayValue?.values ?? [];
    const contains = (values: readonly FsValue[], item: FsValue) =>
      values.some((candidateValue) => valuesEqual(candidateValue, item));
    switch (op) {
      case 'EQUAL':
        return valuesEqual(value, operand);
      case 'NOT_EQUAL':
        return !('nullValue' in value) && !valuesEqual(value, operand);
      case 'LESS_THAN':
      case 'LESS_THAN_OR_EQUAL':
      case 'GREATER_THAN':
      case 'GREATER_THAN_OR_EQUAL': {
        if (typeOrder(value) !== typeOrder(operand) || isNaNValue(value) || isNaNValue(operand)) {
          return false;
        }
        const c = compareValues(value, operand);
        if (op === 'LESS_THAN') return c < 0;
        if (op === 'LESS_THAN_OR_EQUAL') return c <= 0;
        if (op === 'GREATER_THAN') return c > 0;
        return c >= 0;
      }
      case 'IN':
        return contains(list, value);
      case 'NOT_IN':
        return !('nullValue' in value) && !contains(list, value);
      case 'ARRAY_CONTAINS':
        return 'arrayValue' in value && contains(value.arrayValue?.values ?? [], operand);
      case 'ARRAY_CONTAINS_ANY':
        return (
          'arrayValue' in value &&
          (value.arrayValue?.values ?? []).some((item) => contains(list, item))
        );
      default:
        throw invalid(`Unsupported field operator ${op}`);
    }
  }
  throw invalid('Empty filter');
}

function inequalityFields(filter: Filter | undefined, into: Set<string>): Set<string> {
  if (!filter) return into;
  if (filter.compositeFilter) {
    for (const inner of filter.compositeFilter.filters) inequalityFields(inner, into);
  } else if (filter.fieldFilter && INEQUALITIES.has(filter.fieldFilter.op)) {
    into.add(filter.fieldFilter.field.fieldPath);
  }
  return into;
}

type Direction = 'ASCENDING' | 'DESCENDING';

/** The backend's normalised order: explicit orders, unordered inequality fields, then __name__. */
function normalizedOrder(query: StructuredQuery): { fieldPath: string; direction: Direction }[] {
  const order = (query.orderBy ?? []).map((entry) => ({
    fieldPath: entry.field.fieldPath,
    direction: entry.direction === 'DESCENDING' ? ('DESCENDING' as const) : ('ASCENDING' as const),
  }));
  const seen = new Set(order.map((entry) => entry.fieldPath));
  const direction = order[order.length - 1]?.direction ?? 'ASCENDING';
  const inequalities = [...inequalityFields(query.where, new Set())].sort(compareUtf8);
  for (const fieldPath of inequalities) {
    if (!seen.has(fieldPath) && fieldPath !== NAME_FIELD) {
      order.push({ fieldPath, direction });
      seen.add(fieldPath);
    }
  }
  if (!seen.has(NAME_FIELD)) order.push({ fieldPath: NAME_FIELD, direction });
  return order;
}

function compareAtCursor(
  candidate: Candidate,
  order: readonly { fieldPath: string; direction: Direction }[],
  values: readonly FsValue[],
): number {
  for (let i = 0; i < values.length && i < order.length; i++) {
    const entry = order[i] as { fieldPath: string; direction: Direction };
    const value = fieldOf(candidate, entry.fieldPath) ?? { nullValue: null };
    let cursor = normalizeValue(values[i]);
    if (
      entry.fieldPath === NAME_FIELD &&
      cursor.referenceValue &&
      !cursor.referenceValue.includes('/documents/')
    ) {
      cursor = {
        referenceValue: `${candidate.key.split('/documents/')[0]}/documents/${cursor.referenceValue}`,
      };
    }
    const c = compareValues(value, cursor);
    if (c !== 0) return entry.direction === 'DESCENDING' ? -c : c;
  }
  return 0;
}

const limitOf = (limit: StructuredQuery['limit']) =>
  limit === undefined ? undefined : typeof limit === 'number' ? limit : limit.value;

// ---- the server's state ------------------------------------------------------------------------

type Rpc = 'commit' | 'runQuery' | 'batchGet' | 'get' | 'runAggregationQuery';

export interface FirestoreTestStats {
  /** Documents returned by queries and gets (an empty query bills 1 read, as Firestore does). */
  reads: number;
  /** Document writes applied (set, update, delete). */
  writes: number;
  /** Requests received, per RPC (failed ones included). */
  requests: Record<Rpc, number>;
}

export type FailMode = 'error' | 'drop-response';

export interface TestDocument {
  /** Path below `documents`, e.g. users/u1/userWords/eng201. */
  path: string;
  id: string;
  project: string;
  database: string;
  createTime: string;
  updateTime: string;
  data: Record<string, unknown>;
}

const emptyStats = (): FirestoreTestStats => ({
  reads: 0,
  writes: 0,
  requests: { commit: 0, runQuery: 0, batchGet: 0, get: 0, runAggregationQuery: 0 },
});

class FirestoreState {
  /** Full resource name -> document. */
  readonly documents = new Map<string, StoredDocument>();
  stats = emptyStats();
  failures: { mode: FailMode; rpc?: Rpc }[] = [];
  private lastTime = 0;

  /** A database's stored documents by their path, as they stand (the rules' get()). */
  lookup(database: { project: string; database: string }): Lookup {
    return (path) => this.documents.get(`${rootOf(database)}/${path}`)?.fields;
  }

  /** A strictly increasing server time in epoch microseconds: no two commits share one. */
  tick(): number {
    this.lastTime = Math.max(Date.now() * 1000, this.lastTime + 1);
    return this.lastTime;
  }

  /** The current read time (never before the last commit). */
  now(): number {
    this.lastTime = Math.max(Date.now() * 1000, this.lastTime);
    return this.lastTime;
  }

  reset(): void {
    this.documents.clear();
    this.stats = emptyStats();
    this.failures = [];
  }

  takeFailure(rpc: Rpc): FailMode | undefined {
    const next = this.failures[0];
    if (!next || (next.rpc && next.rpc !== rpc)) return undefined;
    this.failures.shift();
    return next.mode;
  }

  // -- commit --

  commit(database: { project: string; database: string }, body: unknown, caller: Caller) {
    const writes = (body as { writes?: unknown[] } | null)?.writes ?? [];
    if (!Array.isArray(writes)) throw invalid('writes must be a list');
    // The real request.time equals only what the serverTimestamp transform wrote, never a value
    // the client sent: the commit's time is one no client timestamp in it holds.
    const sent = clientTimes(writes);
    let commitTime = this.tick();
    while (sent.has(commitTime)) commitTime = this.tick();
    const staged = new Map<string, StoredDocument | null>();
    const current = (key: string) => (staged.has(key) ? staged.get(key) : this.documents.get(key));
    const writeResults: Record<string, unknown>[] = [];
    const lookup = this.lookup(database);
    // The fleet's writes are judged once the whole commit is staged (getAfter: a summary written
    // with a leave, a join with the vessel pointer).
    const fleetWrites: { path: string; after?: Fields; before?: Fields }[] = [];
    const fleetCheck = (path: string, after: Fields | undefined, before: Fields | undefined) => {
      if (caller.uid !== undefined && isFleetPath(path)) fleetWrites.push({ path, after, before });
    };
    let applied = 0;
    // Exam results and sittings are judged once the whole commit is staged (getAfter).
    const examWrites: { path: string; after?: Fields; before?: Fields }[] = [];
    // So are history batches and the account's counter they step (./history-rules.ts).
    const historyWrites: { path: string; fields: Fields; counter: boolean }[] = [];
    // And the history's segments with their counter (./segment-rules.ts).
    const segmentWrites: { path: string; fields: Fields; replaced?: Fields; counter: boolean }[] =
      [];

    for (const raw of writes as Record<string, unknown>[]) {
      const update = raw.update as { name?: unknown; fields?: unknown } | undefined;
      const legacyTransform = raw.transform as
        | { document?: unknown; fieldTransforms?: unknown[] }
        | undefined;
      const target = update?.name ?? raw.delete ?? raw.verify ?? legacyTransform?.document;
      const name = documentName(target, database);
      const key = fullName(name);
      authorize(caller, name.path, 'write', lookup);
      const existing = current(key) ?? null;
      checkPrecondition(key, existing, raw.currentDocument);

      if (raw.verify !== undefined) {
        writeResults.push({});
        continue;
      }
      applied += 1;
      const appendOnly = caller.uid !== undefined && isHistoryBatch(name.path);
      const curriculum = caller.uid !== undefined && isCurriculumDoc(name.path);
      const legacyWord = caller.uid !== undefined && isLegacyWord(name.path);
      // firestore.rules: profiles and the old word documents are never deleted.
      const profile = caller.uid !== undefined && isProfile(name.path);
      if ((profile || legacyWord) && raw.delete !== undefined) throw denied();
      // firestore.rules: curriculum documents are never deleted (a deletion is a tombstone).
      if (curriculum && raw.delete !== undefined) throw denied();
      // firestore.rules: history batches are created, never updated nor deleted.
      if (appendOnly && (existing || raw.delete !== undefined)) throw denied();
      // firestore.rules: the history's counter is never deleted.
      const counter = caller.uid !== undefined && isHistoryCounter(name.path);
      if (counter && raw.delete !== undefined) throw denied();
      // firestore.rules: segments and their counter are never deleted.
      const segment = caller.uid !== undefined && isHistorySegment(name.path);
      const segmentCounter = caller.uid !== undefined && isSegmentCounter(name.path);
      if ((segment || segmentCounter) && raw.delete !== undefined) throw denied();
      if (raw.delete !== undefined) {
        if (isExamPath(name.path)) examWrites.push({ path: name.path, before: existing?.fields });
        fleetCheck(name.path, undefined, existing?.fields);
        staged.set(key, null);
        writeResults.push({});
        continue;
      }

      let fields: Fields;
      const mask = (raw.updateMask as { fieldPaths?: string[] } | undefined)?.fieldPaths;
      if (update && mask === undefined) {
        fields = normalizeFields(update.fields);
      } else {
        fields = clone(existing?.fields ?? {});
        const incoming = normalizeFields(update?.fields);
        for (const path of mask ?? []) {
          const segments = parseFieldPath(path);
          const value = getField(incoming, segments);
          if (value === undefined) deleteField(fields, segments);
          else setField(fields, segments, clone(value));
        }
      }
      const transforms = (raw.updateTransforms ?? legacyTransform?.fieldTransforms ?? []) as Record<
        string,
        unknown
      >[];
      const transformResults = transforms.map((transform) =>
        applyTransform(fields, transform, commitTime),
      );

      if (appendOnly) {
        if (!DOCUMENT_ID.test(name.path.split('/')[3] ?? '')) throw denied();
        checkHistoryBatch(fields, commitTime);
      }
      if (appendOnly || counter) historyWrites.push({ path: name.path, fields, counter });
      if (segment && !segmentValid(name.path, fields, commitTime, parseTimestamp)) throw denied();
      if (segment || segmentCounter) {
        segmentWrites.push({
          path: name.path,
          fields,
          ...(existing && segment ? { replaced: existing.fields } : {}),
          counter: segmentCounter,
        });
      }
      if (profile) checkProfileWrite(name.path, fields, existing?.fields, commitTime, caller);
      if (legacyWord) checkLegacyWord(name.path, fields, commitTime);
      if (curriculum) checkCurriculumWrite(name.path, fields, caller, commitTime);
      fleetCheck(name.path, fields, existing?.fields);
      if (isExamPath(name.path)) {
        examWrites.push({ path: name.path, after: fields, before: existing?.fields });
      }
      const changed = !existing || JSON.stringify(existing.fields) !== JSON.stringify(fields);
      const stored: StoredDocument = {
        fields,
        createTime: existing?.createTime ?? commitTime,
        updateTime: changed || !existing ? commitTime : existing.updateTime,
      };
      staged.set(key, stored);
      writeResults.push({
        updateTime: formatTimestamp(stored.updateTime),
        ...(transforms.length > 0 ? { transformResults } : {}),
      });
    }

    const lookupAfter: Lookup = (path) => {
      const key = `${rootOf(database)}/${path}`;
      return staged.has(key) ? (staged.get(key)?.fields ?? undefined) : lookup(path);
    };
    for (const { path, after, before } of fleetWrites) {
      try {
        checkFleetWrite(
          caller,
          path,
          { after, before },
          commitTime,
          lookup,
          lookupAfter,
          parseTimestamp,
        );
      } catch (error) {
        if (error instanceof FleetDenied) throw denied();
        throw error;
      }
    }

    for (const { path, fields, counter } of historyWrites) {
      const check = counter ? counterValid : batchCounted;
      if (!check(path, fields, lookup, lookupAfter)) throw denied();
    }
    for (const { path, fields, replaced, counter } of segmentWrites) {
      const valid = counter
        ? segmentCounterValid(path, fields, lookupAfter, commitTime, parseTimestamp)
        : (!replaced || segmentKept(fields, replaced)) &&
          segmentCounted(path, fields, replaced, lookup, lookupAfter);
      if (!valid) throw denied();
    }

    if (caller.uid !== undefined && examWrites.length > 0) {
      for (const { path, after, before } of examWrites) {
        try {
          checkExamWrite(
            caller,
            path,
            { after, before },
            commitTime,
            lookup,
            lookupAfter,
            parseTimestamp,
          );
        } catch (error) {
          if (error instanceof FleetDenied) throw denied();
          throw error;
        }
      }
    }

    // Atomic: nothing above touched the store.
    for (const [key, stored] of staged) {
      if (stored) this.documents.set(key, stored);
      else this.documents.delete(key);
    }
    this.stats.writes += applied;
    return { writeResults, commitTime: formatTimestamp(commitTime) };
  }

  // -- reads --

  batchGet(database: { project: string; database: string }, body: unknown, caller: Caller) {
    const request = (body ?? {}) as { documents?: unknown[]; mask?: { fieldPaths?: string[] } };
    const names = (request.documents ?? []).map((name) => documentName(name, database));
    const lookup = this.lookup(database);
    for (const name of names) authorize(caller, name.path, 'read', lookup);
    const mask = request.mask?.fieldPaths?.map(parseFieldPath);
    const readTime = formatTimestamp(this.now());
    this.stats.reads += names.length;
    return names.map((name) => {
      const key = fullName(name);
      const stored = this.documents.get(key);
      return stored
        ? { found: documentJson(key, stored, mask), readTime }
        : { missing: key, readTime };
    });
  }

  getDocument(name: ResourceName, caller: Caller) {
    authorize(caller, name.path, 'read', this.lookup(name));
    const key = fullName(name);
    const segments = name.path ? name.path.split('/') : [];
    if (segments.length % 2 === 1) {
      // A collection: list its documents (the REST listDocuments call).
      const documents = this.collection(name, segments.at(-1) as string, false).map((doc) =>
        documentJson(doc.key, doc.stored),
      );
      this.stats.reads += Math.max(1, documents.length);
      return documents.length > 0 ? { documents } : {};
    }
    const stored = this.documents.get(key);
    this.stats.reads += 1;
    if (!stored) throw new FirestoreError(404, 'NOT_FOUND', `Document "${key}" not found.`);
    return documentJson(key, stored);
  }

  /** Documents of collection `collectionId` directly under `parent` (or anywhere below it). */
  private collection(parent: ResourceName, collectionId: string, allDescendants: boolean) {
    const segments = parent.path ? parent.path.split('/') : [];
    if (segments.length % 2 === 1) {
      // a collection path given as the listing target: its parent document is one level up
      segments.pop();
    }
    const prefix = `${rootOf(parent)}/${segments.length > 0 ? `${segments.join('/')}/` : ''}`;
    const result: Candidate[] = [];
    for (const [key, stored] of this.documents) {
      if (!key.startsWith(prefix)) continue;
      const rest = key.slice(prefix.length).split('/');
      const direct = rest.length === 2 && rest[0] === collectionId;
      const nested = allDescendants && rest.length >= 2 && rest[rest.length - 2] === collectionId;
      if (direct || nested) result.push({ key, stored });
    }
    return result;
  }

  private execute(parent: ResourceName, query: StructuredQuery, caller: Caller): Candidate[] {
    const from = query.from ?? [];
    if (from.length !== 1 || !from[0]?.collectionId) {
      throw invalid('A query needs exactly one collection in from');
    }
    const { collectionId, allDescendants = false } = from[0];
    if (parent.path && parent.path.split('/').length % 2 !== 0) {
      throw invalid(`A query's parent must be a document, not ${parent.path}`);
    }
    const scope = parent.path ? `${parent.path}/${collectionId}` : collectionId;
    const lookup = this.lookup(parent);
    // firestore.rules match no collection group (no `{path=**}`): only the owner queries one.
    if (allDescendants) {
      if (!caller.owner) throw denied();
    } else authorize(caller, scope, 'read', lookup);

    const order = normalizedOrder(query);
    let docs = this.collection(parent, collectionId, allDescendants).filter(
      (candidate) =>
        (!query.where || matchesFilter(candidate, query.where)) &&
        order.every((entry) => fieldOf(candidate, entry.fieldPath) !== undefined),
    );
    docs.sort((a, b) => {
      for (const entry of order) {
        const c = compareValues(
          fieldOf(a, entry.fieldPath) as FsValue,
          fieldOf(b, entry.fieldPath) as FsValue,
        );
        if (c !== 0) return entry.direction === 'DESCENDING' ? -c : c;
      }
      return 0;
    });
    const { startAt, endAt } = query;
    if (startAt?.values?.length) {
      docs = docs.filter((doc) => {
        const c = compareAtCursor(doc, order, startAt.values ?? []);
        return startAt.before ? c >= 0 : c > 0;
      });
    }
    if (endAt?.values?.length) {
      docs = docs.filter((doc) => {
        const c = compareAtCursor(doc, order, endAt.values ?? []);
        return endAt.before ? c < 0 : c <= 0;
      });
    }
    const offset = query.offset ?? 0;
    const limit = limitOf(query.limit);
    return docs.slice(offset, limit === undefined ? undefined : offset + limit);
  }

  runQuery(parent: ResourceName, body: unknown, caller: Caller) {
    const query = (body as { structuredQuery?: StructuredQuery } | null)?.structuredQuery;
    if (!query) throw invalid('structuredQuery is required');
    const docs = this.execute(parent, query, caller);
    const mask = query.select?.fields?.map((field) => parseFieldPath(field.fieldPath));
    const readTime = formatTimestamp(this.now());
    this.stats.reads += Math.max(1, docs.length);
    if (docs.length === 0) return [{ readTime }];
    return docs.map((doc) => ({ document: documentJson(doc.key, doc.stored, mask), readTime }));
  }

  runAggregationQuery(parent: ResourceName, body: unknown, caller: Caller) {
    const request = (body as { structuredAggregationQuery?: unknown } | null)
      ?.structuredAggregationQuery as
      | {
          structuredQuery?: StructuredQuery;
          aggregations?: {
            alias: string;
            count?: { upTo?: number | string };
            sum?: { field: FieldReference };
            avg?: { field: FieldReference };
          }[];
        }
      | undefined;
    if (!request?.structuredQuery) throw invalid('structuredAggregationQuery is required');
    // Aggregations order only by the explicit orderBy (the SDK sends no implicit ones).
    const docs = this.execute(parent, request.structuredQuery, caller);
    const aggregateFields: Record<string, FsValue> = {};
    for (const aggregation of request.aggregations ?? []) {
      if (aggregation.count) {
        const upTo =
          aggregation.count.upTo === undefined ? Infinity : Number(aggregation.count.upTo);
        aggregateFields[aggregation.alias] = {
          integerValue: String(Math.min(docs.length, upTo)),
        };
        continue;
      }
      const spec = aggregation.sum ?? aggregation.avg;
      if (!spec) throw invalid('Unsupported aggregation');
      const numbers = docs
        .map((doc) => fieldOf(doc, spec.field.fieldPath))
        .filter((value): value is FsValue => value !== undefined && typeOrder(value) === 2);
      const total = numbers.reduce((sum, value) => sum + numberOf(value), 0);
      if (aggregation.avg) {
        aggregateFields[aggregation.alias] =
          numbers.length === 0 ? { nullValue: null } : { doubleValue: total / numbers.length };
      } else {
        const integral =
          numbers.every((value) => 'integerValue' in value) && Number.isSafeInteger(total);
        aggregateFields[aggregation.alias] = integral
          ? { integerValue: String(total) }
          : { doubleValue: total };
      }
    }
    this.stats.reads += Math.max(1, Math.ceil(docs.length / 1000));
    return [{ result: { aggregateFields }, readTime: formatTimestamp(this.now()) }];
  }

  testDocuments(prefix: string, project?: string): TestDocument[] {
    const wanted = prefix.replace(/^\/+|\/+$/g, '');
    const result: TestDocument[] = [];
    for (const [key, stored] of this.documents) {
      const name = parseResourceName(key);
      if (project && name.project !== project) continue;
      if (wanted && name.path !== wanted && !name.path.startsWith(`${wanted}/`)) continue;
      result.push({
        path: name.path,
        id: name.path.split('/').at(-1) as string,
        project: name.project,
        database: name.database,
        createTime: formatTimestamp(stored.createTime),
        updateTime: formatTimestamp(stored.updateTime),
        data: decodeFields(stored.fields),
      });
    }
    return result.sort((a, b) => compareUtf8(a.path, b.path));
  }
}

function checkPrecondition(key: string, existing: StoredDocument | null, raw: unknown): void {
  if (raw === undefined || raw === null) return;
  const precondition = raw as { exists?: boolean; updateTime?: unknown };
  if (precondition.exists === true && !existing) {
    throw new FirestoreError(404, 'NOT_FOUND', `No document to update: ${key}`);
  }
  if (precondition.exists === false && existing) {
    throw new FirestoreError(409, 'ALREADY_EXISTS', `Document already exists: ${key}`);
  }
  if (precondition.updateTime !== undefined) {
    const expected = parseTimestamp(precondition.updateTime);
    if (!existing || existing.updateTime !== expected) {
      throw new FirestoreError(
        400,
        'FAILED_PRECONDITION',
        `the stored version (${existing ? formatTimestamp(existing.updateTime) : 'none'}) does not match the required base version (${formatTimestamp(expected)})`,
      );
    }
  }
}

/** Applies one field transform in place; returns its result value (for writeResults). */
function applyTransform(fields: Fields, transform: Record<string, unknown>, now: number): FsValue {
  const segments = parseFieldPath(String(transform.fieldPath));
  const current = getField(fields, segments);
  let result: FsValue;
  if ('setToServerValue' in transform) {
    if (transform.setToServerValue !== 'REQUEST_TIME') throw invalid('Unsupported server value');
    result = { timestampValue: formatTimestamp(now) };
  } else if ('increment' in transform || 'maximum' in transform || 'minimum' in transform) {
    const kind =
      'increment' in transform ? 'increment' : 'maximum' in transform ? 'maximum' : 'minimum';
    const operand = normalizeValue(transform[kind]);
    const base = current && typeOrder(current) === 2 ? current : undefined;
    if (!base) result = operand;
    else if (kind === 'increment') {
      const integral = 'integerValue' in base && 'integerValue' in operand;
      result = integral
        ? {
            integerValue: (
              BigInt(base.integerValue as string) + BigInt(operand.integerValue as string)
            ).toString(),
          }
        : { doubleValue: numberOf(base) + numberOf(operand) };
    } else {
      const c = compareValues(base, operand);
      result = (kind === 'maximum' ? c >= 0 : c <= 0) ? base : operand;
    }
  } else if ('appendMissingElements' in transform || 'removeAllFromArray' in transform) {
    const append = 'appendMissingElements' in transform;
    const elements = normalizeValue({
      arrayValue: transform[append ? 'appendMissingElements' : 'removeAllFromArray'],
    }).arrayValue?.values as FsValue[];
    const values =
      current && 'arrayValue' in current ? [...(current.arrayValue?.values ?? [])] : [];
    if (append) {
      for (const element of elements) {
        if (!values.some((value) => valuesEqual(value, element))) values.push(element);
      }
      result = { arrayValue: { values } };
    } else {
      result = {
        arrayValue: {
          values: values.filter(
            (value) => !elements.some((element) => valuesEqual(value, element)),
          ),
        },
      };
    }
  } else {
    throw invalid(`Unsupported transform: ${JSON.stringify(transform)}`);
  }
  setField(fields, segments, result);
  return clone(result);
}

// ---- HTTP --------------------------------------------------------------------------------------

const CORS_METHODS = 'GET, POST, PATCH, DELETE, OPTIONS';

function corsHeaders(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  return origin
    ? {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Expose-Headers': '*',
        Vary: 'Origin',
      }
    : { 'Access-Control-Allow-Origin': '*' };
}

function send(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  body: unknown,
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    ...corsHeaders(request),
    'Content-Type':
      typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

function errorBody(error: FirestoreError) {
  return { error: { code: error.httpStatus, message: error.message, status: error.status } };
}

/** Firestore's largest API request: 10 MiB (a larger commit is refused whole). */
export const REQUEST_MAX_BYTES = 10 * 1024 * 1024;

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of request) {
    bytes += (chunk as Buffer).length;
    chunks.push(chunk as Buffer);
  }
  if (bytes > REQUEST_MAX_BYTES) {
    throw invalid(`Request payload size exceeds the limit: ${REQUEST_MAX_BYTES} bytes.`);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('Invalid JSON payload received.');
  }
}

/** `/v1/<resource>:<method>` to its parts; the method separator is the first ':' after the last '/'. */
function splitRpcPath(pathname: string): { resource: string; method?: string } | null {
  const match = /^\/v1(?:beta1)?\/(.+)$/.exec(pathname);
  if (!match) return null;
  const rest = match[1] as string;
  const colon = rest.indexOf(':', rest.lastIndexOf('/'));
  return colon < 0
    ? { resource: rest }
    : { resource: rest.slice(0, colon), method: rest.slice(colon + 1) };
}

const STREAMING: ReadonlySet<string> = new Set(['runQuery', 'batchGet', 'runAggregationQuery']);

export interface FirestoreRestServer {
  port: number;
  /** http://host:port */
  url: string;
  /** host:port, the value for FirebaseSettings.firestoreEmulator / FIRESTORE_EMULATOR_HOST. */
  host: string;
  close(): Promise<void>;
}

export interface FirestoreRestServerOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Log every RPC to stdout. */
  verbose?: boolean;
}

export async function startFirestoreRestServer(
  options: FirestoreRestServerOptions = {},
): Promise<FirestoreRestServer> {
  const state = new FirestoreState();
  const bindHost = options.host ?? '127.0.0.1';

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';

    if (method === 'OPTIONS') {
      response.writeHead(204, {
        ...corsHeaders(request),
        'Access-Control-Allow-Methods': CORS_METHODS,
        'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Max-Age': '86400',
        ...(request.headers['access-control-request-private-network']
          ? { 'Access-Control-Allow-Private-Network': 'true' }
          : {}),
      });
      response.end();
      return;
    }

    // -- the test API --
    if (url.pathname === '/' && method === 'GET') return send(request, response, 200, 'Ok\n');
    if (url.pathname === '/__test/stats' && method === 'GET') {
      return send(request, response, 200, state.stats);
    }
    if (url.pathname === '/__test/reset' && method === 'POST') {
      await readBody(request);
      state.reset();
      return send(request, response, 200, { ok: true });
    }
    if (url.pathname === '/__test/documents' && method === 'GET') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const project = url.searchParams.get('project') ?? undefined;
      return send(request, response, 200, { documents: state.testDocuments(prefix, project) });
    }
    if (url.pathname === '/__test/fail-next' && method === 'POST') {
      const body = (await readBody(request)) as { count?: unknown; mode?: unknown; rpc?: unknown };
      const count = body.count === undefined ? 1 : Number(body.count);
      const mode = body.mode ?? 'error';
      const rpcs: readonly string[] = [
        'commit',
        'runQuery',
        'batchGet',
        'get',
        'runAggregationQuery',
      ];
      if (!Number.isInteger(count) || count < 0 || (mode !== 'error' && mode !== 'drop-response')) {
        return send(request, response, 400, {
          error: 'expected { count >= 0, mode: error | drop-response }',
        });
      }
      if (body.rpc !== undefined && !rpcs.includes(String(body.rpc))) {
        return send(request, response, 400, { error: `rpc must be one of ${rpcs.join(', ')}` });
      }
      for (let i = 0; i < count; i++) {
        state.failures.push({ mode, ...(body.rpc ? { rpc: body.rpc as Rpc } : {}) });
      }
      return send(request, response, 200, { pending: state.failures.length });
    }
    // The official emulator's "clear all documents" call, so tests reset both the same way.
    const clear = /^\/emulator\/v1\/(projects\/[^/]+\/databases\/[^/]+\/documents)$/.exec(
      url.pathname,
    );
    if (clear && method === 'DELETE') {
      const root = decodeURIComponent(clear[1] as string);
      for (const key of [...state.documents.keys()]) {
        if (key.startsWith(`${root}/`)) state.documents.delete(key);
      }
      return send(request, response, 200, {});
    }

    // -- the Firestore REST API --
    const rpcPath = splitRpcPath(url.pathname);
    if (!rpcPath) {
      return send(
        request,
        response,
        404,
        errorBody(new FirestoreError(404, 'NOT_FOUND', `No route ${url.pathname}`)),
      );
    }
    const rpc: Rpc | undefined =
      rpcPath.method === undefined && method === 'GET'
        ? 'get'
        : method === 'POST' &&
            (rpcPath.method === 'commit' ||
              rpcPath.method === 'runQuery' ||
              rpcPath.method === 'batchGet' ||
              rpcPath.method === 'runAggregationQuery')
          ? rpcPath.method
          : undefined;
    const streaming = rpc !== undefined && STREAMING.has(rpc);
    const fail = (error: FirestoreError) =>
      send(request, response, error.httpStatus, streaming ? [errorBody(error)] : errorBody(error));
    if (!rpc) {
      return fail(
        new FirestoreError(
          501,
          'UNIMPLEMENTED',
          `${method} ${url.pathname} is not supported by the test server`,
        ),
      );
    }
    state.stats.requests[rpc] += 1;
    try {
      const body = method === 'POST' ? await readBody(request) : undefined;
      const failure = state.takeFailure(rpc);
      if (failure === 'error') {
        return fail(
          new FirestoreError(503, 'UNAVAILABLE', 'The service is currently unavailable.'),
        );
      }
      const name = parseResourceName(rpcPath.resource, true);
      const caller = callerOf(request);
      let result: unknown;
      if (rpc === 'get') result = state.getDocument(name, caller);
      else if (rpc === 'commit') result = state.commit(name, body, caller);
      else if (rpc === 'batchGet') result = state.batchGet(name, body, caller);
      else if (rpc === 'runQuery') result = state.runQuery(name, body, caller);
      else result = state.runAggregationQuery(name, body, caller);
      if (options.verbose) console.log(`[firestore-rest] ${rpc} ${rpcPath.resource}`);
      if (failure === 'drop-response') {
        // Applied, but the answer is lost: the client sees a network error.
        request.socket.destroy();
        return;
      }
      send(request, response, 200, result);
    } catch (error) {
      if (error instanceof FirestoreError) return fail(error);
      console.error('[firestore-rest] internal error', error);
      return fail(new FirestoreError(500, 'INTERNAL', String(error)));
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('[firestore-rest] unexpected error', error);
      if (!response.headersSent) send(request, response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  return {
    port,
    url: `http://${hostPart}:${port}`,
    host: `${hostPart}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

// ---- a small client for the test API (e2e specs and unit tests) ---------------------------------

export function firestoreTestApi(baseUrl: string) {
  const call = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, init);
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const post = (body?: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return {
    documents: async (prefix = '', project?: string) =>
      (
        await call<{ documents: TestDocument[] }>(
          `/__test/documents?${new URLSearchParams({ prefix, ...(project ? { project } : {}) })}`,
        )
      ).documents,
    stats: () => call<FirestoreTestStats>('/__test/stats'),
    reset: () => call<{ ok: true }>('/__test/reset', post()),
    failNext: (count: number, mode: FailMode = 'error', rpc?: Rpc) =>
      call<{ pending: number }>('/__test/fail-next', post({ count, mode, rpc })),
  };
}

// ---- as a script -------------------------------------------------------------------------------

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href) {
  const port = Number(argument('port') ?? process.env.PORT ?? 8181);
  const server = await startFirestoreRestServer({
    port,
    host: argument('host') ?? '127.0.0.1',
    verbose: process.argv.includes('--verbose'),
  });
  console.log(`Firestore REST test server listening on ${server.url}`);
  const stop = () => {
    server.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
