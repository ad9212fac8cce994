// Runs one pending escrow operation to completion: claim it (a lease, so two runners never run the
// same one), check outside the database, then write its effects and its completion in one
// transaction whose completion is a conditional write (pending → succeeded). A refusal completes it
// as failed with the kind's Code, nothing else written, and its keys and signature given back; a
// fault leaves it pending with a backoff for the worker; a lost race on an account is retried at once.
import { ESCROW_ERROR_CODES, isEscrowOperationKind } from "@/lib/domain/escrow/operation-kinds";
import { dbDate, dbNow, inTransaction, isSqlUniqueViolation, sqlDb } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";
import { ConcurrentUpdate, isLostRace, OperationRefusal } from "./errors";
import { duePendingRows, unclaimedAt } from "./lease";
import { RetryLater, type AnyOperationDefinition, type EscrowOperationRow } from "./operation-definition";
import { OPERATIONS } from "./operations";
import { everyColumn } from "@/lib/server/db/every-column";
import { currentDate, dateAtMs, nowMs } from "@/lib/server/clock";

const LEASE_MS = 30_000;
const CONFLICT_RETRIES = 8;
const BACKOFF_MAX_MS = 60_000;
const MESSAGE_MAX_CHARS = 2_000;

/** A lost race on an account, two first postings opening the same account, or a PostgreSQL serialization failure or deadlock. */
export function isRetryableDatabaseError(error: unknown): boolean {
  return isLostRace(error) || isSqlUniqueViolation(error);
}

function findOperation(cid: string): Promise<EscrowOperationRow | undefined> {
  return sqlDb.selectFrom("EscrowOperation").select(everyColumn("EscrowOperation")).where("id", "=", cid).executeTakeFirst();
}

/** Claims the operation when it is pending and nobody holds it; answers the row as claimed. */
async function claim(cid: string, now: Date): Promise<EscrowOperationRow | undefined> {
  return sqlDb
    .updateTable("EscrowOperation")
    .set((eb) => ({ claimedUntil: dbDate(dateAtMs(now.getTime() + LEASE_MS)), attempts: eb("attempts", "+", 1) }))
    .where("id", "=", cid)
    .where("status", "=", "pending")
    .where(unclaimedAt(dbDate(now)))
    .returning(everyColumn("EscrowOperation"))
    .executeTakeFirst();
}

/**
 * pending → failed. A refusal moved nothing, so in the same conditional write the operation gives
 * back its keys and its signature: the right request may follow, and a repeat of this one still finds
 * it (its keys stay with its request). An operation another runner completed meanwhile keeps them.
 */
async function completeFailed(op: EscrowOperationRow, code: number, message: string): Promise<void> {
  await sqlDb
    .updateTable("EscrowOperation")
    .set({
      status: "failed",
      errorCode: code,
      errorMessage: message.slice(0, MESSAGE_MAX_CHARS),
      completedAt: dbNow(),
      claimedUntil: null,
      consumedSignature: null,
      boundOwnKey: null,
      boundHeaderKey: null,
    })
    .where("id", "=", op.id)
    .where("status", "=", "pending")
    .execute();
}

async function postpone(op: EscrowOperationRow, reason: string): Promise<void> {
  const delayMs = Math.min(BACKOFF_MAX_MS, 500 * 2 ** Math.min(op.attempts, 10));
  await sqlDb
    .updateTable("EscrowOperation")
    .set({ claimedUntil: null, dueAt: dbDate(dateAtMs(nowMs() + delayMs)), lastError: reason.slice(0, MESSAGE_MAX_CHARS) })
    .where("id", "=", op.id)
    .where("status", "=", "pending")
    .execute();
}

async function executeAndComplete(definition: AnyOperationDefinition, op: EscrowOperationRow, request: unknown, prepared: unknown): Promise<EscrowOperationRow | null> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(async (tx) => {
        const now = currentDate();
        const response = await definition.execute(tx, request, { cid: op.id, prepared, now, op });
        const completion = { status: "succeeded", response: JSON.stringify(response), completedAt: dbDate(now), claimedUntil: null, lastError: null };
        const { numUpdatedRows } = await tx.updateTable("EscrowOperation").set(completion).where("id", "=", op.id).where("status", "=", "pending").executeTakeFirst();
        if (numUpdatedRows !== 1n) throw new ConcurrentUpdate(`operation ${op.id} was completed by another runner`);
        // The claimed row with exactly what this conditional write changed: the row as committed.
        return { ...op, ...completion };
      });
    } catch (error) {
      if (!isRetryableDatabaseError(error) || attempt >= CONFLICT_RETRIES) throw error;
      const finished = await sqlDb.selectFrom("EscrowOperation").select("status").where("id", "=", op.id).executeTakeFirst();
      if (finished?.status !== "pending") return null;
    }
  }
}

/** Runs the operation if it is pending and nobody else holds it; returns it as it is afterwards. */
export async function runOperation(cid: string): Promise<EscrowOperationRow | undefined> {
  const op = await claim(cid, currentDate());
  if (!op) return findOperation(cid);
  const log = logger.child({ cid, kind: op.kind, attempt: op.attempts });
  if (!isEscrowOperationKind(op.kind)) {
    await completeFailed(op, 1, `unknown operation kind ${op.kind}`);
    return findOperation(cid);
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
  return findOperation(cid);
}

const dueOperations = duePendingRows("EscrowOperation");

/** Pending operations that are due and unclaimed, oldest first. */
export async function dueOperationIds(limit: number): Promise<string[]> {
  const rows = await dueOperations.all(sqlDb, { now: dbNow(), limit });
  return rows.map((r) => r.id);
}
