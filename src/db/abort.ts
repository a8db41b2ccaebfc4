/** Ending a transaction whose work failed, without a second, unobserved rejection. */

/**
 * Aborts a transaction that may already have finished or aborted. The abort is reported by the
 * caller's own rejection, so the transaction's `done` promise is silenced.
 */
export function abortQuietly(tx: { abort(): void; done: Promise<void> }): void {
  tx.done.catch(() => undefined);
  try {
    tx.abort();
  } catch {
    // Already finished or aborted.
  }
}
