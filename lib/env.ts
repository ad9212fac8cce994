// The one place that reads process.env. Every setting is validated once, with safe defaults, and the
// rest of the code imports `env`. A bad setting stops the process at start with a message naming it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
// Relative imports only, here and in what these modules import: prisma.config.ts loads this file
// without the "@/" alias.
import { isSqliteUrl, sqliteFileOf } from "./database-url";
import { parseCurrencies, type CurrencyTable } from "./domain/escrow/currencies";
import { parseCompletionModes, type CompletionModes } from "./domain/escrow/operation-kinds";
import { isLoopbackHost } from "./domain/loopback";
import { parseDestinationAllowList, type DestinationAllowList } from "./domain/network-address";
import { AMOUNT_PATTERN, ORG_ID_PATTERN } from "./domain/patterns";

const orgIdSetting = z.string().regex(ORG_ID_PATTERN, "lower-case letters, digits and dashes, at most 64 characters");
const urlSetting = z.url({ protocol: /^https?$/, error: "an http(s) URL" });
const count = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  /** Interface the server binds to: this machine alone by default (README, Security). */
  HOST: z.string().min(1).default("127.0.0.1"),
  /** How many reverse proxies in front append to X-Forwarded-For; 0: X-Forwarded-* from clients are dropped. */
  TRUST_PROXY: count(0, 10, 0),
  /** Where this node is reached from outside; the default follows PORT. */
  PUBLIC_URL: urlSetting.optional(),
  /** Where the database file, the generated AUTH_SECRET and uploaded documents live. */
  DATA_DIR: z.string().min(1).default("data"),
  /** `file:` (SQLite, the default, under DATA_DIR) or `postgresql://`. */
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres(ql)?:\/\/)/, "a file: URL (SQLite) or a postgresql:// URL")
    .optional(),
  /**
   * Worker processes `npm start` runs on PORT (node:cluster), for PostgreSQL only: SQLite writes one
   * transaction at a time, so a second process would only queue behind the first.
   */
  WEB_CONCURRENCY: count(1, 64, 1),
  /** Connections each process keeps to PostgreSQL (its pool); the notification listener holds one more. */
  DATABASE_POOL_MAX: count(1, 500, 10),
  ORG_ID: orgIdSetting.default("node"),
  /** This node's organization as people read it (the organizations list, the dashboard). */
  ORG_NAME: z.string().trim().min(1).max(200).default("Demo Node"),
  ESCROW_ORG_ID: orgIdSetting.default("escrow"),
  ESCROW_ORG_NAME: z.string().min(1).max(200).default("Built-in Escrow"),
  /** Adapter URL of the built-in escrow organization; the default is this node's /api/adapter. */
  ESCROW_ADAPTER_URL: urlSetting.optional(),
  /**
   * How the router and the built-in escrow reach each other when their URLs are this node's own:
   * "in-process" calls the same API routes without a socket (decisions.md §1), "http" goes through
   * the network like any other organization.
   */
  ESCROW_TRANSPORT: z.enum(["in-process", "http"]).default("in-process"),
  /** API requests served at once; one more is answered 503 with Retry-After (lib/server/http/admission.ts). */
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(512),
  /**
   * How far V8's old generation may grow past what survived its last full collection, in percent
   * (lib/server/runtime/heap-growth.ts); 0 leaves V8's own factor (up to 300%).
   */
  HEAP_GROWING_PERCENT: count(0, 300, 30),
  /** Plans this process settles or has queued at once; an execution beyond is 503 with Retry-After. */
  MAX_PLANS_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(128),
  /**
   * The longest an admitted execution's plan should expect to queue before it runs, at the rate this
   * process has been ending plan runs; an execution beyond is 503 with Retry-After
   * (lib/server/http/admission.ts). 0 leaves MAX_PLANS_IN_FLIGHT alone to bound.
   */
  MAX_PLAN_WAIT_MS: count(0, 600_000, 500),
  /** How the built-in adapter completes operations: "sync", "async", or e.g. "async,hold=sync". */
  ESCROW_COMPLETION: z.string().default("sync"),
  /** How long asynchronous operations wait before the worker takes them (a bank's processing lag). */
  ESCROW_ASYNC_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(0),
  /** "off" keeps this process from running the escrow worker (when another process runs it). */
  ESCROW_WORKER: z.enum(["on", "off"]).default("on"),
  /** How often the escrow worker looks for due operations, expired holds and reports to deliver. */
  ESCROW_WORKER_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(250),
  /** Currencies the built-in escrow keeps accounts in, with their minor units. */
  ESCROW_CURRENCIES: z.string().default("USD:2,EUR:2,GBP:2,CHF:2,JPY:0"),
  /** The router the built-in escrow reports incoming funds to and fetches plans from; default this node's. */
  ESCROW_ROUTER_URL: urlSetting.optional(),
  /**
   * An incoming credit that differs from its deposit instruction's amount by more than this (in the
   * credit's currency) waits for a second escrow operator's approval; smaller differences are
   * credited and flagged. "0": every differing credit needs approval.
   */
  ESCROW_INCOMING_APPROVAL_ABOVE: z.string().regex(AMOUNT_PATTERN, "a decimal amount such as 100 or 0").default("100"),
  /** A plan approval that cannot fetch the plan for this long is rejected. */
  ESCROW_APPROVAL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  ESCROW_BANK_NAME: z.string().min(1).max(200).default("Demo Settlement Bank"),
  ESCROW_BANK_ADDRESS: z.string().min(1).max(200).default("1 Ledger Street, New York, NY 10004, USA"),
  ESCROW_BANK_ACCOUNT_NUMBER: z.string().min(1).max(64).default("000123456789"),
  ESCROW_BANK_ACCOUNT_TYPE: z.string().min(1).max(64).default("Escrow checking"),
  ESCROW_BANK_ROUTING_NUMBER: z.string().min(1).max(64).default("021000021"),
  ESCROW_BANK_BIC: z.string().min(1).max(64).default("DEMOUS33XXX"),
  /** "off" keeps this process from running the router worker (adapter follow-ups, proof checks). */
  ROUTER_WORKER: z.enum(["on", "off"]).default("on"),
  /** How often the router worker looks for due operations. */
  ROUTER_WORKER_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(250),
  /** Timeout of each call the router makes to a payment organization's adapter. */
  ROUTER_ADAPTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** A deposit or withdrawal whose adapter has not finished it after this long fails (Code 20 / 30). */
  ROUTER_OPERATION_DEADLINE_SECONDS: z.coerce.number().int().min(1).max(30 * 86_400).default(86_400),
  /** A plan whose payment organization has not approved it after this long is Rejected. */
  ROUTER_APPROVAL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** A manual-signing request not answered after this long makes the plan Rejected. */
  ROUTER_SIGNING_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(7 * 86_400).default(600),
  /**
   * Hosts and IP ranges a signature policy's endpoint may point at although they are loopback,
   * private or link-local ("10.0.0.0/8, 127.0.0.1, signer.internal"); none by default. This node's
   * own signing callback ($PUBLIC_URL/api/signing/callback/{profileId}) is always allowed.
   */
  SIGNING_ENDPOINT_ALLOWLIST: z.string().max(4_000).default(""),
  /** A signing endpoint that has not accepted the connection after this long is given up on (for now: the router asks again until the request expires). */
  SIGNING_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /** Signs sessions and seals stored secrets; generated into DATA_DIR on first start when unset. */
  AUTH_SECRET: z.string().min(32, "at least 32 characters").optional(),
  /** When set, accepted as an admin bearer token (decisions.md §8). */
  ADMIN_TOKEN: z.string().min(24, "at least 24 characters").optional(),
  /** When set, a bearer token that may read GET /api/metrics (a Prometheus scraper), besides admins. */
  METRICS_TOKEN: z.string().min(24, "at least 24 characters").optional(),
  /** With a folder, SIGUSR2 starts a CPU profile and the next one writes it there (npm run bench's BENCH_CPU_PROFILE_DIR). */
  CPU_PROFILE_DIR: z.string().min(1).optional(),
  /** With a folder, SIGUSR2 starts timing SQLite's statements by text and the next one writes the times there (npm run bench's BENCH_STATEMENT_TIMES_DIR). */
  STATEMENT_TIMES_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Largest JSON request body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  /** Largest document file accepted by a certificate upload, in bytes. */
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(10 * 1024 * 1024),
  /** Demo people on a database without people: "auto" only while the server serves this machine alone. */
  SEED_DEMO_DATA: z.enum(["auto", "true", "false"]).default("auto"),
  /**
   * The demo market (issuers, assets with documents, offers and weeks of settled trades, money waiting
   * for the demo investors) made with the demo people on an empty database; "false" leaves the market empty.
   */
  SEED_DEMO_MARKET: z.enum(["true", "false"]).default("true"),
  /** The demo people's password instead of random ones: for test harnesses, on loopback only. */
  DEMO_PASSWORD: z.string().min(12, "at least 12 characters").max(128).optional(),
  /** Failed sign-ins or bearer tokens a client may have before it is slowed down. */
  AUTH_CLIENT_FREE_FAILURES: count(1, 1_000_000, 10),
  /** Failed sign-ins an account may have before every attempt at it needs a proof of work. */
  AUTH_ACCOUNT_FREE_FAILURES: count(1, 1_000, 5),
  /** Failures are forgotten this long after the last one of the same client or account. */
  AUTH_FAILURE_MEMORY_SECONDS: count(60, 86_400, 900),
  /** GraphQL sockets one user may hold open at once. */
  GRAPHQL_SOCKETS_PER_USER: count(1, 1_000, 16),
  /** GraphQL sockets one client (address) may hold open at once, signed in or not. */
  GRAPHQL_SOCKETS_PER_CLIENT: count(1, 10_000, 64),
  /** GraphQL operations one user may hold at once over all its sockets. */
  GRAPHQL_SUBSCRIPTIONS_PER_USER: count(1, 100_000, 100),
  /** A request whose headers have not all arrived after this long is answered 408 and closed. */
  HTTP_HEADERS_TIMEOUT_MS: count(1_000, 600_000, 10_000),
  /** A request (headers and body) not fully received after this long is answered 408 and closed. */
  HTTP_REQUEST_TIMEOUT_MS: count(1_000, 3_600_000, 120_000),
  /** An idle kept-alive connection is closed after this long. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: count(1_000, 600_000, 5_000),
  /**
   * Listening sockets on PORT in this process (SO_REUSEPORT): libuv accepts one connection per
   * socket and turn of the event loop, so a loaded process with one socket takes new connections
   * slowly (lib/server/runtime/listen-with-acceptors.ts). 1: one plain socket.
   */
  HTTP_ACCEPTORS: count(1, 64, 8),
});

