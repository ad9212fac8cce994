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

const keysUnder = prepared((db, a: { texts: readonly string[]; requestHash: string }) =>
  db
    .selectFrom("EscrowOperationKey")
    .select(["key", "requestHash", "operationId"])
    .where((eb) => eb.or([eb.and([eb("key", "in", a.texts), eb("requestHash", "=", a.requestHash)]), eb("boundKey", "in", a.texts)])),
);
const operationById = prepared((db, a: { id: string }) => db.selectFrom("EscrowOperation").select(everyColumn("EscrowOperation")).where("id", "=", a.id));
const insertOperationRow = prepared((db, a: EscrowOperationRow) => db.insertInto("EscrowOperation").values(a));
type KeyColumns = { keyTexts: readonly string[]; boundKeys: readonly (string | null)[] };
const keyRows = (a: KeyColumns, requestHash: string, operationId: string) =>
  a.keyTexts.map((key, i) => ({ key, requestHash, operationId, boundKey: a.boundKeys[i]! }));
const insertKeys = prepared((db, a: KeyColumns & { requestHash: string; operationId: string }) =>
  db.insertInto("EscrowOperationKey").values(keyRows(a, a.requestHash, a.operationId)),
);
/**
 * PostgreSQL: the operation and its keys in one statement (the operation's insert in a WITH), one
 * round trip instead of two. The keys' foreign key is checked at the statement's end, with both rows
 * in, and a unique index that refuses either refuses the statement whole, as the second of two
 * inserts would have failed the transaction. SQLite's WITH takes no insert; there the two run in turn.
 */
const insertOperationWithKeys = prepared((db, a: EscrowOperationRow & KeyColumns) => {
  const { keyTexts, boundKeys, ...row } = a;
  return db
    .with("operation", (w) => w.insertInto("EscrowOperation").values(row))
    .insertInto("EscrowOperationKey")
    .values(keyRows({ keyTexts, boundKeys }, a.requestHash, a.id));
});

/** Steps 1 and 2: the operation a key already answered this request with, a 409, or null. */
export async function earlierUnder(keys: readonly OperationKey[], requestHash: string, keyField: string): Promise<EscrowOperationRow | null> {
  if (keys.length === 0) return null;
  const texts = keys.map((k) => k.text);
  const rows = await keysUnder.all(sqlDb, { texts, requestHash });
  const same = rows.find((r) => r.requestHash === requestHash);
  if (same) {
    const op = await operationById.first(sqlDb, { id: same.operationId });
    if (!op) throw new Error(`escrow operation ${same.operationId} is named by a key but missing`);
    return op;
  }
  const bound = rows[0];
  const key = bound && keys.find((k) => k.text === bound.key);
  if (bound && key) throw keyReused(key, bound.operationId, keyField);
  return null;
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

/** The row of a new operation: pending (bound to its keys and signature), or failed at once. */
export function operationRow(fields: NewOperation, outcome: Outcome): EscrowOperationRow {
  const refused = "refusal" in outcome ? outcome.refusal : null;
  const now = dbNow();
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
  };
}

/** Writes the operation and its keys in the caller's transaction; a failed operation binds none of them. */
export async function insertOperation(tx: SqlTx, row: EscrowOperationRow, keys: readonly OperationKey[]): Promise<void> {
  if (keys.length === 0) {
    await insertOperationRow.changes(tx, row);
    return;
  }
  const bound = row.status !== "failed";
  const columns: KeyColumns = {
    keyTexts: keys.map((k) => k.text),
    boundKeys: keys.map((k) => (bound ? k.text : null)),
  };
  if (env.DATABASE_PROVIDER === "postgresql") {
    await insertOperationWithKeys.changes(tx, { ...row, ...columns });
    return;
  }
  await insertOperationRow.changes(tx, row);
  await insertKeys.changes(tx, { ...columns, requestHash: row.requestHash, operationId: row.id });
}

/** The operation and its keys, written together: bound to them, or (refused at once) not. */
export async function record(fields: NewOperation, keys: readonly OperationKey[], outcome: Outcome): Promise<EscrowOperationRow> {
  const row = operationRow(fields, outcome);
  await inTransaction((tx) => insertOperation(tx, row, keys));
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
