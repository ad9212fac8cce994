// Workers claim a row by writing `claimedUntil` (a lease), so two never run it at once and a crashed
// one's claim runs out.

/** The where-clause part matching rows nobody holds at `now`: never claimed, or the lease ran out. */
export function leaseFree(now: Date) {
  return { OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] };
}
