// Workers claim a row by writing `claimedUntil` (a lease), so two never run it at once and a crashed
// one's claim runs out.

/** The where-clause part matching rows nobody holds at `now`: never claimed, or the lease ran out. */
export function leaseFree(now: Date) {
  return { OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] };
}

/**
 * How long a runner holds a row it works on: long enough for the calls one step makes (twice the
 * call timeout), short enough that a crashed runner's rows are picked up again soon after a restart.
 */
export function leaseMsFor(callTimeoutMs: number): number {
  return Math.max(30_000, 2 * callTimeoutMs + 5_000);
}
