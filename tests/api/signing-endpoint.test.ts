// A signature policy's endpoint is called by this node's router, from inside this node's network,
// and what it answers reaches the buyer as the plan's failureReason: so an endpoint aimed at the
// node's own network (loopback, link-local, private addresses, local names) is refused when the
// intent is created (422 naming the field) and again when the request is sent (the name resolved
// then, the connection made to the address that was checked), unless SIGNING_ENDPOINT_ALLOWLIST
// lists it; the node's own signing callback stays allowed. A remote answer is never reflected, a
// redirect never followed, and an endpoint that takes no connection is given up on after
// SIGNING_CONNECT_TIMEOUT_MS. Real listeners on 127.0.0.1 play the internal service and the signer;
// the server is this file's own, started without the allow-list the other API tests get.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type Server as HttpServer } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRowsAt, executeSqlAt, queryRowsAt } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { postAt } from "./router-client";
import { startTestServer, freePort, type TestServer } from "./test-server";
import {
  buyingIntentRequest,
  createAsset,
  executionBody,
  finishedPlan,
  fund,
  holdingsOf,
  newParty,
  primarySale,
  sellingIntentRequest,
  SignerStandIn,
  type Party,
} from "./trade-client";

const INTENT = (assetId: string) => `/api/router/finapi/profiles/asset/${assetId}/intent`;
const ENDPOINT_PATH = "intent.signaturePolicy.endpoint";

/** An internal service that must never be reachable through the router: it answers with its secret. */
class InternalService {
  readonly secret = `internal-secret-${randomBytes(12).toString("hex")}`;
  readonly paths: string[] = [];
  port = 0;
  private server: HttpServer | null = null;

