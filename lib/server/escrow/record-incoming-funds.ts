// POST {adapter_url}/operator/incoming (decisions.md §8) – money reached the bank with a reference
// number: the escrow account whose deposit instruction carries it is credited (bank → customer),
// and the credit is queued in the outbox as a ledger transaction for the router (its settlementRef
// the reference, so the router links it to the instruction), delivered after commit. An Idempotency-Key makes a retried recording credit once.
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/domain/app-error";
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { currencyRefusal } from "@/lib/domain/escrow/currencies";
import { unitsOf } from "@/lib/domain/escrow/ledger-units";
import { env } from "@/lib/env";
import type { IncomingFundsRequest } from "@/lib/schemas/adapter";
import type { LedgerImportRequest } from "@/lib/schemas/ledger";
import { recordAudit } from "@/lib/server/audit/record-audit";
import type { Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { epochSeconds } from "./escrow-terms";
import { BANK_OWNER, ensureAccount, postMovement } from "./post-movement";

export const LEDGER_IMPORT_OUTBOX_KIND = "ledger-import";

export async function recordIncomingFunds(
  request: IncomingFundsRequest,
  caller: Principal,
  options: { idempotencyKey: string | null; requestId: string },
): Promise<{ id: string }> {
  const requestHash = canonicalJsonSha256(request);
  if (options.idempotencyKey) {
    const earlier = await db.escrowIncomingFunds.findUnique({ where: { idempotencyKey: options.idempotencyKey } });
    if (earlier) {
      if (earlier.requestHash !== requestHash) {
        throw new AppError("IDEMPOTENCY_KEY_REUSED", "this Idempotency-Key was already used for another incoming payment; nothing was credited");
      }
      return { id: earlier.id };
    }
  }
  const refusal = currencyRefusal(env.ESCROW_CURRENCIES, request.currency, request.amount);
  if (refusal) throw new AppError("UNPROCESSABLE", refusal);
  return db.$transaction(async (tx) => {
    const instruction = await tx.escrowDepositInstruction.findUnique({ where: { reference: request.reference } });
    if (!instruction) throw new AppError("NOT_FOUND", `no deposit instruction carries the reference ${request.reference}`);
    if (instruction.currency !== request.currency) {
      throw new AppError("UNPROCESSABLE", `the deposit instruction ${request.reference} is for ${instruction.currency}, not ${request.currency}`);
    }
    const id = randomUUID();
    const bank = await ensureAccount(tx, BANK_OWNER, request.currency);
    const entryId = await postMovement(tx, {
      movement: { kind: "deposit", bankId: bank.id, accountId: instruction.accountId, currency: request.currency, units: unitsOf(request.amount) },
      causeId: id,
      memo: `incoming funds, reference ${request.reference}`,
    });
    await tx.escrowIncomingFunds.create({
      data: {
        id,
        reference: request.reference,
        amount: request.amount,
        currency: request.currency,
        accountId: instruction.accountId,
        journalEntryId: entryId,
        idempotencyKey: options.idempotencyKey,
        requestHash,
        recordedBy: caller.userId,
      },
    });
    const report: LedgerImportRequest = {
      transactions: [
        {
          id,
          asset: { type: "fiat", code: request.currency },
          quantity: request.amount,
          timestamp: epochSeconds(new Date()),
          destination: { finId: instruction.ownerFinId, account: { type: "finId", finId: instruction.ownerFinId, orgId: env.ESCROW_ORG_ID } },
          // The deposit instruction this money settles: the router lists it as credited.
          settlementRef: request.reference,
          transactionDetails: { transactionId: entryId },
        },
      ],
    };
    await tx.escrowOutbox.create({ data: { id: randomUUID(), kind: LEDGER_IMPORT_OUTBOX_KIND, payload: JSON.stringify(report) } });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      action: "escrow.incoming-funds.recorded",
      subjectType: "escrowAccount",
      subjectId: instruction.accountId,
      requestId: options.requestId,
      details: { reference: request.reference, amount: request.amount, currency: request.currency, incomingId: id },
    });
    return { id };
  });
}
