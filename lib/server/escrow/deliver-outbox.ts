// Delivers the escrow organization's reports to the router after they commit: each outbox row is
// claimed (a lease, so two deliverers never send the same one at once), sent, and marked delivered.
// A router that is not there yet, down or busy is tried again with a growing delay; an answer that
// says the report itself is wrong parks it as dead, logged for the operator.
import { db } from "@/lib/server/db/client";
import { dbDate, prepared, sqlDb } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";
import { leaseFree, unclaimedAt } from "./lease";
import { LEDGER_IMPORT_OUTBOX_KIND } from "./credit-incoming-funds";
import { callRouter } from "./router-client";

const LEASE_MS = 30_000;
const BACKOFF_MAX_MS = 5 * 60_000;
const BATCH = 20;
const DEAD_STATUSES = new Set([400, 409, 413, 422]);

// Asked every interval of the escrow worker, so prepared (as lease.ts says of duePendingRows). Oldest
// first; the index on (status, nextAttemptAt) finds them.
const dueReports = prepared((db, a: { now: string; limit: number }) =>
  db
    .selectFrom("EscrowOutbox")
    .select("id")
    .where("status", "=", "pending")
    .where("nextAttemptAt", "<=", a.now)
    .where(unclaimedAt(a.now))
    .orderBy("createdAt", "asc")
    .limit(a.limit),
);

function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, 1000 * 2 ** Math.min(attempts, 12));
}

async function deliverOne(id: string, now: Date): Promise<void> {
  const { count } = await db.escrowOutbox.updateMany({
    where: { id, status: "pending", ...leaseFree(now) },
    data: { claimedUntil: new Date(now.getTime() + LEASE_MS), attempts: { increment: 1 } },
  });
  if (count !== 1) return;
  const row = await db.escrowOutbox.findUniqueOrThrow({ where: { id } });
  const log = logger.child({ outbox: id, kind: row.kind, attempt: row.attempts });
  let outcome: { status: "delivered" } | { status: "dead" | "pending"; error: string };
  try {
    if (row.kind !== LEDGER_IMPORT_OUTBOX_KIND) throw new Error(`unknown outbox kind ${row.kind}`);
    const answer = await callRouter("POST", "/ledger/transaction/import", JSON.parse(row.payload));
    if (answer.status >= 200 && answer.status < 300) outcome = { status: "delivered" };
    else {
      const error = `the router answered ${answer.status}: ${answer.text.slice(0, 500)}`;
      outcome = { status: DEAD_STATUSES.has(answer.status) ? "dead" : "pending", error };
    }
  } catch (error) {
    outcome = { status: "pending", error: `the router could not be reached: ${(error as Error).message}` };
  }
  if (outcome.status === "delivered") {
    await db.escrowOutbox.update({ where: { id }, data: { status: "delivered", deliveredAt: new Date(), claimedUntil: null, lastError: null } });
    log.info("escrow: report delivered to the router");
    return;
  }
  const retryAt = new Date(Date.now() + backoffMs(row.attempts));
  await db.escrowOutbox.update({
    where: { id },
    data: { status: outcome.status, lastError: outcome.error, claimedUntil: null, nextAttemptAt: retryAt },
  });
  if (outcome.status === "dead") log.error({ reason: outcome.error }, "escrow: the router refused a report; it will not be sent again");
  else log.warn({ reason: outcome.error, retryAt }, "escrow: report not delivered yet; will retry");
}

export async function deliverOutbox(): Promise<void> {
  const now = new Date();
  const due = await dueReports.all(sqlDb, { now: dbDate(now), limit: BATCH });
  for (const { id } of due) await deliverOne(id, now);
}
