// GraphQL over a real trade: real graphql-ws clients subscribed before a primary sale receive
// planAdded, every status change and the two receipts, in the order they happened, and only if they
// may see them; the queries then show the plans, receipts, holdings and profiles of each caller.
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { makeId } from "@/lib/domain/ids";
import { adminToken, baseUrl, call, createUser, queryRows, socketUrl } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { expectReconciled } from "./reconciliation";
import { postAt } from "./router-client";
import { createAsset, executionBody, finishedPlan, fund, newParty, primarySale, type Party, type Server } from "./trade-client";
import { Subscriber, type Field } from "./graphql-subscriber";
import { sqliteFileOf } from "@/lib/database-url";

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };

let server: Server;
let escrow: EscrowClient;
let issuer: Party;
const subscribers: Subscriber[] = [];

async function subscriber(token: string, fields: readonly Field[] = ["planAdded", "plansChangedBy", "receiptAdded"]): Promise<Subscriber> {
  const s = new Subscriber(socketUrl(), token);
  subscribers.push(s);
  await s.subscribe(fields);
  return s;
}

async function gql(token: string | null, query: string, variables?: Record<string, unknown>): Promise<Result> {
  const response = await call("POST", "/api/graphql", { token, body: { query, variables } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Result;
}

/** The data of a query that must succeed. */
async function data<T>(token: string, query: string, variables?: Record<string, unknown>): Promise<T> {
  const result = await gql(token, query, variables);
  expect(result.errors).toBeUndefined();
  return result.data as T;
}

/** A funded buyer, an asset and its primary sale; the buyer buys `quantity` at 2.5 and the plan completes. */
async function buy(buyer: Party, quantity: string): Promise<{ planId: string; intentId: string; assetId: string }> {
  const assetId = await createAsset(server, issuer);
  const intentId = await primarySale(server, issuer, assetId, "100", "2.5");
  const settlementAmount = String(Number(quantity) * 2.5);
  const { body } = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity, settlementAmount });
  const answer = await postAt(server, "/api/router/finapi/tokens/execute", buyer.token, body);
  expect(answer.status, answer.text).toBe(200);
  const planId = String((answer.body.response as { executionPlanId: string }).executionPlanId);
  expect((await finishedPlan(server, buyer.token, planId)).executionPlanStatus).toBe("completed");
  return { planId, intentId, assetId };
}

