// Records an adapter request as an operation, exactly once per key (decisions.md §7). An operation's
// keys belong to the caller's organization (lib/domain/escrow/operation-owner.ts): its own (the
// operationId, the signer and nonce, the plan) and the caller's Idempotency-Key. In this order:
//   1. a key that came before with the same request: that operation, as it is (the first answer,
//      nothing moves again);
//   2. a key bound to another request (its operation is pending or succeeded): 409
//      IDEMPOTENCY_KEY_REUSED, nothing written;
//   3. a new operation bound to its keys; when another operation consumed its signature, it is
//      recorded as failed at once (and binds nothing), so its retries get the same answer.
// A refused operation moved nothing and gives its keys and signature back (run-operation.ts): the
// right request can still follow, and a repeat of the refused one still finds its refusal.
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { AppError } from "@/lib/domain/app-error";
import { operationKeys, type OperationKey } from "@/lib/domain/escrow/operation-owner";
import { ESCROW_ERROR_CODES } from "@/lib/domain/escrow/operation-kinds";
import { env } from "@/lib/env";
import { dbDate, dbNow, inTransaction, isSqlUniqueViolation, prepared, sqlDb, type SqlTx } from "@/lib/server/db/sql";
import { idempotencyKeyReused } from "@/lib/server/http/create-once";
import type { RouterCaller } from "./callers";
import type { AnyOperationDefinition, EscrowOperationRow } from "./operation-definition";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";
import { everyColumn } from "@/lib/server/db/every-column";
import { dateAtMs, nowMs } from "@/lib/server/clock";

/** Sync operations the request itself runs; the worker only steps in if that request died. */
const SYNC_RECOVERY_DELAY_MS = 30_000;
/** A lost race on a key or a signature is looked at again this many times before a 409 asks for a retry. */
const ACCEPT_ATTEMPTS = 3;

function keyReused(key: OperationKey, cid: string, keyField: string): AppError {
  if (key.source === "header") return idempotencyKeyReused("adapter operation", cid);
  return new AppError("IDEMPOTENCY_KEY_REUSED", `Operation ${cid} was already accepted with this ${keyField} and another request; nothing was changed.`, [
    { in: "body", path: keyField, message: "was already used with another request" },
  ]);
}

const ownOrHeader = (keys: readonly OperationKey[], source: OperationKey["source"]) => keys.find((k) => k.source === source)?.text ?? null;

/** The operations a key names: the one it came with under this request (refused or not), and the one bound to it. */
const operationsUnder = prepared((db, a: { own: string | undefined; header: string | undefined; requestHash: string }) =>
  db
    .selectFrom("EscrowOperation")
    .select(everyColumn("EscrowOperation"))
    .where((eb) => {
      const terms = [];
      if (a.own !== undefined) terms.push(eb.and([eb("ownKey", "=", a.own), eb("requestHash", "=", a.requestHash)]), eb("boundOwnKey", "=", a.own));
      if (a.header !== undefined) terms.push(eb.and([eb("headerKey", "=", a.header), eb("requestHash", "=", a.requestHash)]), eb("boundHeaderKey", "=", a.header));
      return eb.or(terms);
    }),
);
const insertOperationRow = prepared((db, a: EscrowOperationRow) => db.insertInto("EscrowOperation").values(a));

/** Steps 1 and 2: the operation a key already answered this request with, a 409, or null. */
export async function earlierUnder(keys: readonly OperationKey[], requestHash: string, keyField: string): Promise<EscrowOperationRow | null> {
  if (keys.length === 0) return null;
  const own = ownOrHeader(keys, "operation") ?? undefined;
  const header = ownOrHeader(keys, "header") ?? undefined;
  const rows = await operationsUnder.all(sqlDb, { own, header, requestHash });
  const same = rows.find((r) => r.requestHash === requestHash);
  if (same) return same;
  const bound = rows[0];
  if (!bound) return null;
  const key = keys.find((k) => (k.source === "header" ? bound.boundHeaderKey : bound.boundOwnKey) === k.text);
  if (!key) throw new Error(`escrow operation ${bound.id} was found under keys it does not hold`);
  throw keyReused(key, bound.id, keyField);
}

export type NewOperation = {
  kind: string;
  owner: string;
  requestHash: string;
  request: string;
  callerUserId: string;
  dueAt: Date;
};

