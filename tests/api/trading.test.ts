// Delivery-versus-payment trades over HTTP with the real escrow adapter (the shared server, which
// completes synchronously): primary sales, selling intents (the seller signs at once, or later
// through the portal's signing inbox) and buying intents; the asset's rules; every refusal at
// execution writing nothing; 20 concurrent executions against 10 remaining. Holdings, receipts,
// the plan's shape and the escrow's books are checked after each.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateNonce } from "@/lib/domain/nonce";
import { signHash } from "@/lib/domain/secp256k1";
import { executionPlanSchema } from "@/lib/schemas/plan";
import { randomUUID } from "node:crypto";
import { outsideContract } from "./contract";
import { adminToken, baseUrl, call, countRows, executeSqlAt, queryRows } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { expectReconciled } from "./reconciliation";
import { postAt } from "./router-client";
import {
  buyingIntent,
  createAsset,
  executionBody,
  finishedPlan,
  fund,
  holdingsOf,
  newParty,
  planOf,
  primarySale,
  sellingIntent,
  SignerStandIn,
  type Party,
  type Server,
} from "./trade-client";

const EXECUTE = "/api/router/finapi/tokens/execute";
let server: Server;
let escrow: EscrowClient;
let issuer: Party;
const signer = new SignerStandIn();

beforeAll(async () => {
  server = { baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") };
  escrow = await EscrowClient.create(server);
  issuer = await newParty(server, "issuer");
  await signer.start();
});

afterAll(async () => {
  await signer.stop();
  await expectReconciled();
});

async function execute(body: unknown, token: string) {
  return postAt(server, EXECUTE, token, body);
}

async function executedPlanId(body: unknown, token: string): Promise<string> {
  const answer = await execute(body, token);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body).toEqual({ isCompleted: true, response: { executionPlanId: expect.stringMatching(/^node:106:[0-9a-f-]{36}$/) } });
  return String((answer.body.response as { executionPlanId: string }).executionPlanId);
}

async function receiptsOf(planId: string) {
  return queryRows<{ kind: string; assetCode: string; quantity: string; settlementRef: string; sourceFinId: string | null; destinationFinId: string }>(
    `SELECT "kind", "assetCode", "quantity", "settlementRef", "sourceFinId", "destinationFinId" FROM "Receipt" WHERE "planId" = $1 ORDER BY "kind"`,
    [planId],
  );
}

async function remainingOf(intentId: string): Promise<string> {
  const response = await call("GET", `/api/router/finapi/intents?limit=200`, { token: issuer.token });
  const body = (await response.json()) as { intents: { id: string; remainingQuantity: string }[] };
  const [row] = await queryRows<{ remainingQuantity: string }>(`SELECT "remainingQuantity" FROM "Intent" WHERE "id" = $1`, [intentId]);
  expect(body.intents.length).toBeGreaterThan(0);
  return row?.remainingQuantity ?? "?";
}

/** An investor with `cash` USD at the escrow and a primary sale to buy from. */
async function market(cash: string, amount = "100", unitValue = "2.5", rules = {}) {
  const assetId = await createAsset(server, issuer, rules);
  const intentId = await primarySale(server, issuer, assetId, amount, unitValue);
  const buyer = await newParty(server);
  if (cash !== "0") await fund(server, escrow, buyer, cash);
  return { assetId, intentId, buyer };
}

