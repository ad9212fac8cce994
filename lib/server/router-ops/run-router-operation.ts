// Runs one pending router operation a step further: claim it (a lease, so two runners never run the
// same one), let its kind's runner talk to the adapter or verify the proof, then record the outcome
// with a conditional write. Still pending → due again after a backoff; finished → its effects and
// its completion commit together. Past its deadline an operation fails rather than wait forever.
import { isRouterOperationKind, retryDelayMs, ROUTER_ERROR_CODES, type RouterOperationKind } from "@/lib/domain/router-operations";
import { env } from "@/lib/env";
import type { RouterOperation } from "@/lib/generated/prisma/client";
import { db } from "@/lib/server/db/client";
import { retryingLostRaces } from "@/lib/server/db/lost-races";
import { dbNow, sqlDb } from "@/lib/server/db/sql";
import { duePendingRows, leaseFree, leaseMsFor } from "@/lib/server/escrow/lease";
import { logger } from "@/lib/server/log";
import type { Completion } from "./completion";
import { RUNNERS } from "./runners";

const MESSAGE_MAX_CHARS = 2_000;

async function claim(cid: string, now: Date): Promise<RouterOperation | null> {
  const { count } = await db.routerOperation.updateMany({
    where: { id: cid, status: "pending", dueAt: { not: null }, ...leaseFree(now) },
    data: { claimedUntil: new Date(now.getTime() + leaseMsFor(env.ROUTER_ADAPTER_TIMEOUT_MS)), attempts: { increment: 1 } },
  });
  return count === 1 ? db.routerOperation.findUnique({ where: { id: cid } }) : null;
}

function pastDeadline(op: RouterOperation, now: Date): boolean {
  return now.getTime() - op.createdAt.getTime() > env.ROUTER_OPERATION_DEADLINE_SECONDS * 1000;
}

async function decide(op: RouterOperation, kind: RouterOperationKind): Promise<Completion> {
  try {
    return await RUNNERS[kind](op);
  } catch (error) {
    // A fault of ours (the database, a bug): try again later, and say why in the log and the row.
    logger.error({ err: error, cid: op.id, kind }, "router operation: run failed; it will be retried");
    return { status: "pending", reason: error instanceof Error ? error.message : String(error) };
  }
}

async function record(op: RouterOperation, kind: RouterOperationKind, outcome: Completion, now: Date): Promise<void> {
  if (outcome.status === "pending") {
    if (pastDeadline(op, now)) {
      const message = `no answer within ${env.ROUTER_OPERATION_DEADLINE_SECONDS} s: ${outcome.reason}`;
      return record(op, kind, { status: "failed", message }, now);
    }
    await db.routerOperation.updateMany({
      where: { id: op.id, status: "pending" },
      data: {
        claimedUntil: null,
        dueAt: new Date(now.getTime() + retryDelayMs(op.attempts)),
        lastError: outcome.reason.slice(0, MESSAGE_MAX_CHARS),
        ...(outcome.remoteCid ? { remoteCid: outcome.remoteCid } : {}),
      },
    });
    return;
  }
  // Its effects (a payout's debit of a holding a trade or an import changes at the same moment) may
  // lose a race on PostgreSQL: the whole transaction is begun again, its completion still conditional.
  await retryingLostRaces(
    () =>
      db.$transaction(async (tx) => {
        const finished =
          outcome.status === "succeeded"
            ? { status: "succeeded", response: JSON.stringify(outcome.response) }
            : { status: "failed", errorCode: outcome.code ?? ROUTER_ERROR_CODES[kind], errorMessage: outcome.message.slice(0, MESSAGE_MAX_CHARS) };
        const { count } = await tx.routerOperation.updateMany({
          where: { id: op.id, status: "pending" },
          data: { ...finished, completedAt: now, claimedUntil: null, dueAt: null },
        });
        if (count !== 1) return;
        await outcome.effect?.(tx, op);
      }),
    { what: `router operation ${op.id}` },
  );
  const log = logger.child({ cid: op.id, kind, attempts: op.attempts });
  if (outcome.status === "failed") log.warn({ reason: outcome.message }, "router operation failed");
  else log.info("router operation succeeded");
}

/** Runs the operation if it is due and nobody else holds it; answers it as it is afterwards. */
export async function runRouterOperation(cid: string): Promise<RouterOperation | null> {
  const now = new Date();
  const op = await claim(cid, now);
  if (op) {
    if (!isRouterOperationKind(op.kind)) {
      await record(op, "deposit", { status: "failed", message: `unknown operation kind ${op.kind}`, code: 0 }, now);
    } else {
      await record(op, op.kind, await decide(op, op.kind), new Date());
    }
  }
  return db.routerOperation.findUnique({ where: { id: cid } });
}

const dueOperations = duePendingRows("RouterOperation");

/** Operations the worker should run now: pending, due, and held by nobody. */
export async function dueRouterOperationIds(limit: number): Promise<string[]> {
  const rows = await dueOperations.all(sqlDb, { now: dbNow(), limit });
  return rows.map((r) => r.id);
}
