// Trades on a server of its own whose escrow completes every operation asynchronously (the router
// polls approvals, holds, releases and rollbacks), and a server killed with SIGKILL in the middle
// of settlements: after the restart every plan finishes (Completed, or Failed with the hold rolled
// back), the escrow's books balance, and tokens and money are conserved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRowsAt } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { expectReconciled } from "./reconciliation";
import { postAt } from "./router-client";
import { createAsset, executionBody, finishedPlan, fund, holdingsOf, newParty, primarySale, sellingIntent, SignerStandIn, type Party } from "./trade-client";
import { startTestServer, type TestServer } from "./test-server";

let server: TestServer;
let escrow: EscrowClient;
let issuer: Party;
const signer = new SignerStandIn();

beforeAll(async () => {
  server = await startTestServer({
    ESCROW_COMPLETION: "async",
    ESCROW_ASYNC_DELAY_MS: "150",
    ESCROW_WORKER_INTERVAL_MS: "50",
    ROUTER_WORKER_INTERVAL_MS: "50",
    ROUTER_SIGNING_TIMEOUT_SECONDS: "3",
  });
  await signer.start();
  escrow = await EscrowClient.create(server);
  issuer = await newParty(server, "issuer");
}, 120_000);

afterAll(async () => {
  if (server) await expectReconciled(server);
  await server?.dispose();
  await signer.stop();
});

async function execute(body: unknown, token: string): Promise<string> {
  const answer = await postAt(server, "/api/router/finapi/tokens/execute", token, body);
  expect(answer.status, answer.text).toBe(200);
  return String((answer.body.response as { executionPlanId: string }).executionPlanId);
}

describe("asynchronous escrow", () => {
  it("settles a primary sale by polling every escrow operation, and fails one that cannot be paid", async () => {
    const assetId = await createAsset(server, issuer);
    const intentId = await primarySale(server, issuer, assetId, "50", "2");
    const buyer = await newParty(server);
    await fund(server, escrow, buyer, "30");
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the deposit instruction and the credit complete asynchronously
    const ok = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "10", settlementAmount: "20" });
    const plan = await finishedPlan(server, buyer.token, await execute(ok.body, buyer.token), 30_000);
    expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");
    expect(plan.instructionsCompletionEvents.map((e) => e.instructionSequenceNumber)).toEqual([1, 2, 3]);
    const tooMuch = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "10", settlementAmount: "20" });
    const failed = await finishedPlan(server, buyer.token, await execute(tooMuch.body, buyer.token), 30_000);
    expect(failed.executionPlanStatus).toBe("failed");
    expect((await holdingsOf(server, buyer))[assetId]).toEqual({ balance: "10", held: "0", available: "10" });
    expect(await escrow.account(buyer.key.finId)).toEqual({ balance: "10", held: "0", available: "10" });
  }, 90_000);
});

describe("a counterparty that never signs", () => {
  it("rejects the plan when the acknowledged signing request times out, and gives everything back", async () => {
    const assetId = await createAsset(server, issuer);
    const saleId = await primarySale(server, issuer, assetId, "10", "1");
    const seller = await newParty(server);
    await fund(server, escrow, seller, "10");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stock = executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: seller, buyer: seller, seller: issuer, quantity: "4", settlementAmount: "4" });
    expect((await finishedPlan(server, seller.token, await execute(stock.body, seller.token), 30_000)).executionPlanStatus).toBe("completed");
    signer.keys.set(seller.key.finId, seller.key);
    signer.mode = "acknowledge";
    const intentId = await sellingIntent(server, seller, assetId, "4", "1", { endpoint: signer.url });
    const buyer = await newParty(server);
    await fund(server, escrow, buyer, "10");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { body } = executionBody({ kind: "sellingIntent", intentId, assetId, executor: buyer, buyer, seller, quantity: "2", settlementAmount: "2" });
    const plan = await finishedPlan(server, buyer.token, await execute(body, buyer.token), 30_000);
    expect(plan.executionPlanStatus).toBe("rejected");
    expect(plan.failureReason).toMatch(/did not sign within 3 s/);
    expect((await holdingsOf(server, seller))[assetId]).toEqual({ balance: "4", held: "0", available: "4" });
  }, 90_000);
});

describe("a crash in the middle of settlements", () => {
  it("finishes every plan after a SIGKILL and a restart, with the books balanced", async () => {
    const assetId = await createAsset(server, issuer);
    const intentId = await primarySale(server, issuer, assetId, "1000", "1");
    const buyers = await Promise.all(Array.from({ length: 8 }, () => newParty(server)));
    for (const [i, buyer] of buyers.entries()) await fund(server, escrow, buyer, i % 4 === 3 ? "1" : "10");
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const planIds = await Promise.all(
      buyers.map((buyer) => execute(executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "5", settlementAmount: "5" }).body, buyer.token)),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.stop("SIGKILL");
    await server.restart();
    const plans = await Promise.all(planIds.map((id, i) => finishedPlan(server, buyers[i]?.token ?? "", id, 90_000)));
    const statuses = plans.map((p) => p.executionPlanStatus);
    expect(statuses.every((s) => s === "completed" || s === "failed"), JSON.stringify(statuses)).toBe(true);
    expect(statuses.filter((s) => s === "failed").length).toBe(2); // the two buyers with 1 USD
    const books = await escrow.books();
    expect(books.violations).toEqual([]);
    const [tokens] = await queryRowsAt<{ n: number }>(server.databaseUrl, `SELECT COUNT(*) AS "n" FROM "Receipt" WHERE "kind" = 'token' AND "assetCode" = $1`, [assetId]);
    expect(Number(tokens?.n)).toBe(6);
    const [held] = await queryRowsAt<{ n: number }>(server.databaseUrl, `SELECT COUNT(*) AS "n" FROM "EscrowHold" WHERE "status" = 'HELD'`);
    expect(Number(held?.n)).toBe(0);
    const [remaining] = await queryRowsAt<{ remainingQuantity: string }>(server.databaseUrl, `SELECT "remainingQuantity" FROM "Intent" WHERE "id" = $1`, [intentId]);
    expect(remaining?.remainingQuantity).toBe("970");
  }, 240_000);
});
