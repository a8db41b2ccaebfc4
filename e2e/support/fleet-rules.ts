/**
 * firestore.rules' fleet matches for the Firestore REST test server, from the same field tables
 * (src/domain/fleet.ts) the clients write by: who reads and writes vessels, join codes,
 * memberships, the vessel a learner is on, officers and crew summaries. `lookup` reads a stored
 * document as it stands before the commit, as the rules' get() and exists() do; `lookupAfter` as
 * it stands after the whole commit (getAfter(), existsAfter()).
 */
import {
  ACTIVE_VESSEL_FIELDS,
  JOIN_CODE_FIELDS,
  JOIN_CODE_PATTERN,
  MEMBERSHIP_FIELDS,
  OFFICER_FIELDS,
  SUMMARY_COUNT_MAX,
  SUMMARY_FIELDS,
  VESSEL_FIELDS,
} from '../../src/domain/fleet';
import { DOCUMENT_ID_PATTERN, type WireField } from '../../src/domain/synced-records';
import type { FsValue } from './firestore-rest-server';

type Fields = Record<string, FsValue>;

export interface FleetCaller {
  uid?: string;
  admin: boolean;
  /** The token's e-mail and whether it is verified. */
  email?: string;
  emailVerified?: boolean;
}

/** A stored document's fields by its path (`officers/u1`), or undefined when there is none. */
export type Lookup = (path: string) => Fields | undefined;

/** A write as the rules see it: the document after it (none for a delete) and before it. */
export interface FleetWrite {
  after?: Fields;
  before?: Fields;
}

export class FleetDenied extends Error {}

const deny = (why: string): never => {
  throw new FleetDenied(why);
};

const DOCUMENT_ID = new RegExp(DOCUMENT_ID_PATTERN);
const JOIN_CODE = new RegExp(JOIN_CODE_PATTERN);
/** The latest client time a summary may carry (2200-01-01, as the rules). */
const LATEST_TIME = 7_258_118_400_000;

/** The document naming the vessel a learner is on (`vessel`, '' for none). */
export const ACTIVE_VESSEL_DOC = 'fleet/active';

/** Whether the fleet rules govern a path (a document or a collection). */
export function isFleetPath(path: string): boolean {
  const [first, , third] = path.split('/');
  return (
    first === 'vessels' ||
    first === 'joinCodes' ||
    first === 'officers' ||
    (first === 'users' && (third === 'memberships' || third === 'fleet'))
  );
}

const stringOf = (value: FsValue | undefined) => value?.stringValue;
/** The rules count characters (code points). */
const sizeOf = (text: string) => [...text].length;

/**
 * The caller's officer grant, when it holds for them: given by uid alone, or to an e-mail that the
 * caller's token carries, verified (firestore.rules' grantHolds).
 */
function officerGrant(caller: FleetCaller, lookup: Lookup) {
  const stored = caller.uid ? lookup(`officers/${caller.uid}`) : undefined;
  if (!stored) return null;
  const granted = stored.email;
  if (granted && (caller.emailVerified !== true || granted.stringValue !== caller.email)) {
    return null;
  }
  const vessels = (stored.vessels?.arrayValue?.values ?? []).map((value) => value.stringValue);
  return { fleet: stored.fleet?.booleanValue === true, vessels };
}

/** firestore.rules' isOfficerOf: a grant that holds for the caller, of the fleet or the vessel. */
export const isOfficerOf = (caller: FleetCaller, vessel: string, lookup: Lookup) => {
  const grant = officerGrant(caller, lookup);
  return grant !== null && (grant.fleet || grant.vessels.includes(vessel));
};

/**
 * Reads: `vessels` listed by admins and fleet officers, a vessel and its crew read by its
 * officers, a summary by its learner; a join code got by anyone signed in, listed by admins;
 * an officer's grant read by that officer. (Admins read everything; memberships are the
 * learner's own, under `users/{uid}`.)
 */
export function checkFleetRead(caller: FleetCaller, path: string, lookup: Lookup): void {
  if (!caller.admin && !mayRead(caller, path, lookup)) deny(`no read of ${path}`);
}

function mayRead(caller: FleetCaller, path: string, lookup: Lookup): boolean {
  const segments = path.split('/');
  const [collection, id, sub, subId] = segments;
  if (segments.length > 4) return false;
  switch (collection) {
    case 'vessels':
      // the list: fleet officers; a vessel and its crew: its officers; a summary: its learner
      if (id === undefined) return officerGrant(caller, lookup)?.fleet === true;
      if (sub === undefined) return isOfficerOf(caller, id, lookup);
      if (sub !== 'crew') return false;
      return (subId !== undefined && subId === caller.uid) || isOfficerOf(caller, id, lookup);
    case 'joinCodes':
      // got by the code itself, never listed
      return id !== undefined && sub === undefined && caller.uid !== undefined;
    case 'officers':
      return id !== undefined && sub === undefined && id === caller.uid;
    default:
      // memberships and the vessel pointer: the learner's own
      return collection === 'users' && id === caller.uid;
  }
}

