/**
 * An officer's (or admin's) dashboard copy brought up to date from the cloud, reading as little as
 * it can: see refreshCopy.
 */
import type { FleetDashboardMeta } from '@/db/schema';
import type { OfficerGrant, Vessel } from '@/domain/fleet';
import { type CrewRow, readCrewRow } from '@/domain/fleet-summary';
import type { FleetRemote } from './fleet-remote';

/**
 * Vessels read at once: a fleet of 400 is 800 requests or more, which one after another cost 800
 * round trips of a ship's or an office's link.
 */
const VESSELS_AT_ONCE = 8;

/**
 * A new copy of the dashboard from the cloud: the vessels the user oversees, and per vessel the
 * crew documents written after its cursor; a vessel whose count of documents differs from the
 * copy's (someone left) is read whole; a vessel read whole from the start needs no count. Vessels
 * are read VESSELS_AT_ONCE at a time. Returns the reads it cost (a query that finds nothing costs
 * one, as Firestore bills it; a count one per 1,000 documents counted).
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
  const readVessel = async (vessel: Vessel) => {
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
    // From the start (no copy of the vessel yet), the read is the vessel whole.
    const whole = cursor === 0;
    const rows = new Map(whole ? [] : before.map((row) => [row.uid, row]));
    merge(rows, await read(cursor));
    // A vessel just read whole holds exactly the documents there are: nothing to count.
    if (!whole) {
      const count = await fleet.countCrew(vessel.id);
      reads += Math.max(1, Math.ceil(count / 1000));
      if (count !== rows.size) {
        rows.clear();
        cursor = 0;
        merge(rows, await read(0));
      }
    }
    return { rows: [...rows.values()], cursor };
  };
  const results: { rows: CrewRow[]; cursor: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(VESSELS_AT_ONCE, vessels.length) }, async () => {
      while (next < vessels.length) {
        const index = next++;
        results[index] = await readVessel(vessels[index] as Vessel);
      }
    }),
  );
  vessels.forEach((vessel, index) => {
    const result = results[index] as { rows: CrewRow[]; cursor: number };
    crew[vessel.id] = result.rows;
    cursors[vessel.id] = result.cursor;
  });
  return { next: { vessels, crew, cursors }, reads, grant };
}
