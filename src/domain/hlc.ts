/**
 * A hybrid logical clock in one safe integer: `wall ms * 1000 + counter`. A new stamp is
 * `max(last + 1, physical ms * 1000)`: never behind the physical clock when that is ahead, and
 * never behind (nor equal to) any stamp this device has issued or seen, so a device's new entry
 * always sorts after everything it already knew. When more than 1,000 stamps fall in one
 * millisecond the counter carries into the milliseconds, which keeps the order and costs nothing.
 *
 * The bound (the rule docs/cloud-edition.md states). A stamp from elsewhere moves this device's clock at
 * most to STAMP_LEAD_MS past this device's (corrected) physical time, and past the time the cloud
 * received it when that is known. A device whose clock runs a year ahead is still followed, so
 * the answers made after seeing its entries sort after them; a stamp near the year 2200 (a broken
 * clock, a forged import) is not, so it can never push this device's clock, which every account
 * on the device shares, to the ceiling where no new stamp would be valid. A clock found past the
 * bound (poisoned by an earlier version) is pulled back to it the next time it is used.
 */

/** Stamps at or above this are not clock values (the year 2200); the wire contract refuses them. */
export const HLC_MAX = Date.UTC(2200, 0, 1) * 1000;

/** How far ahead of a device's physical time its clock may be moved by stamps it sees: 400 days. */
export const STAMP_LEAD_MS = 400 * 24 * 60 * 60 * 1000;

/** The greatest clock value a device may hold at physical time `nowMs`. */
export function stampBound(nowMs: number): number {
  return Math.min(HLC_MAX - 1, (Math.floor(nowMs) + STAMP_LEAD_MS) * 1000);
}

/** The device clock `last` as it may be used at `nowMs`: pulled back to the bound when past it. */
export function saneClock(last: number, nowMs: number): number {
  return Math.min(last, stampBound(nowMs));
}

/**
 * The next stamp after `last` at physical time `nowMs`. Never at or past the ceiling: a clock that
 * reads the year 2200 or later still makes valid stamps (the last one below the ceiling, sorted
 * among themselves by device and id), so no answer is ever refused for its clock.
 */
export function nextStamp(last: number, nowMs: number): number {
  return Math.min(HLC_MAX - 1, Math.max(saneClock(last, nowMs) + 1, Math.floor(nowMs) * 1000));
}

/** The last wall time an entry may carry (the millisecond before the ceiling). */
export const WALL_MAX = HLC_MAX / 1000 - 1;

/** The wall time of an entry made at physical time `nowMs`: whole ms, below the ceiling. */
export function wallAt(nowMs: number): number {
  return Math.min(Math.floor(nowMs), WALL_MAX);
}

/**
 * Whether an entry's wall time lies within the clock bound of `nowMs` (at most STAMP_LEAD_MS past
 * it): the one check of a wall, where entries are received (`nowMs` is then the cloud's receipt
 * time, or this device's corrected time for a file) and before they are sent. A wall past it (the
 * year 2199, say) would date its answer there for good.
 */
export function wallWithinBound(wall: number, nowMs: number): boolean {
  return wall * 1000 <= stampBound(nowMs);
}

/** A stamp seen elsewhere, with when the cloud received it (epoch ms) if known. */
export interface SeenStamp {
  hlc: number;
  receivedAt?: number | undefined;
}

/**
 * The clock after seeing stamps from elsewhere at physical time `nowMs`: the greatest of them all,
 * each counted at most up to the bound of `nowMs` (and of its receipt time, when known).
 */
export function observeStamps(last: number, seen: Iterable<SeenStamp>, nowMs: number): number {
  let clock = saneClock(last, nowMs);
  const bound = stampBound(nowMs);
  for (const { hlc, receivedAt } of seen) {
    const limit = receivedAt === undefined ? bound : Math.min(bound, stampBound(receivedAt));
    const counted = Math.min(hlc, limit);
    if (counted > clock) clock = counted;
  }
  return clock;
}

/** Whether a stamp lies past the bound of `nowMs`: an unsent entry with one is stamped anew. */
export function isFarAhead(hlc: number, nowMs: number): boolean {
  return !(hlc <= stampBound(nowMs));
}

/** A device clock within this of the cloud's is taken as right (network delays blur the reading). */
export const CLOCK_OFFSET_TOLERANCE_MS = 60_000;

/**
 * How far this device's clock is behind the cloud's (ms to add to it), from one commit: the cloud
 * stamped it `serverMs`, and this device sent it at `sentMs` and heard back at `doneMs` by its own
 * clock, so the true offset lies within [serverMs - doneMs, serverMs - sentMs]. 0 when that range
 * comes within the tolerance of 0; otherwise its middle, to the millisecond.
 */
export function clockOffset(serverMs: number, sentMs: number, doneMs: number): number {
  const low = serverMs - doneMs;
  const high = serverMs - sentMs;
  if (low - CLOCK_OFFSET_TOLERANCE_MS <= 0 && high + CLOCK_OFFSET_TOLERANCE_MS >= 0) return 0;
  return Math.round((low + high) / 2);
}

/**
 * A reading of the device's clocks: the physical time (epoch ms), a monotonic time (ms, which
 * setting the device's clock does not move) and the page or worker whose monotonic clock it is
 * (each has its own, so two readings compare only within one).
 */
export interface ClockReading {
  wall: number;
  mono: number;
  page: number;
}

/** This device's clocks now (`performance`: this page's monotonic clock and its start). */
export function readDeviceClock(): ClockReading {
  return { wall: Date.now(), mono: performance.now(), page: performance.timeOrigin };
}

/**
 * The clock offset in force after a new reading, given the one before it (the rule
 * docs/cloud-edition.md states). Between two readings of one page the physical clock moves as
 * the monotonic one does, unless the device's clock was set:
 * - set back (the physical clock moved less than the monotonic one): the offset takes up what it
 *   lost, so a clock that ran ahead and is set right dates answers right at once (no sleep moves
 *   a clock back);
 * - set forward by its own offset (a clock that ran behind, set right): the offset is dropped;
 * - moved forward by anything else: kept, since some devices' monotonic clocks stop while they
 *   sleep; the next check with the cloud tells.
 */
export function offsetAfterReading(
  offset: number,
  before: ClockReading | undefined,
  now: ClockReading,
): number {
  if (!before || before.page !== now.page) return offset;
  const jump = now.wall - before.wall - (now.mono - before.mono);
  if (Math.abs(jump) <= CLOCK_OFFSET_TOLERANCE_MS) return offset;
  const settled = (value: number) =>
    Math.abs(value) <= CLOCK_OFFSET_TOLERANCE_MS ? 0 : Math.round(value);
  if (jump < 0) return settled(offset - jump);
  return Math.abs(offset - jump) <= CLOCK_OFFSET_TOLERANCE_MS ? 0 : offset;
}

/**
 * The offset after a pull, given the latest time the cloud received any pulled batch and this
 * device's physical time then: the cloud's clock is at least that far on, so an offset that says
 * otherwise (a clock that ran ahead and was set right while the app was closed) is raised to it.
 */
export function offsetAtLeastReceipts(
  offset: number,
  latestReceipt: number,
  nowMs: number,
): number {
  const floor = latestReceipt - nowMs;
  if (offset + CLOCK_OFFSET_TOLERANCE_MS >= floor) return offset;
  return Math.abs(floor) <= CLOCK_OFFSET_TOLERANCE_MS ? 0 : floor;
}