export type Env = Readonly<
  Omit<
    z.infer<typeof schema>,
    | "DATABASE_URL"
    | "AUTH_SECRET"
    | "PUBLIC_URL"
    | "ESCROW_ADAPTER_URL"
    | "SEED_DEMO_DATA"
    | "ESCROW_COMPLETION"
    | "ESCROW_CURRENCIES"
    | "ESCROW_ROUTER_URL"
    | "SIGNING_ENDPOINT_ALLOWLIST"
  > & {
    DATA_DIR: string;
    DATABASE_URL: string;
    DATABASE_PROVIDER: "sqlite" | "postgresql";
    /** Absolute path of the SQLite file, when the provider is SQLite. */
    SQLITE_FILE: string | null;
    AUTH_SECRET: string;
    PUBLIC_URL: string;
    ESCROW_ADAPTER_URL: string;
    /** Whether a database without people gets the demo people at start. */
    SEED_DEMO_DATA: boolean;
    /** Why the server is reached beyond this machine (empty: it serves this machine alone). */
    EXPOSED_BY: readonly string[];
    ESCROW_COMPLETION: CompletionModes;
    ESCROW_CURRENCIES: CurrencyTable;
    ESCROW_ROUTER_URL: string;
    SIGNING_ENDPOINT_ALLOWLIST: DestinationAllowList;
    VERSION: string;
  }
