// Trading through the API from a journey, for the steps whose pages belong to other journeys (the
// buyer's trade ticket): people sign in through the sign-in page, and their keys sign in Node with
// the same noble code the browser uses, over the templates the server rebuilds (decisions.md §5).
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

import { signedDepositRequest } from "@/lib/client/deposit";
import { generateNonce } from "@/lib/domain/nonce";
import { generatePrivateKey, getFinId, signHash } from "@/lib/domain/secp256k1";
import { profileProofHash } from "@/lib/domain/signature-template";
import { tradeTemplate, type Trade } from "@/lib/domain/trade/trade";

export type Person = { profileId: string; finId: string };
export type KeyedPerson = Person & { privateKey: string; request: APIRequestContext };

const usd = { type: "fiat", code: "USD" } as const;
const finIdAccount = (finId: string, orgId: string) => ({ type: "finId", finId, orgId });
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function json(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<Record<string, unknown>> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

/** The caller's first profile. */
export async function firstProfile(request: APIRequestContext): Promise<Person> {
  const { profiles } = (await json(await request.get("/api/router/finapi/profiles"))) as { profiles: { id: string; finId: string }[] };
  const profile = profiles[0];
  if (!profile) throw new Error("the caller has no profile");
  return { profileId: profile.id, finId: profile.finId };
}

export async function createProfile(request: APIRequestContext, privateKey: string): Promise<Person> {
  const finId = getFinId(privateKey);
  const body = await json(await request.post("/api/router/finapi/profiles/owner", { data: { publicKey: finId, signature: signHash(profileProofHash(finId), privateKey) } }));
  return { profileId: String((body.response as { id: string }).id), finId };
}

export async function holdingsOf(request: APIRequestContext, profileId: string): Promise<Record<string, { balance: string; held: string; available: string }>> {
  const { holdings } = (await json(await request.get(`/api/router/finapi/profiles/${profileId}/holdings`))) as {
    holdings: { asset: { code?: string; resourceId?: string }; balance: string; held: string; available: string }[];
  };
  return Object.fromEntries(holdings.map((h) => [h.asset.code ?? h.asset.resourceId ?? "?", { balance: h.balance, held: h.held, available: h.available }]));
}

/** Deposit instructions signed with the person's key, then the escrow operator records the money. */
export async function fund(person: KeyedPerson, operator: APIRequestContext, amount: string): Promise<void> {
  const before = Number((await holdingsOf(person.request, person.profileId)).USD?.balance ?? "0");
  const deposit = signedDepositRequest({ profileId: person.profileId, finId: person.finId, orgId: "escrow", currency: "USD", amount }, (hash) => signHash(hash, person.privateKey));
  const envelope = await json(await person.request.post("/api/router/finapi/payments/deposit", { data: deposit }));
  const reference = /ESC-[0-9A-HJKMNP-TV-Z]{12}/.exec(JSON.stringify(envelope))?.[0];
  expect(reference, JSON.stringify(envelope)).toBeDefined();
  const recorded = await operator.post("/api/adapter/operator/incoming", { data: { reference, amount, currency: "USD" } });
  expect(recorded.status(), await recorded.text()).toBe(201);
  // The escrow reports the credit to the router asynchronously.
  await expect
    .poll(async () => Number((await holdingsOf(person.request, person.profileId)).USD?.balance ?? "0"), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(before + Number(amount));
}

export type Execution = {
  kind: "primarySale" | "sellingIntent";
  intentId: string;
  assetId: string;
  buyer: KeyedPerson;
  seller: Person;
  quantity: string;
  settlementAmount: string;
};

/** The buyer executes an intent, signing the trade template with its key; the plan's id. */
export async function execute(t: Execution): Promise<string> {
  const nonce = generateNonce();
  const expiry = nowSeconds() + 3600;
  const trade: Trade = {
    kind: t.kind,
    assetId: t.assetId,
    quantity: t.quantity,
    currency: "USD",
    settlementAmount: t.settlementAmount,
    buyerFinId: t.buyer.finId,
    sellerFinId: t.seller.finId,
    escrowOrgId: "escrow",
    tokenOrgId: "node",
    nonce,
    signedExpiry: expiry,
    holdExpiry: expiry,
    executorFinId: t.buyer.finId,
    counterpartyFinId: null,
  };
  const tokens = { type: "p2p", resourceId: t.assetId };
  const destinationAccount = { account: finIdAccount(t.buyer.finId, "node"), asset: tokens };
  const instruction = t.kind === "primarySale" ? { destinationAccount } : { sourceAccount: { account: finIdAccount(t.seller.finId, "node"), asset: tokens }, destinationAccount };
  const body = {
    intentId: t.intentId,
    user: t.buyer.profileId,
    intent: {
      type: `${t.kind}Execution`,
      asset: { term: { asset: tokens, amount: t.quantity }, instruction },
      settlement: {
        term: { asset: usd, amount: t.settlementAmount },
        instruction: {
          type: "escrow",
          sourceAccount: { account: finIdAccount(t.buyer.finId, "escrow"), asset: usd },
          destinationAccount: { account: finIdAccount(t.seller.finId, "escrow"), asset: usd },
          expiry,
        },
      },
      nonce,
      buyer: t.buyer.profileId,
      ...(t.kind === "primarySale" ? { issuer: t.seller.profileId } : {}),
      signature: signHash(tradeTemplate(trade).hash, t.buyer.privateKey),
    },
  };
  const answer = await json(await t.buyer.request.post("/api/router/finapi/tokens/execute", { data: body }));
  return String((answer.response as { executionPlanId: string }).executionPlanId);
}

export async function planStatus(request: APIRequestContext, planId: string): Promise<string> {
  return String((await json(await request.get(`/api/router/finapi/execution/${planId}`))).executionPlanStatus);
}

/** The escrow operator's session, for recording incoming money (the operator's page is another journey's). */
export async function operatorSession(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext();
  await signIn(await context.newPage(), "operator@example.com", "operator-demo-pass");
  return context.request;
}

/**
 * The buyer's side of journey (2), kept in one place so it can become the trade ticket's UI: Bob
 * signs in, makes a profile with a fresh key, is funded with the settlement amount and executes
 * the selling intent. The plan then waits for the seller's signature.
 */
export async function buyerTakesSellingIntent(
  browser: Browser,
  operator: APIRequestContext,
  offer: { intentId: string; assetId: string; seller: Person; quantity: string; settlementAmount: string },
): Promise<{ planId: string; buyer: KeyedPerson }> {
  const context = await browser.newContext();
  await signIn(await context.newPage(), "bob@example.com", "investor-demo-pass");
  const privateKey = generatePrivateKey();
  const buyer: KeyedPerson = { ...(await createProfile(context.request, privateKey)), privateKey, request: context.request };
  await fund(buyer, operator, offer.settlementAmount);
  const planId = await execute({ kind: "sellingIntent", ...offer, buyer });
  return { planId, buyer };
}