beforeAll(async () => {
  server = { baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") };
  escrow = await EscrowClient.create(server);
  issuer = await newParty(server, "issuer");
});

afterAll(async () => {
  await Promise.all(subscribers.map((s) => s.close()));
  await expectReconciled();
});

describe("a primary sale watched over graphql-ws", () => {
  let buyer: Party;
  let trade: { planId: string; intentId: string; assetId: string };
  let watchers: { buyer: Subscriber; issuer: Subscriber; escrowOrganization: Subscriber; stranger: Subscriber };
  let stranger: Party;
  const now = Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    buyer = await newParty(server);
    stranger = await newParty(server);
    await fund(server, escrow, buyer, "100");
    const certificate = await postAt(server, `/api/router/finapi/profiles/${buyer.profileId}/certificates`, buyer.token, {
      type: "KYC/AML",
      issuanceDate: now - 100,
      expirationDate: now + 86_400,
      data: JSON.stringify({ name: "Buyer", country: "DE", info: [] }),
    });
    expect(certificate.status, certificate.text).toBe(200);
    const organization = await createUser("organization", { organizationId: "escrow" });
    watchers = {
      buyer: await subscriber(buyer.token),
      issuer: await subscriber(issuer.token),
      escrowOrganization: await subscriber(organization.token, ["plansChangedBy"]),
      stranger: await subscriber(stranger.token),
    };
    trade = await buy(buyer, "8");
    await watchers.buyer.waitFor(5);
  });

  it("gives the buyer planAdded, each status change and the two receipts, in the order they happened", async () => {
    const { planId, intentId, assetId } = trade;
    const events = watchers.buyer.of(planId);
    expect(events.map((e) => `${e.field}${"status" in e.value ? `:${String(e.value.status)}` : `:${String((e.value.asset as { __typename: string }).__typename)}`}`)).toEqual([
      "planAdded:Pending",
      "plansChangedBy:Approved",
      "receiptAdded:P2PAsset",
      "receiptAdded:FiatAsset",
      "plansChangedBy:Completed",
    ]);
    const [added, approved, token, payment, completed] = events.map((e) => e.value);
    expect(added).toEqual({ id: planId, status: "Pending", creationTimestamp: expect.any(Number), intent: { id: intentId } });
    expect(Math.abs(Number(added?.creationTimestamp) - now)).toBeLessThan(600);
    expect(approved).toEqual({ ...added, status: "Approved" });
    expect(completed).toEqual({ ...added, status: "Completed" });

    const buyerParty = { id: buyer.profileId, publicKey: buyer.key.finId, certificates: { nodes: [{ type: "KYC/AML", expiry: now + 86_400, data: expect.stringContaining('"country":"DE"') }] } };
    // The buyer may not read the issuer's certificates: null, not an empty list.
    const issuerParty = { id: issuer.profileId, publicKey: issuer.key.finId, certificates: null };
    expect(token).toMatchObject({
      asset: { __typename: "P2PAsset", resourceId: assetId },
      quantity: "8",
      settlementRef: planId,
      source: null,
      sourceAccount: null,
      destination: buyerParty,
      destinationAccount: { __typename: "FinIdAccount", finId: buyer.key.finId, orgId: "node" },
      tradeDetails: { executionPlanId: planId, intent: { id: intentId, type: "primarySale" } },
    });
    expect(payment).toMatchObject({
      asset: { __typename: "FiatAsset", code: "USD" },
      quantity: "20",
      settlementRef: planId,
      source: buyerParty,
      sourceAccount: { __typename: "FinIdAccount", finId: buyer.key.finId, orgId: "escrow" },
      destination: issuerParty,
      destinationAccount: { __typename: "FinIdAccount", finId: issuer.key.finId, orgId: "escrow" },
      tradeDetails: { executionPlanId: planId, intent: { id: intentId } },
    });
    expect(token?.id).not.toBe(payment?.id);
    expect(token?.transactionId).toEqual(token?.id);
  });

  it("gives the issuer (the seller) the same events, without the buyer's certificates", async () => {
    const events = await watchers.issuer.waitFor(5).then(() => watchers.issuer.of(trade.planId));
    expect(events.map((e) => e.field)).toEqual(["planAdded", "plansChangedBy", "receiptAdded", "receiptAdded", "plansChangedBy"]);
    const payment = events[3]?.value as { source: { id: string; certificates: unknown }; destination: { certificates: { nodes: unknown[] } } };
    expect(payment.source).toMatchObject({ id: buyer.profileId, certificates: null });
    expect(payment.destination.certificates).toEqual({ nodes: [] });
  });

  it("gives the escrow organization, a participant of the plan, its status changes", async () => {
    await watchers.escrowOrganization.waitFor(2);
    expect(watchers.escrowOrganization.of(trade.planId).map((e) => e.value.status)).toEqual(["Approved", "Completed"]);
  });

  it("gives another investor none of them: its first events are those of its own trade", async () => {
    await fund(server, escrow, stranger, "10");
    const own = await buy(stranger, "2");
    const received = await watchers.stranger.waitFor(5);
    expect(received.map((e) => e.field)).toEqual(["planAdded", "plansChangedBy", "receiptAdded", "receiptAdded", "plansChangedBy"]);
    expect(watchers.stranger.of(own.planId)).toHaveLength(5);
    expect(watchers.stranger.of(trade.planId)).toEqual([]);
    // And the buyer none of the stranger's.
    expect(watchers.buyer.of(own.planId)).toEqual([]);
  });

  it("publishes every outbox row, in the order written, and marks it published", async () => {
    const rowsOfTrade = () =>
      queryRows<{ kind: string; publishedAt: unknown }>(`SELECT "kind", "publishedAt" FROM "EventOutbox" WHERE "payload" LIKE $1 ORDER BY "createdAt", "id"`, [
        `%${trade.planId}%`,
      ]);
    // Marked after delivery: a moment after the subscribers had the last event.
    const deadline = Date.now() + 5_000;
    while ((await rowsOfTrade()).some((r) => r.publishedAt === null) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const rows = await rowsOfTrade();
    expect(rows.map((r) => r.kind)).toEqual(["planAdded", "planChanged", "receiptAdded", "receiptAdded", "planChanged"]);
    expect(rows.every((r) => r.publishedAt !== null)).toBe(true);
  });

  describe("queries afterwards", () => {
    const PLANS = `query ($first: Int, $after: String) { plans(first: $first, after: $after) {
      nodes { id status quantity currentInstructionSequence failureReason intent { id type status }
              receipts { settlementRef quantity asset { __typename } } }
      pageInfo { hasNextPage endCursor } } }`;
    type Plans = { plans: { nodes: { id: string; status: string; quantity: string; receipts: { settlementRef: string }[] }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

    it("shows the buyer its plan with both receipts; another investor does not see it", async () => {
      const { plans } = await data<Plans>(buyer.token, PLANS);
      expect(plans.nodes.map((p) => p.id)).toEqual([trade.planId]);
      expect(plans.nodes[0]).toMatchObject({
        status: "Completed",
        quantity: "8",
        currentInstructionSequence: 3,
        failureReason: null,
        intent: { id: trade.intentId, type: "primarySale", status: "ACTIVE" },
        receipts: [
          { settlementRef: trade.planId, quantity: "8", asset: { __typename: "P2PAsset" } },
          { settlementRef: trade.planId, quantity: "20", asset: { __typename: "FiatAsset" } },
        ],
      });
      expect(plans.pageInfo).toEqual({ hasNextPage: false, endCursor: expect.any(String) });
      const strangers = await data<Plans>(stranger.token, PLANS);
      expect(strangers.plans.nodes.map((p) => p.id)).not.toContain(trade.planId);
      expect(await data(stranger.token, "query ($id: ID!) { plan(id: $id) { id } }", { id: trade.planId })).toEqual({ plan: null });
      expect(await data(buyer.token, "query ($id: ID!) { plan(id: $id) { id status } }", { id: trade.planId })).toEqual({ plan: { id: trade.planId, status: "Completed" } });
    });

    it("shows the issuer its sales a page at a time, newest first", async () => {
      const first = await data<Plans>(issuer.token, PLANS, { first: 1 });
      expect(first.plans.nodes).toHaveLength(1);
      expect(first.plans.pageInfo.hasNextPage).toBe(true);
      const second = await data<Plans>(issuer.token, PLANS, { first: 1, after: first.plans.pageInfo.endCursor });
      expect(second.plans.nodes).toHaveLength(1);
      expect(second.plans.nodes[0]?.id).not.toBe(first.plans.nodes[0]?.id);
      const all = await data<Plans>(issuer.token, PLANS, { first: 100 });
      expect(all.plans.nodes.slice(0, 2).map((p) => p.id)).toEqual([first.plans.nodes[0]?.id, second.plans.nodes[0]?.id]);
      expect(all.plans.nodes.map((p) => p.id)).toContain(trade.planId);
    });

    it("shows an organization the plans it takes part in, and an admin every plan", async () => {
      const organization = await createUser("organization", { organizationId: "escrow" });
      const outsider = await createUser("organization");
      const ids = async (token: string) => (await data<Plans>(token, PLANS, { first: 100 })).plans.nodes.map((p) => p.id);
      expect(await ids(organization.token)).toContain(trade.planId);
      expect(await ids(outsider.token)).toEqual([]);
      expect(await ids(adminToken())).toContain(trade.planId);
    });

    it("lists the buyer's receipts, a trade's two by settlementRef", async () => {
      const RECEIPTS = `query ($ref: String, $first: Int) { receipts(settlementRef: $ref, first: $first) { nodes { id settlementRef quantity } pageInfo { hasNextPage } } }`;
      type Receipts = { receipts: { nodes: { id: string; settlementRef: string; quantity: string }[]; pageInfo: { hasNextPage: boolean } } };
      const pair = await data<Receipts>(buyer.token, RECEIPTS, { ref: trade.planId });
      expect(pair.receipts.nodes.map((r) => r.quantity).sort()).toEqual(["20", "8"]);
      expect(pair.receipts.nodes.every((r) => r.settlementRef === trade.planId)).toBe(true);
      expect((await data<Receipts>(buyer.token, RECEIPTS, { first: 1 })).receipts.pageInfo.hasNextPage).toBe(true);
      expect((await data<Receipts>(stranger.token, RECEIPTS, { ref: trade.planId })).receipts.nodes).toEqual([]);
    });

    it("shows the buyer's holdings and profile; another profile's holdings are not found", async () => {
      const holdings = await data<{ holdings: { nodes: { profileId: string; balance: string; available: string; asset: Record<string, string> }[] } }>(
        buyer.token,
        "{ holdings { nodes { profileId balance held available asset { __typename ... on FiatAsset { code } ... on P2PAsset { resourceId } } } } }",
      );
      expect(holdings.holdings.nodes).toEqual(
        expect.arrayContaining([
          { profileId: buyer.profileId, balance: "80", held: "0", available: "80", asset: { __typename: "FiatAsset", code: "USD" } },
          { profileId: buyer.profileId, balance: "8", held: "0", available: "8", asset: { __typename: "P2PAsset", resourceId: trade.assetId } },
        ]),
      );
      const profiles = await data<{ profiles: { nodes: { id: string; publicKey: string; certificates: { nodes: { type: string }[] } }[] } }>(
        buyer.token,
        "{ profiles { nodes { id publicKey certificates { nodes { type } } } } }",
      );
      expect(profiles.profiles.nodes).toEqual([{ id: buyer.profileId, publicKey: buyer.key.finId, certificates: { nodes: [{ type: "KYC/AML" }] } }]);
      const refused = await gql(buyer.token, "query ($id: ID) { holdings(profileId: $id) { nodes { balance } } }", { id: issuer.profileId });
      expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "NOT_FOUND" } });
    });
  });
});

