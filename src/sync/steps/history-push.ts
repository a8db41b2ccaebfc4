/**
 * Step 3, the push: the unsent entries, grouped into batch documents whose ids are stored before
 * anything is sent. A batch that was sent before without a known outcome (a lost answer, a
 * timeout, a closed tab) is first looked up: if the cloud has it, its entries are marked sent and
 * nothing is written twice. Each batch (at most `entriesPerBatch` entries and
 * HISTORY_BATCH_MAX_CHARS characters) goes in a commit of its own with the account's counter; its
 * entries are marked sent only after that commit succeeded.
 */
import { datingClock, noteClockProbe } from '@/db/device-clock';
import { markSent, type PushBatch, takePushBatches } from '@/db/history-push';
import { entryWireChars, HISTORY_BATCH_MAX_CHARS } from '@/sync/history-wire';
import type { StepResult, SyncContext } from './context';

export async function pushHistory(ctx: SyncContext): Promise<StepResult> {
  const { db, userId, now, clock } = ctx;
  const { store } = ctx.cloud;
  const report = { pushed: 0, commits: 0 };
  // Cut by characters as well as by count: the cloud takes one batch document a commit (with the
  // account's counter), of at most HISTORY_BATCH_MAX_CHARS, so every commit stays far under
  // Firestore's request limit whatever the backlog (61,000 answers were once one commit of 10 MiB).
  const batches = await takePushBatches(db, userId, ctx.entriesPerBatch, now, {
    maxChars: HISTORY_BATCH_MAX_CHARS - 2,
    sizeOf: entryWireChars,
  });
  const toSend: PushBatch[] = [];
  for (const batch of batches) {
    if (batch.inDoubt && (await store.hasHistoryBatch(userId, batch.id))) {
      await markSent(
        db,
        batch.entries.map((entry) => entry.id),
      );
      continue;
    }
    toSend.push(batch);
  }
  // One batch a commit (firestore.rules count each batch with the account's counter in its own
  // commit); each batch's entries are marked sent as soon as its commit succeeded. A batch of
  // entries this device dated carries what their clock reads at the commit (`now`), so every
  // device learns how far off that clock was, even before this device learns it itself.
  const reading = await datingClock(db, clock);
  for (const batch of toSend) {
    const sent = clock();
    const { taught, ...input } = batch;
    // Read last, just before the commit: the time from here to the server's stamp is its error.
    const push = taught === undefined ? input : { ...input, now: reading(taught) };
    await store.pushHistory(userId, [push]);
    const done = clock();
    report.commits++;
    const ids = batch.entries.map((entry) => entry.id);
    await markSent(db, ids);
    report.pushed += ids.length;
    await noteClockProbe(db, { batch: batch.id, sent, done });
  }
  // Sent entries change no word here: the screens have nothing to take in.
  return { changes: [], report };
}
