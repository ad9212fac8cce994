// POST {router_url}/finapi/payments/withdraw – pay funds out of the profile's escrow account
// (flows.md "Withdrawal"): like a deposit, routed to the adapter's payout with the investor's payout
// template. The signature is required (the schema refuses an unsigned body before this runs) and is
// verified here, so nothing is recorded or sent for a payout the investor did not sign.
import { AppError } from "@/lib/domain/app-error";
import { verifyPayoutSignature } from "@/lib/domain/escrow/signed-terms";
import { buildPayoutTemplate } from "@/lib/domain/signature-template";
import type { Account } from "@/lib/schemas/account";
import type { PayoutRequest } from "@/lib/schemas/adapter";
import { DESCRIPTION_MAX_LENGTH } from "@/lib/schemas/common";
import type { WithdrawalRequest } from "@/lib/schemas/payment";
import type { Principal } from "@/lib/server/auth/principal";
import { verifyInvestorSignature } from "./investor-signature";
import { paymentRouteFor } from "./payment-route";
import { submitPayment, type RequestOptions } from "./submit-payment";

function accountLabel(account: Account): string {
  return account.type === "iban" ? `IBAN ${account.code}` : `finId ${account.finId}${account.orgId ? ` at ${account.orgId}` : ""}`;
}

/** What the payment organization reads: where the money goes, then the investor's own description. */
function payoutDescription(body: WithdrawalRequest): string {
  const description = `to ${accountLabel(body.withdrawInstruction.account.account)} | ${body.withdrawInstruction.description}`;
  if (description.length > DESCRIPTION_MAX_LENGTH) {
    throw new AppError("UNPROCESSABLE", `The withdrawal instruction is too long to pass on (${description.length} characters with the account).`, [
      { in: "body", path: "withdrawInstruction.description", message: `must leave room for the account: at most ${DESCRIPTION_MAX_LENGTH} characters in all` },
    ]);
  }
  return description;
}

export async function requestWithdrawal(body: WithdrawalRequest, caller: Principal, options: RequestOptions) {
  return submitPayment("withdraw", body, caller, options, async (profile) => {
    const route = await paymentRouteFor(profile, body.account);
    const target = body.withdrawInstruction.account.asset;
    if (target.type !== "fiat" || target.code !== route.currency) {
      throw new AppError("UNPROCESSABLE", `The money leaves in ${route.currency}; the withdrawal account must take ${route.currency} too.`, [
        { in: "body", path: "withdrawInstruction.account.asset", message: `must be fiat ${route.currency}, like account.asset` },
      ]);
    }
    const description = payoutDescription(body);
    const terms = { currency: route.currency, sourceFinId: profile.finId, amount: body.amount };
    const signed = verifyInvestorSignature(
      body,
      (nonce) =>
        buildPayoutTemplate({ nonce, assetType: "fiat", assetId: route.currency, srcAccountType: "finId", srcAccount: profile.finId, amount: body.amount }),
      (envelope) => verifyPayoutSignature(envelope, terms),
    );
    const adapterBody: PayoutRequest = {
      asset: { type: "fiat", code: route.currency },
      source: route.party,
      amount: body.amount,
      payoutInstruction: { description },
      nonce: signed.nonce,
      signature: signed.signature,
    };
    return { organizationId: route.org.id, adapterBody };
  });
}
