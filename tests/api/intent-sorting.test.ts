// GET /api/router/finapi/intents?sort= and GET /api/router/finapi/intents/assets (README "Intents"):
// every order is exact and total (prices and quantities are decimal strings, ordered by their sort-key
// columns; ties by id), pages in any order hold each intent once and in order, an execution moves an
// intent in the remaining-quantity order, and a bad sort or cursor is refused with a problem document
// and writes nothing. Intents of one fresh issuer are listed (ownerProfileId), so other files' data
// cannot interfere.
import { beforeAll, describe, expect, it } from "vitest";
import { compareAmounts, parseAmount } from "@/lib/domain/amount";
import { amountSortKey } from "@/lib/domain/amount-sort-key";
import { intentsPageSchema, offeredAssetsResponseSchema, type IntentSort, type ListedIntent } from "@/lib/schemas/intent";
import { call, queryRows } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { countChanges, expectProblem, rowCounts, settled, sharedServer } from "./fixtures";
import { createAsset, executionBody, finishedPlan, fund, newParty, primarySale, type Party, type Server } from "./trade-client";

const INTENTS = "/api/router/finapi/intents";

let server: Server;
let issuer: Party;
let viewer: Party;
let assetA: string;
let assetB: string;
/** In creation order; prices that tie (10, 10.00), that a float cannot tell apart (…99.99, …99.98), and quantities that tie (5). */
const offers = [
  { name: "a1", asset: "A", amount: "5", unitValue: "10" },
  { name: "a2", asset: "A", amount: "50", unitValue: "9.5" },
  { name: "a3", asset: "A", amount: "7", unitValue: "10.00" },
  { name: "b1", asset: "B", amount: "3", unitValue: "99999999999999999.99" },
  { name: "b2", asset: "B", amount: "5", unitValue: "99999999999999999.98" },
  { name: "b3", asset: "B", amount: "1", unitValue: "0.01" },
] as const;
const idOf: Record<string, string> = {};

async function listPage(query: string): Promise<{ intents: ListedIntent[]; nextCursor: string | null }> {
  const response = await call("GET", `${INTENTS}?ownerProfileId=${issuer.profileId}&${query}`, { token: viewer.token });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return intentsPageSchema.parse(JSON.parse(text));
}

async function idsIn(sort: IntentSort): Promise<string[]> {
  const page = await listPage(`sort=${sort}&limit=200`);
  expect(page.nextCursor).toBeNull();
  return page.intents.map((i) => i.id);
}

