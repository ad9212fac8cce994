// Three processes of one node on one PostgreSQL (issue 15): what one process commits reaches the
// subscribers of every process, work is never done twice, and the limits and access changes hold on
// all of them. Process A is the first (it migrated the database), B and C its peers; each test picks
// which process answers which request. Skipped without TEST_POSTGRES_URL (npm test's PostgreSQL pass
// runs it).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAt, createUserAt, queryRowsAt, signInAs, uniqueEmail } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { Subscriber } from "./graphql-subscriber";
import { POSTGRES_URL, publishedKeysFor, receivedKeys, SKIP_WITHOUT_POSTGRES, startNodeProcesses, type NodeProcesses } from "./node-processes";
import { expectReconciled } from "./reconciliation";
import { solve } from "./proof-of-work";
import { postAt } from "./router-client";
import { createAsset, executionBody, finishedPlan, fund, newParty, primarySale, type Party, type Server } from "./trade-client";

const EXECUTE = "/api/router/finapi/tokens/execute";

let node: NodeProcesses;
let a: Server;
let b: Server;
let c: Server;
let escrow: EscrowClient;
let issuer: Party;
const subscribers: Subscriber[] = [];

const socketOf = (server: Server) => `${server.baseUrl.replace(/^http/, "ws")}/api/graphql`;

async function subscribeAt(server: Server, token: string): Promise<Subscriber> {
  const s = new Subscriber(socketOf(server), token);
  subscribers.push(s);
  await s.subscribe(["planAdded", "plansChangedBy", "receiptAdded"]);
  return s;
}

/** A primary sale of `amount` units at 1 USD by the test's issuer. */
async function newSale(amount: string): Promise<{ assetId: string; intentId: string }> {
  const assetId = await createAsset(a, issuer);
  return { assetId, intentId: await primarySale(a, issuer, assetId, amount, "1") };
}

/** Executes a purchase of `quantity` units through `via`; answers the execute's status and plan id. */
async function buyThrough(via: Server, buyer: Party, sale: { assetId: string; intentId: string }, quantity: string) {
  const { body } = executionBody({ kind: "primarySale", ...sale, executor: buyer, buyer, seller: issuer, quantity, settlementAmount: quantity });
  const answer = await postAt(via, EXECUTE, buyer.token, body);
  const planId = answer.status === 200 ? (answer.body.response as { executionPlanId: string }).executionPlanId : null;
  return { status: answer.status, text: answer.text, planId };
}

