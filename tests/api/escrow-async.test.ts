// The built-in escrow organization completing asynchronously (ESCROW_COMPLETION=async, payouts
// sync), on a server of its own whose router is another organization's: a small HTTP router in this
// test that serves execution plans and takes ledger imports, as any router would. Also: work
// accepted before a restart is finished after it.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeId } from "@/lib/domain/ids";
import { EscrowClient, holdBody, newKey, party, payoutBody, releaseBody, rollbackBody, depositBody, type Envelope } from "./escrow-client";
import { freePort, startTestServer, type TestServer } from "./test-server";
import { expectReconciled } from "./reconciliation";

type Imported = { transactions: { id: string; quantity: string; destination?: { finId: string } }[] };

/** Another organization's router: plans by id, and what it was sent to import. */
class RouterStandIn {
  readonly plans = new Map<string, unknown>();
  readonly imports: Imported[] = [];
  readonly authorizations = new Set<string>();
  private server: Server | null = null;
  url = "";

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}/router`;
    this.server = createServer((req, res) => {
      this.authorizations.add(req.headers.authorization ?? "");
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const path = (req.url ?? "").replace(/^\/router/, "");
        const plan = /^\/finapi\/execution\/(.+)$/.exec(path);
        if (req.method === "GET" && plan) {
          const found = this.plans.get(decodeURIComponent(plan[1] ?? ""));
          res.writeHead(found ? 200 : 404, { "content-type": "application/json" });
          res.end(JSON.stringify(found ?? { title: "Not found" }));
        } else if (req.method === "POST" && path === "/ledger/transaction/import") {
          this.imports.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Imported);
          res.writeHead(200, { "content-type": "application/json" });
          res.end("{}");
        } else {
          res.writeHead(404).end();
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

let server: TestServer;
let escrow: EscrowClient;
const router = new RouterStandIn();

beforeAll(async () => {
  await router.start();
  server = await startTestServer({ ESCROW_COMPLETION: "async,payout=sync", ESCROW_ROUTER_URL: router.url, ESCROW_WORKER_INTERVAL_MS: "100" });
  escrow = await EscrowClient.create(server);
}, 120_000);

afterAll(async () => {
  if (server) await expectReconciled(server);
  await server?.dispose();
  await router.stop();
});

function expectPending(envelope: Envelope): void {
  expect(envelope).toMatchObject({ cid: expect.any(String), isCompleted: false });
  if (envelope.response !== undefined) expect(envelope.response).toEqual({});
}

function plan(buyer: string, seller: string, amount: string, escrowOrg = "escrow") {
  const id = makeId("node", "plan");
  const leg = (type: string, sequence: number, extra: Record<string, unknown>) => ({
    sequence,
    organizations: [escrowOrg],
    executionPlanOperation: { type, amount, asset: { type: "fiat", code: "USD" }, ...extra },
  });
  return {
    id,
    intentID: makeId("node", "intent"),
    instructions: [
      leg("hold", 1, { source: party(buyer) }),
      { sequence: 2, organizations: ["node"], executionPlanOperation: { type: "issue", amount: "1", asset: { type: "p2p", resourceId: makeId("node", "asset") }, destination: party(buyer, "node") } },
      leg("release", 3, { source: party(buyer), destination: party(seller) }),
    ],
    participants: [{ organizationId: "node", roles: ["contributor"] }, { organizationId: escrowOrg, roles: ["contributor"] }],
    creationTimestamp: Math.floor(Date.now() / 1000),
    currentInstructionSequence: 0,
    executionPlanStatus: "pending",
    approvals: [],
    instructionsCompletionEvents: [],
    intent: {},
  };
}

describe("asynchronous completion", () => {
  it("answers pending and completes every money operation through polling; incoming funds reach the router", async () => {
    const buyer = newKey();
    const seller = newKey();
    const deposit = await escrow.operation("/payments/depositInstruction", depositBody(buyer, "100"));
    expectPending(deposit);
    const instruction = await escrow.completed(deposit);
    expect(instruction).toMatchObject({ isCompleted: true, type: "deposit", response: { account: party(buyer.finId) } });
    const reference = /Reference number: (\S+)/.exec(String(instruction.response?.description))?.[1];
    const incoming = await escrow.post("/operator/incoming", { reference, amount: "100", currency: "USD" }, escrow.operatorToken);
    expect(incoming.status).toBe(201);
    const { id } = (await incoming.json()) as { id: string };

    const hold = holdBody({ buyer, seller: seller.finId, quantity: "60" });
    const held = await escrow.operation("/assets/hold", hold);
    expectPending(held);
    const pendingPoll = await escrow.poll(held.cid);
    expect(pendingPoll.body.type).toBe("receipt");
    expect((await escrow.completed(held)).response).toMatchObject({ quantity: "60" });
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "100", held: "60", available: "40" });

    const released = await escrow.operation("/assets/release", releaseBody(hold, seller.finId));
    expectPending(released);
    expect((await escrow.completed(released)).response).toMatchObject({ destination: party(seller.finId) });

    const second = holdBody({ buyer, seller: seller.finId, quantity: "40" });
    await escrow.completed(await escrow.operation("/assets/hold", second));
    const rolledBack = await escrow.completed(await escrow.operation("/assets/rollback", rollbackBody(second)));
    expect(rolledBack.response).toMatchObject({ settlementRef: second.operationId });

    // Payouts are synchronous on this server (ESCROW_COMPLETION=async,payout=sync).
    const paid = await escrow.operation("/finapi/payments/payout", payoutBody(buyer, "15"));
    expect(paid).toMatchObject({ isCompleted: true, response: { quantity: "15" } });
    expect(await escrow.account(buyer.finId)).toEqual({ balance: "25", held: "0", available: "25" });
    expect(await escrow.account(seller.finId)).toEqual({ balance: "60", held: "0", available: "60" });

    // The outbox delivered the credit to the router's ledger import, with the escrow's own token.
    const deadline = Date.now() + 10_000;
    while (!router.imports.some((i) => i.transactions[0]?.id === id) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(router.imports.find((i) => i.transactions[0]?.id === id)?.transactions[0]).toMatchObject({ quantity: "100", destination: { finId: buyer.finId } });
    expect([...router.authorizations].every((a) => /^Bearer tan_/.test(a))).toBe(true);
    const books = await escrow.books();
    expect(books.violations).toEqual([]);
    expect(books.currencies).toEqual([{ currency: "USD", netMoneyIn: "85", available: "85", held: "0" }]);
  });

  it("completes a failure asynchronously too: insufficient funds end with Code 11", async () => {
    const buyer = newKey();
    await escrow.completed(await escrow.operation("/payments/depositInstruction", depositBody(buyer, "5")));
    const envelope = await escrow.operation("/assets/hold", holdBody({ buyer, seller: newKey().finId, quantity: "5" }));
    expectPending(envelope);
    const done = await escrow.completed(envelope);
    expect(done.error).toMatchObject({ Code: 11, Message: expect.stringMatching(/insufficient available funds/) });
  });
});

describe("plan approval against the router's plan", () => {
  it("approves a plan whose payment leg it can serve, after fetching it from the router", async () => {
    const buyer = newKey();
    await escrow.completed(await escrow.operation("/payments/depositInstruction", depositBody(buyer, "1")));
    const p = plan(buyer.finId, newKey().finId, "12.50");
    router.plans.set(p.id, p);
    const first = await escrow.operation("/plan/approve", { executionPlanId: p.id });
    expect(first).toEqual({ cid: expect.any(String), isCompleted: false });
    expect(await escrow.completed(first)).toEqual({ cid: first.cid, isCompleted: true, approval: { status: "approved" } });
    // A repeated notification is the same operation.
    expect((await escrow.operation("/plan/approve", { executionPlanId: p.id })).cid).toBe(first.cid);
  });

  it.each([
    ["a buyer with no account here", (b: string, s: string) => plan(b, s, "10"), /has no USD account here/, false],
    ["a currency it does not keep", (b: string, s: string) => withCurrency(plan(b, s, "10"), "SEK"), /keeps no SEK accounts/, true],
    ["steps performed by another organization", (b: string, s: string) => plan(b, s, "10", "other-bank"), /not performed by escrow/, true],
    ["a hold and release of different amounts", (b: string, s: string) => withReleaseAmount(plan(b, s, "10"), "9"), /differ/, true],
  ])("rejects %s with validationFailure 1001", async (_label, make, message, funded) => {
    const buyer = newKey();
    if (funded) await escrow.completed(await escrow.operation("/payments/depositInstruction", depositBody(buyer, "1")));
    const p = make(buyer.finId, newKey().finId);
    router.plans.set(p.id, p);
    const done = await escrow.completed(await escrow.operation("/plan/approve", { executionPlanId: p.id }));
    expect(done.approval).toMatchObject({ status: "rejected", failure: { failureType: "validationFailure", code: 1001, message } });
  });
});

function withCurrency<T extends ReturnType<typeof plan>>(p: T, code: string): T {
  for (const step of p.instructions) if (step.executionPlanOperation.asset.type === "fiat") step.executionPlanOperation.asset = { type: "fiat", code };
  return p;
}

function withReleaseAmount<T extends ReturnType<typeof plan>>(p: T, amount: string): T {
  const release = p.instructions[2];
  if (release) release.executionPlanOperation.amount = amount;
  return p;
}

describe("durability", () => {
  it("finishes after a restart the work it accepted before", async () => {
    const buyer = newKey();
    await escrow.completed(await escrow.operation("/payments/depositInstruction", depositBody(buyer, "1")));
    // No worker in this process: the accepted deposit instruction stays pending; then a crash.
    await server.restart({ ESCROW_WORKER: "off" });
    const accepted = await escrow.operation("/payments/depositInstruction", depositBody(buyer, "7"));
    expectPending(accepted);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await escrow.poll(accepted.cid)).body).toMatchObject({ isCompleted: false });
    await server.stop("SIGKILL");
    await server.restart();
    const done = await escrow.completed(accepted);
    expect(done).toMatchObject({ isCompleted: true, type: "deposit", response: { account: party(buyer.finId) } });
  }, 120_000); // three server starts: each can take a while on a loaded two-core machine
});