describe("primary sale", () => {
  it("settles end to end: hold, issue, release; two receipts paired by settlementRef; holdings and books follow", async () => {
    const { assetId, intentId, buyer } = await market("100");
    const issuerBefore = Number((await holdingsOf(server, issuer)).USD?.balance ?? "0");
    const { body } = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "8", settlementAmount: "20" });
    const planId = await executedPlanId(body, buyer.token);
    const plan = await finishedPlan(server, buyer.token, planId);
    expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");
    const shape = executionPlanSchema.safeParse(plan);
    expect(shape.success, JSON.stringify(shape.error?.issues.slice(0, 3))).toBe(true);
    expect(plan.instructions.map((i) => i.executionPlanOperation.type)).toEqual(["hold", "issue", "release"]);
    expect(plan.instructionsCompletionEvents.map((e) => e.instructionSequenceNumber)).toEqual([1, 2, 3]);
    expect(plan.approvals).toEqual([{ organizationId: "escrow" }]);
    expect(plan.intentID).toBe(intentId);
    expect(plan.intent.id).toBe(intentId);

    const receipts = await receiptsOf(planId);
    expect(receipts).toEqual([
      { kind: "payment", assetCode: "USD", quantity: "20", settlementRef: planId, sourceFinId: buyer.key.finId, destinationFinId: issuer.key.finId },
      { kind: "token", assetCode: assetId, quantity: "8", settlementRef: planId, sourceFinId: null, destinationFinId: buyer.key.finId },
    ]);
    const holdings = await holdingsOf(server, buyer);
    expect(holdings.USD).toEqual({ balance: "80", held: "0", available: "80" });
    expect(holdings[assetId]).toEqual({ balance: "8", held: "0", available: "8" });
    expect(Number((await holdingsOf(server, issuer)).USD?.balance)).toBe(issuerBefore + 20);
    expect(await escrow.account(buyer.key.finId)).toEqual({ balance: "80", held: "0", available: "80" });
    expect(await remainingOf(intentId)).toBe("92");
    expect((await escrow.books()).violations).toEqual([]);

    // Another investor cannot see the plan; the same execution again is answered with the same plan.
    const stranger = await newParty(server);
    expect((await planOf(server, stranger.token, planId)).status).toBe(404);
    expect(await executedPlanId(body, buyer.token)).toBe(planId);
  });

  it("fails cleanly without enough funds: nothing held, the quantity returns to the intent", async () => {
    const { assetId, intentId, buyer } = await market("10");
    const { body } = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "5", settlementAmount: "12.5" });
    const plan = await finishedPlan(server, buyer.token, await executedPlanId(body, buyer.token));
    expect(plan.executionPlanStatus).toBe("failed");
    expect(plan.failureReason).toMatch(/hold.*Code 11.*insufficient available funds/);
    expect(await remainingOf(intentId)).toBe("100");
    expect(await escrow.account(buyer.key.finId)).toEqual({ balance: "10", held: "0", available: "10" });
    expect((await holdingsOf(server, buyer))[assetId]).toBeUndefined();
  });

  it("rolls the hold back and ends Failed when the token ledger refuses step 2, with money and tokens conserved", async () => {
    const { assetId, intentId, buyer } = await market("30");
    // The fault: the buyer's token row is damaged (-5), so issuing 4 would leave it negative.
    await executeSqlAt(
      server.databaseUrl,
      `INSERT INTO "TokenBalance" ("id", "assetId", "ownerFinId", "balance", "reserved", "version", "updatedAt") VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [randomUUID(), assetId, buyer.key.finId, "-5", "0", 0, new Date().toISOString()],
    );
    const { body } = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "4", settlementAmount: "10" });
    const planId = await executedPlanId(body, buyer.token);
    const plan = await finishedPlan(server, buyer.token, planId);
    expect(plan.executionPlanStatus).toBe("failed");
    expect(plan.failureReason).toMatch(/^step 2 \(token\) failed, no tokens moved: the token ledger cannot go to balance -1.*; the held funds were rolled back to the buyer$/);
    expect(plan.instructionsCompletionEvents.map((e) => e.instructionSequenceNumber)).toEqual([1]);
    expect(await receiptsOf(planId)).toEqual([]);
    expect(await escrow.account(buyer.key.finId)).toEqual({ balance: "30", held: "0", available: "30" });
    // The damaged token row shows in the holdings as it is (-5), which no write of the API can make: outside the documents.
    expect((await outsideContract(() => holdingsOf(server, buyer))).USD).toEqual({ balance: "30", held: "0", available: "30" });
    const [tokens] = await queryRows<{ balance: string }>(`SELECT "balance" FROM "TokenBalance" WHERE "assetId" = $1 AND "ownerFinId" = $2`, [assetId, buyer.key.finId]);
    expect(tokens?.balance).toBe("-5");
    expect(await remainingOf(intentId)).toBe("100");
    expect((await escrow.books()).violations).toEqual([]);
  });

  it("is rejected when the asset's rules need certificates the buyer lacks, and settles once it has them", async () => {
    const { assetId, intentId, buyer } = await market("50", "100", "1", { kycAml: true });
    const terms = { kind: "primarySale" as const, intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "3", settlementAmount: "3" };
    const rejected = await finishedPlan(server, buyer.token, await executedPlanId(executionBody(terms).body, buyer.token));
    expect(rejected.executionPlanStatus).toBe("rejected");
    expect(rejected.failureReason).toMatch(/KYC\/AML/);
    expect(await remainingOf(intentId)).toBe("100");
    const now = Math.floor(Date.now() / 1000);
    const certificate = await postAt(server, `/api/router/finapi/profiles/${buyer.profileId}/certificates`, buyer.token, {
      type: "KYC/AML",
      issuanceDate: now - 100,
      expirationDate: now + 86_400,
      data: JSON.stringify({ name: "Buyer", country: "DE", info: [] }),
    });
    expect(certificate.status, certificate.text).toBe(200);
    const settled = await finishedPlan(server, buyer.token, await executedPlanId(executionBody(terms).body, buyer.token));
    expect(settled.executionPlanStatus, settled.failureReason).toBe("completed");
  });

  it("is rejected when the payment organization refuses to approve it (the buyer has no account there)", async () => {
    const { assetId, intentId, buyer } = await market("0");
    const { body } = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "1", settlementAmount: "2.5" });
    const plan = await finishedPlan(server, buyer.token, await executedPlanId(body, buyer.token));
    expect(plan.executionPlanStatus).toBe("rejected");
    expect(plan.failureReason).toMatch(/rejected the plan \(validationFailure 1001: .*no USD account/);
    expect(plan.approvals).toEqual([]);
    expect(await remainingOf(intentId)).toBe("100");
  });

  it("refuses an intent whose end has passed", async () => {
    const assetId = await createAsset(server, issuer);
    const now = Math.floor(Date.now() / 1000);
    const intentId = await primarySale(server, issuer, assetId, "5", "1", { start: now - 10, end: now + 2 });
    const buyer = await newParty(server);
    await fund(server, escrow, buyer, "5");
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const answer = await execute(executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "1", settlementAmount: "1" }).body, buyer.token);
    expect(answer.status).toBe(422);
    expect((answer.body.errors as { path: string; message: string }[])[0]).toMatchObject({ path: "intentId", message: expect.stringMatching(/expired/) });
  });

  it("refuses bad executions before writing anything", async () => {
    const { assetId, intentId, buyer } = await market("100", "10", "2");
    const base = { kind: "primarySale" as const, intentId, assetId, executor: buyer, buyer, seller: issuer };
    const tables = ["Plan", "UsedNonce", "Receipt", "EscrowOperation"];
    const before = await Promise.all(tables.map(countRows));
    const overQuantity = await execute(executionBody({ ...base, quantity: "11", settlementAmount: "22" }).body, buyer.token);
    expect([overQuantity.status, overQuantity.body.code]).toEqual([422, "QUANTITY_EXCEEDED"]);
    const wrongAmount = await execute(executionBody({ ...base, quantity: "2", settlementAmount: "4.01" }).body, buyer.token);
    expect([wrongAmount.status, wrongAmount.body.code]).toEqual([422, "AMOUNT_MISMATCH"]);
    const tampered = executionBody({ ...base, quantity: "2", settlementAmount: "4" }).body;
    const forged = { ...tampered, intent: { ...tampered.intent, settlement: { ...tampered.intent.settlement, term: { ...tampered.intent.settlement.term, amount: "4.0" } } } };
    forged.intent.asset = { ...forged.intent.asset, term: { ...forged.intent.asset.term, amount: "2.0" } };
    const badSignature = await execute(forged, buyer.token);
    expect([badSignature.status, badSignature.body.code]).toEqual([422, "BAD_SIGNATURE"]);
    const stale = await execute(executionBody({ ...base, quantity: "1", settlementAmount: "2", nonce: generateNonce(Math.floor(Date.now() / 1000) - 400) }).body, buyer.token);
    expect([stale.status, stale.body.code]).toEqual([422, "STALE_NONCE"]);
    const pastExpiry = await execute(executionBody({ ...base, quantity: "1", settlementAmount: "2", expiry: Math.floor(Date.now() / 1000) - 5 }).body, buyer.token);
    expect(pastExpiry.status).toBe(422);
    const stranger = await newParty(server);
    expect((await execute(executionBody({ ...base, quantity: "1", settlementAmount: "2" }).body, stranger.token)).status).toBe(404);
    expect((await Promise.all(tables.map(countRows)))).toEqual(before);

    // A used nonce, and a disabled intent.
    const nonce = generateNonce();
    await executedPlanId(executionBody({ ...base, quantity: "1", settlementAmount: "2", nonce }).body, buyer.token);
    const reused = await execute(executionBody({ ...base, quantity: "2", settlementAmount: "4", nonce }).body, buyer.token);
    expect([reused.status, reused.body.code]).toEqual([409, "NONCE_REUSED"]);
    const disabled = await call("PUT", `/api/router/finapi/profiles/asset/${assetId}/intent/${intentId}/disable`, { token: issuer.token, body: {} });
    expect(disabled.status).toBe(200);
    const onDisabled = await execute(executionBody({ ...base, quantity: "1", settlementAmount: "2" }).body, buyer.token);
    expect([onDisabled.status, onDisabled.body.code]).toEqual([409, "STATE_CONFLICT"]);
  });

  it("never oversells: 20 concurrent executions of 1 against 10 remaining settle exactly 10", async () => {
    const { assetId, intentId } = await market("0", "10", "1");
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newParty(server)));
    for (const buyer of buyers) await fund(server, escrow, buyer, "5");
    const answers = await Promise.all(
      buyers.map((buyer) => execute(executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "1", settlementAmount: "1" }).body, buyer.token)),
    );
    const accepted = answers.flatMap((a, i) => (a.status === 200 ? [{ answer: a, buyer: buyers[i] }] : []));
    expect(accepted.length).toBe(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.filter((a) => a.status !== 409 && a.body.code !== "QUANTITY_EXCEEDED").map((a) => a.text)).toEqual([]);
    const plans = await Promise.all(
      accepted.map(({ answer, buyer }) => finishedPlan(server, buyer?.token ?? "", String((answer.body.response as { executionPlanId: string }).executionPlanId), 60_000)),
    );
    expect(plans.every((p) => p.executionPlanStatus === "completed")).toBe(true);
    expect(await remainingOf(intentId)).toBe("0");
    const [sold] = await queryRows<{ total: number }>(`SELECT COUNT(*) AS "total" FROM "Receipt" WHERE "kind" = 'token' AND "assetCode" = $1`, [assetId]);
    expect(Number(sold?.total)).toBe(10);
  }, 120_000);
});

describe("selling and buying intents", () => {
  async function holderOf(tokens: string) {
    const { assetId, intentId, buyer: holder } = await market("1000", "100", "1");
    const { body } = executionBody({ kind: "primarySale", intentId, assetId, executor: holder, buyer: holder, seller: issuer, quantity: tokens, settlementAmount: tokens });
    expect((await finishedPlan(server, holder.token, await executedPlanId(body, holder.token))).executionPlanStatus).toBe("completed");
    return { assetId, holder };
  }

  it("settles a selling intent whose seller signs at once (with the policy's HMAC)", async () => {
    const { assetId, holder: seller } = await holderOf("20");
    signer.keys.set(seller.key.finId, seller.key);
    signer.mode = "sign";
    signer.secret = "policy-secret-1";
    const intentId = await sellingIntent(server, seller, assetId, "10", "3", { endpoint: signer.url, secret: "policy-secret-1" });
    const buyer = await newParty(server);
    await fund(server, escrow, buyer, "100");
    const { body, template } = executionBody({ kind: "sellingIntent", intentId, assetId, executor: buyer, buyer, seller, quantity: "4", settlementAmount: "12" });
    const plan = await finishedPlan(server, buyer.token, await executedPlanId(body, buyer.token));
    expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");
    expect(plan.instructions.map((i) => i.executionPlanOperation.type)).toEqual(["hold", "transfer", "release"]);
    const request = signer.seen.at(-1);
    expect(request?.hmacOk).toBe(true);
    expect(request?.body).toMatchObject({ intentId, signer: seller.key.finId, hashFunction: "sha3-256", signatureTemplate: { hash: template.hash } });
    expect((await holdingsOf(server, seller))[assetId]).toEqual({ balance: "16", held: "0", available: "16" });
    expect((await holdingsOf(server, buyer))[assetId]).toEqual({ balance: "4", held: "0", available: "4" });
    expect((await holdingsOf(server, buyer)).USD?.balance).toBe("88");
  });

  it("rejects the trade when the seller refuses or signs with another key, and gives the tokens back", async () => {
    const { assetId, holder: seller } = await holderOf("10");
    signer.keys.set(seller.key.finId, seller.key);
    signer.secret = null;
    const intentId = await sellingIntent(server, seller, assetId, "10", "1", { endpoint: signer.url });
    const buyer = await newParty(server);
    await fund(server, escrow, buyer, "100");
    for (const mode of ["refuse", "badSignature"] as const) {
      signer.mode = mode;
      const { body } = executionBody({ kind: "sellingIntent", intentId, assetId, executor: buyer, buyer, seller, quantity: "2", settlementAmount: "2" });
      const plan = await finishedPlan(server, buyer.token, await executedPlanId(body, buyer.token));
      expect(plan.executionPlanStatus, mode).toBe("rejected");
    }
    expect((await holdingsOf(server, seller))[assetId]).toEqual({ balance: "10", held: "0", available: "10" });
    expect(await remainingOf(intentId)).toBe("10");
    expect(await escrow.account(buyer.key.finId)).toEqual({ balance: "100", held: "0", available: "100" });
  });

  it("settles a selling intent signed later through the portal's signing inbox and signature-result", async () => {
    const { assetId, holder: seller } = await holderOf("6");
    const intentId = await sellingIntent(server, seller, assetId, "6", "2", { endpoint: `${server.baseUrl}/api/signing/callback/${seller.profileId}` });
    const buyer = await newParty(server);
    await fund(server, escrow, buyer, "50");
    const { body } = executionBody({ kind: "sellingIntent", intentId, assetId, executor: buyer, buyer, seller, quantity: "6", settlementAmount: "12" });
    const planId = await executedPlanId(body, buyer.token);
    let inbox: { requests: { requestId: string; intentId: string; signatureTemplate: { hash: string } }[] } = { requests: [] };
    for (let i = 0; i < 100 && inbox.requests.length === 0; i += 1) {
      inbox = (await (await call("GET", "/api/signing/inbox", { token: seller.token })).json()) as typeof inbox;
      if (inbox.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const request = inbox.requests[0];
    expect(request?.intentId).toBe(intentId);
    expect(request).toMatchObject({ assetId, profileId: seller.profileId, state: "pending", expiresAt: expect.any(Number) });
    expect((await planOf(server, buyer.token, planId)).plan.executionPlanStatus).toBe("pending");
    const result = { requestId: request?.requestId, assetId, intentId, signature: signHash(request?.signatureTemplate.hash ?? "", seller.key.privateKey) };
    expect((await postAt(server, "/api/router/finapi/tokens/signature-result", buyer.token, result)).status).toBe(404);
    const answered = await postAt(server, "/api/router/finapi/tokens/signature-result", seller.token, result);
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toEqual({});
    const again = await postAt(server, "/api/router/finapi/tokens/signature-result", seller.token, { ...result, signature: signHash(request?.signatureTemplate.hash ?? "", buyer.key.privateKey) });
    expect(again.status).toBe(409);
    const plan = await finishedPlan(server, buyer.token, planId);
    expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");
    expect(await remainingOf(intentId)).toBe("0");
    // Answered, it leaves the waiting list and shows as sent in the whole inbox.
    const waiting = (await (await call("GET", "/api/signing/inbox", { token: seller.token })).json()) as { requests: { requestId: string }[] };
    expect(waiting.requests.map((r) => r.requestId)).not.toContain(request?.requestId);
    const all = (await (await call("GET", "/api/signing/inbox?state=all", { token: seller.token })).json()) as { requests: { requestId: string; state: string }[] };
    expect(all.requests.find((r) => r.requestId === request?.requestId)?.state).toBe("sent");
    expect((await call("GET", "/api/signing/inbox?state=signed", { token: seller.token })).status).toBe(400);
  });

  it("settles a buying intent: the seller executes without expiry, the buyer signs through its policy", async () => {
    const { assetId, holder: seller } = await holderOf("10");
    const buyer = await newParty(server);
    await fund(server, escrow, buyer, "100");
    signer.keys.set(buyer.key.finId, buyer.key);
    signer.mode = "sign";
    signer.secret = null;
    const intentId = await buyingIntent(server, buyer, assetId, "5", "4", { endpoint: signer.url });
    const { body } = executionBody({ kind: "buyingIntent", intentId, assetId, executor: seller, buyer, seller, quantity: "5", settlementAmount: "20" });
    expect(body.intent.settlement.instruction).not.toHaveProperty("expiry");
    const plan = await finishedPlan(server, seller.token, await executedPlanId(body, seller.token));
    expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");
    expect((await holdingsOf(server, buyer))[assetId]).toEqual({ balance: "5", held: "0", available: "5" });
    expect((await holdingsOf(server, buyer)).USD?.balance).toBe("80");
    expect((await holdingsOf(server, seller))[assetId]?.balance).toBe("5");
  });

  it("refuses an owner executing its own selling or buying intent, before writing anything", async () => {
    const { assetId, holder: owner } = await holderOf("10");
    await fund(server, escrow, owner, "50");
    const policy = { endpoint: `${server.baseUrl}/api/signing/callback/${owner.profileId}` };
    const selling = await sellingIntent(server, owner, assetId, "5", "2", policy);
    const buying = await buyingIntent(server, owner, assetId, "5", "2", policy);
    const tables = ["Plan", "UsedNonce", "Receipt", "EscrowOperation", "SigningRequest"];
    const before = await Promise.all(tables.map(countRows));
    for (const [kind, intentId] of [["sellingIntent", selling], ["buyingIntent", buying]] as const) {
      const { body } = executionBody({ kind, intentId, assetId, executor: owner, buyer: owner, seller: owner, quantity: "1", settlementAmount: "2" });
      const answer = await execute(body, owner.token);
      expect([answer.status, answer.body.code], `${kind}: ${answer.text}`).toEqual([422, "UNPROCESSABLE"]);
      expect(answer.body.errors, kind).toEqual([{ in: "body", path: "user", message: "cannot execute its own intent" }]);
    }
    expect(await Promise.all(tables.map(countRows))).toEqual(before);
    expect(await remainingOf(buying)).toBe("5");
  });
});