/** Every page of `sort`, `limit` at a time, as the client walks them. */
async function walk(sort: IntentSort, limit: number): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page = await listPage(`sort=${sort}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    pages.push(page.intents.map((i) => i.id));
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThanOrEqual(offers.length + 1);
  } while (cursor !== null);
  return pages;
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The expected order: by the amount, then by id, both in `direction`. */
function expectedOrder(amountOf: (intent: ListedIntent) => string, intents: readonly ListedIntent[], direction: 1 | -1): string[] {
  return [...intents].sort((x, y) => direction * (compareAmounts(parseAmount(amountOf(x)), parseAmount(amountOf(y))) || byId(x.id, y.id))).map((i) => i.id);
}

beforeAll(async () => {
  server = sharedServer();
  [issuer, viewer] = await Promise.all([newParty(server, "issuer"), newParty(server)]);
  assetA = await createAsset(server, issuer);
  assetB = await createAsset(server, issuer);
  for (const offer of offers) {
    idOf[offer.name] = await primarySale(server, issuer, offer.asset === "A" ? assetA : assetB, offer.amount, offer.unitValue);
  }
});

describe("GET /finapi/intents?sort=", () => {
  const ids = (...names: string[]) => names.map((n) => idOf[n]);

  it("orders by unit price exactly, both ways, ties by id", async () => {
    const all = (await listPage("limit=200")).intents;
    const ascending = await idsIn("priceAsc");
    expect(ascending).toEqual(expectedOrder((i) => i.settlementTerm.unitValue, all, 1));
    // 10 and 10.00 tie (their order is by id); the two 17-digit prices stay apart.
    const [first, second] = [idOf.a1!, idOf.a3!].sort(byId);
    expect(ascending).toEqual(ids("b3", "a2").concat([first!, second!], ids("b2", "b1")));
    expect(await idsIn("priceDesc")).toEqual([...ascending].reverse());
  });

  it("orders by remaining quantity both ways, and by creation newest or oldest first", async () => {
    const all = (await listPage("limit=200")).intents;
    const most = await idsIn("remainingDesc");
    expect(most).toEqual(expectedOrder((i) => i.remainingQuantity, all, -1));
    expect(await idsIn("remainingAsc")).toEqual([...most].reverse());
    const oldest = await idsIn("oldest");
    expect(oldest).toEqual(offers.map((o) => idOf[o.name]));
    expect(await idsIn("newest")).toEqual([...oldest].reverse());
    expect((await listPage("limit=200")).intents.map((i) => i.id)).toEqual([...oldest].reverse());
  });

  it("pages every order with cursors that carry its sort key: each intent once, in order", async () => {
    for (const sort of ["newest", "oldest", "priceAsc", "priceDesc", "remainingDesc", "remainingAsc"] as const) {
      const whole = await idsIn(sort);
      for (const limit of [1, 2, 4]) {
        const pages = await walk(sort, limit);
        expect(pages.flat(), `${sort} by ${limit}`).toEqual(whole);
        expect(pages.slice(0, -1).every((p) => p.length === limit), `${sort} by ${limit}`).toBe(true);
      }
    }
    // A filter and an order together: asset B, cheapest first.
    expect((await walk("priceAsc", 1)).flat().filter((id) => ids("b1", "b2", "b3").includes(id))).toEqual(ids("b3", "b2", "b1"));
    const bPages = [];
    let cursor: string | null = null;
    do {
      const page: { intents: ListedIntent[]; nextCursor: string | null } = await listPage(`assetId=${assetB}&sort=priceAsc&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      bPages.push(...page.intents.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(bPages).toEqual(ids("b3", "b2", "b1"));
  });

  it("follows an execution: the intent moves in the remaining-quantity order, its sort key with it", async () => {
    const buyer = await newParty(server);
    await fund(server, await EscrowClient.create(server), buyer, "1000");
    const purchase = executionBody({ kind: "primarySale", intentId: idOf.a2!, assetId: assetA, executor: buyer, buyer, seller: issuer, quantity: "46", settlementAmount: "437" });
    const response = await call("POST", "/api/router/finapi/tokens/execute", { token: buyer.token, body: purchase.body });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const planId = (JSON.parse(text) as { response: { executionPlanId: string } }).response.executionPlanId;
    expect((await finishedPlan(server, buyer.token, planId)).executionPlanStatus).toBe("completed");

    // a2 had the most (50); now 4 remain, between b3 (1) and b1 (3)… and a1, b2 (5).
    const all = (await listPage("limit=200")).intents;
    expect(all.find((i) => i.id === idOf.a2)?.remainingQuantity).toBe("4");
    const most = await idsIn("remainingDesc");
    expect(most).toEqual(expectedOrder((i) => i.remainingQuantity, all, -1));
    expect(most.indexOf(idOf.a2!)).toBe(most.length - 3);
    // Every stored intent's keys stand for its values (these and every other test file's).
    const rows = await queryRows<{ id: string; unitValue: string; unitValueSortKey: string; remainingQuantity: string; remainingSortKey: string }>(
      `SELECT "id", "unitValue", "unitValueSortKey", "remainingQuantity", "remainingSortKey" FROM "Intent"`,
    );
    for (const row of rows) {
      expect(row.unitValueSortKey, row.id).toBe(amountSortKey(row.unitValue));
      expect(row.remainingSortKey, row.id).toBe(amountSortKey(row.remainingQuantity));
    }
  });

  it("refuses a bad sort or cursor with 400 and a problem document naming it, writing nothing", async () => {
    const priceCursor = (await listPage("sort=priceAsc&limit=1")).nextCursor;
    expect(priceCursor).not.toBeNull();
    const refused: [string, string][] = [
      ["sort=asc", "sort"],
      ["sort=PRICEASC", "sort"],
      ["sort=", "sort"],
      [`cursor=${idOf.a1}`, "cursor"],
      ["cursor=not-a-cursor", "cursor"],
      [`cursor=${"A".repeat(301)}`, "cursor"],
      [`cursor=${priceCursor}`, "cursor"],
      [`sort=priceDesc&cursor=${priceCursor}`, "cursor"],
    ];
    await settled();
    const before = await rowCounts();
    for (const [query, field] of refused) {
      const problem = await expectProblem(await call("GET", `${INTENTS}?${query}`, { token: viewer.token }), 400, query);
      expect(problem.code, query).toBe("VALIDATION_FAILED");
      expect(problem.errors?.map((e) => [e.in, e.path]), query).toContainEqual(["query", field]);
    }
    expect(countChanges(before, await rowCounts())).toEqual([]);
  });
});

