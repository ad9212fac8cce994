// The router's API called from a journey, for what its pages are not about: reading plans and
// holdings to assert on, and a primary sale set up for a buyer's journey. A key made here signs
// like the browser's, with the same noble code, over the templates the server rebuilds.
import { expect, type APIRequestContext, type Browser } from "@playwright/test";

import { generatePrivateKey, getFinId, signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";

import { signIn } from "./journey-helpers";
import { TEST_DEMO_PASSWORD as DEMO_PASSWORD } from "../tests/demo-password";

export type Holding = { balance: string; held: string; available: string };

async function json(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<Record<string, unknown>> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** A profile's holdings by asset: the currency code for money, the asset id for tokens. */
export async function holdingsOf(request: APIRequestContext, profileId: string): Promise<Record<string, Holding>> {
  const { holdings } = (await json(await request.get(`/api/router/finapi/profiles/${profileId}/holdings`))) as {
    holdings: ({ asset: { code?: string; resourceId?: string } } & Holding)[];
  };
  return Object.fromEntries(holdings.map((h) => [h.asset.code ?? h.asset.resourceId ?? "?", { balance: h.balance, held: h.held, available: h.available }]));
}

export async function planStatus(request: APIRequestContext, planId: string): Promise<string> {
  return String((await json(await request.get(`/api/router/finapi/execution/${planId}`))).executionPlanStatus);
}

/**
 * The demo issuer publishes a primary sale through the API, for journeys about the buyer: a
 * profile with a key made here, an asset, and the sale, paid at the built-in escrow.
 */
export async function publishPrimarySale(browser: Browser, terms: { name: string; amount: string; unitValue: string }): Promise<{ assetId: string; intentId: string }> {
  const context = await browser.newContext();
  const issuer = await context.newPage();
  await signIn(issuer, "issuer@example.com", DEMO_PASSWORD);
  const post = async (path: string, data: unknown) => json(await issuer.request.post(path, { data })) as Promise<{ id?: string; response?: { id?: string } }>;
  const privateKey = generatePrivateKey();
  const finId = getFinId(privateKey);
  const profile = await post("/api/router/finapi/profiles/owner", { publicKey: finId, signature: signHash(profileProofHash(finId), privateKey) });
  const issuerId = String(profile.response?.id);
  const usd = { type: "fiat", code: "USD" };
  const asset = await post("/api/router/finapi/profiles/asset", { name: terms.name, issuerId, denomination: usd, decimals: 0, rules: {} });
  const assetId = String(asset.id);
  const tokens = { type: "p2p", resourceId: assetId };
  const now = Math.floor(Date.now() / 1000);
  const sale = await post(`/api/router/finapi/profiles/asset/${assetId}/intent`, {
    assetTerm: { asset: tokens, amount: terms.amount },
    assetInstruction: { account: { account: { type: "finId", finId, orgId: "node" }, asset: tokens } },
    settlementTerm: { asset: usd, unitValue: terms.unitValue },
    intent: {
      type: "primarySale",
      issuerId,
      sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: ["escrow"], accounts: [{ asset: usd, identifier: { type: "finId", finId, orgId: "escrow" } }] },
    },
    start: now - 60,
    end: now + 3600,
  });
  await context.close();
  return { assetId, intentId: String(sale.id) };
}

/** The demo issuer pauses (disables) or resumes (enables) one of its intents through the API. */
export async function setIntentActive(browser: Browser, offer: { assetId: string; intentId: string }, active: boolean): Promise<void> {
  const context = await browser.newContext();
  const issuer = await context.newPage();
  await signIn(issuer, "issuer@example.com", DEMO_PASSWORD);
  const path = `/api/router/finapi/profiles/asset/${encodeURIComponent(offer.assetId)}/intent/${encodeURIComponent(offer.intentId)}/${active ? "enable" : "disable"}`;
  await json(await issuer.request.put(path, { data: {} }));
  await context.close();
}
