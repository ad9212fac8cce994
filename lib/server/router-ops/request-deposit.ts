// POST {router_url}/finapi/payments/deposit – deposit instructions for a profile (flows.md "Deposit"):
// check the caller owns the profile, where the money goes and the optional signature; record the
// operation (its nonce used once); then, after the commit, ask the payment organization's adapter.
// The answer is the operation's envelope: completed when the adapter answered at once.
import { canonicalJsonSha256 } from "@/lib/domain/canonical-json";
import { verifyDepositSignature } from "@/lib/domain/escrow/signed-terms";
import { buildDepositTemplate } from "@/lib/domain/signature-template";
import type { DepositInstructionRequest } from "@/lib/schemas/adapter";
import type { DepositRequest } from "@/lib/schemas/payment";
import type { Principal } from "@/lib/server/auth/principal";
import { findAccessibleProfile } from "@/lib/server/profiles/find-accessible-profile";
import { checkInvestorSignature } from "./investor-signature";
import { routerEnvelope } from "./operation-envelope";
import { paymentRouteFor } from "./payment-route";
import { createOperation, findRepeat, type RepeatKey } from "./record-operation";
import { runRouterOperation } from "./run-router-operation";

export type RequestOptions = { requestId: string; idempotencyKey: string | null };

export function repeatKeyOf(body: { nonce?: string }, signer: string, idempotencyKey: string | null): RepeatKey | null {
  if (body.nonce !== undefined) return { by: "nonce", signer, nonce: body.nonce };
  return idempotencyKey ? { by: "header", key: idempotencyKey } : null;
}

export async function requestDeposit(body: DepositRequest, caller: Principal, options: RequestOptions) {
  const profile = await findAccessibleProfile(body.profileId, caller, "act");
  const requestHash = canonicalJsonSha256(body);
  const repeatKey = repeatKeyOf(body, profile.finId, options.idempotencyKey);
  const repeat = await findRepeat(caller, repeatKey, requestHash);
  if (repeat) return routerEnvelope(repeat);

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
  const op = await createOperation(
    { kind: "deposit", profileId: profile.id, organizationId: route.org.id, request: adapterBody, requestHash, repeatKey, dueAt: new Date() },
    caller,
    options.requestId,
  );
  return routerEnvelope((await runRouterOperation(op.id)) ?? op);
}