/** Commits an outbox row the way another process would: straight into the database, telling nobody. */
async function commitOutboxRow(kind: string, payload: unknown, audience: string[]): Promise<string> {
  const id = randomUUID();
  const url = inject("databaseUrl");
  const values = [id, kind, JSON.stringify(payload), JSON.stringify(audience)];
  const file = sqliteFileOf(url);
  if (file !== null) {
    const db = new Database(file);
    try {
      db.pragma("busy_timeout = 5000");
      // As Prisma writes a DateTime on SQLite: ISO 8601 text.
      db.prepare(`INSERT INTO "EventOutbox" ("id", "kind", "payload", "audience", "createdAt") VALUES (?, ?, ?, ?, ?)`).run(...values, new Date().toISOString().replace("Z", "+00:00"));
    } finally {
      db.close();
    }
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`INSERT INTO "EventOutbox" ("id", "kind", "payload", "audience", "createdAt") VALUES ($1, $2, $3, $4, now())`, values);
    } finally {
      await client.end();
    }
  }
  return id;
}

describe("events and what the database committed", () => {
  it("publishes a row committed by code that knows nothing of the publisher (another process, or one that crashed before publishing)", async () => {
    const investor = await newParty(server);
    const other = await newParty(server);
    const watcher = await subscriber(investor.token, ["planAdded"]);
    const intentId = makeId("node", "intent");
    const event = (planId: string) => ({ id: planId, status: "Pending", creationTimestamp: 1_700_000_000, intent: { id: intentId } });
    const notMine = makeId("node", "plan");
    const mine = makeId("node", "plan");
    // A row that cannot be read is marked and skipped: it holds nothing up.
    const unreadable = await commitOutboxRow("planRenamed", event(mine), [investor.key.finId]);
    await commitOutboxRow("planAdded", event(notMine), [other.key.finId]);
    const rowId = await commitOutboxRow("planAdded", event(mine), [investor.key.finId]);
    const [received] = await watcher.waitFor(1);
    expect(received?.value).toEqual(event(mine));
    expect(watcher.received).toHaveLength(1);
    const deadline = Date.now() + 5_000;
    const publishedAt = async () => (await queryRows<{ publishedAt: unknown }>(`SELECT "publishedAt" FROM "EventOutbox" WHERE "id" = $1`, [rowId]))[0]?.publishedAt;
    while ((await publishedAt()) === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await publishedAt()).not.toBeNull();
    const [skipped] = await queryRows<{ publishedAt: unknown }>(`SELECT "publishedAt" FROM "EventOutbox" WHERE "id" = $1`, [unreadable]);
    expect(skipped?.publishedAt).not.toBeNull();
  });

  it("emits nothing for a refused execution, and the next one in full", async () => {
    const buyer = await newParty(server);
    await fund(server, escrow, buyer, "50");
    const watcher = await subscriber(buyer.token, ["planAdded"]);
    const assetId = await createAsset(server, issuer);
    const intentId = await primarySale(server, issuer, assetId, "5", "1");
    const tooMany = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "6", settlementAmount: "6" });
    const refused = await postAt(server, "/api/router/finapi/tokens/execute", buyer.token, tooMany.body);
    expect(refused.status).toBe(422);
    const fits = executionBody({ kind: "primarySale", intentId, assetId, executor: buyer, buyer, seller: issuer, quantity: "5", settlementAmount: "5" });
    const accepted = await postAt(server, "/api/router/finapi/tokens/execute", buyer.token, fits.body);
    expect(accepted.status, accepted.text).toBe(200);
    const [first] = await watcher.waitFor(1);
    expect(first?.value.id).toBe((accepted.body.response as { executionPlanId: string }).executionPlanId);
  });
});
