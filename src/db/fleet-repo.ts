/**
 * A user's place in the fleet on this device (schema.ts FleetMeta) and an officer's last copy of
 * the dashboard, in the meta store. Every change is a read and a write in one transaction.
 */
import {
  type FleetDashboardMeta,
  type FleetMeta,
  fleetDashboardKey,
  fleetKey,
  type MarineDB,
} from './schema';

export async function getFleetMeta(db: MarineDB, userId: string): Promise<FleetMeta> {
  const record = (await db.get('meta', fleetKey(userId))) as FleetMeta | undefined;
  return record ?? { key: fleetKey(userId) };
}

/** Changes the user's fleet record in one transaction; returns what was stored. */
export async function updateFleetMeta(
  db: MarineDB,
  userId: string,
  change: (record: FleetMeta) => FleetMeta,
): Promise<FleetMeta> {
  const tx = db.transaction('meta', 'readwrite');
  const store = tx.objectStore('meta');
  const key = fleetKey(userId);
  const current = ((await store.get(key)) as FleetMeta | undefined) ?? { key };
  const next = { ...change(current), key };
  await Promise.all([store.put(next), tx.done]);
  return next;
}

export async function getFleetDashboard(
  db: MarineDB,
  userId: string,
): Promise<FleetDashboardMeta | undefined> {
  return (await db.get('meta', fleetDashboardKey(userId))) as FleetDashboardMeta | undefined;
}

export async function putFleetDashboard(
  db: MarineDB,
  userId: string,
  copy: Omit<FleetDashboardMeta, 'key'>,
): Promise<void> {
  await db.put('meta', { ...copy, key: fleetDashboardKey(userId) });
}
