/**
 * The fleet (cloud edition): vessels, the codes crew join them with, memberships, training
 * officers, and the one small summary a member's device writes for the officers of its vessel.
 * Every document is defined ONCE here as a field table; firestore.rules, the Firestore REST test
 * server and the adapters follow these tables (unit/sync/fleet-rules.test.ts compares them).
 *
 *   vessels/{vesselId}                  name, imo, flag?, code?, by, updatedAt   (admins write)
 *   joinCodes/{code}                    vessel, vesselName, revoked, by, updatedAt (admins write;
 *                                       any signed-in user may get one by its code, never list)
 *   users/{uid}/memberships/{vesselId}  vessel, vesselName, code, joinedAt, leftAt? (the learner,
 *                                       only with a valid, unrevoked code of that vessel)
 *   users/{uid}/fleet/active            vessel ('' for none), at (the learner: set with every
 *                                       join and leave, so one vessel at a time)
 *   vessels/{vesselId}/crew/{uid}       the learner's summary (the learner, while a member)
 *   officers/{uid}                      vessels, fleet, email?, name?, by, updatedAt (admins)
 *
 * Officers and admins read the vessels they oversee and their crew summaries; nobody but the
 * learner (and admins) reads a learner's answer history.
 */
import type { WireField } from './synced-records';

/** Join codes: 8 characters without the look-alikes 0/O, 1/I/L. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 8;
export const JOIN_CODE_PATTERN = `^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`;

/** The longest summary detail text (`s`, JSON) the rules take. */
export const SUMMARY_DETAIL_MAX = 6000;
/** Most vessels one officer oversees by name (beyond that: the whole fleet). */
export const OFFICER_VESSELS_MAX = 50;

export const VESSEL_FIELDS = {
  name: { wire: 'name', type: 'string', required: true, max: 100 },
  /** The IMO ship identification number: 7 digits with its check digit. */
  imo: { wire: 'imo', type: 'string', required: true, max: 7 },
  flag: { wire: 'flag', type: 'string', required: false, max: 60 },
  /** The vessel's current join code; absent when revoked and not yet replaced. */
  code: { wire: 'code', type: 'string', required: false, max: JOIN_CODE_LENGTH },
  by: { wire: 'by', type: 'string', required: true, max: 128 },
  updatedAt: { wire: 'updatedAt', type: 'timestamp', required: true },
} as const satisfies Record<string, WireField>;

export const JOIN_CODE_FIELDS = {
  vessel: { wire: 'vessel', type: 'string', required: true, max: 64 },
  vesselName: { wire: 'vesselName', type: 'string', required: true, max: 100 },
  revoked: { wire: 'revoked', type: 'bool', required: true },
  by: { wire: 'by', type: 'string', required: true, max: 128 },
  updatedAt: { wire: 'updatedAt', type: 'timestamp', required: true },
} as const satisfies Record<string, WireField>;

export const MEMBERSHIP_FIELDS = {
  vessel: { wire: 'vessel', type: 'string', required: true, max: 64 },
  vesselName: { wire: 'vesselName', type: 'string', required: true, max: 100 },
  code: { wire: 'code', type: 'string', required: true, max: JOIN_CODE_LENGTH },
  joinedAt: { wire: 'joinedAt', type: 'timestamp', required: true },
  leftAt: { wire: 'leftAt', type: 'timestamp', required: false },
} as const satisfies Record<string, WireField>;

/**
 * `users/{uid}/fleet/active`: the one vessel the learner is on ('' for none). Every join sets it
 * and every leave clears it in the same commit, so the rules can hold a learner to one vessel.
 */
export const ACTIVE_VESSEL_FIELDS = {
  vessel: { wire: 'vessel', type: 'string', required: true, max: 64 },
  at: { wire: 'at', type: 'timestamp', required: true },
} as const satisfies Record<string, WireField>;

export const OFFICER_FIELDS = {
  vessels: { wire: 'vessels', type: 'list', required: true, max: OFFICER_VESSELS_MAX },
  fleet: { wire: 'fleet', type: 'bool', required: true },
  email: { wire: 'email', type: 'string', required: false, max: 254 },
  name: { wire: 'name', type: 'string', required: false, max: 200 },
  by: { wire: 'by', type: 'string', required: true, max: 128 },
  updatedAt: { wire: 'updatedAt', type: 'timestamp', required: true },
} as const satisfies Record<string, WireField>;

