// Building a signed deposit request in the browser: the deposit template (decisions.md §5) is signed
// by the profile's key through `sign`, so only the nonce and the signature travel.
import { generateNonce } from "@/lib/domain/nonce";
import { buildDepositTemplate } from "@/lib/domain/signature-template";
import type { DepositRequest } from "@/lib/schemas/payment";

export type DepositTerms = { profileId: string; finId: string; orgId: string; currency: string; amount: string };

export function signedDepositRequest(terms: DepositTerms, sign: (hashHex: string) => string): DepositRequest {
  const nonce = generateNonce();
  const template = buildDepositTemplate({ nonce, assetType: "fiat", assetId: terms.currency, dstAccountType: "finId", dstAccount: terms.finId, amount: terms.amount });
  return {
    profileId: terms.profileId,
    account: { account: { type: "finId", finId: terms.finId, orgId: terms.orgId }, asset: { type: "fiat", code: terms.currency } },
    amount: terms.amount,
    nonce,
    signature: sign(template.hash),
  };
}
