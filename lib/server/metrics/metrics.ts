// The process's Prometheus metrics, served by GET /api/metrics (text format).
//
// One registry per process, kept on globalThis: Next's route bundles and the custom server load
// separate module graphs in the same process, and both must count into (and scrape) the same
// metrics. Every metric is one line of `defineMetrics` below; code imports `metrics` and counts.
// Label values must come from a small fixed set (a route's pattern, never a path with ids in it) so
// that the number of series stays bounded.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
// Relative imports only: the Prisma CLI loads this module through the adapters without the "@/" alias.
import { HotCounter } from "./hot-counter";
import { HotHistogram } from "./hot-histogram";

/** Seconds: from a fraction of a millisecond (an answer from memory) to the adapter timeout. */
const LATENCY_BUCKETS_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The kinds of metric, each registered in `registry`. */
function metricKinds(registry: Registry) {
  return {
    counter: <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Counter<L>({ name, help, labelNames, registers: [registry] }),
    gauge: <L extends string>(name: string, help: string, labelNames: readonly L[]) => new Gauge<L>({ name, help, labelNames, registers: [registry] }),
    histogram: <L extends string>(name: string, help: string, labelNames: readonly L[], buckets = LATENCY_BUCKETS_SECONDS) =>
      new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] }),
    /** A counter bumped per SQL statement or more often (hot-counter.ts). */
    hotCounter: <L extends string>(name: string, help: string, labelNames: readonly L[]) => new HotCounter<L>(registry, name, help, labelNames),
    /** A histogram observed per request or per plan step (hot-histogram.ts). */
    hotHistogram: <L extends string>(name: string, help: string, labelNames: readonly L[], buckets: readonly number[] = LATENCY_BUCKETS_SECONDS) =>
      new HotHistogram<L>(registry, name, help, labelNames, buckets),
    /** A gauge read when it is scraped, from whatever its owner registers with `readWith` (nothing to count in the hot path). */
    sampledGauge: (name: string, help: string) => new SampledGauge(registry, name, help),
  };
}

/** A gauge whose value is read at scrape time by the module that knows it (an in-memory count, a bounded query). */
export class SampledGauge {
  private read: (() => number | Promise<number>) | null = null;

  constructor(registry: Registry, name: string, help: string) {
    const readNow = () => this.read?.();
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const value = await readNow();
        if (value !== undefined) this.set(value);
      },
    });
  }

  /** Registers where the value comes from; a later registration replaces an earlier one. */
  readWith(read: () => number | Promise<number>): void {
    this.read = read;
  }
}

/** Seconds a plan stage may take: from an answer from memory to a signer or approval that waits minutes. */
const STAGE_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** Every metric of the application: one line each. */
function defineMetrics(m: ReturnType<typeof metricKinds>) {
  return {
    httpRequests: m.hotCounter("tan_http_requests_total", "API requests answered by a route handler, by route pattern, method and status (calls between the router and the built-in escrow inside the process included).", ["route", "method", "status"]),
    httpRequestSeconds: m.hotHistogram("tan_http_request_duration_seconds", "Time from the route handler's start to its answer, by route pattern and method.", ["route", "method"]),
    dbStatements: m.hotCounter("tan_db_statements_total", "SQL statements sent to the database, by layer (sql: the typed-SQL path on Kysely; prisma: Prisma's driver adapter); BEGIN, COMMIT and ROLLBACK are not counted here.", ["layer"]),
    dbTransactions: m.hotCounter("tan_db_transactions_total", "Database transactions ended, by layer and outcome (commit, rollback).", ["layer", "outcome"]),
    dbCommits: m.hotCounter("tan_db_commits_total", "Commits written to the database by the typed-SQL path (SQLite: one commit holds a group of transactions, tan_db_group_transactions).", ["layer"]),
    sqliteWalCatchUps: m.counter("tan_sqlite_wal_catch_ups_total", "SQLite: checkpoints the writer ran between two transactions because the WAL grew past its limit, by outcome (caught-up: the next transaction starts the WAL over; busy: the checkpoint worker was copying, tried again at its next report).", ["outcome"]),
    dbGroupUnits: m.histogram("tan_db_group_transactions", "SQLite group commit: transactions held by one commit.", [], [1, 2, 4, 8, 16, 32, 64, 128, 256]),
    tradesFinished: m.counter("tan_trades_finished_total", "Trades (execution plans) that ended, by status: Completed (settled), Failed (refused or undone after money was held), Rejected (refused before money moved).", ["status"]),
    planStageSeconds: m.hotHistogram("tan_plan_stage_duration_seconds", "One run of a plan stage (rules, sign, approve, hold, token, release, rollback): its call to the other organization and the write of its outcome, by stage and what came of it (advance, end, wait).", ["stage", "outcome"], STAGE_BUCKETS_SECONDS),
    outboxLagSeconds: m.histogram("tan_outbox_publish_lag_seconds", "Time from an event's commit in the outbox to its publication to the subscribers.", [], STAGE_BUCKETS_SECONDS),
    graphqlSockets: m.sampledGauge("tan_graphql_sockets_open", "GraphQL sockets open in this process (counted from the upgrade on, signed in or not)."),
    graphqlOperations: m.sampledGauge("tan_graphql_operations_open", "GraphQL operations (subscriptions, queries over the socket) open on the authenticated sockets of this process."),
    escrowHoldsOpen: m.sampledGauge("tan_escrow_holds_open", "Holds of the built-in escrow still HELD (read from its books when scraped)."),
    escrowHoldOldestSeconds: m.sampledGauge("tan_escrow_hold_oldest_open_seconds", "Age of the oldest hold of the built-in escrow still HELD; 0 when none is."),
  };
}

export type Metrics = ReturnType<typeof defineMetrics>;
type Held = { registry: Registry; metrics: Metrics };

const holder = globalThis as typeof globalThis & { __tanMetrics?: Held };

function create(): Held {
  const registry = new Registry();
  // Memory, CPU, event-loop delay, handles, garbage collection: prom-client's process metrics.
  collectDefaultMetrics({ register: registry });
  return { registry, metrics: defineMetrics(metricKinds(registry)) };
}

const held = (holder.__tanMetrics ??= create());

export const metrics: Metrics = held.metrics;

/** The whole registry in Prometheus' text format, and its content type. */
export async function renderMetrics(): Promise<{ text: string; contentType: string }> {
  return { text: await held.registry.metrics(), contentType: held.registry.contentType };
}
