// POST {router_url}/finapi/payments/deposit – deposit instructions for a profile (flows.md "Deposit"):
// where the money goes and the optional signature are checked, the operation recorded (its nonce
// used once), then the payment organization's adapter is asked. The answer is the operation's
// envelope: completed when the adapter answered at once.
import { verifyDepositSignature } from "@/lib/domain/escrow/signed-terms";
import { buildDepositTemplate } from "@/lib/domain/signature-template";
import type { DepositInstructionRequest } from "@/lib/schemas/adapter";
import type { DepositRequest } from "@/lib/schemas/payment";
import type { Principal } from "@/lib/server/auth/principal";
import { checkInvestorSignature } from "./investor-signature";
import { paymentRouteFor } from "./payment-route";
import { submitPayment, type RequestOptions } from "./submit-payment";

export async function requestDeposit(body: DepositRequest, caller: Principal, options: RequestOptions) {
  return submitPayment("deposit", body, caller, options, async (profile) => {
    const route = await paymentRouteFor(profile, body.account);
    const terms = { currency: route.currency, destinationFinId: profile.finId, ownerFinId: profile.finId, amount: body.amount };
    const signed = checkInvestorSignature(
      body,
      (nonce) =>
        buildDepositTemplate({ nonce, assetType: "fiat", assetId: route.currency, dstAccountType: "finId", dstAccount: profile.finId, amount: body.amount }),
      (envelope) => verifyDepositSignature(envelope, terms),
    );
    const adapterBody: DepositInstructionRequest = {
      asset: { type: "fiat", code: route.currency },
      destination: route.party,
      owner: route.party,
      amount: body.amount,
      details: `deposit to profile ${profile.id}`,
      ...(signed ? { nonce: signed.nonce, signature: signed.signature } : {}),
    };
    return { organizationId: route.org.id, adapterBody };
  });
}
