/**
 * An officer's (or admin's) dashboard copy brought up to date from the cloud, reading as little as
 * it can: see refreshCopy.
 */
import type { FleetDashboardMeta } from '@/db/schema';
import type { OfficerGrant, Vessel } from '@/domain/fleet';
import { type CrewRow, readCrewRow } from '@/domain/fleet-summary';
import type { FleetRemote } from './fleet-remote';

/**
 * A new copy of the dashboard from the cloud: the vessels the user oversees, and per vessel the
 * crew documents written after its cursor; a vessel whose count of documents differs from the
 * copy's (someone left) is read whole. Returns the reads it cost (a query that finds nothing
 * costs one, as Firestore bills it).
 */
export async function refreshCopy(
  fleet: FleetRemote,
  userId: string,
  isAdmin: boolean,
  copy: Omit<FleetDashboardMeta, 'key' | 'loadedAt'> | undefined,
): Promise<{
  next: Omit<FleetDashboardMeta, 'key' | 'loadedAt'>;
  reads: number;
  grant: OfficerGrant | null;
}> {
  let reads = 1;
  const grant = await fleet.readOfficer(userId);
  let vessels: Vessel[] = [];
  if (isAdmin || grant?.fleet) {
    vessels = await fleet.listVessels();
    reads += Math.max(1, vessels.length);
  } else if (grant && grant.vessels.length > 0) {
    vessels = await fleet.readVessels(grant.vessels);
    reads += grant.vessels.length;
  }
  const crew: Record<string, CrewRow[]> = {};
  const cursors: Record<string, number> = {};
  for (const vessel of vessels) {
    const before = copy?.crew[vessel.id] ?? [];
    let cursor = copy?.cursors[vessel.id] ?? 0;
    const read = async (after: number) => {
      const docs = await fleet.listCrew(vessel.id, after);
      reads += Math.max(1, docs.length);
      return docs;
    };
    const merge = (rows: Map<string, CrewRow>, docs: Awaited<ReturnType<typeof read>>) => {
      for (const doc of docs) {
        cursor = Math.max(cursor, doc.syncedAt);
        const row = readCrewRow(doc.uid, vessel.id, doc.data, Math.floor(doc.syncedAt / 1000));
        if (row) rows.set(doc.uid, row);
        else rows.delete(doc.uid);
      }
    };
    const rows = new Map(before.map((row) => [row.uid, row]));
    merge(rows, await read(cursor));
    const count = await fleet.countCrew(vessel.id);
    reads += 1;
    if (count !== rows.size) {
      rows.clear();
      cursor = 0;
      merge(rows, await read(0));
    }
    crew[vessel.id] = [...rows.values()];
    cursors[vessel.id] = cursor;
  }
  return { next: { vessels, crew, cursors }, reads, grant };
}