/**
 * The fields of a document against its table: known fields only, the required ones present, each
 * of its type (an int an integerValue, a timestamp the request time) and within its bound.
 */
function checkTable(
  fields: Fields,
  table: Record<string, WireField>,
  requestTime: number,
  parseTimestamp: (value: unknown) => number,
): void {
  const known = new Map(Object.values(table).map((field) => [field.wire, field]));
  for (const [name, value] of Object.entries(fields)) {
    const field = known.get(name);
    if (!field) deny(`unknown field ${name}`);
    const { type, max } = field as WireField;
    if (type === 'string') {
      const text = value.stringValue;
      if (typeof text !== 'string') deny(`${name} is not a string`);
      if (max !== undefined && sizeOf(text as string) > max) deny(`${name} is too long`);
    } else if (type === 'int') {
      if (value.integerValue === undefined) deny(`${name} is not an int`);
    } else if (type === 'number') {
      if (value.integerValue === undefined && value.doubleValue === undefined) {
        deny(`${name} is not a number`);
      }
    } else if (type === 'bool') {
      if (typeof value.booleanValue !== 'boolean') deny(`${name} is not a bool`);
    } else if (type === 'list') {
      const values = value.arrayValue?.values;
      if (!value.arrayValue) deny(`${name} is not a list`);
      if (max !== undefined && (values?.length ?? 0) > max) deny(`${name} is too long`);
    } else if (type === 'timestamp') {
      if (value.timestampValue === undefined) deny(`${name} is not a timestamp`);
      if (parseTimestamp(value.timestampValue) !== requestTime) deny(`${name} is not the time`);
    } else deny(`${name}: unchecked type ${type}`);
  }
  for (const field of known.values()) {
    if (field.required && !(field.wire in fields)) deny(`${field.wire} is missing`);
  }
}

const nonEmpty = (fields: Fields, name: string) => {
  if ((stringOf(fields[name]) ?? '').length === 0) deny(`${name} is empty`);
};

const byCaller = (fields: Fields, caller: FleetCaller) => {
  if (stringOf(fields.by) !== caller.uid) deny('by is not the caller');
};

/**
 * Writes (the caller already signed in): the checks of firestore.rules' validVessel,
 * validJoinCode, validJoin, validLeave, validActive, validSummary and validOfficer, and who may
 * make them.
 */