export type Outcome = { consumedSignature: string | null } | { refusal: { code: number; message: string } };

/** The row of a new operation under its keys: pending (bound to its keys and signature), or failed at once (bound to neither). */
export function operationRow(fields: NewOperation, keys: readonly OperationKey[], outcome: Outcome): EscrowOperationRow {
  const refused = "refusal" in outcome ? outcome.refusal : null;
  const now = dbNow();
  const ownKey = ownOrHeader(keys, "operation");
  const headerKey = ownOrHeader(keys, "header");
  return {
    ...fields,
    dueAt: dbDate(fields.dueAt),
    id: timeOrderedUuid(),
    status: refused ? "failed" : "pending",
    errorCode: refused?.code ?? null,
    errorMessage: refused?.message ?? null,
    completedAt: refused ? now : null,
    consumedSignature: !refused && "consumedSignature" in outcome ? outcome.consumedSignature : null,
    response: null,
    attempts: 0,
    claimedUntil: null,
    lastError: null,
    createdAt: now,
    ownKey,
    boundOwnKey: refused ? null : ownKey,
    headerKey,
    boundHeaderKey: refused ? null : headerKey,
  };
}

/**
 * Writes the operation, its keys in its row, in the caller's transaction. A unique index refuses it
 * when a key came before with this request, or is bound to another operation, or its signature was
 * consumed: the caller looks again (earlierUnder, consumedRefusal).
 */
export async function insertOperation(tx: SqlTx, row: EscrowOperationRow): Promise<void> {
  await insertOperationRow.changes(tx, row);
}

/** The operation and its keys, written together: bound to them, or (refused at once) not. */
export async function record(fields: NewOperation, keys: readonly OperationKey[], outcome: Outcome): Promise<EscrowOperationRow> {
  const row = operationRow(fields, keys, outcome);
  await inTransaction((tx) => insertOperation(tx, row));
  return row;
}

/** The refusal of a request whose signature another operation consumed, naming it only to its owner. */
export async function consumedRefusal(definition: AnyOperationDefinition, consumedSignature: string, owner: string): Promise<Outcome | null> {
  const consumer = await sqlDb.selectFrom("EscrowOperation").select(["id", "owner"]).where("consumedSignature", "=", consumedSignature).executeTakeFirst();
  if (!consumer) return null;
  const by = consumer.owner === owner ? `operation ${consumer.id}` : "another operation";
  return { refusal: { code: ESCROW_ERROR_CODES[definition.kind], message: `the signature was already consumed by ${by}: one signed request moves money once` } };
}

export async function acceptOperation(
  definition: AnyOperationDefinition,
  request: unknown,
  caller: RouterCaller,
  idempotencyKey: string | null = null,
): Promise<{ op: EscrowOperationRow; created: boolean }> {
  const keys = operationKeys(caller.owner, definition.keyOf(request), idempotencyKey);
  const requestHash = canonicalJsonSha256(request);
  const consumedSignature = definition.consumedSignatureOf?.(request) ?? null;
  const async = env.ESCROW_COMPLETION[definition.kind] === "async";
  const fields: NewOperation = {
    kind: definition.kind,
    owner: caller.owner,
    requestHash,
    request: JSON.stringify(request),
    callerUserId: caller.userId,
    dueAt: dateAtMs(nowMs() + (async ? env.ESCROW_ASYNC_DELAY_MS : SYNC_RECOVERY_DELAY_MS)),
  };
  for (let attempt = 1; attempt <= ACCEPT_ATTEMPTS; attempt += 1) {
    const earlier = await earlierUnder(keys, requestHash, definition.keyField);
    if (earlier) return { op: earlier, created: false };
    // After a lost race: the signature may be another operation's (the unique index said so).
    const refusal = attempt > 1 && consumedSignature ? await consumedRefusal(definition, consumedSignature, caller.owner) : null;
    try {
      return { op: await record(fields, keys, refusal ?? { consumedSignature }), created: true };
    } catch (error) {
      if (!isSqlUniqueViolation(error)) throw error;
    }
  }
  // The caller (the router's plan runner) treats 503 as "try again", never as a refusal.
  throw new AppError("UNAVAILABLE", "the operation collides with others being recorded at this moment; nothing was changed, send the same request again", [], {
    retryAfterSeconds: 1,
  });
}
