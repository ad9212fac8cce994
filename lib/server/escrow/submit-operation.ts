// The one verb every adapter route calls: record the request as an operation (idempotently), run it
// now when the organization completes that kind synchronously, and answer its envelope.
import { AppError } from "@/lib/domain/app-error";
import type { EscrowOperationKind } from "@/lib/domain/escrow/operation-kinds";
import { env } from "@/lib/env";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { acceptOperation } from "./accept-operation";
import { assertRouterCaller, isEscrowOperator } from "./callers";
import { polledEnvelope, submittedEnvelope } from "./envelope";
import { OPERATIONS } from "./operations";
import { runOperation } from "./run-operation";

export async function submitOperation(kind: EscrowOperationKind, request: unknown, caller: Principal, idempotencyKey: string | null = null) {
  assertRouterCaller(caller);
  const definition = OPERATIONS[kind];
  const { op } = await acceptOperation(definition, request, caller.userId, idempotencyKey);
  const done = op.status === "pending" && env.ESCROW_COMPLETION[kind] === "sync" ? await runOperation(op.id, op) : op;
  return submittedEnvelope(done ?? op);
}

/** POST|GET /operations/{cid}: the caller that submitted the operation (or the escrow's operator) may poll it. */
export async function pollOperation(cid: string, caller: Principal) {
  const op = await db.escrowOperation.findUnique({ where: { id: cid } });
  if (!op || (op.callerUserId !== caller.userId && !isEscrowOperator(caller))) throw new AppError("NOT_FOUND", `no operation ${cid} of yours here`);
  return polledEnvelope(op);
}
