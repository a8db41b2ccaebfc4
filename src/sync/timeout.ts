/** Time limits for work that might otherwise wait for ever (a request with no answer, a lock never released). */

export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${Math.round(ms / 1000)} s`);
    this.name = 'TimeoutError';
  }
}

/**
 * Settles like `promise`, or rejects with a TimeoutError after `ms`. The work itself is not
 * cancelled (a fetch without a signal cannot be), so callers must tolerate it landing later: the
 * sync engine does (a batch whose commit is in doubt is checked before it is sent again).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}
