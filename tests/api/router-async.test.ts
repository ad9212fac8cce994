// The router following adapter operations it cannot finish at once, on a server of its own: the
// built-in escrow completing asynchronously (the router polls it with backoff), and another payment
// organization's adapter (a small HTTP server in this test, registered by the admin API) that is
// down, answers later, refuses, or finishes while the router is restarted.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAt, createUserAt, problemOf, queryRowsAt } from "./helpers";
import { EscrowClient, newKey, type Key } from "./escrow-client";
import { completedAt, createProfileAt, depositRequest, postAt, referenceOf, withdrawRequest, type RouterEnvelope } from "./router-client";
import { freePort, startTestServer, type TestServer } from "./test-server";
import { expectReconciled } from "./reconciliation";

const DEPOSIT = "/api/router/finapi/payments/deposit";
const WITHDRAW = "/api/router/finapi/payments/withdraw";
const EXTERNAL = "bankco";
const ADAPTER_TOKEN = "bankco-adapter-token-0123456789";

type Seen = { method: string; path: string; authorization: string; idempotencyKey: string; body: unknown };
type Reply = { status: number; body: unknown };

/** Another payment organization's adapter: answers from a script, remembers what it was sent. */
class AdapterStandIn {
  readonly seen: Seen[] = [];
  respond: (seen: Seen) => Reply = () => ({ status: 503, body: { title: "down for maintenance" } });
  private server: Server | null = null;
  url = "";

