// Workers claim a row by writing `claimedUntil` (a lease), so two never run it at once and a crashed
// one's claim runs out.
import type { ExpressionBuilder } from "kysely";
import { prepared, type DB } from "@/lib/server/db/sql";

/** The where-clause part matching rows nobody holds at `now`: never claimed, or the lease ran out. */
export function leaseFree(now: Date) {
  return { OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] };
}

/** The tables whose rows workers lease. */
type LeasedTable = "Plan" | "EscrowOperation" | "RouterOperation" | "EscrowOutbox";

/** `leaseFree` for the typed-SQL path: a where-clause for rows nobody holds at `now` (a DateTime text, dbDate). */
export function unclaimedAt(now: string) {
  return (eb: ExpressionBuilder<DB, LeasedTable>) => eb.or([eb("claimedUntil", "is", null), eb("claimedUntil", "<", now)]);
}

/**
 * How long a runner holds a row it works on: long enough for the calls one step makes (twice the
 * call timeout), short enough that a crashed runner's rows are picked up again soon after a restart.
 */
export function leaseMsFor(callTimeoutMs: number): number {
  return Math.max(30_000, 2 * callTimeoutMs + 5_000);
}

/**
 * The pending rows of an operations table that a worker should run now: due, held by nobody, the
 * longest due first. Workers ask every interval (four times a second by default), so this is a
 * prepared statement; through Prisma's query compiler it cost about a millisecond of CPU a call.
 */
export function duePendingRows(table: "EscrowOperation" | "RouterOperation") {
  return prepared((db, a: { now: string; limit: number }) =>
    db
      .selectFrom(table)
      .select("id")
      .where("status", "=", "pending")
      .where("dueAt", "<=", a.now)
      .where(unclaimedAt(a.now))
      .orderBy("dueAt", "asc")
      .limit(a.limit),
  );
}
