// How a router operation is answered (interface.md "Router interface", decisions.md §2, §7):
//  - pending: `{ cid, isCompleted: false, type, response: {} }`;
//  - a completed deposit: `{ cid, isCompleted: true, type: "deposit", response: { depositInstruction } }`;
//  - a completed withdrawal: `{ cid, isCompleted: true, type: "withdraw" }`;
//  - a failed withdrawal: the receipt wrapper `{ type: "receipt", operation: { cid, isCompleted: true, error } }`;
//  - a proof: `{ cid, isCompleted: true, type: "proof", response: { status: "VERIFIED" } }` or `error`;
//  - any other failure: `{ cid, isCompleted: true, type, error: { Code, Message } }`.
import { isRouterOperationKind, ROUTER_ERROR_CODES, type RouterOperationKind } from "@/lib/domain/router-operations";
import type { RouterOperation } from "@/lib/generated/prisma/client";

function kindOf(op: RouterOperation): RouterOperationKind {
  if (!isRouterOperationKind(op.kind)) throw new Error(`router operation ${op.id} has unknown kind ${op.kind}`);
  return op.kind;
}

export function routerEnvelope(op: RouterOperation): Record<string, unknown> {
  const kind = kindOf(op);
  const base = { cid: op.id, isCompleted: op.status !== "pending", type: kind };
  if (op.status === "pending") return { ...base, response: {} };
  if (op.status === "failed") {
    const error = { Code: op.errorCode ?? ROUTER_ERROR_CODES[kind], Message: op.errorMessage ?? `the ${kind} operation failed` };
    if (kind === "withdraw") return { type: "receipt", operation: { cid: op.id, isCompleted: true, error } };
    return { ...base, error };
  }
  if (kind === "withdraw") return base;
  return { ...base, response: JSON.parse(op.response ?? "{}") as Record<string, unknown> };
}
