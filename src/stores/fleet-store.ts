/**
 * The fleet on this device (cloud edition): the signed-in user's vessel (join by code, leave),
 * an admin's vessels, codes and officers, and an officer's dashboard with its last copy for
 * offline use. Joining needs the network (the code is checked by the cloud); leaving does not
 * (the next sync tells the cloud). Every cloud call has a time limit.
 */
import { create } from 'zustand';
import {
  getFleetDashboard,
  getFleetMeta,
  putFleetDashboard,
  updateFleetMeta,
} from '@/db/fleet-repo';
import { getDB } from '@/db/instance';
import type { FleetDashboardMeta, FleetMeta } from '@/db/schema';
import { REMOTE_CALL_TIMEOUT_MS } from '@/domain/constants';
import {
  checkVessel,
  normalizeJoinCode,
  type OfficerGrant,
  type Vessel,
  type VesselCheck,
} from '@/domain/fleet';
import { firebaseSettings } from '@/firebase/config';
import type { MessageKey } from '@/i18n';
import { refreshCopy } from '@/sync/fleet-refresh';
import type { FleetRemote, JoinCodeInfo, Officer } from '@/sync/fleet-remote';
import { withTimeout } from '@/sync/timeout';
import { useAuthStore } from './auth-store';
import { type SyncErrorKind, syncErrorKind, useSyncStore } from './sync-store';

/** Why a fleet action did not happen, for a message in the user's language. */
export type FleetProblem =
  | SyncErrorKind
  | 'code-format'
  | 'code-unknown'
  | 'code-revoked'
  | 'user-unknown'
  | Extract<VesselCheck, { ok: false }>['field'];

/** The message of a problem; `admin`: an admin's action (its «offline» says no more). */
export function fleetProblemKey(problem: FleetProblem, admin = false): MessageKey {
  if (problem === 'offline') return admin ? 'fleet.problem.offlineAdmin' : 'fleet.problem.offline';
  return `fleet.problem.${problem}`;
}

export type FleetResult<T = void> = { ok: true; value: T } | { ok: false; problem: FleetProblem };

async function fleetRemote(): Promise<FleetRemote> {
  const { loadCloudPart } = await import('@/sync/cloud-remote');
  return loadCloudPart('fleet');
}

/** A cloud call with the time limit, its failure as a problem kind. */
async function call<T>(
  what: string,
  run: (fleet: FleetRemote) => Promise<T>,
): Promise<FleetResult<T>> {
  if (!firebaseSettings()) return { ok: false, problem: 'failed' };
  try {
    const fleet = await withTimeout(fleetRemote(), REMOTE_CALL_TIMEOUT_MS, what);
    return { ok: true, value: await withTimeout(run(fleet), REMOTE_CALL_TIMEOUT_MS, what) };
  } catch (error) {
    console.warn(`${what} failed`, error);
    return { ok: false, problem: syncErrorKind(error) ?? 'failed' };
  }
}

const signedIn = () => useAuthStore.getState().user;

export interface FleetState {
  userId: string | null;
  /** The user's fleet record on this device. */
  meta: FleetMeta | null;
  /** An admin's vessels and officers, as last listed. */
  vessels: Vessel[];
  officers: Officer[];
  /** The officer's dashboard copy (from the device, then refreshed). */
  dashboard: FleetDashboardMeta | null;
  refreshing: boolean;

  load(userId: string): Promise<void>;
  lookupCode(typed: string): Promise<FleetResult<JoinCodeInfo>>;
  join(info: JoinCodeInfo): Promise<FleetResult>;
  leave(): Promise<FleetResult<'sent' | 'queued'>>;

  loadAdmin(): Promise<FleetResult>;
  createVessel(input: { name: string; imo: string; flag?: string }): Promise<FleetResult<Vessel>>;
  renewCode(vessel: Vessel, revokeOnly?: boolean): Promise<FleetResult<Vessel>>;
  grantOfficer(email: string, grant: OfficerGrant): Promise<FleetResult<Officer>>;
  setOfficer(officer: Officer): Promise<FleetResult>;

  loadDashboard(): Promise<void>;
  refreshDashboard(now?: number): Promise<FleetResult<{ reads: number }>>;
}

