// GET /api/metrics: who may read it (admins and the scraper's METRICS_TOKEN; the authorization table
// covers the other roles), the Prometheus text it answers, and that a trade moves the counters the
// benchmark reads (requests by route pattern, statements and transactions of both database layers).
import { beforeAll, describe, expect, inject, it } from "vitest";
import { adminToken, baseUrl, call } from "./helpers";
import { EscrowClient } from "./escrow-client";
import { expectProblem } from "./fixtures";
import { parseMetrics, scrapeMetrics, sumOf, type Sample } from "./metrics-text";
import { postAt } from "./router-client";
import { createAsset, executionBody, finishedPlan, fund, newParty, primarySale, type Party, type Server } from "./trade-client";

const metricsToken = () => inject("metricsToken");
const EXECUTE_ROUTE = { route: "/api/router/finapi/tokens/execute", method: "POST", status: "200" };

let server: Server;

beforeAll(() => {
  server = { baseUrl: baseUrl(), adminToken: adminToken(), databaseUrl: inject("databaseUrl") };
});

describe("GET /api/metrics", () => {
  it("answers the scrape token and admins in Prometheus' text format", async () => {
    for (const token of [metricsToken(), adminToken()]) {
      const response = await call("GET", "/api/metrics", { token });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const text = await response.text();
      expect(text).toContain("# TYPE tan_http_requests_total counter");
      expect(text).toContain("# TYPE tan_http_request_duration_seconds histogram");
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
      expect(text).not.toContain(metricsToken());
    }
  });

  it("refuses a wrong or shortened scrape token with 401, as an unknown bearer token", async () => {
    for (const token of [`${metricsToken()}x`, metricsToken().slice(0, -1)]) {
      await expectProblem(await call("GET", "/api/metrics", { token }), 401, "a wrong scrape token");
    }
  });

  it("counts each request under its route pattern, never under a path with an id", async () => {
    const investor = await newParty(server);
    const own = await call("GET", `/api/router/finapi/profiles/${investor.profileId}`, { token: investor.token });
    expect(own.status).toBe(200);
    await call("GET", "/api/no/such/operation", { token: investor.token });
    const samples = await scrapeMetrics(server.baseUrl, metricsToken());
    const routes = new Set(samples.filter((s) => s.name === "tan_http_requests_total").map((s) => s.labels.route));
    expect(routes).toContain("/api/router/finapi/profiles/[profileId]");
    expect(routes).toContain("(none)");
    expect([...routes].filter((r) => r?.includes(investor.profileId) || r === "/api/no/such/operation")).toEqual([]);
  });
});

describe("after a trade", () => {
  let initial: Sample[];
  let before: Sample[];
  let after: Sample[];

  beforeAll(async () => {
    initial = await scrapeMetrics(server.baseUrl, metricsToken());
    const escrow = await EscrowClient.create(server);
    const issuer = await newParty(server, "issuer");
    const buyer: Party = await newParty(server);
    const assetId = await createAsset(server, issuer);
    const saleId = await primarySale(server, issuer, assetId, "100", "2");
    await fund(server, escrow, buyer, "50");
    before = await scrapeMetrics(server.baseUrl, metricsToken());
    const { body } = executionBody({ kind: "primarySale", intentId: saleId, assetId, executor: buyer, buyer, seller: issuer, quantity: "3", settlementAmount: "6" });
    const answer = await postAt(server, "/api/router/finapi/tokens/execute", buyer.token, body);
    expect(answer.status, answer.text).toBe(200);
    const planId = String((answer.body.response as { executionPlanId: string }).executionPlanId);
    expect((await finishedPlan(server, buyer.token, planId)).executionPlanStatus).toBe("completed");
    after = await scrapeMetrics(server.baseUrl, metricsToken());
  }, 60_000);

  const moved = (name: string, where: Record<string, string>) => sumOf(after, name, where) - sumOf(before, name, where);

  it("counted the execute request and timed it", () => {
    expect(moved("tan_http_requests_total", EXECUTE_ROUTE)).toBeGreaterThanOrEqual(1);
    expect(moved("tan_http_request_duration_seconds_count", { route: EXECUTE_ROUTE.route, method: "POST" })).toBeGreaterThanOrEqual(1);
  });

  it("counted the trade's statements and committed transactions on the typed-SQL layer", () => {
    // The settlement path runs there: a plan step is one transaction.
    expect(moved("tan_db_statements_total", { layer: "sql" })).toBeGreaterThan(0);
    expect(moved("tan_db_transactions_total", { layer: "sql", outcome: "commit" })).toBeGreaterThan(0);
  });

  it("counted Prisma's statements and transactions while the parties, asset and sale were made", () => {
    const sinceStart = (name: string, where: Record<string, string>) => sumOf(after, name, where) - sumOf(initial, name, where);
    expect(sinceStart("tan_db_statements_total", { layer: "prisma" })).toBeGreaterThan(0);
    expect(sinceStart("tan_db_transactions_total", { layer: "prisma", outcome: "commit" })).toBeGreaterThan(0);
  });

  it("counted the settled trade and timed each of its plan stages", () => {
    expect(moved("tan_trades_finished_total", { status: "Completed" })).toBe(1);
    expect(moved("tan_trades_finished_total", { status: "Failed" })).toBe(0);
    expect(moved("tan_trades_finished_total", { status: "Rejected" })).toBe(0);
    // A primary sale runs rules, approve, hold, token and release; each is one run here (the escrow answers at once).
    for (const stage of ["rules", "approve", "hold", "token", "release"]) {
      expect(moved("tan_plan_stage_duration_seconds_count", { stage }), stage).toBeGreaterThanOrEqual(1);
      expect(moved("tan_plan_stage_duration_seconds_sum", { stage }), stage).toBeGreaterThan(0);
    }
    expect(moved("tan_plan_stage_duration_seconds_count", { stage: "release", outcome: "end" })).toBe(1);
  });

  it("timed the trade's events from their commit to their publication", () => {
    // planAdded, planChanged (Approved), two receiptAdded, planChanged (Completed).
    expect(moved("tan_outbox_publish_lag_seconds_count", {})).toBeGreaterThanOrEqual(5);
  });

  it("reads the escrow's open holds and the GraphQL sockets when scraped", () => {
    for (const name of ["tan_escrow_holds_open", "tan_escrow_hold_oldest_open_seconds", "tan_graphql_sockets_open", "tan_graphql_operations_open"]) {
      const [sample] = after.filter((s) => s.name === name);
      expect(sample?.value, name).toBeGreaterThanOrEqual(0);
    }
  });

  it("parses what it scraped: every sample a finite number", () => {
    expect(after.length).toBeGreaterThan(50);
    expect(after.every((s) => Number.isFinite(s.value) || s.value === Number.POSITIVE_INFINITY)).toBe(true);
    expect(parseMetrics('a_total{x="q\\"uote"} 3\n# HELP b x\nb 4.5')).toEqual([
      { name: "a_total", labels: { x: 'q"uote' }, value: 3 },
      { name: "b", labels: {}, value: 4.5 },
    ]);
  });
});
