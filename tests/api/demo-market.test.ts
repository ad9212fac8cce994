// The demo market of a first start (README "Quick start"): a server started like `npm start` on a
// fresh database gets issuers with published documents, assets, open offers and four weeks of
// settled trades made through the real verbs (so the router's holdings and the escrow's books
// agree), money waiting for each demo investor's first profile, and sellers who answer at once
// through the demo market's signer. The shared API server runs with SEED_DEMO_MARKET=false.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAmount, multiplyAmounts, parseAmount, subtractAmounts } from "@/lib/domain/amount";
import { assetMarketSchema, portfolioSchema } from "@/lib/schemas/market";
import { callAt, queryRowsAt } from "./helpers";
import { newKey } from "./escrow-client";
import { expectReconciled } from "./reconciliation";
import { createProfileAt } from "./router-client";
import { startTestServer, type TestServer } from "./test-server";
import { executionBody, finishedPlan, holdingsOf, type Party } from "./trade-client";

const DAY = 86_400;
let server: TestServer;

const get = async (path: string, token: string) => {
  const response = await callAt(server.baseUrl, "GET", path, { token });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return response;
};

/** A bearer token for a demo person, issued by the admin (the portal signs them in with a password instead). */
async function tokenOf(email: string): Promise<string> {
  const [user] = await queryRowsAt<{ id: string }>(server.databaseUrl, `SELECT "id" FROM "User" WHERE "email" = $1`, [email]);
  const response = await callAt(server.baseUrl, "POST", `/api/router/admin/users/${user?.id}/tokens`, { token: server.adminToken, body: { label: "demo market test" } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

async function waitForUsd(party: Party, amount: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await holdingsOf(server, party)).USD?.available !== amount) {
    if (Date.now() > deadline) throw new Error(`the money never arrived: ${JSON.stringify(await holdingsOf(server, party))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO_MARKET: "true" });
}, 180_000);

afterAll(async () => {
  await server?.dispose();
});

describe("the demo market of a first start", () => {
  it("has issuers, assets with documents, open offers and weeks of settled trades, made through the verbs", async () => {
    const plans = await queryRowsAt<{ status: string; n: number }>(server.databaseUrl, `SELECT "status", COUNT(*) AS "n" FROM "Plan" GROUP BY "status"`);
    expect(plans.map((p) => [p.status, Number(p.n)])).toEqual([["Completed", 45]]);
    const open = await queryRowsAt<{ type: string; n: number }>(server.databaseUrl, `SELECT "type", COUNT(*) AS "n" FROM "Intent" WHERE "status" = 'ACTIVE' GROUP BY "type" ORDER BY "type"`);
    expect(open.map((o) => [o.type, Number(o.n)])).toEqual([["primarySale", 3], ["sellingIntent", 6]]);
    const [span] = await queryRowsAt<{ first: number; last: number }>(server.databaseUrl, `SELECT MIN("timestamp") AS "first", MAX("timestamp") AS "last" FROM "Receipt"`);
    expect(Number(span?.last) - Number(span?.first)).toBeGreaterThan(20 * DAY);
    const [organization] = await queryRowsAt<{ name: string }>(server.databaseUrl, `SELECT "name" FROM "Organization" WHERE "id" = 'node'`);
    expect(organization?.name).toBe("Demo Node");
    // Every trade went through the escrow's books as well as the router's holdings.
    await expectReconciled(server);
  });

  it("answers an asset's price history, issuer and documents to any signed-in caller", async () => {
    const bob = await tokenOf("bob@example.com");
    const [fund] = await queryRowsAt<{ id: string }>(server.databaseUrl, `SELECT "id" FROM "Asset" WHERE "name" = 'Harbour Real Estate Fund I'`);
    const market = assetMarketSchema.parse(await (await get(`/api/router/finapi/assets/${fund?.id}/market`, bob)).json());
    expect(market.issuer.name).toBe("Harbour Capital Partners");
    expect(market.asset.rules).toEqual({ kycAml: true, accreditation: false });
    expect(market.trades).toHaveLength(15);
    expect(market.daily.length).toBeGreaterThanOrEqual(10);
    expect(market.lastPrice).toBe(market.trades.at(-1)?.unitPrice);
    expect(market.documents).toEqual([expect.objectContaining({ name: "Harbour Real Estate Fund I fact sheet.pdf", mimeType: "application/pdf" })]);
    const document = market.documents[0];
    const bytes = Buffer.from(await (await get(`/api/router/finapi/assets/${fund?.id}/documents/${document?.id}`, bob)).arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(document?.sha256);
    const week = assetMarketSchema.parse(await (await get(`/api/router/finapi/assets/${fund?.id}/market?days=7`, bob)).json());
    expect(week.trades.length).toBeLessThan(market.trades.length);
  });

  it("deposits the money waiting for a demo investor to its first profile, once, and its purchase settles through the seller's signer", async () => {
    const token = await tokenOf("alice@example.com");
    const key = newKey();
    const alice: Party = { token, key, profileId: await createProfileAt(server, key, token) };
    await waitForUsd(alice, "10000");
    // A second profile gets nothing more: the money waited for one.
    const second: Party = { token, key: newKey(), profileId: "" };
    second.profileId = await createProfileAt(server, second.key, token);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await holdingsOf(server, second)).USD).toBeUndefined();

    const [offer] = await queryRowsAt<{ id: string; assetId: string; unitValue: string; content: string }>(
      server.databaseUrl,
      `SELECT i."id", i."assetId", i."unitValue", i."content" FROM "Intent" i JOIN "Asset" a ON a."id" = i."assetId" WHERE a."name" = 'Alpine Solar Bond 2031' AND i."type" = 'sellingIntent' AND i."status" = 'ACTIVE' ORDER BY i."unitValue" LIMIT 1`,
    );
    const sellerFinId = (JSON.parse(offer?.content ?? "{}") as { assetInstruction: { account: { account: { finId: string } } } }).assetInstruction.account.account.finId;
    const seller: Party = { token: "", key: { finId: sellerFinId, privateKey: "" }, profileId: "" };
    const quantity = "2";
    const settlementAmount = formatAmount(multiplyAmounts(parseAmount(offer?.unitValue ?? ""), parseAmount(quantity)));
    const { body } = executionBody({ kind: "sellingIntent", intentId: offer?.id ?? "", assetId: offer?.assetId ?? "", executor: alice, buyer: alice, seller, quantity, settlementAmount });
    const executed = await callAt(server.baseUrl, "POST", "/api/router/finapi/tokens/execute", { token, body });
    expect(executed.status, await executed.clone().text()).toBe(200);
    const planId = ((await executed.json()) as { response: { executionPlanId: string } }).response.executionPlanId;
    const plan = await finishedPlan(server, token, planId, 30_000);
    expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");

    const portfolio = portfolioSchema.parse(await (await get("/api/router/finapi/portfolio", token)).json());
    expect(portfolio.profiles).toBe(2);
    expect(portfolio.positions).toEqual([expect.objectContaining({ name: "Alpine Solar Bond 2031", quantity: "2", lastPrice: offer?.unitValue })]);
    const usd = portfolio.totals.find((t) => t.currency === "USD");
    expect(usd?.cash.balance).toBe(formatAmount(subtractAmounts(parseAmount("10000"), parseAmount(settlementAmount))));
    expect(usd?.total).toBe("10000");
    expect(usd?.history).toHaveLength(31);
    expect(usd?.history.at(-1)?.value).toBe("10000");
    expect(usd?.history[0]?.value).toBe("0");
    // Without the history (the notification centre's poll): the same figures of now.
    const now = portfolioSchema.parse(await (await get("/api/router/finapi/portfolio?history=false", token)).json());
    expect(now.totals.find((t) => t.currency === "USD")).toMatchObject({ total: "10000", history: [] });
    for (const bad of ["/api/router/finapi/portfolio?history=maybe", `/api/router/finapi/assets/${offer?.assetId}/market?days=0`, `/api/router/finapi/assets/${offer?.assetId}/market?days=366`]) {
      const refused = await callAt(server.baseUrl, "GET", bad, { token });
      expect(refused.status, bad).toBe(400);
      expect(((await refused.json()) as { code: string }).code).toBe("VALIDATION_FAILED");
    }
    await expectReconciled(server);
  }, 90_000);

  it("signs only for the demo market's own profiles: another profile's request is 404 and writes nothing", async () => {
    const [profile] = await queryRowsAt<{ id: string }>(server.databaseUrl, `SELECT p."id" FROM "Profile" p JOIN "User" u ON u."id" = p."ownerUserId" WHERE u."email" = 'alice@example.com' LIMIT 1`);
    const before = await queryRowsAt<{ n: number }>(server.databaseUrl, `SELECT COUNT(*) AS "n" FROM "InboxSigningRequest"`);
    const response = await callAt(server.baseUrl, "POST", `/api/signing/demo-market/${profile?.id}`, {
      body: { requestId: "6f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a10", intentId: "node:105:6f1c0c1e-8a51-4f4b-9d0e-2f1f6f7b2a10", signer: newKey().finId, hashFunction: "sha3-256", signatureTemplate: { hash: "00".repeat(32), hashGroups: [] } },
    });
    expect(response.status).toBe(404);
    expect(await queryRowsAt<{ n: number }>(server.databaseUrl, `SELECT COUNT(*) AS "n" FROM "InboxSigningRequest"`)).toEqual(before);
  });
});