  async start(): Promise<void> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}/adapter`;
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const seen: Seen = {
          method: req.method ?? "",
          path: (req.url ?? "").replace(/^\/adapter/, ""),
          authorization: req.headers.authorization ?? "",
          idempotencyKey: String(req.headers["idempotency-key"] ?? ""),
          body: text ? (JSON.parse(text) as unknown) : null,
        };
        this.seen.push(seen);
        const reply = this.respond(seen);
        res.writeHead(reply.status, { "content-type": reply.status >= 400 ? "application/problem+json" : "application/json" });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, "127.0.0.1", resolve));
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const instructionFor = (finId: string) => ({
  account: { finId, account: { type: "finId", finId, orgId: EXTERNAL } },
  description: "Bank address: 1 Main St | Beneficiary name: BankCo FBO | Bank name: BankCo | Account number: 42 | Account type: escrow | Routing number: 1 | BIC/SWIFT code: BANKCOXX | Reference number: BNK-1",
});

let server: TestServer;
let escrow: EscrowClient;
const adapter = new AdapterStandIn();
let investor: { id: string; token: string };
let key: Key;
let profileId: string;

beforeAll(async () => {
  await adapter.start();
  server = await startTestServer({ ESCROW_COMPLETION: "async", ESCROW_ASYNC_DELAY_MS: "300", ESCROW_WORKER_INTERVAL_MS: "100", ROUTER_WORKER_INTERVAL_MS: "100" });
  escrow = await EscrowClient.create(server);
  investor = await createUserAt(server, "investor");
  key = newKey();
  profileId = await createProfileAt(server, key, investor.token);
  const registered = await callAt(server.baseUrl, "POST", "/api/router/admin/organizations", {
    token: server.adminToken,
    body: { id: EXTERNAL, name: "BankCo", kind: "escrow", adapterUrl: `${adapter.url}/`, adapterToken: ADAPTER_TOKEN },
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  expect(await registered.json()).toEqual({ id: EXTERNAL, name: "BankCo", kind: "escrow", adapterUrl: adapter.url, hasAdapterToken: true, builtIn: false, currencies: [] });
}, 120_000);

afterAll(async () => {
  if (server) await expectReconciled(server);
  await server?.dispose();
  await adapter.stop();
});

async function operationRow(cid: string) {
  const [row] = await queryRowsAt<{ status: string; remoteCid: string | null; attempts: number; lastError: string | null }>(
    server.databaseUrl,
    `SELECT "status", "remoteCid", "attempts", "lastError" FROM "RouterOperation" WHERE "id" = $1`,
    [cid],
  );
  return row;
}

describe("the built-in escrow completing asynchronously", () => {
  it("answers deposits and withdrawals pending, then completes them by polling the adapter", async () => {
    const deposit = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "500"));
    expect(deposit.status, deposit.text).toBe(200);
    expect(deposit.body).toEqual({ cid: expect.any(String), isCompleted: false, type: "deposit", response: {} });
    const cid = deposit.body.cid ?? "";
    expect((await operationRow(cid))?.remoteCid).toEqual(expect.any(String));
    const done = await completedAt(server, investor.token, deposit.body);
    expect(done).toMatchObject({ cid, isCompleted: true, type: "deposit", response: { depositInstruction: { operationId: (await operationRow(cid))?.remoteCid } } });

    const incoming = await escrow.post("/operator/incoming", { reference: referenceOf(done), amount: "500", currency: "USD" }, escrow.operatorToken);
    expect(incoming.status).toBe(201);
    const withdrawal = await postAt(server, WITHDRAW, investor.token, withdrawRequest(profileId, key, "120"));
    expect(withdrawal.body).toMatchObject({ isCompleted: false, type: "withdraw" });
    expect(await completedAt(server, investor.token, withdrawal.body)).toEqual({ cid: withdrawal.body.cid, isCompleted: true, type: "withdraw" });
    expect(await escrow.account(key.finId)).toEqual({ balance: "380", held: "0", available: "380" });
  });
});

describe("another payment organization's adapter", () => {
  it("is reached only for profiles shared with it", async () => {
    const answer = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "5", { orgId: EXTERNAL }));
    expect(answer.status).toBe(422);
    expect((answer.body.errors as { path: string }[])[0]?.path).toBe("account.account.orgId");
    const shared = await callAt(server.baseUrl, "POST", `/api/router/profiles/${profileId}/share`, { token: investor.token, body: { organizations: [EXTERNAL] } });
    expect(shared.status).toBe(204);
  });

  it("is retried with the same Idempotency-Key and token while it is down, then polled until it finishes", async () => {
    adapter.seen.length = 0;
    let calls = 0;
    adapter.respond = (seen) => {
      calls += 1;
      if (calls <= 2) return { status: 503, body: { title: "down" } };
      if (seen.path === "/payments/depositInstruction") return { status: 200, body: { cid: "bank-op-1", isCompleted: false } };
      if (calls < 5) return { status: 200, body: { cid: "bank-op-1", isCompleted: false, response: {} } };
      return { status: 200, body: { cid: "bank-op-1", isCompleted: true, type: "deposit", response: instructionFor(key.finId) } };
    };
    const deposit = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "70", { orgId: EXTERNAL }));
    expect(deposit.body).toMatchObject({ isCompleted: false, type: "deposit" });
    const done = await completedAt(server, investor.token, deposit.body);
    expect(done.response).toEqual({
      depositInstruction: {
        depositInstruction: { account: { account: { type: "finId", finId: key.finId, orgId: EXTERNAL }, asset: { type: "fiat", code: "USD" } }, description: instructionFor(key.finId).description },
        operationId: "bank-op-1",
      },
    });
    const submits = adapter.seen.filter((s) => s.path === "/payments/depositInstruction");
    expect(submits.length).toBe(3);
    expect(new Set(submits.map((s) => s.idempotencyKey))).toEqual(new Set([deposit.body.cid]));
    expect(submits[0]?.body).toMatchObject({ asset: { type: "fiat", code: "USD" }, amount: "70", destination: { finId: key.finId, account: { orgId: EXTERNAL } }, owner: { finId: key.finId } });
    expect(adapter.seen.filter((s) => s.path === "/operations/bank-op-1").every((s) => s.method === "POST" && JSON.stringify(s.body) === "{}")).toBe(true);
    expect(new Set(adapter.seen.map((s) => s.authorization))).toEqual(new Set([`Bearer ${ADAPTER_TOKEN}`]));
    expect((await operationRow(deposit.body.cid ?? ""))?.attempts).toBeGreaterThanOrEqual(5);
  });

  it("completes with the adapter's own words when it refuses, or fails the operation", async () => {
    adapter.respond = () => ({ status: 400, body: { title: "Validation failed", detail: "amount exceeds the daily deposit limit" } });
    const refused = await completedAt(server, investor.token, (await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "9", { orgId: EXTERNAL }))).body);
    expect(refused.error).toEqual({ Code: 20, Message: expect.stringContaining("amount exceeds the daily deposit limit") });

    adapter.respond = () => ({ status: 200, body: { cid: "bank-op-2", isCompleted: true, error: { Code: 22, Message: "account frozen" } } });
    const withdrawal = await postAt(server, WITHDRAW, investor.token, { ...withdrawRequest(profileId, key, "1"), account: { account: { type: "finId", finId: key.finId, orgId: EXTERNAL }, asset: { type: "fiat", code: "USD" } } });
    expect(withdrawal.status, withdrawal.text).toBe(200);
    const failed = await completedAt(server, investor.token, withdrawal.body);
    expect(failed).toEqual({ type: "receipt", operation: { cid: expect.any(String), isCompleted: true, error: { Code: 30, Message: expect.stringContaining("Code 22: account frozen") } } });
    expect(adapter.seen.at(-1)).toMatchObject({ path: "/finapi/payments/payout", body: { source: { finId: key.finId }, amount: "1", payoutInstruction: { description: expect.stringMatching(/^to IBAN /) } } });
  });

  it("follows up after a restart an operation the adapter had not finished", async () => {
    adapter.respond = () => ({ status: 503, body: { title: "down" } });
    const deposit = await postAt(server, DEPOSIT, investor.token, depositRequest(profileId, key, "33", { orgId: EXTERNAL }));
    expect(deposit.body.isCompleted).toBe(false);
    await server.stop("SIGKILL");
    adapter.respond = () => ({ status: 200, body: { cid: "bank-op-3", isCompleted: true, type: "deposit", response: instructionFor(key.finId) } });
    await server.restart();
    const done: RouterEnvelope = await completedAt(server, investor.token, deposit.body);
    expect(done).toMatchObject({ isCompleted: true, response: { depositInstruction: { operationId: "bank-op-3" } } });
    expect((await operationRow(deposit.body.cid ?? ""))?.status).toBe("succeeded");
  });

  it("is registered by admins only, and never over a built-in organization", async () => {
    const body = { id: "other-bank", name: "Other", kind: "escrow", adapterUrl: adapter.url };
    expect((await callAt(server.baseUrl, "POST", "/api/router/admin/organizations", { token: investor.token, body })).status).toBe(403);
    const builtIn = await callAt(server.baseUrl, "POST", "/api/router/admin/organizations", { token: server.adminToken, body: { ...body, id: "escrow" } });
    expect((await problemOf(builtIn)).status).toBe(409);
    const noUrl = await callAt(server.baseUrl, "POST", "/api/router/admin/organizations", { token: server.adminToken, body: { id: "x-bank", name: "X", kind: "escrow" } });
    expect((await problemOf(noUrl)).errors.map((e) => e.path)).toContain("adapterUrl");
  });
});
