// The owner of a signing request says no (POST {router_url}/finapi/tokens/signature-result/decline):
// the plan ends Rejected with the owner's reason as its failure reason, the tokens go back to the
// intent; a decline and a signature are one conditional write apart, so only one of them wins.
// And what the owner's inbox shows to decide: the asset's name, the counterparty's key, the plan,
// when the request expires, and how many requests wait (the navigation's badge).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signHash } from "@/lib/domain/secp256k1";
import { call, queryRows } from "./helpers";
import { closeRowCounts, countChanges, expectProblem, newInvestor, newMarket, rowCounts, settled, sharedServer, signatureResultBody, type Investor, type Market } from "./fixtures";
import { executionBody, finishedPlan } from "./trade-client";

const DECLINE = "/api/router/finapi/tokens/signature-result/decline";
const RESULT = "/api/router/finapi/tokens/signature-result";
const REASON = "The price was a typo: 1 USD instead of 10 USD. I will publish it again.";

type InboxRequest = {
  requestId: string;
  intentId: string;
  planId: string | null;
  assetId: string | null;
  assetName: string | null;
  counterparty: { role: string; finId: string } | null;
  expiresAt: number | null;
  state: string;
  declineReason: string | null;
  signatureTemplate: { hash: string };
};
type Inbox = { requests: InboxRequest[]; serverTime: number };

let seller: Investor;
let market: Market;

const declineBody = (m: Market, reason = REASON) => ({ requestId: m.signing.requestId, assetId: m.assetId, intentId: m.sellingIntentId, reason });

async function inboxOf(owner: Investor, state = "all"): Promise<Inbox> {
  const response = await call("GET", `/api/signing/inbox?state=${state}`, { token: owner.token });
  expect(response.status).toBe(200);
  return (await response.json()) as Inbox;
}

async function waitingCount(owner: Investor): Promise<number> {
  const response = await call("GET", "/api/signing/inbox/count", { token: owner.token });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { pending: number }).pending;
}

beforeAll(async () => {
  await settled();
  seller = await newInvestor();
  market = await newMarket(seller);
}, 120_000);

afterAll(async () => {
  await settled();
  await closeRowCounts();
});

describe("the inbox", () => {
  it("names the asset, the counterparty by its key, the plan and the time left; the count is of requests still waiting", async () => {
    const inbox = await inboxOf(seller);
    const request = inbox.requests.find((r) => r.requestId === market.signing.requestId);
    const [asset] = await queryRows<{ name: string }>(`SELECT "name" FROM "Asset" WHERE "id" = $1`, [market.assetId]);
    expect(request).toMatchObject({
      planId: market.pendingPlanId,
      assetId: market.assetId,
      assetName: asset?.name,
      counterparty: { role: "buyer", finId: market.counterparty.key.finId },
      state: "pending",
      declineReason: null,
    });
    expect(Math.abs(inbox.serverTime - Date.now() / 1000)).toBeLessThan(5);
    expect((request?.expiresAt ?? 0) - inbox.serverTime).toBeGreaterThan(500);
    expect(await waitingCount(seller)).toBe(1);
    expect(await waitingCount(market.counterparty)).toBe(0);
  });
});

