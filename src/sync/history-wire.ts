/**
 * The cloud form of a history batch: `users/{uid}/history/{batchId}` holds
 * `{ device, count, entries: EntryWire[], syncedAt }` (BATCH_FIELDS). Entries use the one-letter
 * names of ENTRY_FIELDS (a batch of 500 answers is ≈ 40 KB); the user is the path's, and the
 * receipt time is the batch's `syncedAt`.
 */
import type { HistoryEntry } from '@/domain/history';
import { ENTRY_FIELDS, type EntryField } from '@/domain/synced-records';

export const HISTORY_COLLECTION = 'history';

/** One entry in a batch document: the one-letter names of ENTRY_FIELDS. */
export type EntryWire = Record<string, unknown>;

/** The fields of a batch document, without `syncedAt` (set by the server). */
export interface BatchWire {
  device: string;
  count: number;
  entries: EntryWire[];
}

const ENTRY_WIRE = Object.entries(ENTRY_FIELDS) as [EntryField, { wire: string }][];

/** An entry's wire form, field by field from ENTRY_FIELDS; missing optional fields are left out. */
export function toEntryWire(entry: HistoryEntry): EntryWire {
  const wire: EntryWire = {};
  for (const [field, { wire: name }] of ENTRY_WIRE) {
    const value = entry[field];
    if (value === undefined) continue;
    // A snapshot's own missing fields are left out too (Firestore refuses undefined).
    wire[name] =
      field === 'snapshot'
        ? Object.fromEntries(Object.entries(value as object).filter(([, v]) => v !== undefined))
        : value;
  }
  return wire;
}

export function toBatchWire(entries: readonly HistoryEntry[]): BatchWire {
  return {
    device: entries[0]?.device ?? '',
    count: entries.length,
    entries: entries.map(toEntryWire),
  };
}

/**
 * A stored entry back in the domain's field names, with the user and the receipt time filled in,
 * UNCHECKED (whatever the document held): the engine checks every entry against the contract.
 */
export function fromEntryWire(userId: string, receivedAt: number, raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const wire = raw as Record<string, unknown>;
  const entry: Record<string, unknown> = { userId, receivedAt };
  for (const [field, { wire: name }] of ENTRY_WIRE) {
    if (wire[name] !== undefined) entry[field] = wire[name];
  }
  return entry;
}

/** The entries of a batch document's data (an array, or nothing when malformed). */
export function entriesOfBatch(userId: string, receivedAt: number, data: unknown): unknown[] {
  const entries = (data as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return [];
  return entries.map((raw) => fromEntryWire(userId, receivedAt, raw));
}
