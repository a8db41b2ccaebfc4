/**
 * The FleetRemote port: the cloud calls of vessels, join codes, memberships, training officers
 * and crew summaries (documents in domain/fleet.ts). The Firestore Lite adapter
 * (firestore-fleet.ts) implements it; the rules decide who may make each call.
 */
import type { FleetMembership, OfficerGrant, Vessel } from '@/domain/fleet';

export type { OfficerGrant };

export interface JoinCodeInfo {
  code: string;
  vessel: string;
  vesselName: string;
  revoked: boolean;
}

export interface MembershipInput {
  vessel: string;
  vesselName: string;
  code: string;
}

export interface Officer extends OfficerGrant {
  uid: string;
  email?: string;
  name?: string;
}

/** A crew document as read: its fields unchecked (the reader checks them). */
export interface PulledCrewDoc {
  uid: string;
  data: Record<string, unknown>;
  /** `syncedAt`, epoch microseconds. */
  syncedAt: number;
}

export interface FoundUser {
  uid: string;
  email: string;
  name?: string;
}

export interface FleetRemote {
  // -- a crew member --
  /** The code's document, or null when there is none. */
  readJoinCode(code: string): Promise<JoinCodeInfo | null>;
  /**
   * Joins a vessel (the membership, dated by the server, and the vessel pointer set to it); with
   * `leave`, leaves that vessel in the same commit (its membership dated, its summary removed).
   */
  joinVessel(uid: string, join: MembershipInput, leave?: string): Promise<void>;
  /**
   * Leaves a vessel: the membership dated by the server, the summary removed and the vessel
   * pointer cleared, one commit.
   */
  leaveVessel(uid: string, vessel: string): Promise<void>;
  /**
   * Writes the member's summary (`syncedAt` the server time); with `setActive`, sets the vessel
   * pointer to this vessel in the same commit (a membership an older version joined has none).
   */
  writeCrewSummary(
    uid: string,
    vessel: string,
    fields: Record<string, unknown>,
    setActive?: boolean,
  ): Promise<void>;
  /** The user's current membership (the newest without a leave date), or null. */
  readMembership(uid: string): Promise<FleetMembership | null>;
  /** The user's own officer document, or null. */
  readOfficer(uid: string): Promise<OfficerGrant | null>;

  // -- an admin --
  listVessels(): Promise<Vessel[]>;
  /** Creates a vessel with a new join code, one commit. */
  createVessel(vessel: Omit<Vessel, 'id' | 'code'>, by: string): Promise<Vessel>;
  /** Revokes the vessel's code (if any) and, unless `revokeOnly`, gives it a new one. */
  renewCode(vessel: Vessel, by: string, revokeOnly?: boolean): Promise<Vessel>;
  /**
   * The one user whose account verified this e-mail (profiles are readable by admins), or null:
   * an officer's grant goes to that uid, and holds only while their token carries the address.
   */
  findUser(email: string): Promise<FoundUser | null>;
  listOfficers(): Promise<Officer[]>;
  /** Makes `officer.uid` an officer with these rights; none at all removes the document. */
  setOfficer(officer: Officer, by: string): Promise<void>;

  // -- an officer (or admin) --
  /** The vessels of these ids that exist. */
  readVessels(ids: readonly string[]): Promise<Vessel[]>;
  /** A vessel's crew documents written after `after` (epoch microseconds; 0 for all). */
  listCrew(vessel: string, after: number): Promise<PulledCrewDoc[]>;
  /** How many crew documents a vessel has (an aggregation: one read). */
  countCrew(vessel: string): Promise<number>;
}