/**
 * A crew member's summary: the figures an officer sorts by at the top level, the rest in one
 * bounded JSON text `s` (rules cannot loop over a list; a reader checks every part of it).
 */
export const SUMMARY_FIELDS = {
  name: { wire: 'name', type: 'string', required: true, max: 200 },
  division: { wire: 'division', type: 'string', required: false, max: 128 },
  role: { wire: 'role', type: 'string', required: false, max: 64 },
  rank: { wire: 'rank', type: 'string', required: true, max: 8 },
  /** Learned words (the rank's MAST). */
  mast: { wire: 'mast', type: 'int', required: true },
  due: { wire: 'due', type: 'int', required: true },
  overdue: { wire: 'overdue', type: 'int', required: true },
  /** The learner's last step (answer, tick, drill, exam), epoch ms (device clock; 0: never). */
  lastActive: { wire: 'lastActive', type: 'number', required: true },
  /** The app version that wrote it. */
  version: { wire: 'version', type: 'string', required: true, max: 32 },
  /** JSON of SummaryDetail. */
  s: { wire: 's', type: 'string', required: true, max: SUMMARY_DETAIL_MAX },
  /** The server's time of the write: the learner's last sync. */
  syncedAt: { wire: 'syncedAt', type: 'timestamp', required: true },
} as const satisfies Record<string, WireField>;

/** The largest counter a summary carries (the rules bound every int to it). */
export const SUMMARY_COUNT_MAX = 1_000_000;

/**
 * Whether `imo` is an IMO ship identification number: seven digits whose last is the sum of the
 * first six multiplied by 7, 6, 5, 4, 3 and 2, modulo 10 (IMO Resolution A.1078(28)); spaces and
 * an "IMO" prefix are allowed around it.
 */
export function normalizeImo(imo: string): string | null {
  const digits = imo
    .trim()
    .replace(/^IMO\s*/i, '')
    .replace(/\s+/g, '');
  if (!/^[0-9]{7}$/.test(digits)) return null;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(digits[i]) * (7 - i);
  return sum % 10 === Number(digits[6]) ? digits : null;
}

/** A join code as typed: upper case, spaces and dashes dropped; null when it cannot be one. */
export function normalizeJoinCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  return new RegExp(JOIN_CODE_PATTERN).test(code) ? code : null;
}

/** A new random join code (about 40 bits: codes are read by id, never listed). */
export function newJoinCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(JOIN_CODE_LENGTH));
  let code = '';
  for (const byte of bytes) code += JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length];
  return code;
}

/** A join code shown to people: two groups of four. */
export const formatJoinCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What an admin made a user: a training officer of some vessels, or of the whole fleet. */
export interface OfficerGrant {
  vessels: string[];
  fleet: boolean;
}

/** A learner's membership of a vessel as the device holds it. */
export interface FleetMembership {
  vessel: string;
  vesselName: string;
  code: string;
  /** Epoch ms (the server's time of the join). */
  joinedAt: number;
}

/** A vessel as the app holds it. */
export interface Vessel {
  id: string;
  name: string;
  imo: string;
  flag?: string;
  /** The current join code, if one is in force. */
  code?: string;
}

/** A vessel's fields checked before it is written; the reason names the field at fault. */
export type VesselCheck =
  | { ok: true; vessel: Omit<Vessel, 'id' | 'code'> }
  | { ok: false; field: 'name' | 'imo' | 'flag' };

export function checkVessel(input: { name: string; imo: string; flag?: string }): VesselCheck {
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || name.length > VESSEL_FIELDS.name.max)
    return { ok: false, field: 'name' };
  const imo = normalizeImo(input.imo);
  if (!imo) return { ok: false, field: 'imo' };
  const flag = input.flag?.trim() ?? '';
  if (flag.length > VESSEL_FIELDS.flag.max) return { ok: false, field: 'flag' };
  return { ok: true, vessel: { name, imo, ...(flag ? { flag } : {}) } };
}
