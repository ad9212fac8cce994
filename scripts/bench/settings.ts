// The benchmark's settings, from the environment and `--quick` (documented at the top of
// scripts/bench.ts and in the README's Benchmarks section). A bad value stops the run with its name.
import path from "node:path";
import { z } from "zod";

const DATABASES = ["sqlite", "postgres"] as const;
export type BenchDatabase = (typeof DATABASES)[number];

const positiveList = (max: number) =>
  z
    .string()
    .transform((text) => text.split(",").map((part) => Number(part.trim())))
    .pipe(z.array(z.number().int().min(1).max(max)).min(1));

const schema = z.object({
  // Execution bodies are signed before a run and their nonces live 300 s: a run stays well inside that.
  BENCH_SECONDS: z.coerce.number().min(1).max(240).optional(),
  BENCH_CONCURRENCY: positiveList(512).default([1, 32, 64]),
  BENCH_OPEN_RATE: z.coerce.number().min(1).max(5_000).default(100),
  BENCH_DATABASES: z
    .string()
    .transform((text) => text.split(",").map((part) => part.trim()))
    .pipe(z.array(z.enum(DATABASES)).min(1))
    .default(["sqlite", "postgres"]),
  BENCH_PG_PROCESSES: positiveList(16).default([1, 2, 4]),
  BENCH_INVESTORS: z.coerce.number().int().min(2).max(1_000).optional(),
  BENCH_TRADE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  BENCH_SERVER_NODE_FLAGS: z.string().default(""),
  BENCH_CPU_PROFILE_DIR: z.string().default(""),
  BENCH_STATEMENT_TIMES_DIR: z.string().default(""),
  BENCH_WAL_PAGES: z.enum(["0", "1"]).default("0"),
  BENCH_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("error"),
});

export type BenchSettings = {
  quick: boolean;
  /** Length of each trade run. */
  seconds: number;
  /** Length of each floor measurement. */
  floorSeconds: number;
  concurrency: number[];
  openRate: number;
  databases: BenchDatabase[];
  /** On PostgreSQL, one run of every figure for each of these WEB_CONCURRENCY (worker processes sharing the port). */
  pgProcesses: number[];
  investors: number;
  /** A trade not Completed this long after its (scheduled) execute counts as timed out. */
  tradeTimeoutMs: number;
  serverNodeFlags: string;
  /** Where the server writes a CPU profile of each timed run (one process only), or "" for none. */
  cpuProfileDir: string;
  /** Where the server writes SQLite's statement times of each timed run (SQLite only), or "" for none. */
  statementTimesDir: string;
  /** SQLite only: read the server's WAL in the middle of each timed run and print its pages by B-tree. */
  walPages: boolean;
  logLevel: string;
  /** Requests in flight for the HTTP floors. */
  floorInFlight: number;
};

export function loadBenchSettings(argv: readonly string[], source: Record<string, string | undefined>): BenchSettings {
  const unknown = argv.filter((a) => a !== "--quick");
  if (unknown.length > 0) throw new Error(`unknown arguments: ${unknown.join(" ")} (the only one is --quick)`);
  const quick = argv.includes("--quick");
  const cleaned = Object.fromEntries(Object.entries(source).filter(([key, value]) => key.startsWith("BENCH_") && value !== undefined && value !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new Error(`Invalid benchmark settings:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  }
  const s = parsed.data;
  const seconds = s.BENCH_SECONDS ?? (quick ? 3 : 15);
  return {
    quick,
    seconds,
    floorSeconds: quick ? 1 : Math.min(5, Math.max(1, seconds / 3)),
    concurrency: s.BENCH_CONCURRENCY,
    openRate: s.BENCH_OPEN_RATE,
    databases: [...new Set(s.BENCH_DATABASES)],
    pgProcesses: [...new Set(s.BENCH_PG_PROCESSES)],
    investors: s.BENCH_INVESTORS ?? (quick ? 16 : 64),
    tradeTimeoutMs: s.BENCH_TRADE_TIMEOUT_MS,
    serverNodeFlags: s.BENCH_SERVER_NODE_FLAGS,
    cpuProfileDir: s.BENCH_CPU_PROFILE_DIR === "" ? "" : path.resolve(s.BENCH_CPU_PROFILE_DIR),
    statementTimesDir: s.BENCH_STATEMENT_TIMES_DIR === "" ? "" : path.resolve(s.BENCH_STATEMENT_TIMES_DIR),
    walPages: s.BENCH_WAL_PAGES === "1",
    logLevel: s.BENCH_LOG_LEVEL,
    floorInFlight: 16,
  };
}