describe("GraphQL asset { intents }", () => {
  it("pages newest first with the same cursors inside its own, and refuses a cursor of another order", async () => {
    type Connection = { nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    const query = "query ($id: ID!, $after: String) { asset(id: $id) { intents(first: 1, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } } }";
    const ask = async (after: string | null) => {
      const response = await call("POST", "/api/graphql", { token: viewer.token, body: { query, variables: { id: assetB, after } } });
      return (await response.json()) as { data?: { asset: { intents: Connection } }; errors?: { extensions?: { code?: string } }[] };
    };
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const { data } = await ask(after);
      const connection: Connection = data!.asset.intents;
      seen.push(...connection.nodes.map((n) => n.id));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toEqual(["b3", "b2", "b1"].map((n) => idOf[n]));
    const priceCursor = (await listPage("sort=priceAsc&limit=1")).nextCursor!;
    const wrong = await ask(Buffer.from(`c1:${priceCursor}`).toString("base64url"));
    expect(wrong.data?.asset ?? null).toBeNull();
    expect(wrong.errors?.[0]?.extensions?.code).toBe("VALIDATION_FAILED");
  });
});

describe("GET /finapi/intents/assets", () => {
  it("names the assets with active intents, with how many, narrowed by type", async () => {
    const response = await call("GET", `${INTENTS}/assets`, { token: viewer.token });
    expect(response.status).toBe(200);
    const { assets, truncated } = offeredAssetsResponseSchema.parse(await response.json());
    expect(truncated).toBe(false);
    const names = await queryRows<{ id: string; name: string }>(`SELECT "id", "name" FROM "Asset" WHERE "id" IN ($1, $2)`, [assetA, assetB]);
    for (const [assetId, count] of [[assetA, 3], [assetB, 3]] as const) {
      expect(assets.find((a) => a.id === assetId)).toEqual({ id: assetId, name: names.find((n) => n.id === assetId)?.name, intentCount: count });
    }
    const sorted = [...assets].sort((x, y) => x.name.localeCompare(y.name, "en") || byId(x.id, y.id));
    expect(assets).toEqual(sorted);

    const selling = offeredAssetsResponseSchema.parse(await (await call("GET", `${INTENTS}/assets?type=sellingIntent`, { token: viewer.token })).json());
    expect(selling.assets.map((a) => a.id)).not.toContain(assetA);
    for (const query of ["status=DISABLED", "type=sale", "other=1"]) {
      expect((await expectProblem(await call("GET", `${INTENTS}/assets?${query}`, { token: viewer.token }), 400, query)).code).toBe("VALIDATION_FAILED");
    }
    expect((await call("GET", `${INTENTS}/assets`, { token: null })).status).toBe(401);
  });
});
