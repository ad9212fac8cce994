// How an escrow operation is answered (interface.md "Operation envelope", "Adapter receipt";
// decisions.md §2): pending with an empty response, completed with `response`, failed with
// `error: { Code, Message }`, approvals with `approval`. Polls of holds, releases, rollbacks and
// payouts come in the receipt wrapper `{ type: "receipt", operation }`.
import { ESCROW_ERROR_CODES, isEscrowOperationKind, type EscrowOperationKind } from "@/lib/domain/escrow/operation-kinds";

/** What an answer reads of an operation (a Prisma row or a typed-SQL row). */
type EscrowOperation = { id: string; kind: string; status: string; response: string | null; errorCode: number | null; errorMessage: string | null };

const RECEIPT_KINDS: ReadonlySet<EscrowOperationKind> = new Set(["hold", "release", "rollback", "payout"]);

const TYPE_OF: Record<EscrowOperationKind, string | undefined> = {
  depositInstruction: "deposit",
  approval: undefined,
  hold: "receipt",
  release: "receipt",
  rollback: "receipt",
  payout: "receipt",
};

function kindOf(op: EscrowOperation): EscrowOperationKind {
  if (!isEscrowOperationKind(op.kind)) throw new Error(`escrow operation ${op.id} has unknown kind ${op.kind}`);
  return op.kind;
}

function bareEnvelope(op: EscrowOperation): Record<string, unknown> {
  const kind = kindOf(op);
  const type = TYPE_OF[kind];
  const base = { cid: op.id, isCompleted: op.status !== "pending", ...(type === undefined ? {} : { type }) };
  if (op.status === "pending") return kind === "approval" ? base : { ...base, response: {} };
  if (op.status === "failed") {
    const code = op.errorCode ?? ESCROW_ERROR_CODES[kind];
    return { ...base, error: { Code: code, Message: op.errorMessage ?? "the operation failed" } };
  }
  const response = JSON.parse(op.response ?? "{}") as Record<string, unknown>;
  return kind === "approval" ? { ...base, approval: response } : { ...base, response };
}

/** The answer to the request that created (or repeated) the operation. */
export function submittedEnvelope(op: EscrowOperation): Record<string, unknown> {
  return bareEnvelope(op);
}

/** The answer to POST|GET /operations/{cid}. */
export function polledEnvelope(op: EscrowOperation): Record<string, unknown> {
  const bare = bareEnvelope(op);
  if (!RECEIPT_KINDS.has(kindOf(op))) return bare;
  const { type: _type, ...operation } = bare;
  return { type: "receipt", operation };
}