describe("declining", () => {
  it("is refused to the counterparty and strangers (404), without a reason (400), for another intent (422); nothing is written", async () => {
    const stranger = await newInvestor();
    const before = await rowCounts();
    await expectProblem(await call("POST", DECLINE, { token: market.counterparty.token, body: declineBody(market) }), 404, "counterparty");
    await expectProblem(await call("POST", DECLINE, { token: stranger.token, body: declineBody(market) }), 404, "stranger");
    await expectProblem(await call("POST", DECLINE, { token: null, body: declineBody(market) }), 401, "no token");
    for (const reason of ["", "   ", "x".repeat(501)]) {
      const problem = await expectProblem(await call("POST", DECLINE, { token: seller.token, body: declineBody(market, reason) }), 400, `reason ${reason.length}`);
      expect(problem.errors.map((e) => e.path)).toEqual(["reason"]);
    }
    const other = await expectProblem(await call("POST", DECLINE, { token: seller.token, body: { ...declineBody(market), intentId: market.saleIntentId } }), 422, "another intent");
    expect(other.errors.map((e) => e.path)).toEqual(["intentId"]);
    expect(countChanges(before, await rowCounts())).toEqual([]);
    const [row] = await queryRows<{ status: string }>(`SELECT "status" FROM "SigningRequest" WHERE "id" = $1`, [market.signing.requestId]);
    expect(row?.status).toBe("awaiting");
  });

  it("ends the plan Rejected with the owner's reason; the tokens go back; a signature afterwards is 409; the same decline again is {}", async () => {
    const answer = await call("POST", DECLINE, { token: seller.token, body: declineBody(market) });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({});
    const plan = await finishedPlan(sharedServer(), market.counterparty.token, market.pendingPlanId);
    expect(plan.executionPlanStatus).toBe("rejected");
    expect(plan.failureReason).toBe(`the seller declined to sign: ${REASON}`);
    const [intent] = await queryRows<{ remainingQuantity: string }>(`SELECT "remainingQuantity" FROM "Intent" WHERE "id" = $1`, [market.sellingIntentId]);
    expect(intent?.remainingQuantity).toBe("5");

    const inbox = await inboxOf(seller);
    expect(inbox.requests.find((r) => r.requestId === market.signing.requestId)).toMatchObject({ state: "declined", declineReason: REASON });
    expect((await inboxOf(seller, "pending")).requests.map((r) => r.requestId)).not.toContain(market.signing.requestId);
    expect(await waitingCount(seller)).toBe(0);

    await expectProblem(await call("POST", RESULT, { token: seller.token, body: signatureResultBody(market, seller) }), 409, "signature after decline");
    const again = await call("POST", DECLINE, { token: seller.token, body: declineBody(market) });
    expect(again.status).toBe(200);
    await expectProblem(await call("POST", DECLINE, { token: seller.token, body: declineBody(market, "another reason") }), 409, "another decline");
    const audit = await queryRows<{ action: string }>(`SELECT "action" FROM "AuditLog" WHERE "subjectId" = $1`, [market.signing.requestId]);
    expect(audit.map((a) => a.action)).toEqual(["signing.declined"]);
  });

  it("and a signature sent at the same moment: exactly one of them wins, and the plan ends as the winner says", async () => {
    for (let round = 0; round < 3; round += 1) {
      // The counterparty takes one more token; its request reaches the seller's inbox.
      const { body } = executionBody({
        kind: "sellingIntent",
        intentId: market.sellingIntentId,
        assetId: market.assetId,
        executor: market.counterparty,
        buyer: market.counterparty,
        seller,
        quantity: "1",
        settlementAmount: "1",
      });
      const executed = await call("POST", "/api/router/finapi/tokens/execute", { token: market.counterparty.token, body });
      expect(executed.status, await executed.clone().text()).toBe(200);
      const planId = ((await executed.json()) as { response: { executionPlanId: string } }).response.executionPlanId;
      let request: InboxRequest | undefined;
      for (let i = 0; i < 200 && !request; i += 1) {
        request = (await inboxOf(seller, "pending")).requests.find((r) => r.planId === planId);
        const [row] = request ? await queryRows<{ status: string }>(`SELECT "status" FROM "SigningRequest" WHERE "id" = $1`, [request.requestId]) : [];
        if (row?.status !== "awaiting") request = undefined;
        if (!request) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!request) throw new Error(`no signing request for plan ${planId}`);
      const ids = { requestId: request.requestId, assetId: market.assetId, intentId: market.sellingIntentId };
      const [declined, signed] = await Promise.all([
        call("POST", DECLINE, { token: seller.token, body: { ...ids, reason: REASON } }),
        call("POST", RESULT, { token: seller.token, body: { ...ids, signature: signHash(request.signatureTemplate.hash, seller.key.privateKey) } }),
      ]);
      expect([declined.status, signed.status].sort()).toEqual([200, 409]);
      const plan = await finishedPlan(sharedServer(), market.counterparty.token, planId);
      expect(plan.executionPlanStatus, `round ${round}`).toBe(declined.status === 200 ? "rejected" : "completed");
      const [row] = await queryRows<{ status: string }>(`SELECT "status" FROM "SigningRequest" WHERE "id" = $1`, [request.requestId]);
      expect(row?.status).toBe(declined.status === 200 ? "declined" : "signed");
    }
  }, 90_000);
});
