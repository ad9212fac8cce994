// A synchronous operation (ESCROW_COMPLETION "sync") recorded and completed in one transaction:
// its checks outside the database first (signatures, the plan), then the operation, its keys, its
// effects and its completion commit together. Nothing is written before that commit, so a request
// that dies half way leaves nothing behind and its retry (the same key) runs afresh; the other path
// (record first, run later: accept-operation.ts, run-operation.ts) serves asynchronous kinds and the
// worker's recovery. The rules are the same: a key answered before gets that operation; a key bound
// to another request is 409; a refusal is recorded failed and binds nothing; a signature another
// operation consumed is refused; a lost race on a key, a signature or an account is looked at again.
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { AppError } from "@/lib/domain/app-error";
import { operationKeys } from "@/lib/domain/escrow/operation-owner";
import { ESCROW_ERROR_CODES } from "@/lib/domain/escrow/operation-kinds";
import { dbDate, inTransaction, isSqlUniqueViolation } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";
import { consumedRefusal, earlierUnder, insertOperation, operationRow, record, type NewOperation } from "./accept-operation";
import type { RouterCaller } from "./callers";
import { OperationRefusal } from "./errors";
import { RetryLater, type AnyOperationDefinition, type EscrowOperationRow } from "./operation-definition";
import { isRetryableDatabaseError, runOperation } from "./run-operation";
import { currentDate, dateAtMs, nowMs } from "@/lib/server/clock";

const ATTEMPTS = 8;
const MESSAGE_MAX_CHARS = 2_000;
/** A check that could not be made now (the router away): the worker tries the operation again after this. */
const RETRY_DELAY_MS = 1_000;

type Prepared = { ok: true; value: unknown } | { ok: false; refusal: string } | { ok: false; later: string };

async function prepareFor(definition: AnyOperationDefinition, request: unknown, draft: EscrowOperationRow): Promise<Prepared> {
  try {
    return { ok: true, value: await definition.prepare(request, draft) };
  } catch (error) {
    if (error instanceof OperationRefusal) return { ok: false, refusal: error.message };
    if (error instanceof RetryLater) return { ok: false, later: error.message };
    logger.error({ err: error, kind: definition.kind }, "escrow: an operation's checks faulted; it is recorded pending for the worker");
    return { ok: false, later: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** Records the operation and runs it now; answers it as committed. */
export async function completeAtOnce(definition: AnyOperationDefinition, request: unknown, caller: RouterCaller, idempotencyKey: string | null): Promise<EscrowOperationRow> {
  const keys = operationKeys(caller.owner, definition.keyOf(request), idempotencyKey);
  const requestHash = canonicalJsonSha256(request);
  const consumedSignature = definition.consumedSignatureOf?.(request) ?? null;
  const fields: NewOperation = { kind: definition.kind, owner: caller.owner, requestHash, request: JSON.stringify(request), callerUserId: caller.userId, dueAt: currentDate() };
  const code = ESCROW_ERROR_CODES[definition.kind];
  /** The operation a key already answered this request with (run on when still pending), null, or a 409 thrown. */
  const earlierOne = async (): Promise<EscrowOperationRow | null> => {
    const earlier = await earlierUnder(keys, requestHash, definition.keyField);
    if (!earlier) return null;
    return earlier.status === "pending" ? ((await runOperation(earlier.id)) ?? earlier) : earlier;
  };
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    // The first attempt does not look for an earlier operation before it completes: the insert of
    // the operation with its keys, in the completion's transaction, is refused by their unique
    // indexes when a key came before with this request or is bound to another (EscrowOperation's
    // key columns), and that transaction rolls back whole; the next attempt then looks, as every
    // attempt did before. Any other outcome of the first attempt (refused, postponed) looks first,
    // so the order of decisions.md §7 holds: an earlier answer, then a 409, then this request's own
    // outcome.
    const looked = attempt > 1;
    if (looked) {
      const earlier = await earlierOne();
      if (earlier) return earlier;
    }
    // After a lost race: the signature may be another operation's (the unique index said so).
    const consumed = looked && consumedSignature ? await consumedRefusal(definition, consumedSignature, caller.owner) : null;
    if (consumed) return recordOnce(fields, keys, consumed);
    const draft = operationRow(fields, keys, { consumedSignature });
    const prepared = await prepareFor(definition, request, draft);
    if (!prepared.ok && !looked) {
      const earlier = await earlierOne();
      if (earlier) return earlier;
    }
    if (!prepared.ok && "refusal" in prepared) return recordOnce(fields, keys, { refusal: { code, message: prepared.refusal.slice(0, MESSAGE_MAX_CHARS) } });
    if (!prepared.ok) {
      // Pending, for the worker (run-operation.ts) to check again later.
      const pending = { ...fields, dueAt: dateAtMs(nowMs() + RETRY_DELAY_MS) };
      const row = await recordOnce(pending, keys, { consumedSignature });
      logger.warn({ cid: row.id, kind: definition.kind, reason: prepared.later }, "escrow: operation postponed");
      return row;
    }
    try {
      return await inTransaction(async (tx) => {
        const now = currentDate();
        const response = await definition.execute(tx, request, { cid: draft.id, prepared: prepared.value, now, op: draft });
        const completed: EscrowOperationRow = { ...draft, status: "succeeded", response: JSON.stringify(response), completedAt: dbDate(now) };
        await insertOperation(tx, completed);
        return completed;
      });
    } catch (error) {
      if (error instanceof OperationRefusal) {
        const earlier = looked ? null : await earlierOne();
        return earlier ?? recordOnce(fields, keys, { refusal: { code, message: error.message.slice(0, MESSAGE_MAX_CHARS) } });
      }
      if (!isRetryableDatabaseError(error)) throw error;
      // A key of the first attempt that came before: the next attempt looks at once.
      if (!looked && isSqlUniqueViolation(error)) continue;
      // Many operations on one account at once (PostgreSQL runs them side by side): step aside a
      // random moment, longer each time, so the racers spread out instead of colliding again.
      await contentionPause(attempt);
    }
  }
  // Still colliding: the caller (the router's plan runner) treats 503 as "try again", never as a refusal.
  throw new AppError("UNAVAILABLE", "the account is busy with other operations at this moment; nothing was changed, send the same request again", [], {
    retryAfterSeconds: 1,
  });
}

/** A random pause of up to 2^attempt ms (at most 256 ms) after a lost race. */
function contentionPause(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(256, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Records a refused or pending operation; a lost race on its keys answers the operation that won. */
async function recordOnce(fields: NewOperation, keys: Parameters<typeof record>[1], outcome: Parameters<typeof record>[2]): Promise<EscrowOperationRow> {
  try {
    return await record(fields, keys, outcome);
  } catch (error) {
    if (!isSqlUniqueViolation(error)) throw error;
    const earlier = await earlierUnder(keys, fields.requestHash, "key");
    if (!earlier) throw error;
    return earlier;
  }
}