export const useFleetStore = create<FleetState>()((set, get) => ({
  userId: null,
  meta: null,
  vessels: [],
  officers: [],
  dashboard: null,
  refreshing: false,

  async load(userId) {
    const meta = await getFleetMeta(await getDB(), userId);
    set({ userId, meta });
  },

  async lookupCode(typed) {
    const code = normalizeJoinCode(typed);
    if (!code) return { ok: false, problem: 'code-format' };
    const found = await call('Reading the join code', (fleet) => fleet.readJoinCode(code));
    if (!found.ok) return found;
    if (!found.value) return { ok: false, problem: 'code-unknown' };
    if (found.value.revoked) return { ok: false, problem: 'code-revoked' };
    return { ok: true, value: found.value };
  },

  async join(info) {
    const user = signedIn();
    if (!user) return { ok: false, problem: 'denied' };
    const db = await getDB();
    // The vessel left with the join is the one the cloud holds (a leave not yet sent goes too).
    const joined = await call('Joining the vessel', async (fleet) => {
      const { joinVesselFromCloud } = await import('@/sync/fleet-sync');
      await joinVesselFromCloud(fleet, user.id, {
        vessel: info.vessel,
        vesselName: info.vesselName,
        code: info.code,
      });
    });
    if (!joined.ok) {
      // A code revoked between the look-up and the join is refused by the rules.
      return joined.problem === 'denied' ? { ok: false, problem: 'code-revoked' } : joined;
    }
    const meta = await updateFleetMeta(db, user.id, ({ written: _w, leaving: _l, ...rest }) => ({
      ...rest,
      changes: (rest.changes ?? 0) + 1,
      membership: {
        vessel: info.vessel,
        vesselName: info.vesselName,
        code: info.code,
        joinedAt: Date.now(),
      },
    }));
    set({ userId: user.id, meta });
    // The summary goes at once (a join is written without waiting).
    void useSyncStore.getState().syncNow();
    return { ok: true, value: undefined };
  },

  async leave() {
    const user = signedIn();
    const db = await getDB();
    if (!user) return { ok: false, problem: 'denied' };
    const vessel = (await getFleetMeta(db, user.id)).membership?.vessel;
    if (!vessel) return { ok: true, value: 'sent' };
    // Off the device at once; the cloud is told now, or by the next sync.
    let meta = await updateFleetMeta(db, user.id, ({ membership: _m, written: _w, ...rest }) => ({
      ...rest,
      changes: (rest.changes ?? 0) + 1,
      leaving: vessel,
    }));
    set({ meta });
    const sent = await call('Leaving the vessel', (fleet) => fleet.leaveVessel(user.id, vessel));
    if (!sent.ok) return { ok: true, value: 'queued' };
    meta = await updateFleetMeta(db, user.id, ({ leaving, ...rest }) =>
      leaving === vessel ? rest : { ...rest, ...(leaving ? { leaving } : {}) },
    );
    set({ meta });
    return { ok: true, value: 'sent' };
  },

  async loadAdmin() {
    const listed = await call('Listing the vessels', (fleet) =>
      Promise.all([fleet.listVessels(), fleet.listOfficers()]),
    );
    if (!listed.ok) return listed;
    const [vessels, officers] = listed.value;
    set({ vessels, officers });
    return { ok: true, value: undefined };
  },

  async createVessel(input) {
    const user = signedIn();
    if (!user) return { ok: false, problem: 'denied' };
    const checked = checkVessel(input);
    if (!checked.ok) return { ok: false, problem: checked.field };
    const created = await call('Creating the vessel', (fleet) =>
      fleet.createVessel(checked.vessel, user.id),
    );
    if (created.ok) {
      set({
        vessels: [...get().vessels, created.value].sort((a, b) => a.name.localeCompare(b.name)),
      });
    }
    return created;
  },

  async renewCode(vessel, revokeOnly = false) {
    const user = signedIn();
    if (!user) return { ok: false, problem: 'denied' };
    const renewed = await call('Renewing the join code', (fleet) =>
      fleet.renewCode(vessel, user.id, revokeOnly),
    );
    if (renewed.ok) {
      set({ vessels: get().vessels.map((v) => (v.id === vessel.id ? renewed.value : v)) });
    }
    return renewed;
  },

  async grantOfficer(email, grant) {
    const found = await call('Finding the user', (fleet) => fleet.findUser(email));
    if (!found.ok) return found;
    if (!found.value) return { ok: false, problem: 'user-unknown' };
    const officer: Officer = {
      uid: found.value.uid,
      email: found.value.email,
      ...(found.value.name ? { name: found.value.name } : {}),
      ...grant,
    };
    const saved = await get().setOfficer(officer);
    return saved.ok ? { ok: true, value: officer } : saved;
  },

  async setOfficer(officer) {
    const user = signedIn();
    if (!user) return { ok: false, problem: 'denied' };
    const saved = await call('Saving the officer', (fleet) => fleet.setOfficer(officer, user.id));
    if (!saved.ok) return saved;
    const others = get().officers.filter((o) => o.uid !== officer.uid);
    const keep = officer.fleet || officer.vessels.length > 0;
    set({ officers: keep ? [...others, officer] : others });
    return { ok: true, value: undefined };
  },

  async loadDashboard() {
    const user = signedIn();
    if (!user) return;
    const dashboard = (await getFleetDashboard(await getDB(), user.id)) ?? null;
    const meta = await getFleetMeta(await getDB(), user.id);
    set({ userId: user.id, meta, dashboard });
  },

  async refreshDashboard(now = Date.now()) {
    const user = signedIn();
    if (!user) return { ok: false, problem: 'denied' };
    set({ refreshing: true });
    try {
      const db = await getDB();
      const copy = await getFleetDashboard(db, user.id);
      const refreshed = await call('Refreshing the dashboard', (fleet) =>
        refreshCopy(fleet, user.id, user.isAdmin, copy),
      );
      if (!refreshed.ok) return refreshed;
      const { next, reads, grant } = refreshed.value;
      const saved = { ...next, loadedAt: now };
      await putFleetDashboard(db, user.id, saved);
      const meta = await updateFleetMeta(db, user.id, (record) => ({ ...record, officer: grant }));
      set({ dashboard: { ...saved, key: '' }, meta });
      return { ok: true, value: { reads } };
    } finally {
      set({ refreshing: false });
    }
  },
}));