export function checkFleetWrite(
  caller: FleetCaller,
  path: string,
  write: FleetWrite,
  requestTime: number,
  lookup: Lookup,
  lookupAfter: Lookup,
  parseTimestamp: (value: unknown) => number,
): void {
  const segments = path.split('/');
  if (segments.length > 4) deny('no rule for this path');
  const [collection, id = '', sub, subId = ''] = segments;
  const { after, before } = write;
  const table = (fields: Fields, of: Record<string, WireField>) =>
    checkTable(fields, of, requestTime, parseTimestamp);

  if (collection === 'vessels' && sub === undefined) {
    if (!caller.admin || !after) deny('vessels are written by admins, never deleted');
    const fields = after as Fields;
    if (!DOCUMENT_ID.test(id)) deny('vessel id');
    table(fields, VESSEL_FIELDS);
    nonEmpty(fields, 'name');
    if (!/^[0-9]{7}$/.test(stringOf(fields.imo) ?? '')) deny('imo');
    if (fields.code && !JOIN_CODE.test(stringOf(fields.code) ?? '')) deny('code');
    byCaller(fields, caller);
    return;
  }

  if (collection === 'vessels' && sub === 'crew') {
    if (subId !== caller.uid) {
      if (!after && caller.admin) return;
      deny('a summary is written by its learner');
    }
    if (!after) return;
    // A member once the commit is applied, and of this one vessel.
    const membership = lookupAfter(`users/${subId}/memberships/${id}`);
    if (!membership || membership.leftAt) deny('not a member of this vessel');
    if (activeVessel(subId, lookupAfter) !== id) deny('not the vessel the learner is on');
    table(after, SUMMARY_FIELDS);
    nonEmpty(after, 'name');
    for (const name of ['mast', 'due', 'overdue']) {
      const count = Number(after[name]?.integerValue);
      if (count < 0 || count > SUMMARY_COUNT_MAX) deny(`${name} out of bounds`);
    }
    const lastActive = Number(after.lastActive?.integerValue ?? after.lastActive?.doubleValue);
    if (!(lastActive >= 0 && lastActive <= LATEST_TIME)) deny('lastActive out of bounds');
    return;
  }

  if (collection === 'joinCodes') {
    if (!caller.admin || !after) deny('join codes are written by admins, never deleted');
    const fields = after as Fields;
    if (!JOIN_CODE.test(id)) deny('code');
    table(fields, JOIN_CODE_FIELDS);
    nonEmpty(fields, 'vessel');
    nonEmpty(fields, 'vesselName');
    byCaller(fields, caller);
    if (before && stringOf(before.vessel) !== stringOf(fields.vessel)) deny('vessel changed');
    return;
  }

  if (collection === 'officers') {
    if (!caller.admin) deny('officers are named by admins');
    if (!after) return;
    if (!DOCUMENT_ID.test(id)) deny('officer id');
    table(after, OFFICER_FIELDS);
    byCaller(after, caller);
    return;
  }

  if (collection === 'users' && sub === 'fleet') {
    if (id !== caller.uid || !after) deny('the vessel pointer is the learner’s, never deleted');
    if (subId !== 'active') deny('only fleet/active');
    checkActive(id, after as Fields, lookup, lookupAfter, table);
    return;
  }

  if (collection === 'users' && sub === 'memberships') {
    if (id !== caller.uid || !after) deny('a membership is the learner’s, never deleted');
    const fields = after as Fields;
    if (!DOCUMENT_ID.test(subId)) deny('membership id');
    const pointer = activeVessel(id, lookupAfter);
    if (isJoin(fields, subId, lookup, table)) {
      if (pointer !== subId) deny('a join sets the vessel pointer in the same commit');
      return;
    }
    if (pointer === subId) deny('a leave clears the vessel pointer in the same commit');
    // A leave: only leftAt, set once, to the server's time.
    if (!before || before.leftAt) deny('no membership to leave');
    const changed = new Set([...Object.keys(fields), ...Object.keys(before as Fields)]);
    for (const name of changed) {
      if (name === 'leftAt') continue;
      if (JSON.stringify(fields[name]) !== JSON.stringify((before as Fields)[name])) {
        deny(`a leave changes ${name}`);
      }
    }
    if (!fields.leftAt?.timestampValue) deny('leftAt');
    if (parseTimestamp(fields.leftAt?.timestampValue) !== requestTime) deny('leftAt time');
    return;
  }
  deny('not a fleet document');
}

/** The vessel a learner is on as `lookup` sees it ('' for none). */
function activeVessel(uid: string, lookup: Lookup): string {
  return stringOf(lookup(`users/${uid}/${ACTIVE_VESSEL_DOC}`)?.vessel) ?? '';
}

const isMember = (uid: string, vessel: string, lookup: Lookup) => {
  const membership = lookup(`users/${uid}/memberships/${vessel}`);
  return membership !== undefined && membership.leftAt === undefined;
};

/**
 * firestore.rules' validActive: `vessel` ('' or a vessel the learner is a member of after the
 * commit) and `at`, the server's time; the vessel it named before is the same or left in it.
 */
function checkActive(
  uid: string,
  fields: Fields,
  lookup: Lookup,
  lookupAfter: Lookup,
  table: (fields: Fields, of: Record<string, WireField>) => void,
): void {
  table(fields, ACTIVE_VESSEL_FIELDS);
  const vessel = stringOf(fields.vessel) ?? '';
  if (vessel !== '' && !isMember(uid, vessel, lookupAfter)) deny('not a member of that vessel');
  const before = activeVessel(uid, lookup);
  if (before !== '' && before !== vessel && isMember(uid, before, lookupAfter)) {
    deny('the vessel before is not left');
  }
}

/** A join: a new membership's fields and a code in force for exactly this vessel, its current one. */
function isJoin(
  fields: Fields,
  vessel: string,
  lookup: Lookup,
  table: (fields: Fields, of: Record<string, WireField>) => void,
): boolean {
  if ('leftAt' in fields) return false;
  const { leftAt: _left, ...joinFields } = MEMBERSHIP_FIELDS;
  try {
    table(fields, joinFields);
  } catch {
    return false;
  }
  if (stringOf(fields.vessel) !== vessel) return false;
  nonEmpty(fields, 'vesselName');
  const code = stringOf(fields.code) ?? '';
  if (!JOIN_CODE.test(code)) return false;
  const stored = lookup(`joinCodes/${code}`);
  if (!stored || stringOf(stored.vessel) !== vessel) deny('no such code for this vessel');
  if (stored?.revoked?.booleanValue !== false) deny('the code is revoked');
  if (stringOf(lookup(`vessels/${vessel}`)?.code) !== code) deny("not the vessel's current code");
  return true;
}
