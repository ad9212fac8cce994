// The failure path after tokens moved: another payment organization's adapter (a stand-in in this
// test, registered by the admin API) approves and holds, then fails the release. The router must
// undo the token step, roll the hold back and end the plan Failed, with the quantity back on the
// intent and no tokens left with the buyer.
import { createServer, type Server as HttpServer } from "node:http";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAt, queryRowsAt } from "./helpers";
import { postAt } from "./router-client";
import { expectReconciled } from "./reconciliation";
import { createAsset, executionBody, finishedPlan, holdingsOf, newParty, type Party } from "./trade-client";
import { freePort, startTestServer, type TestServer } from "./test-server";

const BANK = "bankco";
type Seen = { path: string; body: Record<string, unknown> };

/** A payment organization that approves and holds, and fails every release. */
class FailingReleaseAdapter {
  readonly seen: Seen[] = [];
  private server: HttpServer | null = null;
  url = "";

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}/adapter`;
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const path = (req.url ?? "").replace(/^\/adapter/, "");
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
        this.seen.push({ path, body });
        const receipt = { id: randomUUID(), asset: body.asset, quantity: body.quantity, settlementRef: "", timestamp: Math.floor(Date.now() / 1000) };
        const answers: Record<string, unknown> = {
          "/plan/approve": { cid: randomUUID(), isCompleted: true, approval: { status: "approved" } },
          "/assets/hold": { cid: randomUUID(), isCompleted: true, type: "receipt", response: receipt },
          "/assets/release": { cid: randomUUID(), isCompleted: true, error: { Code: 12, Message: "release operation failed: the bank's ledger is closed" } },
          "/assets/rollback": { cid: randomUUID(), isCompleted: true, type: "receipt", response: { ...receipt, settlementRef: body.operationId } },
        };
        res.writeHead(answers[path] ? 200 : 404, { "content-type": "application/json" });
        res.end(JSON.stringify(answers[path] ?? { title: "Not found" }));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

let server: TestServer;
const adapter = new FailingReleaseAdapter();
let issuer: Party;

beforeAll(async () => {
  await adapter.start();
  server = await startTestServer();
  const registered = await callAt(server.baseUrl, "POST", "/api/router/admin/organizations", {
    token: server.adminToken,
    body: { id: BANK, name: "BankCo", kind: "escrow", adapterUrl: adapter.url },
  });
  expect(registered.status).toBe(201);
  issuer = await newParty(server, "issuer");
}, 120_000);

afterAll(async () => {
  if (server) await expectReconciled(server);
  await server?.dispose();
  await adapter.stop();
});

describe("a release that fails after the token step", () => {
  it("undoes the issue, rolls the hold back and ends Failed with everything given back", async () => {
    const assetId = await createAsset(server, issuer);
    const now = Math.floor(Date.now() / 1000);
    const fiatAt = (finId: string) => ({ account: { type: "finId", finId, orgId: BANK }, asset: { type: "fiat", code: "USD" } });
    const sale = await postAt(server, `/api/router/finapi/profiles/asset/${assetId}/intent`, issuer.token, {
      assetTerm: { asset: { type: "p2p", resourceId: assetId }, amount: "10" },
      assetInstruction: { account: { account: { type: "finId", finId: issuer.key.finId, orgId: "node" }, asset: { type: "p2p", resourceId: assetId } } },
      settlementTerm: { asset: { type: "fiat", code: "USD" }, unitValue: "3" },
      intent: {
        type: "primarySale",
        issuerId: issuer.profileId,
        sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: [BANK], accounts: [{ asset: { type: "fiat", code: "USD" }, identifier: fiatAt(issuer.key.finId).account }] },
      },
      start: now - 10,
      end: now + 3600,
    });
    expect(sale.status, sale.text).toBe(200);
    const intentId = String(sale.body.id);
    const buyer = await newParty(server);
    const { body } = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "4", settlementAmount: "12" });
    const atBank = {
      ...body,
      intent: { ...body.intent, settlement: { ...body.intent.settlement, instruction: { ...body.intent.settlement.instruction, sourceAccount: fiatAt(buyer.key.finId), destinationAccount: fiatAt(issuer.key.finId) } } },
    };
    const answer = await postAt(server, "/api/router/finapi/tokens/execute", buyer.token, atBank);
    expect(answer.status, answer.text).toBe(200);
    const planId = String((answer.body.response as { executionPlanId: string }).executionPlanId);
    const plan = await finishedPlan(server, buyer.token, planId);
    expect(plan.executionPlanStatus).toBe("failed");
    expect(plan.failureReason).toMatch(/step 3 \(release\) failed: Code 12: .*ledger is closed; the held funds were rolled back/);
    expect(adapter.seen.map((s) => s.path)).toEqual(["/plan/approve", "/assets/hold", "/assets/release", "/assets/rollback"]);
    expect(adapter.seen[3]?.body).toMatchObject({ operationId: `${planId}:hold`, quantity: "12", executionContext: { executionPlanId: planId, instructionSequenceNumber: 1 } });
    // The token step happened (its receipt stays as history) and was undone: the buyer holds none.
    expect((await holdingsOf(server, buyer))[assetId]).toBeUndefined();
    const [tokens] = await queryRowsAt<{ balance: string }>(server.databaseUrl, `SELECT "balance" FROM "TokenBalance" WHERE "assetId" = $1 AND "ownerFinId" = $2`, [assetId, buyer.key.finId]);
    expect(tokens?.balance).toBe("0");
    const [intent] = await queryRowsAt<{ remainingQuantity: string; status: string }>(server.databaseUrl, `SELECT "remainingQuantity", "status" FROM "Intent" WHERE "id" = $1`, [intentId]);
    expect(intent).toEqual({ remainingQuantity: "10", status: "ACTIVE" });
    const [money] = await queryRowsAt<{ held: string }>(server.databaseUrl, `SELECT "held" FROM "Holding" WHERE "finId" = $1`, [buyer.key.finId]);
    expect(money?.held).toBe("0");
  }, 60_000);
});
