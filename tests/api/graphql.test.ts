// /api/graphql: queries over HTTP POST and real graphql-ws subscriptions on the same path; the
// limits (depth, cost, page size, operations per connection), error codes, and the assets query
// with its intent filters.
import { createClient, type Client } from "graphql-ws";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { adminToken, baseUrl, call, createUser, socketUrl } from "./helpers";
import { buyingIntent, createAsset, newParty, primarySale, type Party, type Server } from "./trade-client";

const clients: Client[] = [];

function connect(connectionParams?: Record<string, unknown>): Client {
  const client = createClient({ url: socketUrl(), webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
  clients.push(client);
  return client;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
});

describe("POST /api/graphql", () => {
  it("answers a query, with the caller as viewer", async () => {
    const investor = await createUser("investor");
    const response = await call("POST", "/api/graphql", { token: investor.token, body: { query: "{ serverTime viewer { id role } }" } });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { serverTime: string; viewer: { id: string; role: string } } };
    expect(Date.parse(data.serverTime)).not.toBeNaN();
    expect(data.viewer).toEqual({ id: investor.id, role: "investor" });
  });

  it("refuses an invalid query with a 400 and the GraphQL errors", async () => {
    const response = await call("POST", "/api/graphql", { body: { query: "{ nope }" } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toMatch(/Cannot query field "nope"/);
  });

  it("points subscriptions to the socket", async () => {
    const response = await call("POST", "/api/graphql", { body: { query: "subscription { heartbeat { sequence } }" } });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/graphql-ws/);
  });
});

describe("graphql-ws at /api/graphql", () => {
  it("streams heartbeats to an authenticated subscriber", async () => {
    const investor = await createUser("investor");
    const client = connect({ authorization: `Bearer ${investor.token}` });
    const beats: { sequence: number; serverTime: string }[] = [];
    const iterator = client.iterate<{ heartbeat: { sequence: number; serverTime: string } }>({
      query: "subscription { heartbeat(intervalMs: 100) { sequence serverTime } }",
    });
    for await (const result of iterator) {
      expect(result.errors).toBeUndefined();
      if (result.data) beats.push(result.data.heartbeat);
      if (beats.length === 3) break;
    }
    expect(beats.map((b) => b.sequence)).toEqual([1, 2, 3]);
    expect(Date.parse(beats[2]!.serverTime)).toBeGreaterThanOrEqual(Date.parse(beats[0]!.serverTime));
  });

  it("refuses an anonymous connection", async () => {
    const client = connect();
    const iterator = client.iterate({ query: "subscription { heartbeat { sequence } }" });
    const outcome = await (async () => {
      try {
        for await (const _ of iterator) return "received";
        return "completed";
      } catch (error) {
        return error as { code?: number; reason?: string };
      }
    })();
    expect(outcome).toMatchObject({ code: 4403 });
  });

  it("refuses an unknown token", async () => {
    const client = connect({ authorization: "Bearer tan_not-a-real-token" });
    await expect(
      (async () => {
        for await (const _ of client.iterate({ query: "subscription { heartbeat { sequence } }" })) return;
      })(),
    ).rejects.toMatchObject({ code: 4403 });
  });

  it("reports an out-of-range argument as an error with a code", async () => {
    const investor = await createUser("investor");
    const client = connect({ authorization: `Bearer ${investor.token}` });
    const results = [];
    for await (const result of client.iterate({ query: "subscription { heartbeat(intervalMs: 5) { sequence } }" })) results.push(result);
    expect(results).toHaveLength(1);
    expect(results[0]?.errors?.[0]).toMatchObject({ message: expect.stringMatching(/between 100 and 60000/), extensions: { code: "VALIDATION_FAILED" } });
  });
});

type GraphqlError = { message: string; extensions?: { code?: string; errors?: { path: string }[] } };
type Answer<T> = { status: number; data?: T | null; errors?: GraphqlError[] };

async function gql<T = Record<string, unknown>>(token: string | null, query: string, variables?: Record<string, unknown>): Promise<Answer<T>> {
  const response = await call("POST", "/api/graphql", { token, body: { query, variables } });
  return { status: response.status, ...((await response.json()) as { data?: T; errors?: GraphqlError[] }) };
}

/** A selection nested `levels` deep through the asset → intents → asset cycle, ending in `id`. */
function nestedAssets(levels: number): string {
  let inner = "id";
  for (let i = 0; i < levels; i += 1) inner = `intents(first: 1) { nodes { asset { ${inner} } } }`;
  return `{ assets(first: 1) { nodes { ${inner} } } }`;
}

describe("limits", () => {
  let token: string;
  beforeAll(async () => {
    token = (await createUser("investor")).token;
  });

  it("refuses a query that is too deep, before running anything (422, UNPROCESSABLE)", async () => {
    // assets nodes + 3 × (intents nodes asset) + id = 12 levels
    const answer = await gql(token, nestedAssets(3));
    expect(answer.status).toBe(422);
    expect(answer.data).toBeUndefined();
    expect(answer.errors).toEqual([expect.objectContaining({ message: expect.stringMatching(/too deep: 12 levels .*at most 10/), extensions: expect.objectContaining({ code: "UNPROCESSABLE" }) })]);
    // Two levels less is within the limit.
    expect((await gql(token, nestedAssets(2))).status).toBe(200);
  });

  it("refuses a query that is too costly: pages within pages", async () => {
    const answer = await gql(token, "{ assets(first: 100) { nodes { id intents(first: 100) { nodes { id assetTerm { asset { __typename } } } } } } }");
    expect(answer.status).toBe(422);
    expect(answer.errors?.[0]).toMatchObject({ message: expect.stringMatching(/too costly: it could return about \d+ objects, at most 10000/), extensions: { code: "UNPROCESSABLE" } });
    // The same with page sizes given through variables.
    const viaVariables = await gql(token, "query ($n: Int) { assets(first: $n) { nodes { intents(first: $n) { nodes { assetTerm { asset { __typename } } } } } } }", { n: 100 });
    expect(viaVariables.errors?.[0]?.message).toMatch(/too costly/);
  });

  it("refuses too-deep and too-costly subscriptions on the socket the same way", async () => {
    const client = connect({ authorization: `Bearer ${token}` });
    const refusal = async (query: string) => {
      try {
        for await (const _ of client.iterate({ query })) return "received";
        return "completed";
      } catch (errors) {
        return errors;
      }
    };
    // 11 levels: receiptAdded tradeDetails intent asset intents nodes asset intents nodes asset id
    const deep = "subscription { receiptAdded { tradeDetails { intent { asset { intents { nodes { asset { intents { nodes { asset { id } } } } } } } } } } }";
    expect(await refusal(deep)).toEqual([expect.objectContaining({ message: expect.stringMatching(/too deep: 11 levels/), extensions: expect.objectContaining({ code: "UNPROCESSABLE" }) })]);
    const costly = "subscription { receiptAdded { tradeDetails { intent { asset { intents(first: 100) { nodes { asset { intents(first: 100) { nodes { id } } } } } } } } } }";
    expect(await refusal(costly)).toEqual([expect.objectContaining({ message: expect.stringMatching(/too costly/), extensions: expect.objectContaining({ code: "UNPROCESSABLE" }) })]);
  });

  it("limits page sizes and checks cursors", async () => {
    const tooBig = await gql(token, "{ assets(first: 101) { nodes { id } } }");
    expect(tooBig.status).toBe(200);
    expect(tooBig.errors?.[0]).toMatchObject({ message: "first must be a whole number from 1 to 100.", extensions: { code: "VALIDATION_FAILED" } });
    const badCursor = await gql(token, '{ plans(after: "not-a-cursor") { nodes { id } } }');
    expect(badCursor.errors?.[0]).toMatchObject({ extensions: { code: "VALIDATION_FAILED", errors: [{ path: "after" }] } });
  });

  it("holds at most 20 operations on one connection", async () => {
    const client = connect({ authorization: `Bearer ${token}` });
    const beats = Array.from({ length: 20 }, () => client.iterate({ query: "subscription { heartbeat(intervalMs: 60000) { sequence } }" }));
    for (const beat of beats) expect((await beat.next()).value).toEqual({ data: { heartbeat: { sequence: 1 } } });
    await expect(
      (async () => {
        for await (const _ of client.iterate({ query: "subscription { heartbeat { sequence } }" })) return;
      })(),
    ).rejects.toEqual([expect.objectContaining({ message: expect.stringMatching(/at most 20 operations/), extensions: expect.objectContaining({ code: "RATE_LIMITED" }) })]);
    await beats[0]?.return?.();
    // One completed: room for another.
    const again = client.iterate({ query: "subscription { heartbeat(intervalMs: 60000) { sequence } }" });
    expect((await again.next()).value).toEqual({ data: { heartbeat: { sequence: 1 } } });
    await Promise.all([again, ...beats].map((b) => b.return?.()));
  });
});

describe("errors", () => {
  it("answers every error with a code of the one vocabulary", async () => {
    const anonymous = await gql(null, "{ plans { nodes { id } } }");
    expect(anonymous.errors?.[0]).toMatchObject({ message: expect.stringMatching(/Sign in/), path: ["plans"], extensions: { code: "UNAUTHENTICATED" } });
    const unparsable = await gql(null, "{ plans ");
    expect(unparsable.status).toBe(400);
    expect(unparsable.errors?.[0]?.extensions?.code).toBe("VALIDATION_FAILED");
    const invalid = await gql(null, "{ nope }");
    expect(invalid.errors?.[0]?.extensions?.code).toBe("VALIDATION_FAILED");
    const wrongVariable = await gql(null, "query ($n: Int) { assets(first: $n) { nodes { id } } }", { n: "many" });
    expect(wrongVariable.errors?.[0]?.extensions?.code).toBe("VALIDATION_FAILED");
    const twoOperations = await gql(null, "query A { serverTime } query B { serverTime }");
    expect(twoOperations.errors?.[0]).toMatchObject({ extensions: { code: "VALIDATION_FAILED" } });
  });

  it("needs the signed-in caller for everything but serverTime and viewer", async () => {
    expect(await gql(null, "{ serverTime viewer { id } }")).toMatchObject({ status: 200, data: { viewer: null } });
    for (const query of ["{ assets { nodes { id } } }", "{ receipts { nodes { id } } }", "{ profiles { nodes { id } } }", "{ holdings { nodes { balance } } }", '{ intents { nodes { id } } }']) {
      expect((await gql(null, query)).errors?.[0]?.extensions?.code, query).toBe("UNAUTHENTICATED");
    }
  });
});

describe("assets { intents(filter) }", () => {
  const server = (): Server => ({ baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: "" });
  let issuer: Party;
  let assetId: string;
  /** Newest last: an active sale, one disabled, one starting in an hour, and a buying intent. */
  const intents = { sale: "", disabled: "", later: "", buying: "" };

  beforeAll(async () => {
    issuer = await newParty(server(), "issuer");
    const buyer = await newParty(server());
    assetId = await createAsset(server(), issuer);
    const now = Math.floor(Date.now() / 1000);
    intents.sale = await primarySale(server(), issuer, assetId, "100", "1");
    intents.disabled = await primarySale(server(), issuer, assetId, "100", "1");
    const disable = await call("PUT", `/api/router/finapi/profiles/asset/${assetId}/intent/${intents.disabled}/disable`, { token: issuer.token });
    expect(disable.status).toBe(200);
    intents.later = await primarySale(server(), issuer, assetId, "100", "1", { start: now + 3600, end: now + 7200 });
    intents.buying = await buyingIntent(server(), buyer, assetId, "10", "1", { endpoint: "http://127.0.0.1:9/sign" });
  });

  type Assets = { assets: { nodes: { id: string; name: string; organizationId: string; intents: { nodes: { id: string; type: string; status: string }[] } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

  /** The asset's intents under these filters, found through the assets query a page at a time. */
  async function intentsWith(filter: { key: string; value: string }[]): Promise<string[]> {
    const query = `query ($filter: [IntentFilter!], $after: String) {
      assets(first: 50, after: $after) { nodes { id name organizationId intents(filter: $filter) { nodes { id type status } } } pageInfo { hasNextPage endCursor } } }`;
    let after: string | null = null;
    for (;;) {
      const answer: Answer<Assets> = await gql<Assets>(issuer.token, query, { filter: filter.map((f) => ({ ...f, operator: "EQ" })), after });
      expect(answer.errors).toBeUndefined();
      const asset = answer.data?.assets.nodes.find((a) => a.id === assetId);
      if (asset) {
        expect(asset.organizationId).toBe("node");
        return asset.intents.nodes.map((i) => i.id);
      }
      if (!answer.data?.assets.pageInfo.hasNextPage) throw new Error(`asset ${assetId} not listed`);
      after = answer.data.assets.pageInfo.endCursor;
    }
  }

  it("returns exactly the intents matching type and status, newest first", async () => {
    const { sale, disabled, later, buying } = intents;
    expect(await intentsWith([])).toEqual([buying, later, disabled, sale]);
    expect(await intentsWith([{ key: "type", value: "primarySale" }])).toEqual([later, disabled, sale]);
    expect(await intentsWith([{ key: "type", value: "buyingIntent" }])).toEqual([buying]);
    // ACTIVE means executable now: started, not ended, something remaining, not disabled.
    expect(await intentsWith([{ key: "status", value: "ACTIVE" }])).toEqual([buying, sale]);
    expect(await intentsWith([{ key: "type", value: "primarySale" }, { key: "status", value: "ACTIVE" }])).toEqual([sale]);
    expect(await intentsWith([{ key: "status", value: "NON_ACTIVE" }])).toEqual([disabled]);
    expect(await intentsWith([{ key: "type", value: "sellingIntent" }])).toEqual([]);
    expect(await intentsWith([{ key: "type", value: "buyingIntent" }, { key: "status", value: "NON_ACTIVE" }])).toEqual([]);
    expect(await intentsWith([{ key: "type", value: "primarySale" }, { key: "type", value: "buyingIntent" }])).toEqual([]);
  });

  it("shows the intent fields of interface.md", async () => {
    const answer = await gql<{ asset: { intents: { nodes: Record<string, unknown>[] } } }>(
      issuer.token,
      `query ($id: ID!) { asset(id: $id) { intents(filter: [{ key: "type", operator: EQ, value: "primarySale" }, { key: "status", operator: EQ, value: "ACTIVE" }]) { nodes {
        id type status start end remainingQuantity assetId
        assetTerm { amount asset { ... on P2PAsset { resourceId asset { id } } } }
        settlementTerm { unitValue asset { ... on FiatAsset { code } } }
        assetInstruction { account { account { ... on FinIdAccount { finId orgId } } } }
        intent { __typename ... on PrimarySaleTerms { issuerId sellingSettlementInstruction { type whiteListedEscrows accounts { identifier { ... on FinIdAccount { orgId } } } } } }
      } } } }`,
      { id: assetId },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.asset.intents.nodes).toEqual([
      {
        id: intents.sale,
        type: "primarySale",
        status: "ACTIVE",
        start: expect.any(Number),
        end: expect.any(Number),
        remainingQuantity: "100",
        assetId,
        assetTerm: { amount: "100", asset: { resourceId: assetId, asset: { id: assetId } } },
        settlementTerm: { unitValue: "1", asset: { code: "USD" } },
        assetInstruction: { account: { account: { finId: issuer.key.finId, orgId: "node" } } },
        intent: { __typename: "PrimarySaleTerms", issuerId: issuer.profileId, sellingSettlementInstruction: { type: "escrow", whiteListedEscrows: ["escrow"], accounts: [{ identifier: { orgId: "escrow" } }] } },
      },
    ]);
  });

  it("refuses an unknown filter key or value, naming it", async () => {
    const unknownKey = await gql(issuer.token, '{ intents(filter: [{ key: "owner", operator: EQ, value: "x" }]) { nodes { id } } }');
    expect(unknownKey.errors?.[0]).toMatchObject({ message: expect.stringMatching(/unknown; use one of type, status/), extensions: { code: "VALIDATION_FAILED", errors: [{ path: "filter[0].key" }] } });
    const badValue = await gql(issuer.token, '{ intents(filter: [{ key: "status", operator: EQ, value: "OPEN" }]) { nodes { id } } }');
    expect(badValue.errors?.[0]).toMatchObject({ message: expect.stringMatching(/must be one of ACTIVE/), extensions: { code: "VALIDATION_FAILED", errors: [{ path: "filter[0].value" }] } });
  });
});