  async start(): Promise<void> {
    this.port = await freePort();
    this.server = createServer((req, res) => {
      this.paths.push(req.url ?? "");
      req.resume();
      req.on("end", () => {
        const body = `{"title":"forbidden","token":"${this.secret}"}`;
        if (req.url === "/redirect") return void res.writeHead(302, { location: `http://127.0.0.1:${this.port}/secret`, "content-type": "application/json" }).end(body);
        res.writeHead(403, { "content-type": "application/json" }).end(body);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, "127.0.0.1", resolve));
  }

  url(path: string, host = "127.0.0.1"): string {
    return `http://${host}:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/**
 * A port that takes no connection: a listener (backlog 1) in a process that never accepts, its
 * queue filled, so a further connect gets no answer at all, like a firewalled port.
 */
class SilentPort {
  port = 0;
  private child: ChildProcess | null = null;
  private readonly fillers: Socket[] = [];

  async start(): Promise<void> {
    const script =
      'require("node:net").createServer().listen({ port: 0, host: "127.0.0.1", backlog: 1 }, function () {' +
      ' process.stdout.write(this.address().port + "\\n"); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600000); });';
    this.child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    this.port = await new Promise<number>((resolve) => this.child?.stdout?.once("data", (d: Buffer) => resolve(Number(String(d).trim()))));
    // Fill the accept queue until a connect hangs.
    for (let i = 0; i < 8; i += 1) {
      const socket = connect({ host: "127.0.0.1", port: this.port });
      this.fillers.push(socket);
      const connected = await new Promise<boolean>((resolve) => {
        socket.once("connect", () => resolve(true));
        socket.once("error", () => resolve(false));
        setTimeout(() => resolve(false), 300);
      });
      if (!connected) return;
    }
    throw new Error("the silent port kept accepting connections");
  }

  stop(): void {
    for (const socket of this.fillers) socket.destroy();
    this.child?.kill("SIGKILL");
  }
}

let server: TestServer;
let escrow: EscrowClient;
let issuer: Party;
let seller: Party;
let buyer: Party;
let assetId: string;
const internal = new InternalService();
const signer = new SignerStandIn();
const silent = new SilentPort();

/** The seller holds `tokens` of the asset, bought from the issuer's primary sale. */
async function sellerWithTokens(tokens: string): Promise<void> {
  const saleId = await primarySale(server, issuer, assetId, tokens, "1");
  await fund(server, escrow, seller, tokens);
  const { body } = executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: seller, buyer: seller, seller: issuer, quantity: tokens, settlementAmount: tokens });
  const answer = await postAt(server, "/api/router/finapi/tokens/execute", seller.token, body);
  expect(answer.status, answer.text).toBe(200);
  const plan = await finishedPlan(server, seller.token, String((answer.body.response as { executionPlanId: string }).executionPlanId));
  expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");
}

async function createSellingIntent(endpoint: string) {
  return postAt(server, INTENT(assetId), seller.token, sellingIntentRequest(seller, assetId, "3", "1", { endpoint }));
}

async function sellingIntentAt(endpoint: string): Promise<string> {
  const answer = await createSellingIntent(endpoint);
  expect(answer.status, answer.text).toBe(200);
  return String(answer.body.id);
}

/** The buyer takes one token of the intent; answers the plan once it has ended. */
async function buyOne(intentId: string, timeoutMs = 20_000) {
  const { body } = executionBody({ kind: "sellingIntent", intentId, assetId, executor: buyer, buyer, seller, quantity: "1", settlementAmount: "1" });
  const answer = await postAt(server, "/api/router/finapi/tokens/execute", buyer.token, body);
  expect(answer.status, answer.text).toBe(200);
  const planId = String((answer.body.response as { executionPlanId: string }).executionPlanId);
  return { planId, plan: await finishedPlan(server, buyer.token, planId, timeoutMs) };
}

beforeAll(async () => {
  // No allow-list: the other API tests' servers allow 127.0.0.1 for their stand-in signers.
  server = await startTestServer({ SIGNING_ENDPOINT_ALLOWLIST: "" });
  await Promise.all([internal.start(), signer.start(), silent.start()]);
  escrow = await EscrowClient.create(server);
  issuer = await newParty(server, "issuer");
  [seller, buyer] = await Promise.all([newParty(server), newParty(server)]);
  assetId = await createAsset(server, issuer);
  await sellerWithTokens("20");
  await fund(server, escrow, buyer, "20");
}, 180_000);

afterAll(async () => {
  silent.stop();
  await Promise.all([internal.stop(), signer.stop()]);
  await server?.dispose();
});

describe("without an allow-list", () => {
  const refused: [string, () => string][] = [
    ["a loopback address", () => internal.url("/secret")],
    ["another loopback address", () => internal.url("/secret", "127.1.2.3")],
    ["the loopback address written as one number", () => `http://2130706433:${internal.port}/secret`],
    ["IPv6 loopback", () => internal.url("/secret", "[::1]")],
    ["IPv4 loopback mapped into IPv6", () => internal.url("/secret", "[::ffff:127.0.0.1]")],
    ["the unspecified address", () => internal.url("/secret", "0.0.0.0")],
    ["localhost", () => internal.url("/secret", "localhost")],
    ["a name under .localhost", () => internal.url("/secret", "signer.localhost")],
    ["a private address (10/8)", () => "http://10.1.2.3/sign"],
    ["a private address (172.16/12)", () => "http://172.20.0.5:8080/sign"],
    ["a private address (192.168/16)", () => "https://192.168.1.20/sign"],
    ["the cloud metadata address (link-local)", () => "http://169.254.169.254/latest/meta-data/"],
    ["an IPv6 unique local address", () => "http://[fd12:3456::1]/sign"],
    ["an IPv6 link-local address", () => "http://[fe80::1]/sign"],
    ["a name without a dot (a name of this network)", () => "http://vault:8200/v1/secret"],
    ["a .internal name", () => "http://metadata.google.internal/computeMetadata/v1/"],
    ["this node's own origin, outside the signing callback", () => `${server.baseUrl}/api/router/admin/users`],
    ["this node's callback path climbing out of it", () => `${server.baseUrl}/api/signing/callback/${seller.profileId}/../../router/admin/users`],
    ["this node's signing callback with a query", () => `${server.baseUrl}/api/signing/callback/${seller.profileId}?next=/api/router/admin/users`],
  ];

  it.each(refused)("refuses a selling intent whose endpoint is %s: 422 naming the field, nothing written", async (_, endpoint) => {
    const before = await countRowsAt(server.databaseUrl, "Intent");
    const answer = await createSellingIntent(endpoint());
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.code).toBe("UNPROCESSABLE");
    expect(answer.body.errors).toEqual([{ in: "body", path: ENDPOINT_PATH, message: expect.stringMatching(/this node does not call/) }]);
    expect(await countRowsAt(server.databaseUrl, "Intent")).toBe(before);
    expect(internal.paths).toEqual([]);
  });

  it("refuses a buying intent whose endpoint is a loopback address the same way", async () => {
    const answer = await postAt(server, INTENT(assetId), buyer.token, buyingIntentRequest(buyer, assetId, "1", "1", { endpoint: internal.url("/secret") }));
    expect(answer.status, answer.text).toBe(422);
    expect((answer.body.errors as { path: string }[]).map((e) => e.path)).toEqual([ENDPOINT_PATH]);
  });

  it("accepts this node's own signing callback, though PUBLIC_URL is a loopback address", async () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    await sellingIntentAt(`${server.baseUrl}/api/signing/callback/${seller.profileId}`);
  });

