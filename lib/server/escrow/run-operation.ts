// Runs one pending escrow operation to completion: claim it (a lease, so two runners never run the
// same one), check outside the database, then write its effects and its completion in one
// transaction whose completion is a conditional write (pending → succeeded). A refusal completes it
// as failed with the kind's Code, nothing else written, and its keys and signature given back; a fault leaves it pending with a backoff
// for the worker; a lost race on an account is retried at once.
import { Prisma, type EscrowOperation } from "@/lib/generated/prisma/client";
import { ESCROW_ERROR_CODES, isEscrowOperationKind } from "@/lib/domain/escrow/operation-kinds";
import { db } from "@/lib/server/db/client";
import { logger } from "@/lib/server/log";
import { leaseFree } from "./lease";
import { ConcurrentUpdate, OperationRefusal } from "./errors";
import { RetryLater, type AnyOperationDefinition } from "./operation-definition";
import { OPERATIONS } from "./operations";

const LEASE_MS = 30_000;
const CONFLICT_RETRIES = 8;
const BACKOFF_MAX_MS = 60_000;
const MESSAGE_MAX_CHARS = 2_000;

function isRetryableDatabaseError(error: unknown): boolean {
  if (error instanceof ConcurrentUpdate) return true;
  // P2002: two first postings raced to open the same account; P2034: a write conflict or deadlock.
  return error instanceof Prisma.PrismaClientKnownRequestError && (error.code === "P2002" || error.code === "P2034");
}

/** `known`: the row as its caller just read or wrote it, so a won claim need not read it again. */
async function claim(cid: string, now: Date, known?: EscrowOperation): Promise<EscrowOperation | null> {
  const claimedUntil = new Date(now.getTime() + LEASE_MS);
  const { count } = await db.escrowOperation.updateMany({
    where: { id: cid, status: "pending", ...leaseFree(now) },
    data: { claimedUntil, attempts: { increment: 1 } },
  });
  if (count !== 1) return null;
  // The conditional write proved the row pending and unclaimed; it changed exactly these two fields.
  if (known?.id === cid && known.status === "pending") return { ...known, claimedUntil, attempts: known.attempts + 1 };
  return db.escrowOperation.findUnique({ where: { id: cid } });
}

/**
 * pending → failed. A refusal moved nothing, so in the same transaction the operation gives back its
 * keys and its signature: the right request may follow, and a repeat of this one still finds it. Only
 * an operation that is failed after the first write gives its keys back (another runner may have
 * completed it meanwhile).
 */
async function completeFailed(op: EscrowOperation, code: number, message: string): Promise<void> {
  await db.$transaction([
    db.escrowOperation.updateMany({
      where: { id: op.id, status: "pending" },
      data: {
        status: "failed",
        errorCode: code,
        errorMessage: message.slice(0, MESSAGE_MAX_CHARS),
        completedAt: new Date(),
        claimedUntil: null,
        consumedSignature: null,
      },
    }),
    db.escrowOperationKey.updateMany({ where: { operationId: op.id, operation: { status: "failed" } }, data: { boundKey: null } }),
  ]);
}

async function postpone(op: EscrowOperation, reason: string): Promise<void> {
  const delayMs = Math.min(BACKOFF_MAX_MS, 500 * 2 ** Math.min(op.attempts, 10));
  await db.escrowOperation.updateMany({
    where: { id: op.id, status: "pending" },
    data: { claimedUntil: null, dueAt: new Date(Date.now() + delayMs), lastError: reason.slice(0, MESSAGE_MAX_CHARS) },
  });
}

async function executeAndComplete(
  definition: AnyOperationDefinition,
  op: EscrowOperation,
  request: unknown,
  prepared: unknown,
): Promise<EscrowOperation | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.$transaction(async (tx) => {
        const now = new Date();
        const response = await definition.execute(tx, request, { cid: op.id, prepared, now, op });
        const completion = { status: "succeeded", response: JSON.stringify(response), completedAt: now, claimedUntil: null, lastError: null };
        const { count } = await tx.escrowOperation.updateMany({ where: { id: op.id, status: "pending" }, data: completion });
        if (count !== 1) throw new ConcurrentUpdate(`operation ${op.id} was completed by another runner`);
        // The claimed row with exactly what this conditional write changed: the row as committed.
        return { ...op, ...completion };
      });
    } catch (error) {
      if (!isRetryableDatabaseError(error) || attempt >= CONFLICT_RETRIES) throw error;
      const finished = await db.escrowOperation.findUnique({ where: { id: op.id }, select: { status: true } });
      if (finished?.status !== "pending") return null;
    }
  }
}

/**
 * Runs the operation if it is pending and nobody else holds it; returns it as it is afterwards.
 * `known` is the row its caller has in hand (just recorded), which saves reading it again.
 */
export async function runOperation(cid: string, known?: EscrowOperation): Promise<EscrowOperation | null> {
  const op = await claim(cid, new Date(), known);
  if (!op) return db.escrowOperation.findUnique({ where: { id: cid } });
  const log = logger.child({ cid, kind: op.kind, attempt: op.attempts });
  if (!isEscrowOperationKind(op.kind)) {
    await completeFailed(op, 1, `unknown operation kind ${op.kind}`);
    return db.escrowOperation.findUnique({ where: { id: cid } });
  }
  const definition = OPERATIONS[op.kind];
  const code = ESCROW_ERROR_CODES[op.kind];
  try {
    const request = definition.schema.parse(JSON.parse(op.request));
    const prepared = await definition.prepare(request, op);
    const completed = await executeAndComplete(definition, op, request, prepared);
    if (completed) return completed;
  } catch (error) {
    if (error instanceof OperationRefusal) {
      log.info({ reason: error.message }, "escrow: operation refused");
      await completeFailed(op, code, error.message);
    } else if (error instanceof RetryLater) {
      log.warn({ reason: error.message }, "escrow: operation postponed");
      await postpone(op, error.message);
    } else {
      log.error({ err: error }, "escrow: operation faulted; it stays pending and will be retried");
      await postpone(op, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  }
  return db.escrowOperation.findUnique({ where: { id: cid } });
}

/** Pending operations that are due and unclaimed, oldest first. */
export async function dueOperationIds(limit: number): Promise<string[]> {
  const now = new Date();
  const rows = await db.escrowOperation.findMany({
    where: { status: "pending", dueAt: { lte: now }, ...leaseFree(now) },
    orderBy: { dueAt: "asc" },
    take: limit,
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
