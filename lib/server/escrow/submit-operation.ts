// The one verb every adapter operation goes through, whichever way the router calls (over HTTP or
// in-process, with the same principal): check the caller is a router, record the request as
// an operation of the caller's organization (idempotently, lib/server/escrow/accept-operation.ts),
// when the organization completes that kind synchronously, record and complete it in one transaction
// (complete-at-once.ts), otherwise leave it pending for the worker; answer its envelope.
import { AppError } from "@/lib/domain/app-error";
import type { EscrowOperationKind } from "@/lib/domain/escrow/operation-kinds";
import { env } from "@/lib/env";
import type { Principal } from "@/lib/server/auth/principal";
import { sqlDb } from "@/lib/server/db/sql";
import { acceptOperation } from "./accept-operation";
import { isEscrowOperator, routerCaller } from "./callers";
import { polledEnvelope, submittedEnvelope } from "./envelope";
import { OPERATIONS } from "./operations";
import { completeAtOnce } from "./complete-at-once";
import { everyColumn } from "@/lib/server/db/every-column";

/** `idempotencyKey`: the caller's Idempotency-Key header, honoured by every kind (decisions.md §7). */
export async function submitOperation(kind: EscrowOperationKind, request: unknown, caller: Principal, idempotencyKey: string | null) {
  const router = await routerCaller(caller);
  const definition = OPERATIONS[kind];
  if (env.ESCROW_COMPLETION[kind] === "sync") return submittedEnvelope(await completeAtOnce(definition, request, router, idempotencyKey));
  const { op } = await acceptOperation(definition, request, router, idempotencyKey);
  return submittedEnvelope(op);
}

/**
 * POST|GET /operations/{cid}: the organization that submitted the operation (any of its routers'
 * program users) or the escrow's operator may poll it; anyone else is answered as for an unknown cid.
 */
export async function pollOperation(cid: string, caller: Principal) {
  const owner = isEscrowOperator(caller) ? null : (await routerCaller(caller)).owner;
  const op = await sqlDb.selectFrom("EscrowOperation").select(everyColumn("EscrowOperation")).where("id", "=", cid).executeTakeFirst();
  if (!op || (owner !== null && op.owner !== owner)) throw new AppError("NOT_FOUND", `no operation ${cid} of yours here`);
  return polledEnvelope(op);
}
