/**
 * This device's record: its id, its hybrid logical clock and the offset the cloud's clock taught
 * it (a push's probe, a pull's receipts), and how the clock dates what this device records.
 */

import {
  type ClockReading,
  clockOffset,
  offsetAfterReading,
  offsetAtLeastReceipts,
} from '@/domain/hlc';
import { newId } from '@/domain/ids';
import type { DeviceRecord, MarineDB } from './schema';

/** The key of this device's one record in the device table. */
export const DEVICE_KEY = 'device';

type DeviceStore = {
  get(key: string): Promise<DeviceRecord | undefined>;
  put(value: DeviceRecord): Promise<unknown>;
};

/** This device's record, created on first use (a database made by a test seeds none). */
export async function deviceIn(store: DeviceStore): Promise<DeviceRecord> {
  const stored = await store.get(DEVICE_KEY);
  return stored ?? { key: DEVICE_KEY, id: newId(), hlc: 0 };
}

/** This device's id (created and stored on first use). */
export async function deviceId(db: MarineDB): Promise<string> {
  const tx = db.transaction('device', 'readwrite');
  const device = await deviceIn(tx.store);
  await tx.store.put(device);
  await tx.done;
  return device.id;
}

/** The device record after a reading of its clocks: the offset moved if the clock was set. */
export function withReading(device: DeviceRecord, reading: ClockReading): DeviceRecord {
  const { offset: _old, ...rest } = device;
  const offset = offsetAfterReading(device.offset ?? 0, device.reading, reading);
  return offset === 0 ? { ...rest, reading } : { ...rest, offset, reading };
}

/** The device's physical time `nowMs` corrected by the offset learned from the cloud. */
export function correctedNow(device: DeviceRecord, nowMs: number): number {
  return Math.floor(nowMs) + (device.offset ?? 0);
}

/**
 * How to read, at a push, the clock that dated the entries of a batch (`PushBatch.taught`): the
 * physical clock `clock()` corrected by the offset now, less what the cloud taught the clock
 * since they were dated. An entry made before the device learned its offset is thus sent with
 * the reading of the uncorrected clock that dated it, and the batch's receipt time minus that
 * reading is exactly the correction it needs; one made under the offset needs none.
 */
export async function datingClock(
  db: MarineDB,
  clock: () => number,
): Promise<(taught: number) => number> {
  const device = await db.get('device', DEVICE_KEY);
  const offset = device?.offset ?? 0;
  const taughtNow = device?.taught ?? 0;
  return (taught) => clock() + offset - (taughtNow - taught);
}

/** Notes the batch a push just committed, with when it was sent and answered (physical clock). */
export async function noteClockProbe(
  db: MarineDB,
  probe: NonNullable<DeviceRecord['probe']>,
): Promise<void> {
  const tx = db.transaction('device', 'readwrite');
  const device = await deviceIn(tx.store);
  await Promise.all([tx.store.put({ ...device, probe }), tx.done]);
}

/**
 * A pulled page's batches with their server times: when the batch of the last probe is among
 * them, the device's clock offset is learned from it (domain/hlc `clockOffset`) and the probe
 * used up. Given this device's physical time of the pull (`nowMs`), an offset that puts its
 * corrected clock before the latest of those server times is raised to it (`offsetAtLeastReceipts`:
 * a clock that ran ahead and was set right while the app was closed). Returns the offset now in
 * force.
 */
export async function learnClockOffset(
  db: MarineDB,
  batches: readonly { id: string; receivedAt: number }[],
  nowMs?: number,
): Promise<number> {
  const tx = db.transaction('device', 'readwrite');
  const device = await deviceIn(tx.store);
  const probe = device.probe;
  const back = probe && batches.find((batch) => batch.id === probe.batch);
  const learned = probe && back ? clockOffset(back.receivedAt, probe.sent, probe.done) : undefined;
  const latest = Math.max(...batches.map((batch) => batch.receivedAt));
  const offset =
    nowMs === undefined || batches.length === 0
      ? (learned ?? device.offset ?? 0)
      : offsetAtLeastReceipts(learned ?? device.offset ?? 0, latest, nowMs);
  if (learned === undefined && offset === (device.offset ?? 0)) {
    await tx.done;
    return offset;
  }
  const { probe: _used, offset: _old, taught: _taught, ...rest } = device;
  const next: DeviceRecord = learned === undefined && probe ? { ...rest, probe } : rest;
  // What the probe taught is a jump of the corrected clock; raising the offset to the receipts
  // only takes up the physical clock having been set back, so it is not counted.
  const taught =
    (device.taught ?? 0) + (learned === undefined ? 0 : learned - (device.offset ?? 0));
  if (taught !== 0) next.taught = taught;
  await Promise.all([tx.store.put(offset === 0 ? next : { ...next, offset }), tx.done]);
  return offset;
}
