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
  };
}

/** Every metric of the application: one line each. */
function defineMetrics(m: ReturnType<typeof metricKinds>) {
  return {
    httpRequests: m.counter("tan_http_requests_total", "API requests answered by a route handler, by route pattern, method and status (calls between the router and the built-in escrow inside the process included).", ["route", "method", "status"]),
    httpRequestSeconds: m.histogram("tan_http_request_duration_seconds", "Time from the route handler's start to its answer, by route pattern and method.", ["route", "method"]),
    dbStatements: m.hotCounter("tan_db_statements_total", "SQL statements sent to the database, by layer (sql: the typed-SQL path on Kysely; prisma: Prisma's driver adapter); BEGIN, COMMIT and ROLLBACK are not counted here.", ["layer"]),
    dbTransactions: m.hotCounter("tan_db_transactions_total", "Database transactions ended, by layer and outcome (commit, rollback).", ["layer", "outcome"]),
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
