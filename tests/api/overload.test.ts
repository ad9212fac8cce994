// A node past its capacity keeps what it admitted and tells the excess to come back (issue 14, "Overload
// collapses throughput"): with tiny bounds on a server of its own, a request beyond
// MAX_REQUESTS_IN_FLIGHT and an execution beyond MAX_PLANS_IN_FLIGHT are answered 503 with
// Retry-After at once, nothing written; health still answers; once the work drains the same
// requests go through.
import { request as httpRequest, type ClientRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAt, countRowsAt } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { signHash } from "@/lib/domain/secp256k1";
import { postAt } from "./router-client";
import { startTestServer, type TestServer } from "./test-server";
import { createAsset, executionBody, finishedPlan, fund, newParty, offeredThroughSigner, primarySale, SignerStandIn, type Party } from "./trade-client";

const EXECUTE = "/api/router/finapi/tokens/execute";
let server: TestServer;
const signer = new SignerStandIn();

beforeAll(async () => {
  server = await startTestServer({ MAX_REQUESTS_IN_FLIGHT: "3", MAX_PLANS_IN_FLIGHT: "1" });
  await signer.start();
});

afterAll(async () => {
  await signer.stop();
  await server.dispose();
});

/** An admin's POST whose body does not complete until `finish`: the server holds it as a request in progress. */
function hangingRequest(path: string): { finish: () => Promise<number> } {
  const url = new URL(path, server.baseUrl);
  let req: ClientRequest;
  const answered = new Promise<number>((resolve, reject) => {
    const headers = { "content-type": "application/json", "content-length": "2", authorization: `Bearer ${server.adminToken}` };
    req = httpRequest(url, { method: "POST", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.write("{");
  });
  return {
    finish: async () => {
      req.end("}");
      return answered;
    },
  };
}

/** The built-in escrow, an issuer, its asset and a primary sale of 100 tokens at 1 USD each. */
async function assetOnSale() {
  const escrow = await EscrowClient.create(server);
  const issuer = await newParty(server, "issuer");
  const assetId = await createAsset(server, issuer);
  const saleId = await primarySale(server, issuer, assetId, "100", "1");
  return { escrow, issuer, assetId, saleId };
}

/** The plan an execute's answer names. */
const planOfAnswer = (answer: { body: { response?: unknown } }) => String((answer.body.response as { executionPlanId: string }).executionPlanId);

describe("at capacity", () => {
  it("answers a request beyond MAX_REQUESTS_IN_FLIGHT 503 with Retry-After, keeps health up, and serves again once the others finish", async () => {
    const hanging = [hangingRequest("/api/router/admin/users"), hangingRequest("/api/router/admin/users"), hangingRequest("/api/router/admin/users")];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await callAt(server.baseUrl, "GET", "/api/router/finapi/organizations", { token: server.adminToken });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toMatchObject({ code: "UNAVAILABLE", detail: expect.stringContaining("Send the same request again in 1 s") });
    expect((await callAt(server.baseUrl, "GET", "/api/health")).status).toBe(200);
    // The admitted ones were served (refused 400: `{}` is no user) and the bound is free again.
    expect(await Promise.all(hanging.map((h) => h.finish()))).toEqual([400, 400, 400]);
    expect((await callAt(server.baseUrl, "GET", "/api/router/finapi/organizations", { token: server.adminToken })).status).toBe(200);
  });

  it("refuses an execution beyond MAX_PLANS_IN_FLIGHT before writing anything, and takes the same body once the first trade is settled", async () => {
    const { escrow, issuer, assetId, saleId } = await assetOnSale();
    const seller = await newParty(server);
    const [first, second] = [await newParty(server), await newParty(server)] as [Party, Party];
    for (const party of [seller, first, second]) await fund(server, escrow, party, "50");
    // The seller buys tokens, then offers them through a signing endpoint that takes 3 s to answer.
    const sellId = await offeredThroughSigner(server, { issuer, seller, assetId, saleId, stock: "10" }, signer, 3_000);

    const slow = executionBody({ kind: "sellingIntent", intentId: sellId, assetId, executor: first, buyer: first, seller, quantity: "1", settlementAmount: "1" });
    const slowAnswer = await postAt(server, EXECUTE, first.token, slow.body);
    expect(slowAnswer.status, slowAnswer.text).toBe(200);

    const plansBefore = await countRowsAt(server.databaseUrl, "Plan");
    const nonceBefore = await countRowsAt(server.databaseUrl, "UsedNonce");
    const next = executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: second, buyer: second, seller: issuer, quantity: "1", settlementAmount: "1" });
    const refused = await postAt(server, EXECUTE, second.token, next.body);
    expect(refused.status, refused.text).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.body).toMatchObject({ code: "UNAVAILABLE" });
    expect(await countRowsAt(server.databaseUrl, "Plan")).toBe(plansBefore);
    expect(await countRowsAt(server.databaseUrl, "UsedNonce")).toBe(nonceBefore);
    // Refused before its body is read: a body it would refuse 400 is 503 as well, while a caller
    // without credentials is still told 401 first.
    const unread = await callAt(server.baseUrl, "POST", EXECUTE, { token: second.token, rawBody: "{ not json" });
    expect(unread.status).toBe(503);
    expect(unread.headers.get("retry-after")).toBe("1");
    expect((await callAt(server.baseUrl, "POST", EXECUTE, { body: next.body })).status).toBe(401);

    const slowPlan = planOfAnswer(slowAnswer);
    expect((await finishedPlan(server, first.token, slowPlan)).executionPlanStatus).toBe("completed");
    signer.delayMs = 0;
    const again = await postAt(server, EXECUTE, second.token, next.body);
    expect(again.status, again.text).toBe(200);
    const planId = planOfAnswer(again);
    expect((await finishedPlan(server, second.token, planId)).executionPlanStatus).toBe("completed");
  });

  it("gives an execution's place back when it makes no plan (a refusal, a repeat), so the bound of 1 never fills with nothing in hand", async () => {
    const { escrow, issuer, assetId, saleId } = await assetOnSale();
    const buyer = await newParty(server);
    await fund(server, escrow, buyer, "50");
    const terms = { kind: "primarySale", intentId: saleId, assetId, executor: buyer, buyer, seller: issuer, quantity: "1", settlementAmount: "1" } as const;
    // Refused after admission (the signature is someone else's), three times: each gives its place back.
    const stranger = await newParty(server);
    for (let i = 0; i < 3; i++) {
      const forged = executionBody(terms, (hash) => signHash(hash, stranger.key.privateKey));
      const refused = await postAt(server, EXECUTE, buyer.token, forged.body);
      expect(refused.status, refused.text).toBeGreaterThanOrEqual(400);
      expect(refused.status, refused.text).toBeLessThan(500);
    }
    const first = executionBody(terms);
    const made = await postAt(server, EXECUTE, buyer.token, first.body);
    expect(made.status, made.text).toBe(200);
    const planId = planOfAnswer(made);
    expect((await finishedPlan(server, buyer.token, planId)).executionPlanStatus).toBe("completed");
    // The same body again is answered with the same plan, three times, and makes none: nor does it keep a place.
    for (let i = 0; i < 3; i++) {
      const repeat = await postAt(server, EXECUTE, buyer.token, first.body);
      expect(repeat.status, repeat.text).toBe(200);
      expect(planOfAnswer(repeat)).toBe(planId);
    }
    const next = await postAt(server, EXECUTE, buyer.token, executionBody(terms).body);
    expect(next.status, next.text).toBe(200);
    const nextPlan = planOfAnswer(next);
    expect((await finishedPlan(server, buyer.token, nextPlan)).executionPlanStatus).toBe("completed");
  });
});
