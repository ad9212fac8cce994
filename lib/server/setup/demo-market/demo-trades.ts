// The demo market's intents and trades, made as the portal makes them: intent bodies from the
// publish form's builder (lib/client/intent-form.ts) and executions from the trade ticket's
// (lib/client/trade-execution.ts), signed with the party's key, then sent to the same verbs the API
// routes call. A trade is driven to its end by the real plan runner and the built-in escrow in this
// process; a selling intent's seller answers its signing request the way the signing inbox does.
import { epochSecondsToLocalTime, buildIntentRequest } from "@/lib/client/intent-form";
import { payeeOf, prepareBuy } from "@/lib/client/trade-execution";
import { formatAmount, multiplyAmounts, parseAmount } from "@/lib/domain/amount";
import { isOpenSigningStatus } from "@/lib/domain/signing-request-status";
import { signHash } from "@/lib/domain/secp256k1";
import { availableTokens } from "@/lib/domain/token-quantity";
import { env } from "@/lib/env";
import type { AssetView } from "@/lib/schemas/asset";
import type { IntentType } from "@/lib/schemas/intent";
import { executeIntentRequestSchema } from "@/lib/schemas/intent-execution";
import { getAsset } from "@/lib/server/assets/get-asset";
import { db } from "@/lib/server/db/client";
import { createIntent } from "@/lib/server/intents/create-intent";
import { getIntent } from "@/lib/server/intents/get-intent";
import { advancePlan } from "@/lib/server/trading/plan-runner";
import { executeIntent } from "@/lib/server/trading/execute-intent";
import { submitSignatureResult } from "@/lib/server/trading/submit-signature-result";
import { SEED_REQUEST_ID, type DemoMarketParty } from "./demo-parties";

/** The demo market's signer for a profile: its sellers answer signing requests at once (sign-for-demo-market.ts). */
export const demoMarketSignerUrl = (profileId: string) => `${env.PUBLIC_URL}/api/signing/demo-market/${encodeURIComponent(profileId)}`;

const SETTLE_ROUNDS = 400;
const ROUND_PAUSE_MS = 5;

export type IntentTerms = { type: IntentType; amount: string; unitValue: string; startSeconds: number; endSeconds: number };

/** Publishes an intent of `owner` with the publish form's builder and checks; answers its id. */
export async function publishIntent(owner: DemoMarketParty, asset: AssetView, terms: IntentTerms, nowSeconds: number): Promise<string> {
  const balance = await db.tokenBalance.findUnique({ where: { assetId_ownerFinId: { assetId: asset.id, ownerFinId: owner.finId } } });
  const built = buildIntentRequest(
    {
      type: terms.type,
      assetId: asset.id,
      amount: terms.amount,
      unitValue: terms.unitValue,
      start: epochSecondsToLocalTime(terms.startSeconds),
      end: epochSecondsToLocalTime(terms.endSeconds),
      expiry: "",
      orgId: env.ESCROW_ORG_ID,
      endpoint: terms.type === "primarySale" ? "" : demoMarketSignerUrl(owner.profileId),
      secret: "",
    },
    {
      asset,
      owner: { id: owner.profileId, finId: owner.finId },
      paymentOrgIds: new Set([env.ESCROW_ORG_ID]),
      availableTokens: availableTokens(balance),
      nowSeconds,
      currencyTables: new Map([[env.ESCROW_ORG_ID, env.ESCROW_CURRENCIES]]),
      defaultPaymentOrgId: env.ESCROW_ORG_ID,
    },
  );
  if (!built.ok) throw new Error(`the demo market's ${terms.type} of ${asset.name} breaks the intent rules: ${JSON.stringify(built.errors)}`);
  return (await createIntent(asset.id, built.request, owner.principal, SEED_REQUEST_ID, null)).id;
}

/** Buys `quantity` of the intent as the trade ticket does; answers the plan's id. */
async function buy(buyer: DemoMarketParty, asset: AssetView, intentId: string, quantity: string): Promise<string> {
  const intent = await getIntent(asset.id, intentId);
  const payee = payeeOf(intent);
  if (!payee) throw new Error(`the demo market cannot buy from intent ${intentId}`);
  const total = formatAmount(multiplyAmounts(parseAmount(quantity), parseAmount(intent.settlementTerm.unitValue)));
  const nowSeconds = Math.floor(Date.now() / 1000);
  const prepared = prepareBuy({ intent, asset, buyer: { id: buyer.profileId, finId: buyer.finId, createdAt: nowSeconds, sharedWith: [] }, quantity, total, nowSeconds }, payee);
  const body = executeIntentRequestSchema.parse({ ...prepared.unsigned, intent: { ...prepared.unsigned.intent, signature: signHash(prepared.template.hash, buyer.privateKey) } });
  return (await executeIntent(body, buyer.principal, SEED_REQUEST_ID)).response.executionPlanId;
}

/**
 * Runs the plan until it ends. Before the server listens nobody answers at the seller's signing
 * endpoint, so the seller answers its signing request here, with the verb the signing inbox uses.
 */
async function settle(planId: string, seller: DemoMarketParty | null, asset: AssetView, intentId: string): Promise<void> {
  for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
    await advancePlan(planId);
    const plan = await db.plan.findUniqueOrThrow({ where: { id: planId } });
    if (plan.stage === "done") {
      if (plan.status !== "Completed") throw new Error(`the demo market's trade ${planId} ended ${plan.status}: ${plan.failureReason ?? ""}`);
      return;
    }
    const request = plan.stage === "sign" && seller ? await db.signingRequest.findUnique({ where: { planId } }) : null;
    if (request && seller && isOpenSigningStatus(request.status)) {
      const signature = signHash((JSON.parse(request.template) as { hash: string }).hash, seller.privateKey);
      await submitSignatureResult({ requestId: request.id, assetId: asset.id, intentId, signature }, seller.principal);
    }
    await new Promise((resolve) => setTimeout(resolve, ROUND_PAUSE_MS));
  }
  throw new Error(`the demo market's trade ${planId} did not settle`);
}

/** One settled trade: `buyer` takes `quantity` from the intent (of `seller`, or the issuer's primary sale). */
export async function settleTrade(buyer: DemoMarketParty, seller: DemoMarketParty | null, assetId: string, intentId: string, quantity: string): Promise<string> {
  const asset = await getAsset(assetId);
  const planId = await buy(buyer, asset, intentId, quantity);
  await settle(planId, seller, asset, intentId);
  return planId;
}
