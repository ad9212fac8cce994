// POST {adapter_url}/operator/incoming – the escrow operator records money that reached the bank
// under a deposit reference. The credit is compared with its deposit instruction's amount
// (lib/domain/escrow/incoming-review.ts): equal, it is credited at once; different, it is flagged;
// different by more than ESCROW_INCOMING_APPROVAL_ABOVE, it waits (PENDING_APPROVAL) and nothing is
// credited or reported to the router until a second operator approves it (decide-incoming-funds.ts).
// An Idempotency-Key makes a retried recording one entry: keys are the escrow organization's (only
// its operators record), a repeat answers the entry as it is now, another body is 409.
import { AppError } from "@/lib/domain/app-error";
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { currencyRefusal } from "@/lib/domain/escrow/currencies";
import { expectedNextCredit, isIncomingStatus, reviewIncoming } from "@/lib/domain/escrow/incoming-review";
import { env } from "@/lib/env";
import type { IncomingFundsRequest, IncomingFundsResponse } from "@/lib/schemas/adapter";
import { recordAuditSql } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { retryingLostRaces } from "@/lib/server/db/lost-races";
import { dbNow, inTransaction } from "@/lib/server/db/sql";
import { createOnce } from "@/lib/server/http/create-once";
import { logger } from "@/lib/server/log";
import { creditIncomingFunds } from "./credit-incoming-funds";
import { isLostRace } from "./errors";
import { timeOrderedUuid } from "@/lib/server/db/time-ordered-uuid";
import { everyColumn } from "@/lib/server/db/every-column";

type RecordOptions = { idempotencyKey: string | null; requestId: string };

/**
 * Concurrent credits to one account (PostgreSQL) meet on its version: the loser runs again. A unique
 * violation (the same Idempotency-Key at once) is createOnce's to answer, so it is not a race here.
 */
function recordNew(request: IncomingFundsRequest, caller: Principal, requestHash: string, options: RecordOptions) {
  return retryingLostRaces(() => recordOnce(request, caller, requestHash, options), { what: "the record of incoming funds", isRace: isLostRace });
}

async function recordOnce(request: IncomingFundsRequest, caller: Principal, requestHash: string, options: RecordOptions) {
  return inTransaction(async (tx) => {
    const instruction = await tx.selectFrom("EscrowDepositInstruction").select(everyColumn("EscrowDepositInstruction")).where("reference", "=", request.reference).executeTakeFirst();
    if (!instruction) throw new AppError("NOT_FOUND", `no deposit instruction carries the reference ${request.reference}`);
    if (instruction.currency !== request.currency) {
      throw new AppError("UNPROCESSABLE", `the deposit instruction ${request.reference} is for ${instruction.currency}, not ${request.currency}`);
    }
    const arrived = await tx
      .selectFrom("EscrowIncomingFunds")
      .select("amount")
      .where("reference", "=", request.reference)
      .where("status", "in", ["CREDITED", "PENDING_APPROVAL"])
      .execute();
    const expectedAmount = expectedNextCredit(instruction.amount, arrived.map((a) => a.amount));
    const review = reviewIncoming(request.amount, expectedAmount, env.ESCROW_INCOMING_APPROVAL_ABOVE);
    const credit = {
        id: timeOrderedUuid(),
        reference: request.reference,
        amount: request.amount,
        currency: request.currency,
        accountId: instruction.accountId,
        idempotencyKey: options.idempotencyKey,
        requestHash,
        recordedBy: caller.userId,
        status: review.needsApproval ? "PENDING_APPROVAL" : "CREDITED",
        expectedAmount,
        flagged: review.flagged ? 1 : 0,
        createdAt: dbNow(),
    };
    await tx.insertInto("EscrowIncomingFunds").values(credit).execute();
    if (!review.needsApproval) await creditIncomingFunds(tx, credit, instruction.ownerFinId);
    await recordAuditSql(tx, {
      actorUserId: caller.userId,
      action: review.needsApproval ? "escrow.incoming-funds.awaiting-approval" : "escrow.incoming-funds.recorded",
      subjectType: "escrowAccount",
      subjectId: instruction.accountId,
      requestId: options.requestId,
      details: { reference: request.reference, amount: request.amount, currency: request.currency, expectedAmount, difference: review.difference, incomingId: credit.id },
    });
    if (review.flagged) {
      logger.warn(
        { incomingId: credit.id, reference: request.reference, amount: request.amount, expectedAmount, waits: review.needsApproval },
        review.needsApproval ? "escrow: incoming credit differs from its deposit instruction; it waits for a second operator" : "escrow: incoming credit differs from its deposit instruction; credited and flagged",
      );
    }
    return { id: credit.id };
  });
}

export async function recordIncomingFunds(
  request: IncomingFundsRequest,
  caller: Principal,
  options: { idempotencyKey: string | null; requestId: string },
): Promise<IncomingFundsResponse> {
  const requestHash = canonicalJsonSha256(request);
  const keyed = options.idempotencyKey === null ? null : { idempotencyKey: options.idempotencyKey, requestHash };
  const { id } = await createOnce(
    keyed,
    "incoming credit",
    (idempotencyKey) => db.escrowIncomingFunds.findUnique({ where: { idempotencyKey }, select: { id: true, requestHash: true } }),
    () => {
      const refusal = currencyRefusal(env.ESCROW_CURRENCIES, request.currency, request.amount);
      if (refusal) throw new AppError("UNPROCESSABLE", refusal);
      return recordNew(request, caller, requestHash, options);
    },
  );
  const credit = await db.escrowIncomingFunds.findUniqueOrThrow({ where: { id } });
  if (!isIncomingStatus(credit.status)) throw new Error(`incoming credit ${id} has unknown status ${credit.status}`);
  return { id, status: credit.status, flagged: credit.flagged, expectedAmount: credit.expectedAmount };
}