describe.skipIf(!POSTGRES_URL)(`three processes on one PostgreSQL${POSTGRES_URL ? "" : ` (skipped: ${SKIP_WITHOUT_POSTGRES})`}`, () => {
  beforeAll(async () => {
    // One trusted proxy lets the limits test speak as a client of its own (X-Forwarded-For); a server
    // behind a proxy has no demo people. Bearer failures are counted from their tenth on.
    node = await startNodeProcesses(3, { TRUST_PROXY: "1", DEMO_PASSWORD: "", AUTH_CLIENT_FREE_FAILURES: "10", AUTH_ACCOUNT_FREE_FAILURES: "5" });
    [a, b, c] = node.all as [Server, Server, Server];
    escrow = await EscrowClient.create(a);
    issuer = await newParty(a, "issuer");
  }, 180_000);

  afterAll(async () => {
    await Promise.all(subscribers.map((s) => s.close()));
    await node?.dispose();
  }, 60_000);

  it("gives an investor subscribed on A every event of its trade executed through B, and another investor on C none of it", async () => {
    const buyer = await newParty(a);
    const stranger = await newParty(a);
    await Promise.all([fund(a, escrow, buyer, "20"), fund(a, escrow, stranger, "20")]);
    const watcher = await subscribeAt(a, buyer.token);
    const strangerWatcher = await subscribeAt(c, stranger.token);

    const trade = await buyThrough(b, buyer, await newSale("100"), "8");
    expect(trade.status, trade.text).toBe(200);
    const planId = trade.planId as string;
    expect((await finishedPlan(b, buyer.token, planId)).executionPlanStatus).toBe("completed");
    await watcher.waitFor(5);
    expect(watcher.of(planId).map((e) => (e.field === "plansChangedBy" ? `${e.field} ${String(e.value.status)}` : e.field))).toEqual([
      "planAdded",
      "plansChangedBy Approved",
      "receiptAdded",
      "receiptAdded",
      "plansChangedBy Completed",
    ]);
    expect(watcher.received).toHaveLength(5);

    // C delivers: the stranger's own trade (through A) reaches it there, and nothing of the buyer's did.
    const own = await buyThrough(a, stranger, await newSale("10"), "2");
    expect(own.status, own.text).toBe(200);
    await strangerWatcher.waitFor(5);
    expect(strangerWatcher.of(own.planId as string)).toHaveLength(5);
    expect(strangerWatcher.of(planId)).toEqual([]);
    expect(strangerWatcher.received).toHaveLength(5);
    // In the order the node published them, each once.
    expect(receivedKeys(watcher.received)).toEqual(await publishedKeysFor(a.databaseUrl, buyer.key.finId));
    expect(receivedKeys(strangerWatcher.received)).toEqual(await publishedKeysFor(a.databaseUrl, stranger.key.finId));
  }, 90_000);

  it("never oversells: 20 executions of one intent of 10 units, spread over the three processes, settle 10", async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newParty(a)));
    // One after the other: the escrow answers concurrent operator credits on PostgreSQL with a 500 at times (the benchmark works around it too).
    for (const buyer of buyers) await fund(a, escrow, buyer, "5");
    const sale = await newSale("10");
    const answers = await Promise.all(buyers.map((buyer, i) => buyThrough(node.all[i % 3] as Server, buyer, sale, "1")));
    // Past the tenth: 422 (more than remains) or 409 (the intent is sold out, COMPLETED).
    for (const answer of answers) expect([200, 409, 422], answer.text).toContain(answer.status);
    const endings = await Promise.all(answers.flatMap((x, i) => (x.planId ? [finishedPlan(a, (buyers[i] as Party).token, x.planId, 30_000)] : [])));
    expect(endings.filter((plan) => plan.executionPlanStatus === "completed")).toHaveLength(10);
    const [intent] = await queryRowsAt<{ remainingQuantity: string }>(a.databaseUrl, `SELECT "remainingQuantity" FROM "Intent" WHERE "id" = $1`, [sale.intentId]);
    expect(intent?.remainingQuantity).toBe("0");
    const [issued] = await queryRowsAt<{ total: string }>(a.databaseUrl, `SELECT COALESCE(SUM(CAST("balance" AS NUMERIC)), 0) AS total FROM "TokenBalance" WHERE "assetId" = $1`, [sale.assetId]);
    expect(Number(issued?.total)).toBe(10);
    await expectReconciled(a);
  }, 120_000);

  it("stops a token revoked through A at once on B and C, and closes its sockets there", async () => {
    const user = await createUserAt(a, "investor");
    const [sockets, userView] = await Promise.all([
      Promise.all([b, c].map((server) => subscribeAt(server, user.token))),
      callAt(a.baseUrl, "GET", `/api/router/admin/users/${user.id}`, { token: a.adminToken }).then((r) => r.json() as Promise<{ tokens: { id: string }[] }>),
    ]);
    // B and C have just resolved the token: they remember it for a few seconds.
    for (const server of [b, c]) expect((await callAt(server.baseUrl, "GET", "/api/router/finapi/profiles", { token: user.token })).status).toBe(200);
    const tokenId = userView.tokens[0]?.id as string;
    const revoked = await callAt(a.baseUrl, "DELETE", `/api/router/admin/users/${user.id}/tokens/${tokenId}`, { token: a.adminToken });
    expect(revoked.status).toBe(204);
    const revokedAt = Date.now();
    // "At once": within the time a notification takes to cross processes, far below the 5 s the
    // processes would otherwise remember the token.
    for (const server of [b, c]) {
      let status = 0;
      while (Date.now() - revokedAt < 1_000) {
        status = (await callAt(server.baseUrl, "GET", "/api/router/finapi/profiles", { token: user.token })).status;
        if (status === 401) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status, `${server.baseUrl} still accepted the revoked token ${Date.now() - revokedAt} ms after`).toBe(401);
    }
    while (sockets.some((s) => s.closeCodes.length === 0) && Date.now() - revokedAt < 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets.map((s) => s.closeCodes)).toEqual([[4403], [4403]]);
  }, 60_000);

  describe("limits shared by the processes", () => {
    let clients = 0;
    /** A client of its own, as the trusted proxy names it. */
    const newClient = () => {
      clients += 1;
      return { "x-forwarded-for": `198.51.100.${clients}, 10.9.${clients}.7` };
    };

    it("counts a client's unknown bearer tokens on every process: past 10 in all, each process answers 429", async () => {
      const headers = newClient();
      for (let i = 0; i < 10; i += 1) {
        const answer = await callAt((node.all[i % 3] as Server).baseUrl, "GET", "/api/router/finapi/profiles", { token: `unknown-${randomUUID()}`, headers });
        expect(answer.status).toBe(401);
      }
      for (const server of node.all) {
        const answer = await callAt(server.baseUrl, "GET", "/api/router/finapi/profiles", { token: `unknown-${randomUUID()}`, headers });
        expect(answer.status, server.baseUrl).toBe(429);
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    });

    it("counts an account's failed sign-ins on every process, and takes a proof of work once in all", async () => {
      const email = uniqueEmail("person");
      const password = `pw-${randomUUID()}`;
      await createUserAt(a, "investor", { email, password });
      for (let i = 0; i < 5; i += 1) {
        const outcome = await signInAs(email, "wrong password", { base: (node.all[i % 3] as Server).baseUrl, headers: newClient() });
        expect(outcome.code).toBe("credentials");
      }
      const asked = await callAt(c.baseUrl, "POST", "/api/auth/sign-in-challenge", { body: { email }, headers: newClient() });
      const { bits, challenge } = (await asked.json()) as { bits: number; challenge: string | null };
      expect(bits).toBeGreaterThan(0);
      const proof = await solve(challenge as string, bits);
      const first = await signInAs(email, password, { base: c.baseUrl, headers: newClient(), fields: { challenge: challenge as string, proof } });
      expect(first.cookie).not.toBeNull();
      const again = await signInAs(email, password, { base: a.baseUrl, headers: newClient(), fields: { challenge: challenge as string, proof } });
      expect(again.code).toBe("proof_required");
    });
  });
});
