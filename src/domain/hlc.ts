/**
 * A hybrid logical clock in one safe integer: `wall ms * 1000 + counter`. A new stamp is
 * `max(last + 1, physical ms * 1000)`: never behind the physical clock when that is ahead, and
 * never behind (nor equal to) any stamp this device has issued or seen, so a device's new entry
 * always sorts after everything it already knew. When more than 1,000 stamps fall in one
 * millisecond the counter carries into the milliseconds, which keeps the order and costs nothing.
 */

/** Stamps at or above this are not clock values (the year 2200); the wire contract refuses them. */
export const HLC_MAX = Date.UTC(2200, 0, 1) * 1000;

/** The next stamp after `last` at physical time `nowMs`. */
export function nextStamp(last: number, nowMs: number): number {
  return Math.max(last + 1, Math.floor(nowMs) * 1000);
}

/** The clock after seeing `seen` stamps from elsewhere: the greatest of them all. */
export function observeStamps(last: number, seen: Iterable<number>): number {
  let clock = last;
  for (const stamp of seen) if (stamp > clock) clock = stamp;
  return clock;
}
