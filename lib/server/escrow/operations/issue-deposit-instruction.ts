// POST {adapter_url}/payments/depositInstruction – tells an investor where to send money: the
// escrow account (opened now if new) and a bank description whose reference number is unique, so
// the money can be matched to this instruction when it arrives (POST /operator/incoming).
import { randomUUID } from "node:crypto";
import { buildDepositDescription, generateDepositReference } from "@/lib/domain/escrow/deposit-description";
import { signatureKey, verifyDepositSignature, type SignedEnvelope } from "@/lib/domain/escrow/signed-terms";
import { env } from "@/lib/env";
import { depositInstructionRequestSchema, type DepositInstructionRequest } from "@/lib/schemas/adapter";
import { defineOperation } from "../operation-definition";
import { assertLocalParty, servedCurrency } from "../escrow-terms";
import { dbNow } from "@/lib/server/db/sql";
import { OperationRefusal } from "../errors";
import { ensureAccount } from "../post-movement";

const REFERENCE_ATTEMPTS = 5;

function signed(r: DepositInstructionRequest): SignedEnvelope | null {
  return r.nonce !== undefined && r.signature !== undefined ? { nonce: r.nonce, signature: r.signature } : null;
}

export const issueDepositInstruction = defineOperation<DepositInstructionRequest, { currency: string }>({
  kind: "depositInstruction",
  schema: depositInstructionRequestSchema,
  keyField: "nonce",
  keyOf: (r) => (r.nonce ? `depositInstruction:${r.owner.finId}:${r.nonce.toLowerCase()}` : null),
  consumedSignatureOf: (r) => {
    const envelope = signed(r);
    return envelope ? signatureKey(r.owner.finId, envelope) : null;
  },
  async prepare(r) {
    const currency = servedCurrency(r.asset, r.amount);
    assertLocalParty(r.destination, "destination");
    const envelope = signed(r);
    if (envelope) {
      const verified = verifyDepositSignature(envelope, {
        currency,
        destinationFinId: r.destination.finId,
        ownerFinId: r.owner.finId,
        amount: r.amount,
      });
      if (!verified.ok) throw new OperationRefusal(verified.refusal);
    }
    return { currency };
  },
  async execute(tx, r, { prepared }) {
    const account = await ensureAccount(tx, r.destination.finId, prepared.currency);
    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt += 1) {
      const reference = generateDepositReference();
      if (await tx.selectFrom("EscrowDepositInstruction").select("id").where("reference", "=", reference).executeTakeFirst()) continue;
      await tx
        .insertInto("EscrowDepositInstruction")
        .values({
          id: randomUUID(),
          reference,
          accountId: account.id,
          ownerFinId: r.destination.finId,
          currency: prepared.currency,
          amount: r.amount,
          details: r.details,
          createdAt: dbNow(),
        })
        .execute();
      const description = buildDepositDescription(
        {
          bankAddress: env.ESCROW_BANK_ADDRESS,
          beneficiaryName: `${env.ESCROW_ORG_NAME} FBO ${r.destination.finId.slice(0, 12)}`,
          bankName: env.ESCROW_BANK_NAME,
          accountNumber: env.ESCROW_BANK_ACCOUNT_NUMBER,
          accountType: env.ESCROW_BANK_ACCOUNT_TYPE,
          routingNumber: env.ESCROW_BANK_ROUTING_NUMBER,
          bicSwift: env.ESCROW_BANK_BIC,
        },
        reference,
      );
      return {
        account: { finId: r.destination.finId, account: { type: "finId", finId: r.destination.finId, orgId: env.ESCROW_ORG_ID } },
        description,
      };
    }
    throw new Error(`no free deposit reference after ${REFERENCE_ATTEMPTS} attempts`);
  },
});
