// Money for the demo market's traders and the demo investors, the way it arrives in production:
// deposit instructions through the router from the built-in escrow, then the escrow's operator
// records the transfer under their reference (the escrow reports the credit to the router's holdings
// through its outbox).
import { parseDepositDescription } from "@/lib/domain/escrow/deposit-description";
import { env } from "@/lib/env";
import { depositRequestSchema, routerDepositResponseSchema } from "@/lib/schemas/payment";
import { principalFromUserId, type Principal } from "@/lib/server/auth/principal";
import { db } from "@/lib/server/db/client";
import { recordIncomingFunds } from "@/lib/server/escrow/record-incoming-funds";
import { requestDeposit } from "@/lib/server/router-ops/request-deposit";

/** The demo escrow operator, who records money that reached the bank. */
export async function demoOperator(): Promise<Principal | null> {
  const operator = await db.user.findFirst({ where: { demo: true, role: "escrowOperator", organizationId: env.ESCROW_ORG_ID, disabledAt: null }, orderBy: { email: "asc" } });
  return operator ? principalFromUserId(operator.id) : null;
}

/**
 * Money for a profile, the way it arrives in production: deposit instructions from the built-in
 * escrow through the router (as the owner asks on the Cash page), then the operator records the
 * transfer under their reference. The escrow reports the credit to the router through its outbox.
 */
export async function depositThroughEscrow(owner: Principal, profileId: string, finId: string, amount: string, operator: Principal, key: string, requestId: string): Promise<void> {
  const request = depositRequestSchema.parse({
    profileId,
    account: { account: { type: "finId", finId, orgId: env.ESCROW_ORG_ID }, asset: { type: "fiat", code: "USD" } },
    amount,
  });
  const envelope = await requestDeposit(request, owner, { requestId, idempotencyKey: `${key}:instruction` });
  const answer = routerDepositResponseSchema.safeParse(envelope.response);
  const reference = answer.success ? parseDepositDescription(answer.data.depositInstruction.depositInstruction.description).get("Reference number") : undefined;
  if (!reference) throw new Error(`the built-in escrow gave no deposit instructions for ${profileId}: ${JSON.stringify(envelope)}`);
  await recordIncomingFunds({ reference, amount, currency: "USD" }, operator, { idempotencyKey: `${key}:credit`, requestId });
}