  it("refuses at send time an endpoint stored before the rule: nothing is sent, the plan is Rejected in the router's words", async () => {
    const intentId = await sellingIntentAt("https://signer.example.com/sign");
    // The name resolves to a loopback address when the request is sent (as after a DNS change);
    // then a literal private address.
    for (const [endpoint, kind] of [
      [internal.url("/secret", "localhost"), /loopback/],
      [internal.url("/secret"), /loopback/],
      ["http://10.1.2.3:9/sign", /private/],
    ] as const) {
      await executeSqlAt(server.databaseUrl, `UPDATE "Intent" SET "signatureEndpoint" = $1 WHERE "id" = $2`, [endpoint, intentId]);
      const { plan } = await buyOne(intentId);
      expect(plan.executionPlanStatus, endpoint).toBe("rejected");
      expect(plan.failureReason, endpoint).toMatch(kind);
      expect(plan.failureReason).toMatch(/this node does not call/);
      expect(plan.failureReason).not.toContain(internal.secret);
    }
    expect(internal.paths).toEqual([]);
    expect((await holdingsOf(server, buyer)).USD?.balance).toBe("20");
  });
});

describe(`with 127.0.0.1 in SIGNING_ENDPOINT_ALLOWLIST`, () => {
  beforeAll(async () => {
    await server.restart({ SIGNING_ENDPOINT_ALLOWLIST: "127.0.0.1, 10.0.0.0/8", SIGNING_CONNECT_TIMEOUT_MS: "700" });
  }, 120_000);

  it("calls the same endpoint, and never reflects what it answers: the reason gives the status code", async () => {
    const intentId = await sellingIntentAt(internal.url("/secret"));
    const { plan } = await buyOne(intentId);
    expect(plan.executionPlanStatus).toBe("rejected");
    expect(plan.failureReason).toMatch(/HTTP 403/);
    expect(plan.failureReason).not.toContain(internal.secret);
    expect(plan.failureReason).not.toContain("forbidden");
    expect(internal.paths).toEqual(["/secret"]);
    const [row] = await queryRowsAt<{ lastError: string | null; failureReason: string | null }>(server.databaseUrl, `SELECT "lastError", "failureReason" FROM "Plan" WHERE "id" = $1`, [plan.id]);
    expect(JSON.stringify(row)).not.toContain(internal.secret);
  });

  it("does not follow a redirect", async () => {
    internal.paths.length = 0;
    const intentId = await sellingIntentAt(internal.url("/redirect"));
    const { plan } = await buyOne(intentId);
    expect(plan.executionPlanStatus).toBe("rejected");
    expect(plan.failureReason).toMatch(/redirect \(HTTP 302\)/);
    expect(plan.failureReason).not.toContain(internal.secret);
    expect(internal.paths).toEqual(["/redirect"]);
  });

  it("settles through a signer the allow-list admits", async () => {
    signer.keys.set(seller.key.finId, seller.key);
    const { plan } = await buyOne(await sellingIntentAt(signer.url));
    expect(plan.executionPlanStatus, plan.failureReason).toBe("completed");
    expect(signer.seen.length).toBe(1);
  });

  it("still refuses what the allow-list does not name", async () => {
    for (const endpoint of [internal.url("/secret", "127.0.0.2"), "http://192.168.1.20/sign", internal.url("/secret", "localhost")]) {
      const answer = await createSellingIntent(endpoint);
      expect([answer.status, (answer.body.errors as { path: string }[] | undefined)?.[0]?.path], endpoint).toEqual([422, ENDPOINT_PATH]);
    }
  });

  it("gives up on a port that takes no connection after SIGNING_CONNECT_TIMEOUT_MS, in its own words", async () => {
    const intentId = await sellingIntentAt(`http://127.0.0.1:${silent.port}/sign`);
    const { body } = executionBody({ kind: "sellingIntent", intentId, assetId, executor: buyer, buyer, seller, quantity: "1", settlementAmount: "1" });
    const startedMs = Date.now();
    const answer = await postAt(server, "/api/router/finapi/tokens/execute", buyer.token, body);
    expect(answer.status, answer.text).toBe(200);
    const planId = String((answer.body.response as { executionPlanId: string }).executionPlanId);
    let lastError: string | null = null;
    while (Date.now() - startedMs < 6_000 && !lastError) {
      const [row] = await queryRowsAt<{ lastError: string | null }>(server.databaseUrl, `SELECT "lastError" FROM "Plan" WHERE "id" = $1`, [planId]);
      lastError = row?.lastError ?? null;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The old call waited 10 s for anything; the connect timeout is 0.7 s here.
    expect(lastError).toMatch(/did not accept a connection within 0\.7 s/);
    expect(Date.now() - startedMs).toBeLessThan(6_000);
  });
});
