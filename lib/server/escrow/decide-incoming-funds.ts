// POST {adapter_url}/operator/incoming/{id}/approve | decline – an escrow operator decides on a
// credit that waits for a second operator (lib/domain/escrow/incoming-review.ts). Approving needs
// another operator than the one who recorded it, and credits the money and queues its report to the
// router in the same transaction as the conditional write PENDING_APPROVAL → CREDITED. Declining
// (the recorder may withdraw an entry too) moves nothing. The same decision sent again by the same
// operator answers the credit as it is; any other decision on a decided credit is 409.
import { AppError } from "@/lib/domain/app-error";
import { decidedStatus, fourEyesRefusal, incomingDecisionRefusal, isIncomingStatus, type IncomingDecision } from "@/lib/domain/escrow/incoming-review";
import type { IncomingCreditView } from "@/lib/schemas/escrow-operator";
import { recordAuditSql } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { dbNow, inTransaction } from "@/lib/server/db/sql";
import { logger } from "@/lib/server/log";
import { assertEscrowOperator } from "./callers";
import { creditIncomingFunds } from "./credit-incoming-funds";
import { incomingCreditViews } from "./incoming-credit-view";

export type IncomingDecisionInput = { decision: "approve" } | { decision: "decline"; reason: string };

async function viewOf(id: string, caller: Principal): Promise<IncomingCreditView> {
  const [view] = await incomingCreditViews([await db.escrowIncomingFunds.findUniqueOrThrow({ where: { id } })], caller.userId);
  if (!view) throw new Error(`incoming credit ${id} vanished`);
  return view;
}

export async function decideIncomingFunds(id: string, input: IncomingDecisionInput, caller: Principal, requestId: string): Promise<IncomingCreditView> {
  assertEscrowOperator(caller);
  const decision: IncomingDecision = input.decision;
  const credit = await db.escrowIncomingFunds.findUnique({ where: { id } });
  if (!credit) throw new AppError("NOT_FOUND", `no incoming credit ${id}`);
  if (!isIncomingStatus(credit.status)) throw new Error(`incoming credit ${id} has unknown status ${credit.status}`);
  const fourEyes = fourEyesRefusal(decision, credit.recordedBy, caller.userId);
  if (fourEyes) throw new AppError("FORBIDDEN", `Not approved: ${fourEyes}.`);
  const next = decidedStatus(decision);
  if (credit.status === next && credit.decidedBy === caller.userId) return viewOf(id, caller);
  const refusal = incomingDecisionRefusal(credit.status, decision);
  if (refusal) throw new AppError("STATE_CONFLICT", `Incoming credit ${id}: ${refusal}.`);

  await inTransaction(async (tx) => {
    let decide = tx
      .updateTable("EscrowIncomingFunds")
      .set({ status: next, decidedBy: caller.userId, decidedAt: dbNow(), declineReason: input.decision === "decline" ? input.reason : null })
      .where("id", "=", id)
      .where("status", "=", "PENDING_APPROVAL");
    if (decision === "approve") decide = decide.where("recordedBy", "!=", caller.userId);
    const { numUpdatedRows } = await decide.executeTakeFirst();
    if (numUpdatedRows !== 1n) throw new AppError("STATE_CONFLICT", `Incoming credit ${id} was decided by another operator meanwhile; nothing was changed.`);
    if (decision === "approve") {
      const account = await tx.selectFrom("EscrowAccount").select("ownerFinId").where("id", "=", credit.accountId).executeTakeFirstOrThrow();
      await creditIncomingFunds(tx, credit, account.ownerFinId);
    }
    await recordAuditSql(tx, {
      actorUserId: caller.userId,
      action: decision === "approve" ? "escrow.incoming-funds.approved" : "escrow.incoming-funds.declined",
      subjectType: "escrowAccount",
      subjectId: credit.accountId,
      requestId,
      details: { incomingId: id, reference: credit.reference, amount: credit.amount, expectedAmount: credit.expectedAmount, recordedBy: credit.recordedBy, ...(input.decision === "decline" ? { reason: input.reason } : {}) },
    });
  });
  logger.info({ incomingId: id, decision, by: caller.userId }, `escrow: incoming credit ${decision === "approve" ? "approved and credited" : "declined"}`);
  return viewOf(id, caller);
}
