/**
 * The cloud form of a history batch: `users/{uid}/history/{batchId}` holds
 * `{ device, count, entries: EntryWire[], syncedAt }`. Entries use one-letter keys (a batch of 500
 * answers is ≈ 40 KB); the user is the path's, and the receipt time is the batch's `syncedAt`.
 */
import type { HistoryEntry } from '@/domain/history';

export const HISTORY_COLLECTION = 'history';

/** One entry in a batch document. */
export interface EntryWire {
  /** id */
  i: string;
  /** vocabId */
  v: string;
  /** kind */
  k: string;
  /** correct (answers) */
  c?: boolean;
  /** mode (answers) */
  m?: string;
  /** hlc */
  h: number;
  /** wall */
  w: number;
  /** device */
  d: string;
  /** snapshot (baselines) */
  s?: Record<string, unknown>;
}

/** The fields of a batch document, without `syncedAt` (set by the server). */
export interface BatchWire {
  device: string;
  count: number;
  entries: EntryWire[];
}

export function toEntryWire(entry: HistoryEntry): EntryWire {
  const wire: EntryWire = {
    i: entry.id,
    v: entry.vocabId,
    k: entry.kind,
    h: entry.hlc,
    w: entry.wall,
    d: entry.device,
  };
  if (entry.correct !== undefined) wire.c = entry.correct;
  if (entry.mode !== undefined) wire.m = entry.mode;
  if (entry.snapshot !== undefined) {
    const snapshot: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entry.snapshot)) {
      if (value !== undefined) snapshot[key] = value;
    }
    wire.s = snapshot;
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
  return {
    id: wire.i,
    userId,
    vocabId: wire.v,
    kind: wire.k,
    ...(wire.c === undefined ? {} : { correct: wire.c }),
    ...(wire.m === undefined ? {} : { mode: wire.m }),
    hlc: wire.h,
    wall: wire.w,
    device: wire.d,
    receivedAt,
    ...(wire.s === undefined ? {} : { snapshot: wire.s }),
  };
}

/** The entries of a batch document's data (an array, or nothing when malformed). */
export function entriesOfBatch(userId: string, receivedAt: number, data: unknown): unknown[] {
  const entries = (data as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(entries)) return [];
  return entries.map((raw) => fromEntryWire(userId, receivedAt, raw));
}