>;

function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  try {
    // "wx": if two processes start at once, the first one's secret wins and the other reads it.
    writeFileSync(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
}

/** Why a server with these settings is reached beyond this machine; empty when it serves this machine alone. */
function exposure(host: string, publicUrl: string, trustProxy: number): string[] {
  const reasons: string[] = [];
  if (!isLoopbackHost(host)) reasons.push(`HOST=${host} listens beyond this machine`);
  const publicHost = new URL(publicUrl).hostname;
  if (!isLoopbackHost(publicHost)) reasons.push(`PUBLIC_URL=${publicUrl} is reached at ${publicHost}, not a loopback address`);
  if (trustProxy > 0) reasons.push(`TRUST_PROXY=${trustProxy} says a proxy serves it`);
  return reasons;
}

function demoSeeding(setting: "auto" | "true" | "false", exposedBy: readonly string[]): boolean {
  if (setting === "false") return false;
  if (exposedBy.length === 0) return true;
  if (setting === "auto") return false;
  throw new Error(
    `"true" makes demo people, which a server may have only while it serves this machine alone (loopback), and ${exposedBy.join("; ")}. Leave it unset ("auto") or set "false".`,
  );
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings count as unset, so `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment settings:\n${lines.join("\n")}`);
  }
  const s = parsed.data;
  const derived = <T>(name: string, parse: () => T): T => {
    try {
      return parse();
    } catch (error) {
      throw new Error(`Invalid environment settings:\n  ${name}: ${(error as Error).message}`);
    }
  };
  const completion = derived("ESCROW_COMPLETION", () => parseCompletionModes(s.ESCROW_COMPLETION));
  const currencies = derived("ESCROW_CURRENCIES", () => parseCurrencies(s.ESCROW_CURRENCIES));
  const signingAllowList = derived("SIGNING_ENDPOINT_ALLOWLIST", () => parseDestinationAllowList(s.SIGNING_ENDPOINT_ALLOWLIST));
  const dataDir = path.resolve(s.DATA_DIR);
  const databaseUrl = s.DATABASE_URL ?? `file:${path.join(dataDir, "app.db")}`;
  const provider = isSqliteUrl(databaseUrl) ? "sqlite" : "postgresql";
  const fileOfUrl = sqliteFileOf(databaseUrl);
  const sqliteFile = fileOfUrl === null ? null : path.resolve(fileOfUrl);
  const publicUrl = (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, "");
  const exposedBy = exposure(s.HOST, publicUrl, s.TRUST_PROXY);
  const seedDemoData = derived("SEED_DEMO_DATA", () => demoSeeding(s.SEED_DEMO_DATA, exposedBy));
  if (s.DEMO_PASSWORD !== undefined && exposedBy.length > 0) {
    derived("DEMO_PASSWORD", () => {
      throw new Error(`a fixed demo password is honoured only while the server serves this machine alone (loopback), and ${exposedBy.join("; ")}. Unset DEMO_PASSWORD.`);
    });
  }
  if (provider === "sqlite" && s.WEB_CONCURRENCY > 1) {
    derived("WEB_CONCURRENCY", () => {
      throw new Error(
        `${s.WEB_CONCURRENCY} processes need PostgreSQL. SQLite (${databaseUrl}) takes one writer at a time, so more processes would only wait on each other; and each would see only its own trades' events. Leave WEB_CONCURRENCY at 1, or set DATABASE_URL to a postgresql:// URL (README, "Running at scale").`,
      );
    });
  }
  if (s.HTTP_HEADERS_TIMEOUT_MS > s.HTTP_REQUEST_TIMEOUT_MS) {
    derived("HTTP_HEADERS_TIMEOUT_MS", () => {
      throw new Error(`at most HTTP_REQUEST_TIMEOUT_MS (${s.HTTP_REQUEST_TIMEOUT_MS})`);
    });
  }
  return Object.freeze({
    ...s,
    DATA_DIR: dataDir,
    DATABASE_URL: sqliteFile ? `file:${sqliteFile}` : databaseUrl,
    DATABASE_PROVIDER: provider,
    SQLITE_FILE: sqliteFile,
    AUTH_SECRET: s.AUTH_SECRET ?? loadOrCreateAuthSecret(dataDir),
    PUBLIC_URL: publicUrl,
    ESCROW_ADAPTER_URL: (s.ESCROW_ADAPTER_URL ?? `${publicUrl}/api/adapter`).replace(/\/+$/, ""),
    SEED_DEMO_DATA: seedDemoData,
    EXPOSED_BY: Object.freeze(exposedBy),
    ESCROW_COMPLETION: completion,
    ESCROW_CURRENCIES: currencies,
    ESCROW_ROUTER_URL: (s.ESCROW_ROUTER_URL ?? `${publicUrl}/api/router`).replace(/\/+$/, ""),
    SIGNING_ENDPOINT_ALLOWLIST: signingAllowList,
    VERSION: readVersion(),
  });
}

export const env: Env = loadEnv();
