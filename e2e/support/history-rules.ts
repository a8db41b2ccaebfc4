/**
 * firestore.rules' account counter of the answer history for the Firestore REST test server
 * (`countedBatch` and `validCounter`), from the same table and bounds the clients write by
 * (src/sync/history-wire.ts). `lookup` reads a document as it stands before the commit (get(),
 * exists()), `lookupAfter` as it stands after the whole commit (getAfter(), existsAfter()).
 */
import { DOCUMENT_ID_PATTERN } from '../../src/domain/synced-records';
import {
  BATCH_DOCUMENT_FIELDS,
  charCount,
  HISTORY_ACCOUNT_MAX_BATCHES,
  HISTORY_ACCOUNT_MAX_BYTES,
  HISTORY_COLLECTION,
  HISTORY_COUNTER_COLLECTION,
  HISTORY_COUNTER_FIELDS,
  HISTORY_COUNTER_ID,
} from '../../src/sync/history-wire';
import type { FsValue } from './firestore-rest-server';
import type { Lookup } from './fleet-rules';

type Fields = Record<string, FsValue>;

const DOCUMENT_ID = new RegExp(DOCUMENT_ID_PATTERN);
const { batches, bytes, last } = HISTORY_COUNTER_FIELDS;

/** `users/{uid}/meta/history`: the account's history counter. */
export function isHistoryCounter(path: string): boolean {
  const [users, , collection, id, ...rest] = path.split('/');
  return (
    users === 'users' &&
    collection === HISTORY_COUNTER_COLLECTION &&
    id === HISTORY_COUNTER_ID &&
    rest.length === 0
  );
}

function counterPath(uid: string): string {
  return `users/${uid}/${HISTORY_COUNTER_COLLECTION}/${HISTORY_COUNTER_ID}`;
}

/** An integer field (`is int`), or undefined. */
function intOf(fields: Fields | undefined, name: string): number | undefined {
  const value = fields?.[name]?.integerValue;
  return value === undefined ? undefined : Number(value);
}

/**
 * `countedBatch(uid, batchId, data)`: the counter after the commit names this batch, has grown
 * by exactly one batch and at least its characters of `e` since before the commit (0 when there
 * was no counter), and stays within the account's bounds.
 */
export function batchCounted(
  path: string,
  fields: Fields,
  lookup: Lookup,
  lookupAfter: Lookup,
): boolean {
  const [, uid = '', , batchId] = path.split('/');
  const after = lookupAfter(counterPath(uid));
  if (!after) return false;
  const before = lookup(counterPath(uid));
  const countedBefore = (name: string) => (before ? intOf(before, name) : 0);
  const n = intOf(after, batches.wire);
  const c = intOf(after, bytes.wire);
  const text = fields[BATCH_DOCUMENT_FIELDS.entries.wire]?.stringValue ?? '';
  const nBefore = countedBefore(batches.wire);
  const cBefore = countedBefore(bytes.wire);
  return (
    after[last.wire]?.stringValue === batchId &&
    n !== undefined &&
    c !== undefined &&
    nBefore !== undefined &&
    cBefore !== undefined &&
    n === nBefore + 1 &&
    c >= cBefore + charCount(text) &&
    n <= HISTORY_ACCOUNT_MAX_BATCHES &&
    c <= HISTORY_ACCOUNT_MAX_BYTES
  );
}

/**
 * `validCounter(uid, data)`: the counter's fields only, integers and a batch id, and the batch it
 * names new in this very commit (whose own rule checks the step).
 */
export function counterValid(path: string, fields: Fields, lookup: Lookup, lookupAfter: Lookup) {
  const uid = path.split('/')[1] ?? '';
  const names = Object.keys(fields);
  const wanted: string[] = [batches.wire, bytes.wire, last.wire];
  if (names.length !== wanted.length || !names.every((name) => wanted.includes(name))) {
    return false;
  }
  const named = fields[last.wire]?.stringValue;
  if (intOf(fields, batches.wire) === undefined || intOf(fields, bytes.wire) === undefined) {
    return false;
  }
  if (named === undefined || !DOCUMENT_ID.test(named)) return false;
  const batchPath = `users/${uid}/${HISTORY_COLLECTION}/${named}`;
  return lookup(batchPath) === undefined && lookupAfter(batchPath) !== undefined;
}
